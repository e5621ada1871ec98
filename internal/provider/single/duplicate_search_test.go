package single_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestAccComponentResource_duplicateSearchFails: with prevent_duplicates, a plan whose search for what
// an interrupted run made fails is an error that says why (Ardoq's answer) and how to go on; it does not
// create the component unchecked.
func TestAccComponentResource_duplicateSearchFails(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "fault injection")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			PreConfig: func() {
				env.Srv.Inject(emulator.Fault{Method: "GET", PathPrefix: "/components", Exact: true, Status: 503,
					Message: "search is down for maintenance", Times: 10})
			},
			Config: env.ConfigWith([]string{"prevent_duplicates = true", "max_retries = 0"}, `resource "ardoq_component" "c" {
  name           = "Unchecked{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`),
			PlanOnly:    true,
			ExpectError: providertest.ExpectErr(`(?s)Component "Unchecked.*" Not Checked for Duplicates.*looking failed.*503.*search is down for maintenance.*Try again once Ardoq\s+answers, or set\s+prevent_duplicates = false`),
		}},
	})
}
