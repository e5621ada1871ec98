package openapitest

import (
	"net/http/httptest"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// TestServer is an emulator listening on a loopback port for one test.
type TestServer struct {
	*emulator.Server
	URL string // base URL without /api/v2, e.g. http://127.0.0.1:34567
}

// Start serves a new emulator (deterministic ids) for the duration of the test, every exchange checked
// against the OpenAPI document: every request must match it (for client and provider tests, which never
// mean to send a bad request).
func Start(t testing.TB, opts ...emulator.Option) *TestServer {
	t.Helper()
	return start(t, true, opts...)
}

// StartServerCheck is Start for tests that send invalid requests on purpose (the emulator's own): a
// request that departs from the document only fails the test if the emulator accepted it.
func StartServerCheck(t testing.TB, opts ...emulator.Option) *TestServer {
	t.Helper()
	return start(t, false, opts...)
}

func start(t testing.TB, strict bool, opts ...emulator.Option) *TestServer {
	t.Helper()
	srv, err := emulator.New(append([]emulator.Option{emulator.WithDeterministicIDs()}, opts...)...)
	if err != nil {
		t.Fatalf("emulator: %v", err)
	}
	hs := httptest.NewServer(Check(t, srv, strict))
	t.Cleanup(hs.Close)
	return &TestServer{Server: srv, URL: hs.URL}
}
