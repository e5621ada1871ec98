package provider

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// misspelt drops a name's second letter, skipping the test when the name is too short to misspell.
func misspelt(t *testing.T, name string) string {
	t.Helper()
	if len(name) < 4 {
		t.Skipf("type name %q is too short to misspell", name)
	}
	return name[:1] + name[2:]
}

// A component type by name gives its type_id; a name that matches none lists the closest that exist.
func TestAccComponentTypeDataSource_byName(t *testing.T) {
	env := newTestEnv(t)
	const addr = "data.ardoq_component_type.x"
	lookup := func(name string) string {
		return env.config(`data "ardoq_component_type" "x" {
  workspace_id = "{ws}"
  name         = ` + strconv.Quote(name) + `
}`)
	}
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{
				Config: lookup(env.app.Name),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("type_id"), knownvalue.StringExact(env.appType)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("name"), knownvalue.StringExact(env.app.Name)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("custom_fields"), knownvalue.ListSizeExact(len(env.app.CustomFields))),
				},
			},
			{
				Config: lookup(misspelt(t, env.app.Name)),
				ExpectError: expectErr(`(?s)No Component Type Found.*no component type named ` +
					regexp.QuoteMeta(strconv.Quote(misspelt(t, env.app.Name))) + `.*Closest: .*` + regexp.QuoteMeta(strconv.Quote(env.app.Name))),
			},
		},
	})
}

// A reference type by name gives its type; a name that matches none lists the closest that exist.
func TestAccReferenceTypeDataSource_byName(t *testing.T) {
	env := newTestEnv(t)
	const addr = "data.ardoq_reference_type.x"
	lookup := func(name string) string {
		return env.config(`data "ardoq_reference_type" "x" {
  workspace_id = "{ws}"
  name         = ` + strconv.Quote(name) + `
}`)
	}
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{
				Config: lookup(env.ref.Name),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("type"), knownvalue.Int64Exact(env.refType)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("name"), knownvalue.StringExact(env.ref.Name)),
				},
			},
			{
				Config: lookup(misspelt(t, env.ref.Name)),
				ExpectError: expectErr(`(?s)No Reference Type Found.*no reference type named ` +
					regexp.QuoteMeta(strconv.Quote(misspelt(t, env.ref.Name))) + `.*Closest: .*` + regexp.QuoteMeta(strconv.Quote(env.ref.Name))),
			},
		},
	})
}
