package single_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestAccRequestCounts_adoptionWritesNothing adopts ten identical components, made by hand with a custom
// field and an empty description, into a hand-written configuration naming the field as Ardoq holds it
// and no description: the plan imports them with no change, and the apply sends no write (counted in
// the emulator's request log) and moves no version.
func TestAccRequestCounts_adoptionWritesNothing(t *testing.T) {
	const n = 10
	env := newTestEnv(t)
	env.RequireEmulator(t, "request log")
	owner := env.Owner
	if owner == "" {
		t.Skipf("type %q of workspace %s allows no writable Text custom field", env.App.Name, env.WS)
	}
	var made []*client.Component
	var blocks strings.Builder
	for i := range n {
		c := env.CreateComponent(t, client.ComponentCreate{Name: fmt.Sprintf("Identical %d%s", i, env.Tag), RootWorkspace: env.WS,
			TypeID: env.AppType, Description: providertest.SP(""), CustomFields: client.CustomFields{owner: "platform"}})
		made = append(made, c)
		fmt.Fprintf(&blocks, `import {
  to = ardoq_component.c[%[1]d]
  id = %[2]q
}
`, i, c.ID)
	}
	cfg := env.Config(blocks.String() + fmt.Sprintf(`resource "ardoq_component" "c" {
  count          = %d
  name           = "Identical ${count.index}{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
  custom_fields  = { %s = "platform" }
}`, n, owner))
	env.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.GoneFromOrg,
		Steps: []resource.TestStep{{
			PreConfig: env.ResetRequests,
			Config:    cfg,
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("ardoq_component.c[0]", plancheck.ResourceActionNoop)}},
			Check: func(*terraform.State) error {
				got := providertest.CountByFilter(env.Srv)
				if writes := got["PATCH /api/v2/components/{id}"] + got["POST /api/v2/components"]; writes != 0 {
					return fmt.Errorf("adopting %d components Ardoq holds as configured sent %d writes (all requests: %v)", n, writes, got)
				}
				for _, c := range made {
					if now := env.Component(t, c.ID).Version; now != c.Version {
						return fmt.Errorf("component %s moved from version %d to %d", c.ID, c.Version, now)
					}
				}
				return nil
			},
		}},
	})
}

// TestAccRequestCounts_updateHeldAlreadyWritesNothing names, after a create, a custom field that was set
// in Ardoq to the same value meanwhile: the plan shows it added (the state did not hold it), and the
// apply reads the component once instead of writing it, so its version does not move; the next plan is
// empty.
func TestAccRequestCounts_updateHeldAlreadyWritesNothing(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "request log")
	f1, v1, f2, v2 := stringFields(t, env, env.App.CustomFields, fmt.Sprintf("component type %q", env.App.Name))
	e := &fieldsEntity{env: env, kind: "ardoq_component", addr: "ardoq_component.kept", f1: f1, v1: v1, f2: f2, v2: v2,
		body: `resource "ardoq_component" "kept" {
  name           = "Held already{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
  %s
}`}
	var version int64
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: e.some(), Check: providertest.CaptureID(e.addr, &e.id)},
			{
				PreConfig: func() {
					e.editInApp(t, client.CustomFields{f2: v2})
					_, version = e.held(t)
					env.ResetRequests()
				},
				Config: e.all(),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(e.addr, plancheck.ResourceActionUpdate)}},
				Check: func(s *terraform.State) error {
					got := providertest.CountByFilter(env.Srv)
					if patches := got["PATCH /api/v2/components/{id}"]; patches != 0 {
						return fmt.Errorf("an update of values Ardoq holds sent %d PATCH (all requests: %v)", patches, got)
					}
					return e.holds(t, v1, v2, version)(s)
				},
			},
		},
	})
}
