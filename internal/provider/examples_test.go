package provider

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// Every example is applied against the emulator, so a broken example fails the tests.

func TestAccExamples_resources(t *testing.T) {
	for _, typ := range []string{"ardoq_component", "ardoq_reference", "ardoq_batch"} {
		t.Run(typ, func(t *testing.T) {
			env := newTestEnv(t)
			env.requireEmulator(t) // the examples name the emulator's seeded workspaces
			cfg := env.providerConfig() + readExample(t, "resources", typ, "resource.tf")
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				CheckDestroy:             env.orgUnchanged(t),
				Steps: []resource.TestStep{
					{Config: cfg},
					{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
				},
			})
		})
	}
}

// The import-by-string-id examples import seeded entities; the resource blocks match them, so the plan
// imports with no change.
func TestAccExamples_importBlocks(t *testing.T) {
	addresses := map[string]string{"ardoq_component": "ardoq_component.customer_management", "ardoq_reference": "ardoq_reference.payments_part_of_billing"}
	blocks := map[string]string{
		"ardoq_component": `resource "ardoq_component" "customer_management" {
  name           = "Customer Management"
  root_workspace = "5eed0000000000000000b003"
  type_id        = "p1700000000101"
  custom_fields  = { maturity = 3, external_id = "cap-001" }
}
`,
		"ardoq_reference": `resource "ardoq_reference" "payments_part_of_billing" {
  source       = "5eed0000000000000000c003"
  target       = "5eed0000000000000000c002"
  type         = 10
  display_text = "part of"
}
`,
	}
	for typ, block := range blocks {
		t.Run(typ, func(t *testing.T) {
			env := newTestEnv(t)
			env.requireEmulator(t)
			cfg := env.providerConfig() + readExample(t, "resources", typ, "import-by-string-id.tf") + block
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_5_0)},
				Steps: []resource.TestStep{{
					Config: cfg,
					ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(addresses[typ], plancheck.ResourceActionNoop),
					}},
				}},
			})
		})
	}
}

func TestAccExamples_dataSources(t *testing.T) {
	dirs, err := os.ReadDir(filepath.Join("..", "..", "examples", "data-sources"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		t.Run(dir.Name(), func(t *testing.T) {
			env := newTestEnv(t)
			env.requireEmulator(t)
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				Steps:                    []resource.TestStep{{Config: env.providerConfig() + readExample(t, "data-sources", dir.Name(), "data-source.tf")}},
			})
		})
	}
}
