package datasources_test

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// A component type by name gives its type_id; a name that matches none lists the closest that exist.
func TestAccComponentTypeDataSource_byName(t *testing.T) {
	env := newTestEnv(t)
	testTypeLookup(t, env, "ardoq_component_type", env.App.Name, "No Component Type Found",
		statecheck.ExpectKnownValue("data.ardoq_component_type.x", tfjsonpath.New("type_id"), knownvalue.StringExact(env.AppType)),
		statecheck.ExpectKnownValue("data.ardoq_component_type.x", tfjsonpath.New("custom_fields"), knownvalue.ListSizeExact(len(env.App.CustomFields))))
}

// A reference type by name gives its type; a name that matches none lists the closest that exist.
func TestAccReferenceTypeDataSource_byName(t *testing.T) {
	env := newTestEnv(t)
	testTypeLookup(t, env, "ardoq_reference_type", env.Ref.Name, "No Reference Type Found",
		statecheck.ExpectKnownValue("data.ardoq_reference_type.x", tfjsonpath.New("type"), knownvalue.Int64Exact(env.RefType)))
}

// testTypeLookup looks up the type named name with the data source, checking the state, then the same
// name with its second letter dropped, expecting the summary and the name among the closest.
func testTypeLookup(t *testing.T, env *testEnv, dataSource, name, summary string, checks ...statecheck.StateCheck) {
	t.Helper()
	if len(name) < 4 {
		t.Skipf("type name %q is too short to misspell", name)
	}
	typo := name[:1] + name[2:]
	ws, err := env.Client.GetWorkspace(t.Context(), env.WS)
	if err != nil {
		t.Fatal(err)
	}
	lookup := func(name string) string {
		return env.Config(`data "` + dataSource + `" "x" {
  workspace_id = "{ws}"
  name         = ` + strconv.Quote(name) + `
}`)
	}
	checks = append(checks, statecheck.ExpectKnownValue("data."+dataSource+".x", tfjsonpath.New("name"), knownvalue.StringExact(name)))
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{Config: lookup(name), ConfigStateChecks: checks},
			{
				Config: lookup(typo),
				ExpectError: providertest.ExpectErr(`(?s)` + summary + `.*The model of workspace ` + regexp.QuoteMeta(strconv.Quote(ws.Name)+` (`+env.WS+`)`) +
					` has no .*named ` + regexp.QuoteMeta(strconv.Quote(typo)) + `.*Closest: .*` +
					regexp.QuoteMeta(strconv.Quote(name))),
			},
		},
	})
}
