package single_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/listing"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestAccRequestCounts pins what single resources cost, counted in the emulator's request log (so it
// needs the emulator): one request per create, update and delete and nothing else per entity (the
// cascade guard adds three look-ups to each component delete, at one round trip), and a refresh that
// reads every entity after the first few of each kind from its workspace's list pages. Every count
// follows from the configuration: none depends on timing.
func TestAccRequestCounts(t *testing.T) {
	const n = 40
	env := newTestEnv(t, emulator.WithPageSize(100))
	env.RequireEmulator(t, "request log")
	cfg := func(renamed int) string {
		return env.Config(fmt.Sprintf(`resource "ardoq_component" "c" {
  count          = %[1]d
  name           = count.index < %[2]d ? "Renamed ${count.index}" : "Counted ${count.index}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
resource "ardoq_reference" "r" {
  count  = %[1]d
  source = ardoq_component.c[count.index].id
  target = ardoq_component.c[(count.index + 1) %% %[1]d].id
  type   = {ref}
}`, n, renamed))
	}
	counts := func() map[string]int { return providertest.CountByFilter(env.Srv) }
	reset := func() { env.Srv.ResetRequests() }
	expect := func(got map[string]int, want map[string]int) error {
		var wrong []string
		for k, v := range want {
			if got[k] != v {
				wrong = append(wrong, fmt.Sprintf("%s: %d, want %d", k, got[k], v))
			}
		}
		if len(wrong) > 0 {
			return fmt.Errorf("%s (all requests: %v)", strings.Join(wrong, "; "), got)
		}
		return nil
	}
	var refreshed map[string]int
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{
				Config:             cfg(0),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			{
				PreConfig: func() {
					got := counts()
					t.Logf("plan of the create: %v", got)
					// per plan (one GET /me each): the already-made searches, the first on their own, the rest answered
					// from the one listing of the workspace (listing.Whole)
					plans := got["GET /api/v2/me"]
					if err := expect(got, map[string]int{"GET /api/v2/components?rootWorkspace": plans}); err != nil {
						t.Error(err)
					}
					if searches := got["GET /api/v2/components?name&rootWorkspace&typeId"]; plans == 0 || searches > plans*listing.StartAfter {
						t.Errorf("%d plans sent %d already-made searches for %d new components, want at most %d each: the rest should "+
							"come from the workspace's list page", plans, searches, n, listing.StartAfter)
					}
					reset()
				},
				Config: cfg(0),
				Check: func(*terraform.State) error {
					got := counts()
					t.Logf("create: %v", got)
					// Creating reads nothing back: not the new entities, not a reference's source.
					return expect(got, map[string]int{
						"POST /api/v2/components": n, "POST /api/v2/references": n,
						"GET /api/v2/components/{id}": 0, "GET /api/v2/references/{id}": 0,
					})
				},
			},
			{
				PreConfig: reset,
				Config:    cfg(0),
				PlanOnly:  true,
			},
			{
				PreConfig: func() {
					refreshed = counts()
					reset()
				},
				Config: cfg(5),
				Check: func(*terraform.State) error {
					t.Logf("refresh (plan only): %v", refreshed)
					// per kind and plan: the GETs before the listing starts, then the one page the workspace fits on,
					// for which every later read waits
					for _, kind := range []string{"components", "references"} {
						gets, pages := refreshed["GET /api/v2/"+kind+"/{id}"], refreshed["GET /api/v2/"+kind+"?rootWorkspace"]
						if pages < 1 || gets != (listing.StartAfter-1)*pages {
							return fmt.Errorf("refreshing %d %s: %d GETs and %d listings, want %d GETs a listing (%v)", n, kind, gets, pages,
								listing.StartAfter-1, refreshed)
						}
					}
					got := counts()
					t.Logf("change 5: %v", got)
					return expect(got, map[string]int{
						"PATCH /api/v2/components/{id}": 5, "PATCH /api/v2/references/{id}": 0,
						"POST /api/v2/components": 0, "DELETE /api/v2/components/{id}": 0,
					})
				},
			},
			{
				// a plan that removes every resource reads nothing for what Ardoq deletes along with the components:
				// by default the apply refuses any such delete, so the plan has nothing to list
				PreConfig:          reset,
				Config:             env.Config(""),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			{
				PreConfig: func() {
					got := counts()
					t.Logf("plan removing everything: %v", got)
					if err := expect(got, map[string]int{"GET /api/v2/references?targetWorkspace": 0, "GET /api/v2/components?parent": 0,
						"GET /api/v2/references?source": 0, "GET /api/v2/references?target": 0}); err != nil {
						t.Error(err)
					}
					reset()
				},
				Config:  cfg(5),
				Destroy: true,
				Check: func(*terraform.State) error {
					got := counts()
					t.Logf("destroy: %v", got)
					// at apply the delete guard's reads: each reference read before its delete (its version), and for
					// each component delete the component itself and its children and references from and to it, in
					// one round trip; Terraform deletes the references first. The plan reads no workspace for it.
					// Each refresh reads the first entities of a kind on their own, then lists the workspace.
					refreshGets := (listing.StartAfter - 1) * got["GET /api/v2/references?rootWorkspace"]
					return expect(got, map[string]int{"GET /api/v2/references?targetWorkspace": 0,
						"DELETE /api/v2/components/{id}": n, "DELETE /api/v2/references/{id}": n,
						"GET /api/v2/components?parent": n, "GET /api/v2/references?source": n, "GET /api/v2/references/{id}": n + refreshGets,
						"GET /api/v2/components/{id}": n + refreshGets, "GET /api/v2/references?target": n, "POST /api/v2/components": 0,
						"PATCH /api/v2/components/{id}": 0,
					})
				},
			},
		},
	})
}
