package datasources_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// twoReferences makes a and b in the first workspace and c in the second, and references a -> c and
// b -> c with one display text, and returns them.
func (e *testEnv) twoReferences(t *testing.T) (a *client.Component, refs []*client.Reference, text string) {
	t.Helper()
	a = e.CreateComponent(t, client.ComponentCreate{Name: "Source A" + e.Tag, RootWorkspace: e.WS, TypeID: e.AppType})
	b := e.CreateComponent(t, client.ComponentCreate{Name: "Source B" + e.Tag, RootWorkspace: e.WS, TypeID: e.AppType})
	c := e.CreateComponent(t, client.ComponentCreate{Name: "Target C" + e.Tag, RootWorkspace: e.WS2, TypeID: e.AppType})
	text = "into the second workspace" + e.Tag
	for _, src := range []*client.Component{a, b} {
		refs = append(refs, e.CreateReference(t, client.ReferenceCreate{Source: src.ID, Target: c.ID, Type: e.RefType, DisplayText: &text}))
	}
	return a, refs, text
}

func TestAccReferenceDataSource_lookups(t *testing.T) {
	env := newTestEnv(t)
	env.Parallel(t)
	a, refs, text := env.twoReferences(t)
	const addr = "data.ardoq_reference.by_source"
	env.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{
				Config: env.Config(fmt.Sprintf(`
data "ardoq_reference" "by_source" { source = %q }
data "ardoq_reference" "by_id" { id = %q }`, a.ID, refs[1].ID)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact(refs[0].ID)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("display_text"), knownvalue.StringExact(text)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("type"), knownvalue.Int64Exact(env.RefType)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("target_workspace"), knownvalue.StringExact(env.WS2)),
					statecheck.ExpectKnownValue("data.ardoq_reference.by_id", tfjsonpath.New("source"), knownvalue.StringExact(refs[1].Source)),
				},
			},
			{Config: env.Config(fmt.Sprintf(`data "ardoq_reference" "x" { display_text = %q }`, text)), ExpectError: providertest.ExpectErr(`Several References Found|2 references match`)},
			{Config: env.Config(`data "ardoq_reference" "x" { display_text = "Nothing{tag}" }`), ExpectError: providertest.ExpectErr(`No Reference Found`)},
		},
	})
}

func TestAccReferencesDataSource_filters(t *testing.T) {
	env := newTestEnv(t)
	env.Parallel(t)
	a, _, text := env.twoReferences(t)
	env.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			Config: env.Config(fmt.Sprintf(`
data "ardoq_references" "into_second" {
  target_workspace = "{ws2}"
  display_text     = %q
}
data "ardoq_references" "from_a" {
  source = %q
  type   = {ref}
}
data "ardoq_references" "none" { display_text = "Nothing{tag}" }`, text, a.ID)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ardoq_references.into_second", tfjsonpath.New("references"), knownvalue.ListSizeExact(2)),
				statecheck.ExpectKnownValue("data.ardoq_references.from_a", tfjsonpath.New("ids"), knownvalue.ListSizeExact(1)),
				statecheck.ExpectKnownValue("data.ardoq_references.from_a", tfjsonpath.New("references").AtSliceIndex(0),
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"root_workspace": knownvalue.StringExact(env.WS), "target_workspace": knownvalue.StringExact(env.WS2),
						"display_text": knownvalue.StringExact(text), "type": knownvalue.Int64Exact(env.RefType), "created": knownvalue.NotNull()})),
				statecheck.ExpectKnownValue("data.ardoq_references.none", tfjsonpath.New("ids"), knownvalue.ListSizeExact(0)),
			},
		}},
	})
}
