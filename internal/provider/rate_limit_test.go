package provider

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// TestAccRateLimitedRun applies, plans and destroys forty components against a server that allows
// twenty requests a second, with no client-side cap: the run finishes without an error, and the
// provider follows Ardoq's 429s (pausing and slowing down) rather than meeting one per request. The
// requests are counted after the apply, and again after the destroy: by then they include the refreshes
// of the plans that follow the apply (which must be empty).
func TestAccRateLimitedRun(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "rate limit (-rate-limit)")
	env.Srv.SetRateLimit(20, 5)
	cfg := env.Config(`resource "ardoq_component" "many" {
  count          = 40
  name           = "Paced ${count.index}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`)
	limited := func(*terraform.State) error {
		total, tooMany := 0, 0
		for _, r := range env.Srv.Requests() {
			total++
			if r.Status == http.StatusTooManyRequests {
				tooMany++
			}
		}
		t.Logf("%d requests, %d answered 429", total, tooMany)
		// the first wave of Terraform's 10 parallel operations (a delete's guard reads the component and looks
		// three things up at once: 40 requests), then a probe now and then as the pace rises again; a
		// provider that did not slow down would meet a 429 on most requests
		if tooMany > 40+total/5 {
			return fmt.Errorf("%d of %d requests were answered 429: the provider must slow down when told", tooMany, total)
		}
		return nil
	}
	unchanged := env.OrgUnchanged(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             resource.ComposeAggregateTestCheckFunc(unchanged, limited),
		Steps:                    []resource.TestStep{{Config: cfg, Check: limited}},
	})
}
