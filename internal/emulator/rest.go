package emulator

import (
	"net/http"
)

var (
	componentFilters = []string{"name", "rootWorkspace", "parent", "componentKey", "typeId"}
	referenceFilters = []string{"displayText", "rootWorkspace", "source", "targetWorkspace", "target", "type"}
)

func (s *Server) getMe(w http.ResponseWriter, _ *http.Request) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"user": map[string]any{"email": s.st.user.Email},
		"org":  map[string]any{"name": s.st.org.Name, "label": s.opts.org},
	})
}

func (s *Server) listComponents(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	q, err := s.st.parseListQuery(r.URL.Query(), componentFilters)
	if err != nil {
		writeError(w, err)
		return
	}
	writePage(s, w, r, s.listedComponents(q), nil, func(c *Component) string { return c.ID })
}

func (s *Server) getComponent(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	c, ok := s.st.components[r.PathValue("id")]
	if !ok {
		writeError(w, notFound("component %q does not exist", r.PathValue("id")))
		return
	}
	writeJSON(w, http.StatusOK, c)
}

func (s *Server) createComponent(w http.ResponseWriter, r *http.Request) {
	body, err := decodeBody(r)
	if err != nil {
		writeError(w, err)
		return
	}
	doc, err := parseComponentDoc(body, true)
	if err != nil {
		writeError(w, err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c, err := s.writer(s.st).createComponent(doc)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
}

func (s *Server) updateComponent(w http.ResponseWriter, r *http.Request) {
	body, err := decodeBody(r)
	if err != nil {
		writeError(w, err)
		return
	}
	vm, err := updateVersion(r, body)
	if err != nil {
		writeError(w, err)
		return
	}
	doc, err := parseComponentDoc(body, false)
	if err != nil {
		writeError(w, err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c, err := s.writer(s.st).updateComponent(r.PathValue("id"), vm, doc)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

func (s *Server) deleteComponent(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.st.deleteComponent(r.PathValue("id")) == nil {
		writeError(w, notFound("component %q does not exist", r.PathValue("id")))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) listReferences(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	q, err := s.st.parseListQuery(r.URL.Query(), referenceFilters)
	if err != nil {
		writeError(w, err)
		return
	}
	writePage(s, w, r, s.listedReferences(q), nil, func(r *Reference) string { return r.ID })
}

func (s *Server) getReference(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	ref, ok := s.st.references[r.PathValue("id")]
	if !ok {
		writeError(w, notFound("reference %q does not exist", r.PathValue("id")))
		return
	}
	writeJSON(w, http.StatusOK, ref)
}

func (s *Server) createReference(w http.ResponseWriter, r *http.Request) {
	body, err := decodeBody(r)
	if err != nil {
		writeError(w, err)
		return
	}
	doc, err := parseReferenceDoc(body, true)
	if err != nil {
		writeError(w, err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ref, err := s.writer(s.st).createReference(doc)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, ref)
}

func (s *Server) updateReference(w http.ResponseWriter, r *http.Request) {
	body, err := decodeBody(r)
	if err != nil {
		writeError(w, err)
		return
	}
	vm, err := updateVersion(r, body)
	if err != nil {
		writeError(w, err)
		return
	}
	doc, err := parseReferenceDoc(body, false)
	if err != nil {
		writeError(w, err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ref, err := s.writer(s.st).updateReference(r.PathValue("id"), vm, doc)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, ref)
}

func (s *Server) deleteReference(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.st.deleteReference(r.PathValue("id")) {
		writeError(w, notFound("reference %q does not exist", r.PathValue("id")))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// updateVersion reads a PATCH's ifVersionMatch, which is a query parameter (in a batch it is a member of
// the operation instead, hence the hints).
func updateVersion(r *http.Request, body any) (versionMatch, error) {
	if m, ok := body.(map[string]any); ok {
		if _, inBody := m["ifVersionMatch"]; inBody {
			return versionMatch{}, badRequest("ifVersionMatch is a query parameter, not a field of the body: remove it from the body and add ?ifVersionMatch=<_version> (or latest) to the URL")
		}
	}
	q := r.URL.Query()
	if q.Get("ifVersionMatch") == "" {
		return versionMatch{}, badRequest("ifVersionMatch is a required query parameter: add ?ifVersionMatch=<_version> (or latest) to the URL")
	}
	return parseVersion(q.Get("ifVersionMatch"))
}
