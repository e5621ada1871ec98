package wsmodel_test

import (
	"context"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// A shared fetch of a workspace's context ends once every caller waiting for it has gone (Terraform
// stopped the run): with Ardoq frozen it does not go on to its timeout and retries.
func TestContexts_sharedFetchEndsWhenItsCallersStop(t *testing.T) {
	org := providertest.NewEmulatedOrg(t)
	c, err := client.New(client.Config{BaseURL: org.Srv.URL, Token: org.Srv.Token(), Org: org.Srv.OrgLabel(), RequestsPerSecond: -1,
		Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	org.Srv.Inject(emulator.Fault{Hold: time.Hour, Times: 1_000_000})
	cc := wsmodel.NewContexts(c)
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 2)
	for range 2 {
		go func() {
			_, err := cc.Get(ctx, org.WS)
			done <- err
		}()
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(org.Srv.InFlight()) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the fetch never reached the emulator")
		}
		time.Sleep(5 * time.Millisecond)
	}
	stop()
	for range 2 {
		if err := <-done; err == nil {
			t.Fatal("a stopped Get has no context to return")
		}
	}
	for deadline := time.Now().Add(time.Second); len(org.Srv.InFlight()) > 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("a second after its callers stopped, the shared fetch is still waiting on Ardoq: %v", org.Srv.InFlight())
		}
	}
}
