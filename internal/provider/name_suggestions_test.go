package provider

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// A workspace name with a typo lists the closest names (found in the org, so it runs against a real org too).
func TestAccWorkspaceDataSource_nameSuggestions(t *testing.T) {
	env := newTestEnv(t)
	ws, err := env.Client.GetWorkspace(t.Context(), env.WS)
	if err != nil {
		t.Fatal(err)
	}
	if len(ws.Name) < 4 {
		t.Skipf("workspace name %q is too short to misspell", ws.Name)
	}
	typo := ws.Name[:1] + ws.Name[2:] // one letter dropped
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			Config: env.Config(`data "ardoq_workspace" "x" { name = "` + typo + `" }`),
			ExpectError: providertest.ExpectErr(`(?s)No Workspace Found.*No workspace matches name = ` + regexp.QuoteMeta(strconv.Quote(typo)) +
				`; closest: .*` + regexp.QuoteMeta(strconv.Quote(ws.Name))),
		}},
	})
}

// A type name given as type_id gets the type's id.
func TestAccComponentResource_typeSuggestions(t *testing.T) {
	env := newTestEnv(t)
	wctx, err := env.Client.GetWorkspaceContext(t.Context(), env.WS)
	if err != nil {
		t.Fatal(err)
	}
	typ, _ := wsmodel.ComponentTypeOf(wctx, env.AppType)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			Config: env.Config(`resource "ardoq_component" "x" {
  name           = "X"
  root_workspace = "{ws}"
  type_id        = ` + strconv.Quote(typ.Name) + `
}`),
			PlanOnly: true,
			ExpectError: providertest.ExpectErr(`Component type ` + regexp.QuoteMeta(strconv.Quote(typ.Name)) + ` is not in the model of workspace ` +
				regexp.QuoteMeta(workspaceLabel(t, env)) + `\. Closest: ` + regexp.QuoteMeta(strconv.Quote(typ.Name)+` (type_id `+typ.TypeID+`)`)),
		}},
	})
}

// A type id of another workspace's model names both workspaces and the type the id is.
func TestAccComponentResource_typeOfAnotherWorkspace(t *testing.T) {
	env := newTestEnv(t)
	here, err := env.Client.GetWorkspaceContext(t.Context(), env.WS)
	if err != nil {
		t.Fatal(err)
	}
	all, err := env.Client.ListWorkspaces(t.Context(), client.WorkspaceFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var other client.Workspace
	var typ client.ComponentType
	for _, w := range all {
		wctx, err := env.Client.GetWorkspaceContext(t.Context(), w.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, ct := range wctx.ComponentTypes {
			if _, shared := wsmodel.ComponentTypeOf(here, ct.TypeID); !shared && typ.TypeID == "" {
				other, typ = w, ct
			}
		}
	}
	if typ.TypeID == "" {
		t.Skip("no workspace of the org has a component type that the test workspace's model lacks")
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			Config: env.Config(`resource "ardoq_component" "x" {
  name           = "X"
  root_workspace = "{ws}"
  type_id        = ` + strconv.Quote(typ.TypeID) + `
}`),
			PlanOnly: true,
			ExpectError: providertest.ExpectErr(regexp.QuoteMeta(`Component type `+strconv.Quote(typ.TypeID)+` is not in the model of workspace `+
				workspaceLabel(t, env)+`. It is the type `+strconv.Quote(typ.Name)+` of workspace `) + `.*` + regexp.QuoteMeta(other.ID+`)`)),
		}},
	})
}

// workspaceLabel is how errors name the test workspace: `"Name" (id)`.
func workspaceLabel(t *testing.T, env *testEnv) string {
	t.Helper()
	ws, err := env.Client.GetWorkspace(t.Context(), env.WS)
	if err != nil {
		t.Fatal(err)
	}
	return strconv.Quote(ws.Name) + " (" + env.WS + ")"
}
