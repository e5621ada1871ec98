package provider

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

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
			ExpectError: providertest.ExpectErr(`Component type ` + regexp.QuoteMeta(strconv.Quote(typ.Name)) + ` is not in the model of workspace ` + env.WS +
				`\. Closest: ` + regexp.QuoteMeta(strconv.Quote(typ.Name)+` (type_id `+typ.TypeID+`)`)),
		}},
	})
}
