package emulator

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"golang.org/x/time/rate"
)

// SetLatency delays every request by d (0 turns it off).
func (s *Server) SetLatency(d time.Duration) {
	s.ctlMu.Lock()
	defer s.ctlMu.Unlock()
	s.delay = d
}

func (s *Server) latency() time.Duration {
	s.ctlMu.Lock()
	defer s.ctlMu.Unlock()
	return s.delay
}

// SetRateLimit answers 429 with Retry-After: 1 above rps requests per second (burst allowed);
// rps <= 0 turns it off.
func (s *Server) SetRateLimit(rps float64, burst int) {
	s.ctlMu.Lock()
	defer s.ctlMu.Unlock()
	if rps <= 0 {
		s.limit = nil
		return
	}
	s.limit = rate.NewLimiter(rate.Limit(rps), burst)
}

func (s *Server) limiter() *rate.Limiter {
	s.ctlMu.Lock()
	defer s.ctlMu.Unlock()
	return s.limit
}

// Request is one request the server received, with the status it answered.
type Request struct {
	Method string
	Path   string // including /api/v2
	Query  string
	Header http.Header // without Authorization
	Body   []byte
	Status int // the status sent; 0 when a Fault reset the connection, the real one when it truncated the body
}

// record appends a request to the log, then drops the oldest entries until the log is within its bounds
// (WithRequestLog): so many requests, so many bytes of bodies, the newest request always kept.
func (s *Server) record(r *http.Request, body []byte, status int) {
	if s.opts.logRequests <= 0 {
		return
	}
	h := r.Header.Clone()
	h.Del("Authorization")
	s.ctlMu.Lock()
	defer s.ctlMu.Unlock()
	s.log = append(s.log, Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Header: h, Body: body, Status: status})
	s.logBytes += len(body)
	drop := 0
	for kept := len(s.log); kept > 1 && (kept > s.opts.logRequests || s.logBytes > s.opts.logBodyBytes); kept-- {
		s.logBytes -= len(s.log[drop].Body)
		s.log[drop] = Request{} // let its body go now, not when the slice is next reallocated
		drop++
	}
	s.log = s.log[drop:]
}

// InFlight lists the requests being served now (method and path only), in the order they arrived: a
// test can act while a request is on its way, as a user's Ctrl-C does.
func (s *Server) InFlight() []Request {
	s.ctlMu.Lock()
	defer s.ctlMu.Unlock()
	out := make([]Request, 0, len(s.serving))
	for _, n := range slices.Sorted(maps.Keys(s.serving)) {
		out = append(out, s.serving[n])
	}
	return out
}

// arrived adds a request to those being served; the function it returns removes it.
func (s *Server) arrived(r *http.Request) (done func()) {
	s.ctlMu.Lock()
	defer s.ctlMu.Unlock()
	s.servingN++
	n := s.servingN
	if s.serving == nil {
		s.serving = map[uint64]Request{}
	}
	s.serving[n] = Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery}
	return func() {
		s.ctlMu.Lock()
		defer s.ctlMu.Unlock()
		delete(s.serving, n)
	}
}

// Requests returns the request log: the most recent requests, within the bounds WithRequestLog sets.
func (s *Server) Requests() []Request {
	s.ctlMu.Lock()
	defer s.ctlMu.Unlock()
	return append([]Request(nil), s.log...)
}

// ResetRequests clears the request log.
func (s *Server) ResetRequests() {
	s.ctlMu.Lock()
	defer s.ctlMu.Unlock()
	s.log, s.logBytes = nil, 0
}

// CountRequests counts logged requests by "METHOD /path-pattern", ids replaced by {id}.
func (s *Server) CountRequests() map[string]int {
	out := map[string]int{}
	for _, r := range s.Requests() {
		parts := strings.Split(r.Path, "/")
		for i, p := range parts {
			if len(p) == 24 && userIDPattern.MatchString(p) {
				parts[i] = "{id}"
			}
		}
		out[r.Method+" "+strings.Join(parts, "/")]++
	}
	return out
}

// ComponentSeed is the input of SeedComponent; unset fields stay null.
type ComponentSeed struct {
	Name, RootWorkspace, TypeID string
	Parent, Description         *string
	CustomFields                map[string]any
}

// SeedComponent creates a component out of band, validated like an API create.
func (s *Server) SeedComponent(in ComponentSeed) (Component, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, err := s.writer(s.st).createComponent(componentDoc{name: in.Name, rootWorkspace: in.RootWorkspace, typeID: in.TypeID,
		parent: in.Parent, description: in.Description, customFields: normalise(in.CustomFields)})
	if err != nil {
		return Component{}, err
	}
	return *c, nil
}

// ReferenceSeed is the input of SeedReference.
type ReferenceSeed struct {
	Source, Target string
	Type           int64
	DisplayText    *string
	CustomFields   map[string]any
}

// SeedReference creates a reference out of band, validated like an API create.
func (s *Server) SeedReference(in ReferenceSeed) (Reference, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, err := s.writer(s.st).createReference(referenceDoc{source: in.Source, target: in.Target, typ: in.Type,
		displayText: in.DisplayText, customFields: normalise(in.CustomFields)})
	if err != nil {
		return Reference{}, err
	}
	return *r, nil
}

// MutateComponent edits a component out of band (as a user in the Ardoq app would): fn changes a copy,
// which is stored with its version bumped.
func (s *Server) MutateComponent(id string, fn func(c *Component)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	cur, ok := s.st.components[id]
	if !ok {
		return fmt.Errorf("component %s does not exist", id)
	}
	c := *cur
	c.CustomFields = cloneFields(cur.CustomFields)
	fn(&c)
	c.CustomFields = normalise(c.CustomFields)
	c.Version++
	c.Meta = s.writer(s.st).touched(c.Meta)
	s.st.putComponent(&c)
	return nil
}

// Remove deletes a component (with the usual cascade) or a reference out of band.
func (s *Server) Remove(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st.deleteComponent(id) != nil || s.st.deleteReference(id)
}

// Component returns a stored component.
func (s *Server) Component(id string) (Component, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	c, ok := s.st.components[id]
	if !ok {
		return Component{}, false
	}
	return *c, true
}

// Reference returns a stored reference.
func (s *Server) Reference(id string) (Reference, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	r, ok := s.st.references[id]
	if !ok {
		return Reference{}, false
	}
	return *r, true
}

// Counts returns how many components and references the org holds.
func (s *Server) Counts() (components, references int) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.st.components), len(s.st.references)
}

// Workspaces returns the workspaces, ordered by id.
func (s *Server) Workspaces() []Workspace {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make([]Workspace, 0, len(s.st.workspaces))
	for _, id := range slices.Sorted(maps.Keys(s.st.workspaces)) {
		out = append(out, *s.st.workspaces[id])
	}
	return out
}

// Token returns the accepted API token and OrgLabel the expected X-org value.
func (s *Server) Token() string    { return s.opts.token }
func (s *Server) OrgLabel() string { return s.opts.org }

func cloneFields(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// normalise converts Go numbers to float64 (as JSON decoding does) and drops nil values.
func normalise(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		switch x := v.(type) {
		case nil:
			continue
		case int:
			out[k] = float64(x)
		case int64:
			out[k] = float64(x)
		case []string:
			arr := make([]any, len(x))
			for i, e := range x {
				arr[i] = e
			}
			out[k] = arr
		default:
			out[k] = v
		}
	}
	return out
}
