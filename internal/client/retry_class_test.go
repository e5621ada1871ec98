package client

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

// A request that states no retry class is not sent again once it may have reached Ardoq, whatever its
// method; only an answer that says Ardoq did not act (429) brings a retry.
func TestRetryClass_zeroValueIsNotRetriedOnceSent(t *testing.T) {
	requests := []request{
		{method: http.MethodGet, path: "/me"},
		{method: http.MethodDelete, path: "/components/x"},
		{method: http.MethodPatch, path: "/components/x", body: map[string]any{"name": "x"}},
		{method: http.MethodPost, path: "/components", body: map[string]any{"name": "n"}},
	}
	answers := []struct {
		name     string
		answer   func(w http.ResponseWriter)
		attempts int32
	}{
		{"502", status(http.StatusBadGateway), 1},
		{"504", status(http.StatusGatewayTimeout), 1},
		{"bare 503", status(http.StatusServiceUnavailable), 1},
		{"connection reset", reset, 1},
		{"429", func(w http.ResponseWriter) {
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusTooManyRequests)
		}, 2},
	}
	for _, r := range requests {
		for _, a := range answers {
			t.Run(r.method+" "+a.name, func(t *testing.T) {
				var attempts atomic.Int32
				srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
					if attempts.Add(1) == 1 {
						a.answer(w)
						return
					}
					w.WriteHeader(http.StatusNoContent)
				}))
				defer srv.Close()
				c, err := New(Config{BaseURL: srv.URL, Token: "t", MaxRetries: 2, RetryWaitMin: time.Millisecond,
					RetryWaitMax: 5 * time.Millisecond, RequestsPerSecond: -1})
				if err != nil {
					t.Fatal(err)
				}
				_ = c.do(context.Background(), r)
				if got := attempts.Load(); got != a.attempts {
					t.Fatalf("%d attempts, want %d", got, a.attempts)
				}
			})
		}
	}
}

func status(code int) func(http.ResponseWriter) {
	return func(w http.ResponseWriter) { w.WriteHeader(code) }
}

// reset closes the connection with a TCP reset after reading the request, so the client has sent it.
func reset(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(err)
	}
	if tcp, ok := conn.(*net.TCPConn); ok {
		_ = tcp.SetLinger(0)
	}
	_ = conn.Close()
}
