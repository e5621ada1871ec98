package emulator

import (
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"sort"
)

// listSimple filters a small read-only collection (workspaces, attachments, reports) by exact fields;
// other query parameters are ignored (see parseListQuery).
func listSimple[T any](s *Server, w http.ResponseWriter, r *http.Request, all map[string]*T, allowed []string, field func(*T, string) (string, bool)) {
	ids := slices.Sorted(maps.Keys(all))
	values := r.URL.Query()
	var out []*T
	var outIDs []string
	for _, id := range ids {
		item, ok := all[id], true
		for _, key := range allowed {
			if want := values.Get(key); values.Has(key) {
				got, present := field(item, key)
				ok = ok && present && got == want
			}
		}
		if ok {
			out, outIDs = append(out, item), append(outIDs, id)
		}
	}
	position := make(map[*T]string, len(out))
	for i, item := range out {
		position[item] = outIDs[i]
	}
	writePage(s, w, r, out, nil, func(item *T) string { return position[item] })
}

func (s *Server) listWorkspaces(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	listSimple(s, w, r, s.st.workspaces, []string{"name", "componentModel"}, func(ws *Workspace, key string) (string, bool) {
		if key == "name" {
			return ws.Name, true
		}
		return ws.ComponentModel, true
	})
}

func (s *Server) getWorkspace(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	ws, ok := s.st.workspaces[r.PathValue("id")]
	if !ok {
		writeError(w, notFound("workspace %q does not exist", r.PathValue("id")))
		return
	}
	writeJSON(w, http.StatusOK, ws)
}

func (s *Server) getWorkspaceContext(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	ws, ok := s.st.workspaces[r.PathValue("id")]
	if !ok {
		writeError(w, notFound("workspace %q does not exist", r.PathValue("id")))
		return
	}
	m := s.st.models[ws.ComponentModel]
	tags := make([]map[string]string, 0, len(s.st.tags[ws.ID]))
	for _, t := range s.st.tags[ws.ID] {
		tags = append(tags, map[string]string{"name": t})
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"rootWorkspace": ws.ID, "componentTypes": m.ComponentTypes, "referenceTypes": m.ReferenceTypes,
		"customFields": m.Fields, "tags": tags,
	})
}

func (s *Server) listAttachments(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	listSimple(s, w, r, s.st.attachments, []string{"filename", "folder"}, func(a *Attachment, key string) (string, bool) {
		if key == "filename" {
			return a.Filename, true
		}
		if a.Folder == nil {
			return "", false
		}
		return *a.Folder, true
	})
}

func (s *Server) getAttachment(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	a, ok := s.st.attachments[r.PathValue("id")]
	if !ok {
		writeError(w, notFound("attachment %q does not exist", r.PathValue("id")))
		return
	}
	writeJSON(w, http.StatusOK, a)
}

func (s *Server) listReports(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	overviews := make(map[string]*ReportOverview, len(s.st.reports))
	for id, rep := range s.st.reports {
		overviews[id] = &rep.ReportOverview
	}
	listSimple(s, w, r, overviews, []string{"name"}, func(o *ReportOverview, _ string) (string, bool) {
		if o.Name == nil {
			return "", false
		}
		return *o.Name, true
	})
}

func (s *Server) getReport(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	rep, ok := s.st.reports[r.PathValue("id")]
	if !ok {
		writeError(w, notFound("report %q does not exist", r.PathValue("id")))
		return
	}
	writeJSON(w, http.StatusOK, rep.ReportOverview)
}

func (s *Server) runReportObjects(w http.ResponseWriter, r *http.Request) {
	keyFormat := r.URL.Query().Get("keyFormat")
	if keyFormat == "" {
		keyFormat = "label"
	}
	if keyFormat != "label" && keyFormat != "key" {
		writeError(w, badRequest("keyFormat must be label or key, got %q", keyFormat))
		return
	}
	s.runReport(w, r, func(cols []Column, cells []any) any {
		row := map[string]any{}
		for i, c := range cols {
			if cells[i] == nil {
				continue
			}
			if keyFormat == "key" {
				row[c.Key] = cells[i]
			} else {
				row[c.Label] = cells[i]
			}
		}
		return row
	})
}

func (s *Server) runReportTabular(w http.ResponseWriter, r *http.Request) {
	s.runReport(w, r, func(_ []Column, cells []any) any { return cells })
}

// runReport computes the rows of a report from the live model: every component of the query's type.
func (s *Server) runReport(w http.ResponseWriter, r *http.Request, row func([]Column, []any) any) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	rep, ok := s.st.reports[r.PathValue("id")]
	if !ok {
		writeError(w, notFound("report %q does not exist", r.PathValue("id")))
		return
	}
	var comps []*Component
	for _, c := range s.st.components {
		if c.Type == rep.Query.ComponentType && (rep.Query.Workspace == "" || c.RootWorkspace == rep.Query.Workspace) {
			comps = append(comps, c)
		}
	}
	sort.Slice(comps, func(i, j int) bool {
		if comps[i].Name != comps[j].Name {
			return comps[i].Name < comps[j].Name
		}
		return comps[i].ID < comps[j].ID
	})
	rows := make([]json.RawMessage, 0, len(comps))
	for _, c := range comps {
		cells := make([]any, len(rep.Columns))
		for i, col := range rep.Columns {
			cells[i] = cell(c, col.Key)
		}
		b, _ := json.Marshal(row(rep.Columns, cells))
		rows = append(rows, b)
	}
	writePage(s, w, r, rows, map[string]any{"name": rep.Name, "columns": rep.Columns}, nil)
}

func cell(c *Component, key string) any {
	switch key {
	case "name":
		return c.Name
	case "componentKey":
		return c.ComponentKey
	case "type":
		return c.Type
	case "rootWorkspace":
		return c.RootWorkspace
	case "description":
		if c.Description == nil {
			return nil
		}
		return *c.Description
	}
	return c.CustomFields[key]
}
