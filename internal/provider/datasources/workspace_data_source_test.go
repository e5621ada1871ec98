package datasources_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

func TestAccWorkspaceDataSource_lookups(t *testing.T) {
	env := newTestEnv(t)
	env.Parallel(t)
	ws, ws2 := env.Workspace, env.Workspace2
	t.Run("by id, and refusals", func(t *testing.T) {
		env.ParallelTest(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			Steps: []resource.TestStep{ // the last step's configuration is destroyed with: a valid one
				{Config: env.Config(`data "ardoq_workspace" "x" { name = "No such workspace{tag}" }`),
					ExpectError: providertest.ExpectErr(`No Workspace Found(.|\n)*"No such workspace` + env.Tag + `"`)},
				{Config: env.Config(`data "ardoq_workspace" "x" {}`), ExpectError: providertest.ExpectErr(`(?i)exactly one of`)},
				{Config: env.Config(`data "ardoq_workspace" "x" {
  id   = "{ws}"
  name = "Anything"
}`), ExpectError: providertest.ExpectErr(`(?i)exactly one of`)},
				{Config: env.Config(`data "ardoq_workspace" "by_id" { id = "{ws2}" }`), ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.ardoq_workspace.by_id", tfjsonpath.New("name"), knownvalue.StringExact(ws2.Name)),
					statecheck.ExpectKnownValue("data.ardoq_workspace.by_id", tfjsonpath.New("description"), knownStringOrNull(ws2.Description)),
					statecheck.ExpectKnownValue("data.ardoq_workspace.by_id", tfjsonpath.New("views"), knownStringsOrNull(ws2.Views)),
					statecheck.ExpectKnownValue("data.ardoq_workspace.by_id", tfjsonpath.New("workspace_key"), knownvalue.StringExact(ws2.WorkspaceKey)),
				}},
			},
		})
	})
	t.Run("by name", func(t *testing.T) {
		sameName, err := env.Client.ListWorkspaces(context.Background(), client.WorkspaceFilter{Name: ws.Name})
		if err != nil {
			t.Fatal(err)
		}
		if len(sameName) != 1 {
			t.Skipf("%d workspaces are named %q", len(sameName), ws.Name)
		}
		env.ParallelTest(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			Steps: []resource.TestStep{{
				Config: env.Config(fmt.Sprintf("data \"ardoq_workspace\" \"by_name\" { name = %q }", ws.Name)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.ardoq_workspace.by_name", tfjsonpath.New("id"), knownvalue.StringExact(ws.ID)),
					statecheck.ExpectKnownValue("data.ardoq_workspace.by_name", tfjsonpath.New("views"), knownStringsOrNull(ws.Views)),
					statecheck.ExpectKnownValue("data.ardoq_workspace.by_name", tfjsonpath.New("start_view"), knownStringOrNull(ws.StartView)),
				},
			}},
		})
	})
}

func TestAccWorkspacesDataSource_filters(t *testing.T) {
	env := newTestEnv(t)
	env.Parallel(t)
	ctx := context.Background()
	t.Run("all and by name", func(t *testing.T) {
		all, err := env.Client.ListWorkspaces(ctx, client.WorkspaceFilter{})
		if err != nil {
			t.Fatal(err)
		}
		named, err := env.Client.ListWorkspaces(ctx, client.WorkspaceFilter{Name: env.Workspace.Name})
		if err != nil {
			t.Fatal(err)
		}
		env.ParallelTest(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			Steps: []resource.TestStep{{
				Config: env.Config(fmt.Sprintf("data \"ardoq_workspaces\" \"all\" {}\ndata \"ardoq_workspaces\" \"named\" { name = %q }\n", env.Workspace.Name)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.ardoq_workspaces.all", tfjsonpath.New("workspaces"), knownvalue.ListSizeExact(len(all))),
					statecheck.ExpectKnownValue("data.ardoq_workspaces.named", tfjsonpath.New("workspaces"), knownvalue.ListSizeExact(len(named))),
					statecheck.ExpectKnownValue("data.ardoq_workspaces.named", tfjsonpath.New("workspaces"),
						knownvalue.SetPartial([]knownvalue.Check{knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(env.WS)})})),
				},
			}},
		})
	})
	t.Run("by component model", func(t *testing.T) {
		if env.ComponentModel == "" {
			t.Skip("the API's workspace does not say its componentModel")
		}
		shared, err := env.Client.ListWorkspaces(ctx, client.WorkspaceFilter{ComponentModel: env.ComponentModel})
		if err != nil {
			t.Fatal(err)
		}
		if env.WS2 != env.WS && len(shared) < 2 {
			t.Fatalf("workspaces %s and %s share model %s, but listing by it finds %d", env.WS, env.WS2, env.ComponentModel, len(shared))
		}
		env.ParallelTest(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			Steps: []resource.TestStep{{
				Config: env.Config(fmt.Sprintf("data \"ardoq_workspaces\" \"shared_model\" { component_model = %q }\n", env.ComponentModel)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.ardoq_workspaces.shared_model", tfjsonpath.New("workspaces"), knownvalue.ListSizeExact(len(shared))),
				},
			}},
		})
	})
}
