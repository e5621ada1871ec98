package provider

import (
	"encoding/json"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// TestAccCustomFields_settledByArdoq adopts a component holding a calculated and a read-only value, as
// `terraform query -generate-config-out` or the adopting guide writes it: the configuration may keep
// them as imported (nothing is sent), drop them (Ardoq keeps them), but not change them. Setting their
// values needs the emulator: no client can write them.
func TestAccCustomFields_settledByArdoq(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	c := env.createComponent(t, client.ComponentCreate{Name: "Adopted With Settled Fields", RootWorkspace: env.ws, TypeID: env.appType,
		CustomFields: client.CustomFields{"owner": "team"}})
	if err := env.srv.MutateComponent(c.ID, func(e *emulator.Component) {
		e.CustomFields["risk_score"], e.CustomFields["legacy_id"] = json.Number("7"), "L1"
	}); err != nil {
		t.Fatal(err)
	}
	cfg := func(fields string) string {
		return env.config(`import {
  to = ardoq_component.adopted
  id = "` + c.ID + `"
}
resource "ardoq_component" "adopted" {
  name           = "Adopted With Settled Fields"
  root_workspace = "{ws}"
  type_id        = "{app}"
  custom_fields  = ` + fields + `
}`)
	}
	stillSettled := func() error {
		got, err := env.client.GetComponent(t.Context(), c.ID)
		if err != nil {
			return err
		}
		if got.CustomFields["legacy_id"] != "L1" || got.CustomFields["risk_score"] == nil {
			t.Errorf("Ardoq's own values changed: %v", got.CustomFields)
		}
		return nil
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{
				Config: cfg(`{ owner = "team", risk_score = 7, legacy_id = "L1" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("ardoq_component.adopted", plancheck.ResourceActionNoop),
				}},
			},
			{
				Config:      cfg(`{ owner = "team", risk_score = 8, legacy_id = "L1" }`),
				ExpectError: regexp.MustCompile(`Calculated Custom Field`),
			},
			{
				Config:      cfg(`{ owner = "team", risk_score = 7, legacy_id = "L2" }`),
				ExpectError: regexp.MustCompile(`Read-Only Custom Field`),
			},
			{
				Config: cfg(`{ owner = "platform" }`),
				Check:  func(*terraform.State) error { return stillSettled() },
			},
		},
	})
}
