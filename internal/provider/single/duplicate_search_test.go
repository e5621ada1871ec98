package single_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

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

// TestAccComponentResource_twinOfAManagedComponent: with prevent_duplicates, a new ardoq_component with
// the name, type and workspace of one that another resource of the configuration manages fails the plan,
// whichever Terraform refreshes or plans first, saying that the two may describe the same component.
func TestAccComponentResource_twinOfAManagedComponent(t *testing.T) {
	env := newTestEnv(t)
	held := `resource "ardoq_component" "a" {
  name           = "Twin{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			Config: env.ConfigWith([]string{"prevent_duplicates = true"}, held),
		}, {
			Config: env.ConfigWith([]string{"prevent_duplicates = true"}, held+`
resource "ardoq_component" "b" {
  name           = "Twin{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`),
			PlanOnly: true,
			ExpectError: providertest.ExpectErr(`(?s)Component "Twin.*" Already in Ardoq.*with ardoq_component.b.*If another resource of this ` +
				`configuration manages it, the two describe the same component: keep one of them`),
		}},
	})
}

// A replaced entity is no duplicate of its replacement: Terraform plans the create of a replacement with
// the first plan's private state, which names the entity replaced (replaced.go), so -replace and
// replace_triggered_by go through under prevent_duplicates, for a component and a reference. (A tainted
// resource is planned as a new one, with nothing of the old: its replacement is reported.)
func TestAccSingleResources_replacedUnderPreventDuplicates(t *testing.T) {
	env := newTestEnv(t)
	config := func(trigger string) string {
		return env.ConfigWith([]string{"prevent_duplicates = true"}, `
resource "terraform_data" "trigger" { input = "`+trigger+`" }
resource "ardoq_component" "a" {
  name           = "Replaced{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
  lifecycle { replace_triggered_by = [terraform_data.trigger] }
}
resource "ardoq_component" "source" {
  name           = "Source{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
resource "ardoq_component" "target" {
  name           = "Target{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
resource "ardoq_reference" "ab" {
  source = ardoq_component.source.id
  target = ardoq_component.target.id
  type   = {ref}
  lifecycle { replace_triggered_by = [terraform_data.trigger] }
}`)
	}
	ids := statecheck.CompareValue(compare.ValuesDiffer())
	refs := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		ExternalProviders:        map[string]resource.ExternalProvider{"terraform": {Source: "terraform.io/builtin/terraform"}},
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{{
			Config: config("one"),
			ConfigStateChecks: []statecheck.StateCheck{ids.AddStateValue("ardoq_component.a", tfjsonpath.New("id")),
				refs.AddStateValue("ardoq_reference.ab", tfjsonpath.New("id"))},
		}, {
			Config: config("two"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("ardoq_component.a", plancheck.ResourceActionDestroyBeforeCreate),
				plancheck.ExpectResourceAction("ardoq_reference.ab", plancheck.ResourceActionDestroyBeforeCreate)}},
			ConfigStateChecks: []statecheck.StateCheck{ids.AddStateValue("ardoq_component.a", tfjsonpath.New("id")),
				refs.AddStateValue("ardoq_reference.ab", tfjsonpath.New("id"))},
		}},
	})
}
