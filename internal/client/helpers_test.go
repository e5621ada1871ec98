package client_test

import (
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

const (
	wsApps  = "5eed0000000000000000b001"
	wsInfra = "5eed0000000000000000b002"
	tApp    = "p1700000000001"
	tServer = "p1700000000003"
)

func newClient(t *testing.T, opts ...emulator.Option) (*client.Client, *openapitest.TestServer) {
	t.Helper()
	srv := openapitest.Start(t, opts...)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "client-test/1",
		RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond, RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c, srv
}

func ptr[T any](v T) *T { return &v }

func mustClient(t *testing.T, srv *openapitest.TestServer, retries int) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{Token: srv.Token(), Org: srv.OrgLabel(), BaseURL: srv.URL, MaxRetries: retries,
		RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond, RequestsPerSecond: -1,
		Second: 10 * time.Millisecond}) // "Retry-After: 1" waits that long
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func seedOne(t *testing.T, srv *openapitest.TestServer) {
	t.Helper()
	if _, err := srv.SeedComponent(emulator.ComponentSeed{Name: "seeded", RootWorkspace: wsApps, TypeID: tApp}); err != nil {
		t.Fatal(err)
	}
}
