package emulator

import (
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
	srv, err := New(append([]Option{WithDeterministicIDs()}, opts...)...)
	if err != nil {
		t.Fatalf("emulator: %v", err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	return &TestServer{Server: srv, URL: hs.URL}
}
