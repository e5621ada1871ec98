package emulator

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestServer is an emulator listening on a loopback port for one test.
type TestServer struct {
	*Server
	URL string // base URL without /api/v2, e.g. http://127.0.0.1:34567
}

// Start serves a new emulator (deterministic ids) for the duration of the test.
func Start(t testing.TB, opts ...Option) *TestServer {
	t.Helper()
	return StartWith(t, nil, opts...)
}

// StartWith is Start with the handler wrapped, for example by a contract check of every exchange.
func StartWith(t testing.TB, wrap func(http.Handler) http.Handler, opts ...Option) *TestServer {
	t.Helper()
	srv, err := New(append([]Option{WithDeterministicIDs()}, opts...)...)
	if err != nil {
		t.Fatalf("emulator: %v", err)
	}
	var h http.Handler = srv
	if wrap != nil {
		h = wrap(srv)
	}
	hs := httptest.NewServer(h)
	t.Cleanup(hs.Close)
	return &TestServer{Server: srv, URL: hs.URL}
}
