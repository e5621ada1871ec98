package provider

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Every example is applied, so a broken example fails the tests: as written against the emulator's
// org, translated for any other (see example_org_helpers_test.go).

func TestAccExamples_resources(t *testing.T) {
	for _, typ := range []string{"ardoq_component", "ardoq_reference", "ardoq_batch"} {
		t.Run(typ, func(t *testing.T) {
			env := newTestEnv(t)
			env.requireUniqueWorkspaceNames(t)
			text, tr := env.translatedExample(t, "resources", typ, "resource.tf")
			t.Logf("%s with %s", typ, tr)
			cfg, vars := env.providerConfig()+tr.apply(text), env.exampleConfigVariables()
			env.parallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				CheckDestroy:             env.orgUnchanged(t),
				Steps: []resource.TestStep{
					{Config: cfg, ConfigVariables: vars},
					{Config: cfg, ConfigVariables: vars, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
				},
			})
		})
	}
}

// importedID points an import-by-string-id example at an entity the test made.
func importedID(tr *exampleTranslation, id string) *exampleTranslation {
	return tr.replace(`(\bid\s*=\s*)"[0-9a-f]{24}"`, `${1}"`+id+`"`)
}

// The import-by-string-id examples import entities the test made; the resource blocks match them, so the
// plan imports with no change. The component's custom fields are left out of its block, as an import takes
// over none: Ardoq keeps them.
func TestAccExamples_importBlocks(t *testing.T) {
	for _, typ := range []string{"ardoq_component", "ardoq_reference"} {
		t.Run(typ, func(t *testing.T) {
			env := newTestEnv(t)
			env.parallel(t)
			text, tr := env.translatedExample(t, "resources", typ, "import-by-string-id.tf")
			var addr, block string
			kept := func(*terraform.State) error { return nil }
			switch typ {
			case "ardoq_component":
				fields := client.CustomFields{env.ext: "cap-001" + env.tag}
				if number := env.field("Number"); number != "" {
					fields[number] = 3
				}
				c := env.createComponent(t, client.ComponentCreate{Name: "Customer Management" + env.tag, RootWorkspace: env.ws, TypeID: env.appType,
					CustomFields: fields})
				importedID(tr, c.ID)
				addr, block = "ardoq_component.customer_management", fmt.Sprintf(`resource "ardoq_component" "customer_management" {
  name           = %q
  root_workspace = "{ws}"
  type_id        = "{app}"
}
`, c.Name)
				kept = func(*terraform.State) error {
					got := env.component(t, c.ID)
					for k, v := range fields {
						if hclValue(t, got.CustomFields[k]) != hclValue(t, v) || got.Version != c.Version {
							return fmt.Errorf("the import changed the component: %v (had %v), version %d (was %d)", got.CustomFields, fields,
								got.Version, c.Version)
						}
					}
					return nil
				}
			case "ardoq_reference":
				billing := env.createComponent(t, client.ComponentCreate{Name: "Billing" + env.tag, RootWorkspace: env.ws, TypeID: env.appType})
				payments := env.createComponent(t, client.ComponentCreate{Name: "Payments" + env.tag, RootWorkspace: env.ws, TypeID: env.childType,
					Parent: &billing.ID})
				r := env.createReference(t, client.ReferenceCreate{Source: payments.ID, Target: billing.ID, Type: env.refType, DisplayText: sp("part of")})
				importedID(tr, r.ID)
				addr, block = "ardoq_reference.payments_part_of_billing", fmt.Sprintf(`resource "ardoq_reference" "payments_part_of_billing" {
  source       = %q
  target       = %q
  type         = {ref}
  display_text = "part of"
}
`, payments.ID, billing.ID)
			}
			env.test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_5_0)},
				CheckDestroy:             env.goneFromOrg, // imported, so destroyed with the rest
				Steps: []resource.TestStep{{
					Config: env.providerConfig() + tr.apply(text) + env.render(block),
					ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
					}},
					Check: kept,
				}},
			})
		})
	}
}

// The data-source examples look up what the test made (components and a reference named or keyed as the
// example says) or found in the org (reports, attachments).
func TestAccExamples_dataSources(t *testing.T) {
	dirs, err := os.ReadDir(filepath.Join("..", "..", "examples", "data-sources"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		t.Run(dir.Name(), func(t *testing.T) {
			env := newTestEnv(t)
			env.parallel(t)
			env.requireUniqueWorkspaceNames(t)
			text, tr := env.translatedExample(t, "data-sources", dir.Name(), "data-source.tf")
			switch dir.Name() {
			case "ardoq_component":
				env.createComponent(t, client.ComponentCreate{Name: "Billing" + env.tag, RootWorkspace: env.ws, TypeID: env.appType})
				env.createComponent(t, client.ComponentCreate{Name: "Customer Management" + env.tag, RootWorkspace: env.ws, TypeID: env.appType,
					CustomFields: withFields(tr, map[string]any{"external_id": "cap-001" + env.tag, "maturity": 3})})
				tr.literal("Billing", "Billing"+env.tag).literal("cap-001", "cap-001"+env.tag)
			case "ardoq_reference":
				billing := env.createComponent(t, client.ComponentCreate{Name: "Billing" + env.tag, RootWorkspace: env.ws, TypeID: env.appType})
				payments := env.createComponent(t, client.ComponentCreate{Name: "Payments" + env.tag, RootWorkspace: env.ws, TypeID: env.appType})
				env.createReference(t, client.ReferenceCreate{Source: payments.ID, Target: billing.ID, Type: env.refType, DisplayText: sp("part of")})
				tr.literal("CAP-3", payments.ComponentKey).replace(`\b(type\s*=\s*)10\b`, fmt.Sprintf("${1}%d", env.refType))
			case "ardoq_report":
				tr.literal("Applications overview", *env.reportWithColumns(t).Name)
			case "ardoq_report_run":
				tr.literal("Capability maturity", *env.reportWithColumns(t, "name").Name)
			case "ardoq_attachment":
				tr.literal("logo.png", env.requireAttachments(t)[0].Filename)
			case "ardoq_attachments":
				all := env.requireAttachments(t)
				i := slices.IndexFunc(all, func(a client.Attachment) bool { return a.Folder != nil })
				if i < 0 {
					t.Skip("no attachment of the org is in a folder")
				}
				tr.replace(`(\bfolder\s*=\s*)"[0-9a-f]{24}"`, `${1}"`+*all[i].Folder+`"`)
			}
			env.test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				Steps:                    []resource.TestStep{{Config: env.providerConfig() + tr.apply(text), ConfigVariables: env.exampleConfigVariables()}},
			})
		})
	}
}
