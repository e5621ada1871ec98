package batch_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// The batch's cascade guard: by default a batch whose deletes would take along a child made in the app is
// refused, nothing sent; with allow_cascade_delete Ardoq takes along what the plan listed, and a child
// added after the plan of the batch's destroy refuses it (Terraform plans an update again just before
// applying it, so the apply of an update goes by that plan).
func TestAccBatchResource_cascadeGuard(t *testing.T) {
	env := newTestEnv(t)
	var appID, childID, keptID string
	items := func(withApp bool) string {
		app := ""
		if withApp {
			app = `app = { root_workspace = "{ws}", type_id = "{app}", name = "Guarded App" }`
		}
		return `resource "ardoq_batch" "test" {
  components = {
    ` + app + `
    keep = { root_workspace = "{ws}", type_id = "{app}", name = "Kept" }
  }
}`
	}
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: env.Config(items(true)),
				Check: func(s *terraform.State) error {
					appID = s.RootModule().Resources[addrB].Primary.Attributes[`computed_components.app.id`]
					childID = env.CreateComponent(t, client.ComponentCreate{Name: "Made In The App", RootWorkspace: env.WS, TypeID: env.ChildType,
						Parent: &appID}).ID
					return nil
				},
			},
			{
				Config:      env.Config(items(false)),
				ExpectError: providertest.ExpectErr(`(?s)Batch Would Delete More in Ardoq.*1 descendant component.*components\["app"\] \("Guarded App"\).*"Made In The App".*allow_cascade_delete`),
			},
			{
				PreConfig: func() { env.StillThere(t, map[string]*string{"app": &appID, "child": &childID}) },
				Config:    env.ConfigWith([]string{"allow_cascade_delete = true"}, items(false)),
				Check: func(s *terraform.State) error {
					if _, err := env.Client.GetComponent(context.Background(), childID); !client.IsNotFound(err) {
						return fmt.Errorf("with allow_cascade_delete the child goes with its parent, got %w", err)
					}
					keptID = s.RootModule().Resources[addrB].Primary.Attributes[`computed_components.keep.id`]
					return nil
				},
			},
			{
				Config: env.ConfigWith([]string{"allow_cascade_delete = true"}, "# the batch removed"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					providertest.MutateAfterPlan(func() {
						env.CreateComponent(t, client.ComponentCreate{Name: "Made After The Plan", RootWorkspace: env.WS, TypeID: env.ChildType,
							Parent: &keptID})
					}),
				}},
				ExpectError: providertest.ExpectErr(`(?s)Batch Would Delete More in Ardoq.*"Made After The Plan".*not in this plan's notice`),
			},
			{
				PreConfig: func() { env.StillThere(t, map[string]*string{"kept": &keptID}) },
				Config:    env.ConfigWith([]string{"allow_cascade_delete = true"}, "# the batch removed"),
			},
		},
	})
}
