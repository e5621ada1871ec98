package emulator

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Server is the emulated Ardoq org: an http.Handler serving /api/v2 from an in-memory store.
type Server struct {
	mu       sync.RWMutex
	st       *store
	opts     options
	ids      *idSource
	mux      *http.ServeMux
	ctlMu    sync.Mutex // guards the test controls below, never held while serving the API
	fault    []Fault
	delay    time.Duration
	limit    *rate.Limiter
	log      []Request
	logBytes int                // bytes of the bodies in log
	serving  map[uint64]Request // requests being served (InFlight), by arrival number
	servingN uint64
	lists    listCache // sorted matches of recent list queries
	mark     uint64    // the journal's number at the last Mark: the change view shows what came after
}

type options struct {
	token, org    string
	requireOrg    bool
	pageSize      int
	maxBatchOps   int
	clock         func() time.Time
	deterministic bool
	seed          *Seed
	logRequests   int // most requests the log keeps (0: none)
	logBodyBytes  int // most bytes of request bodies the log keeps
	errorBody     string
}

// Option configures a Server.
type Option func(*options)

// WithToken sets the API token the server accepts (default "emulator-token").
func WithToken(token string) Option { return func(o *options) { o.token = token } }

// WithOrg sets the organisation label expected in X-org (default: the seed's org label).
func WithOrg(label string) Option { return func(o *options) { o.org = label } }

// WithOrgOptional accepts requests without X-org, as Ardoq does on a custom domain.
func WithOrgOptional() Option { return func(o *options) { o.requireOrg = false } }

// WithPageSize sets how many entities a list page holds (default 100).
func WithPageSize(n int) Option { return func(o *options) { o.pageSize = n } }

// WithMaxBatchOperations caps the number of operations in one batch request; a larger batch is refused
// with 413. Ardoq documents no limit, so by default (0) there is none (FACTS.md §batch).
func WithMaxBatchOperations(n int) Option { return func(o *options) { o.maxBatchOps = n } }

// WithRequestLog bounds the request log (Requests): it keeps the last requests requests and, of those,
// only as many of the most recent as have bodies totalling at most bodyBytes (the newest request is always
// kept). requests 0 keeps no log at all, for a long-running server nobody inspects. The default, 10,000
// requests and 64 MiB of bodies, is more than any test reads and bounds what a long run holds.
func WithRequestLog(requests, bodyBytes int) Option {
	return func(o *options) { o.logRequests, o.logBodyBytes = requests, bodyBytes }
}

// WithClock injects the clock used for _meta timestamps.
func WithClock(now func() time.Time) Option { return func(o *options) { o.clock = now } }

// WithDeterministicIDs makes new OIDs a counter (000000000000000000000001, ...) instead of ObjectId-like.
func WithDeterministicIDs() Option { return func(o *options) { o.deterministic = true } }

// WithSeed replaces the embedded default seed.
func WithSeed(seed *Seed) Option { return func(o *options) { o.seed = seed } }

// New returns an emulator loaded with the seed (the embedded default unless WithSeed is given).
func New(opts ...Option) (*Server, error) {
	o := options{token: "emulator-token", requireOrg: true, pageSize: 100, clock: time.Now, logRequests: 10_000, logBodyBytes: 64 << 20}
	for _, opt := range opts {
		opt(&o)
	}
	if o.errorBody != "" && !slices.Contains(errorBodyShapes, o.errorBody) {
		return nil, fmt.Errorf("error body %q: want one of %q", o.errorBody, errorBodyShapes)
	}
	if o.pageSize < 1 {
		return nil, fmt.Errorf("page size must be at least 1, got %d", o.pageSize)
	}
	seed := o.seed
	if seed == nil {
		var err error
		if seed, err = DefaultSeed(); err != nil {
			return nil, err
		}
	}
	s := &Server{opts: o}
	s.ids = newIDSource(o.deterministic, o.clock)
	st, err := s.load(seed)
	if err != nil {
		return nil, err
	}
	st.journal = newJournal(defaultJournalLimit)
	s.st = st
	if s.opts.org == "" {
		s.opts.org = st.org.Label
	}
	s.routes()
	return s, nil
}

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /api/v2/me", s.getMe)
	m.HandleFunc("GET /api/v2/components", s.listComponents)
	m.HandleFunc("POST /api/v2/components", s.createComponent)
	m.HandleFunc("GET /api/v2/components/{id}", s.getComponent)
	m.HandleFunc("PATCH /api/v2/components/{id}", s.updateComponent)
	m.HandleFunc("DELETE /api/v2/components/{id}", s.deleteComponent)
	m.HandleFunc("GET /api/v2/references", s.listReferences)
	m.HandleFunc("POST /api/v2/references", s.createReference)
	m.HandleFunc("GET /api/v2/references/{id}", s.getReference)
	m.HandleFunc("PATCH /api/v2/references/{id}", s.updateReference)
	m.HandleFunc("DELETE /api/v2/references/{id}", s.deleteReference)
	m.HandleFunc("GET /api/v2/workspaces", s.listWorkspaces)
	m.HandleFunc("GET /api/v2/workspaces/{id}", s.getWorkspace)
	m.HandleFunc("GET /api/v2/workspaces/{id}/context", s.getWorkspaceContext)
	m.HandleFunc("GET /api/v2/attachments", s.listAttachments)
	m.HandleFunc("GET /api/v2/attachments/{id}", s.getAttachment)
	m.HandleFunc("GET /api/v2/reports", s.listReports)
	m.HandleFunc("GET /api/v2/reports/{id}", s.getReport)
	m.HandleFunc("GET /api/v2/reports/{id}/run/objects", s.runReportObjects)
	m.HandleFunc("GET /api/v2/reports/{id}/run/tabular", s.runReportTabular)
	m.HandleFunc("POST /api/v2/batch", s.batch)
	m.HandleFunc("POST /api/v2/batch/expand", s.expandBatch)
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, newError(http.StatusNotFound, "not-found", "no such endpoint: %s %s (the API lives under /api/v2)", r.Method, r.URL.Path))
	})
	s.mux = m
}

