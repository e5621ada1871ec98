package batch_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

func TestAccBatchResource_cascadeGuard(t *testing.T) {
	env := newTestEnv(t)
	var appID, childID string
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
				ExpectError: providertest.ExpectErr(`(?s)Batch Would Delete More in Ardoq.*components\["app"\] \("Guarded App"\).*1 descendant component.*"Made In The App".*allow_cascade_delete`),
			},
			{
				PreConfig: func() { env.StillThere(t, map[string]*string{"app": &appID, "child": &childID}) },
				Config:    env.ConfigWith([]string{"allow_cascade_delete = true"}, items(false)),
				Check: func(*terraform.State) error {
					if _, err := env.Client.GetComponent(context.Background(), childID); !client.IsNotFound(err) {
						return fmt.Errorf("with allow_cascade_delete the child goes with its parent, got %w", err)
					}
					return nil
				},
			},
		},
	})
}
