package emulator

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Fault makes matching requests fail. By default the fault answers instead of the API, so nothing is
// executed. With AfterActing the request is served for real first (the org changes) and only its answer
// is lost, which is what a client sees when Ardoq acted but the answer never reached it.
//
// What the client gets is, in this order: Reset, Truncate, Status (with Message or RawBody), and
// otherwise the API's own answer, so a Fault with only Hold (and maybe AfterActing) delays one answer.
// Answers written from Status carry FaultHeader (before-acting or after-acting). A Reset or Truncate
// takes over the connection (http.Hijacker); where it cannot, it aborts the handler (http.ErrAbortHandler).
type Fault struct {
	Method     string // empty matches any method
	PathPrefix string // matched against the path after /api/v2, e.g. "/components/"
	Exact      bool   // match the path exactly rather than by prefix ("/batch" without "/batch/expand")
	Status     int
	Message    string // JSON error message; defaults to the status text
	RawBody    string // sent verbatim instead of a JSON error (for example an HTML page)
	RetryAfter string // Retry-After header value, if any
	Times      int    // how many requests fail; 0 means 1

	AfterActing bool          // serve the request for real, then replace its answer with the fault
	Reset       bool          // close the connection with a TCP reset instead of answering
	Truncate    bool          // send the real status and headers (full Content-Length) but half the body, then close; implies AfterActing
	Hold        time.Duration // before answering or resetting, wait this long or until the client gives up; a request without Status or Reset is then served all the same
}

// FaultHeader is the header that marks an answer a Fault wrote (rather than the API), so contract checks
// can leave it alone.
const FaultHeader = "X-Emulator-Fault"

func (f Fault) matches(r *http.Request) bool {
	path := strings.TrimPrefix(r.URL.Path, "/api/v2")
	matched := strings.HasPrefix(path, f.PathPrefix)
	if f.Exact {
		matched = path == f.PathPrefix
	}
	return (f.Method == "" || strings.EqualFold(f.Method, r.Method)) && matched
}

// serve answers a request that matched f. Its statuses go to the request log through w: the status
// written, 0 for a Reset, and the real status for a Truncate.
func (f Fault) serve(s *Server, w *statusRecorder, r *http.Request) {
	var served *bufferedAnswer
	if f.AfterActing || f.Truncate {
		served = &bufferedAnswer{header: http.Header{}, code: http.StatusOK}
		s.serveAPI(served, r)
	}
	if f.Hold > 0 {
		hold(r.Context(), f.Hold)
	}
	switch {
	case f.Reset:
		w.status = 0
		resetConnection(w)
	case f.Truncate:
		w.status = served.code
		truncate(w, served)
	case f.Status != 0:
		f.write(w)
	case served != nil:
		for k, v := range served.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(served.code)
		_, _ = w.Write(served.body.Bytes())
	default:
		s.serveAPI(w, r) // even when the client gave up during the hold: a server finishes what it received
	}
}

func (f Fault) write(w http.ResponseWriter) {
	if f.AfterActing {
		w.Header().Set(FaultHeader, "after-acting")
	} else {
		w.Header().Set(FaultHeader, "before-acting")
	}
	if f.RetryAfter != "" {
		w.Header().Set("Retry-After", f.RetryAfter)
	}
	if f.RawBody != "" {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(f.Status)
		_, _ = w.Write([]byte(f.RawBody))
		return
	}
	msg := f.Message
	if msg == "" {
		msg = "injected fault: " + http.StatusText(f.Status)
	}
	writeError(w, newError(f.Status, "injected", "%s", msg))
}

// bufferedAnswer holds the API's real answer to a request whose answer a fault replaces or cuts short, or
// whose error body WithErrorBody reshapes.
type bufferedAnswer struct {
	header http.Header
	code   int
	body   bytes.Buffer
	wrote  bool
}

func (b *bufferedAnswer) Header() http.Header { return b.header }

func (b *bufferedAnswer) WriteHeader(code int) {
	if !b.wrote {
		b.code, b.wrote = code, true
	}
}

func (b *bufferedAnswer) Write(p []byte) (int, error) {
	b.WriteHeader(http.StatusOK)
	return b.body.Write(p)
}

func hold(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// resetConnection drops the connection without an answer. With SO_LINGER 0 the close is a TCP reset, so
// the client reads "connection reset by peer" rather than a clean end of stream.
func resetConnection(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(http.ErrAbortHandler) // closes the connection (or HTTP/2 stream) without an answer
	}
	if tcp, ok := conn.(*net.TCPConn); ok {
		_ = tcp.SetLinger(0)
	}
	_ = conn.Close()
}

// truncate sends the real status line and headers, promising the whole body, then half of the body, and
// closes the connection: the client fails reading or decoding an answer that began as a success.
func truncate(w http.ResponseWriter, served *bufferedAnswer) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	defer conn.Close()
	body := served.body.Bytes()
	h := served.Header().Clone()
	h.Set("Content-Length", strconv.Itoa(len(body)))
	var b bytes.Buffer
	fmt.Fprintf(&b, "HTTP/1.1 %d %s\r\n", served.code, http.StatusText(served.code))
	_ = h.Write(&b)
	b.WriteString("\r\n")
	b.Write(body[:len(body)/2])
	_, _ = conn.Write(b.Bytes())
}

// FailNext makes the next request with this method and path prefix (after /api/v2) fail with status.
func (s *Server) FailNext(method, pathPrefix string, status int) {
	s.Inject(Fault{Method: method, PathPrefix: pathPrefix, Status: status})
}

// Inject queues a fault; faults are matched in the order they were injected.
func (s *Server) Inject(f Fault) {
	if f.Times < 1 {
		f.Times = 1
	}
	s.ctlMu.Lock()
	defer s.ctlMu.Unlock()
	s.fault = append(s.fault, f)
}

// ClearFaults drops every fault injected and not used up yet.
func (s *Server) ClearFaults() {
	s.ctlMu.Lock()
	defer s.ctlMu.Unlock()
	s.fault = nil
}

func (s *Server) takeFault(r *http.Request) (Fault, bool) {
	s.ctlMu.Lock()
	defer s.ctlMu.Unlock()
	for i, f := range s.fault {
		if f.matches(r) {
			s.fault[i].Times--
			if s.fault[i].Times == 0 {
				s.fault = append(s.fault[:i], s.fault[i+1:]...)
			}
			return f, true
		}
	}
	return Fault{}, false
}
