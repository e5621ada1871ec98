package client_test

import (
	"context"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

// A read whose answer is cut short is tried again, as a lost connection is; without retries it fails.
// (A write's answer cut short is ambiguous and never retried: TestAmbiguousWrites, "truncated 2xx".)
func TestReadCutShortIsRetried(t *testing.T) {
	for _, tc := range []struct {
		name    string
		retries int
		wantErr bool
	}{{"with retries", 2, false}, {"without", -1, true}} {
		t.Run(tc.name, func(t *testing.T) {
			srv := openapitest.Start(t)
			srv.Inject(emulator.Fault{Method: "GET", PathPrefix: "/components", Truncate: true})
			c := faultClient(t, srv, tc.retries, 10*time.Second)
			var err error
			for _, err = range c.ComponentPages(context.Background(), client.ComponentFilter{RootWorkspace: wsApps}) {
				break
			}
			if (err != nil) != tc.wantErr {
				t.Fatalf("listing after an answer cut short: %v, want an error: %v", err, tc.wantErr)
			}
		})
	}
}
