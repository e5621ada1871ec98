package datasources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// ardoq_component_ids maps every component of the workspace by component key to its id, from the
// workspace's list pages alone: no request per component.
func TestAccComponentIDsDataSource_byKey(t *testing.T) {
	env := newTestEnv(t)
	env.Parallel(t)
	parent, _ := env.portal(t)
	child := env.CreateComponent(t, client.ComponentCreate{Name: "Module" + env.Tag, RootWorkspace: env.WS, TypeID: env.ChildType, Parent: &parent.ID})
	env.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			PreConfig: env.ResetRequests,
			Config:    env.Config(`data "ardoq_component_ids" "ws" { root_workspace = "{ws}" }`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ardoq_component_ids.ws", tfjsonpath.New("ids").AtMapKey(parent.ComponentKey),
					knownvalue.StringExact(parent.ID)),
				statecheck.ExpectKnownValue("data.ardoq_component_ids.ws", tfjsonpath.New("ids").AtMapKey(child.ComponentKey),
					knownvalue.StringExact(child.ID)),
			},
			Check: func(*terraform.State) error {
				if env.Srv == nil {
					return nil
				}
				for _, r := range env.Srv.Requests() {
					if r.Method == "GET" && strings.HasPrefix(r.Path, "/api/v2/components/") {
						return fmt.Errorf("the data source read a component on its own: %s %s", r.Method, r.Path)
					}
				}
				return nil
			},
		}},
	})
}
