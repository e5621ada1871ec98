package provider

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
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
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.orgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: env.config(items(true)),
				Check: func(s *terraform.State) error {
					appID = s.RootModule().Resources[addrB].Primary.Attributes[`computed_components.app.id`]
					childID = env.createComponent(t, client.ComponentCreate{Name: "Made In The App", RootWorkspace: env.ws, TypeID: env.childType,
						Parent: &appID}).ID
					return nil
				},
			},
			{
				Config:      env.config(items(false)),
				ExpectError: expectErr(`(?s)Batch Would Delete More in Ardoq.*components\["app"\] \("Guarded App"\).*1 descendant component.*"Made In The App".*allow_cascade_delete`),
			},
			{
				PreConfig: func() { env.stillThere(t, map[string]*string{"app": &appID, "child": &childID}) },
				Config:    env.configWith([]string{"allow_cascade_delete = true"}, items(false)),
				Check: func(*terraform.State) error {
					if _, err := env.client.GetComponent(context.Background(), childID); !client.IsNotFound(err) {
						return fmt.Errorf("with allow_cascade_delete the child goes with its parent, got %w", err)
					}
					return nil
				},
			},
		},
	})
}
