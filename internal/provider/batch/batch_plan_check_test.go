package batch_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// Items in a workspace Ardoq does not have, with custom fields, fail the plan with an error at each
// item's root_workspace (they used to crash the provider while their fields were typed).
func TestAccBatchResource_unknownWorkspace(t *testing.T) {
	env := newTestEnv(t)
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			Config: env.Config(`resource "ardoq_batch" "test" {
  components = {
    ghost  = { root_workspace = "00000000000000000000b0ad", type_id = "{app}", name = "Ghost", custom_fields = { {ext} = "x" } }
    ghost2 = { root_workspace = "00000000000000000000b0ad", type_id = "{app}", name = "Ghost 2", custom_fields = { anything = "y" } }
    real   = { root_workspace = "{ws}", type_id = "{app}", name = "Real" }
  }
}`),
			PlanOnly:    true,
			ExpectError: providertest.ExpectErr(`(?s)Unknown Workspace.*components\["ghost"\].root_workspace: Ardoq has no workspace "00000000000000000000b0ad".*components\["ghost2"\].root_workspace: Ardoq has no workspace`),
		}},
	})
}