// ServeHTTP records the request, applies latency, rate limits and injected faults, checks the
// credentials and serves the API. A request received whole is served even if its client has gone.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.servePage(w, r) {
		return // the page (page.go): a local development tool, outside the API and its controls
	}
	body, err := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
	defer func() { s.record(r, body, rec.status) }()
	if err != nil {
		rec.status = 0 // the request never arrived whole: there is nothing to act on
		return
	}
	defer s.arrived(r)()
	// From here the request is served to its end whether or not the client is still there, as Ardoq
	// finishes a request it received: a client that gives up does not undo what it asked for.
	if d := s.latency(); d > 0 {
		time.Sleep(d)
	}
	if lim := s.limiter(); lim != nil && !lim.Allow() {
		rec.Header().Set("Retry-After", "1")
		writeError(rec, newError(http.StatusTooManyRequests, "rate-limited", "too many requests; retry after 1 second"))
		return
	}
	if f, ok := s.takeFault(r); ok {
		f.serve(s, rec, r)
		return
	}
	if s.opts.errorBody != "" {
		s.reshapeErrors(rec, r, s.serveAPI)
		return
	}
	s.serveAPI(rec, r)
}

// serveAPI checks the credentials and serves the API.
func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request) {
	if err := s.authenticate(r); err != nil {
		writeError(w, err)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// authenticate checks, in order, User-Agent (403, as Ardoq documents), the bearer token (401) and the
// org label (401 when missing and required, 403 when it names another org: the token is valid but not
// for that org).
func (s *Server) authenticate(r *http.Request) *apiError {
	if strings.TrimSpace(r.UserAgent()) == "" {
		return newError(http.StatusForbidden, "forbidden", "a User-Agent header is required")
	}
	auth := r.Header.Get("Authorization")
	token, ok := strings.CutPrefix(auth, "Bearer ")
	if auth == "" {
		return newError(http.StatusUnauthorized, "unauthorized", "missing Authorization header; send Authorization: Bearer <API token>")
	}
	if !ok || token != s.opts.token {
		return newError(http.StatusUnauthorized, "unauthorized", "invalid or expired API token")
	}
	org := r.Header.Get("X-org")
	if org == "" {
		if s.opts.requireOrg {
			return newError(http.StatusUnauthorized, "unauthorized", "missing X-org header; send the organization label (X-org: %s)", s.opts.org)
		}
		return nil
	}
	if org != s.opts.org {
		return newError(http.StatusForbidden, "forbidden", "the API token does not give access to organization %q", org)
	}
	return nil
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach the connection (faults hijack it).
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError answers with the error as JSON, its message readable as it is (a hint such as
// ?ifVersionMatch=<_version> keeps its brackets; JSON escapes them only to be safe in HTML).
func writeError(w http.ResponseWriter, err error) {
	e := asAPIError(err)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.Status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(e)
}

// decodeBody reads a JSON body; numbers become float64 as in any JSON client.
func decodeBody(r *http.Request) (any, error) {
	var v any
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(&v); err != nil {
		return nil, badRequest("request body is not valid JSON: %s", err.Error())
	}
	if dec.More() {
		return nil, badRequest("request body has data after the JSON value")
	}
	return v, nil
}

// idSource makes 24-hex OIDs: ObjectId-like (time, per-process random, counter) or a plain counter.
type idSource struct {
	mu            sync.Mutex
	n             uint64
	deterministic bool
	random        string
	clock         func() time.Time
}

func newIDSource(deterministic bool, clock func() time.Time) *idSource {
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	return &idSource{deterministic: deterministic, random: hex.EncodeToString(b), clock: clock}
}

func (g *idSource) next() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.n++
	if g.deterministic {
		return fmt.Sprintf("%024x", g.n)
	}
	return fmt.Sprintf("%08x%s%06x", uint32(g.clock().Unix()), g.random, g.n&0xffffff)
}

func (s *Server) writer(st *store) *writer {
	return &writer{st: st, now: s.opts.clock().UTC().Format("2006-01-02T15:04:05.000Z"), user: st.user,
		newID: s.ids.next, resolve: func(ref string) string { return ref }}
}
