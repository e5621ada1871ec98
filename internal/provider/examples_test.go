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
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// Every example is applied, so a broken example fails the tests: as written against the emulator's
// org, translated for any other (see providertest/examples.go).

func TestAccExamples_resources_everyCLI(t *testing.T) {
	for _, typ := range []string{"ardoq_component", "ardoq_reference", "ardoq_batch"} {
		t.Run(typ, func(t *testing.T) {
			env := newTestEnv(t)
			env.RequireUniqueWorkspaceNames(t)
			text, tr := env.TranslatedExample(t, "resources", typ, "resource.tf")
			t.Logf("%s with %s", typ, tr)
			cfg, vars := env.ProviderConfig()+tr.Apply(text), env.ExampleConfigVariables()
			env.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				CheckDestroy:             env.OrgUnchanged(t),
				Steps: []resource.TestStep{
					{Config: cfg, ConfigVariables: vars},
					{Config: cfg, ConfigVariables: vars, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
				},
			})
		})
	}
}

// The import-by-string-id examples import entities the test made; the resource blocks match them, so the
// plan imports with no change. The component's custom fields are left out of its block, as an import takes
// over none: Ardoq keeps them.
func TestAccExamples_importBlocks_everyCLI(t *testing.T) {
	for _, typ := range []string{"ardoq_component", "ardoq_reference"} {
		t.Run(typ, func(t *testing.T) {
			env := newTestEnv(t)
			env.Parallel(t)
			text, tr := env.TranslatedExample(t, "resources", typ, "import-by-string-id.tf")
			var addr, block string
			kept := func(*terraform.State) error { return nil }
			switch typ {
			case "ardoq_component":
				fields := client.CustomFields{env.Ext: "cap-001" + env.Tag}
				if number := env.Field("Number"); number != "" {
					fields[number] = 3
				}
				c := env.CreateComponent(t, client.ComponentCreate{Name: "Customer Management" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
					CustomFields: fields})
				providertest.ImportedID(tr, c.ID)
				addr, block = "ardoq_component.customer_management", fmt.Sprintf(`resource "ardoq_component" "customer_management" {
  name           = %q
  root_workspace = "{ws}"
  type_id        = "{app}"
}
`, c.Name)
				kept = func(*terraform.State) error {
					got := env.Component(t, c.ID)
					for k, v := range fields {
						if providertest.HCLValue(t, got.CustomFields[k]) != providertest.HCLValue(t, v) || got.Version != c.Version {
							return fmt.Errorf("the import changed the component: %v (had %v), version %d (was %d)", got.CustomFields, fields,
								got.Version, c.Version)
						}
					}
					return nil
				}
			case "ardoq_reference":
				billing := env.CreateComponent(t, client.ComponentCreate{Name: "Billing" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
				payments := env.CreateComponent(t, client.ComponentCreate{Name: "Payments" + env.Tag, RootWorkspace: env.WS, TypeID: env.ChildType,
					Parent: &billing.ID})
				r := env.CreateReference(t, client.ReferenceCreate{Source: payments.ID, Target: billing.ID, Type: env.RefType, DisplayText: providertest.SP("part of")})
				providertest.ImportedID(tr, r.ID)
				addr, block = "ardoq_reference.payments_part_of_billing", fmt.Sprintf(`resource "ardoq_reference" "payments_part_of_billing" {
  source       = %q
  target       = %q
  type         = {ref}
  display_text = "part of"
}
`, payments.ID, billing.ID)
			}
			env.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_5_0)},
				CheckDestroy:             env.GoneFromOrg, // imported, so destroyed with the rest
				Steps: []resource.TestStep{{
					Config: env.ProviderConfig() + tr.Apply(text) + env.Render(block),
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
func TestAccExamples_dataSources_everyCLI(t *testing.T) {
	dirs, err := os.ReadDir(filepath.Join("..", "..", "examples", "data-sources"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		t.Run(dir.Name(), func(t *testing.T) {
			env := newTestEnv(t)
			env.Parallel(t)
			env.RequireUniqueWorkspaceNames(t)
			text, tr := env.TranslatedExample(t, "data-sources", dir.Name(), "data-source.tf")
			switch dir.Name() {
			case "ardoq_component":
				env.CreateComponent(t, client.ComponentCreate{Name: "Billing" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
				env.CreateComponent(t, client.ComponentCreate{Name: "Customer Management" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
					CustomFields: providertest.WithFields(tr, map[string]any{"external_id": "cap-001" + env.Tag, "maturity": 3})})
				tr.Literal("Billing", "Billing"+env.Tag).Literal("cap-001", "cap-001"+env.Tag)
			case "ardoq_reference":
				billing := env.CreateComponent(t, client.ComponentCreate{Name: "Billing" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
				payments := env.CreateComponent(t, client.ComponentCreate{Name: "Payments" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
				env.CreateReference(t, client.ReferenceCreate{Source: payments.ID, Target: billing.ID, Type: env.RefType, DisplayText: providertest.SP("part of")})
				tr.Literal("CAP-3", payments.ComponentKey).Replace(`\b(type\s*=\s*)10\b`, fmt.Sprintf("${1}%d", env.RefType))
			case "ardoq_report":
				tr.Literal("Applications overview", *env.ReportWithColumns(t).Name)
			case "ardoq_report_run":
				tr.Literal("Capability maturity", *env.ReportWithColumns(t, "name").Name)
			case "ardoq_attachment":
				tr.Literal("logo.png", env.RequireAttachments(t)[0].Filename)
			case "ardoq_attachments":
				all := env.RequireAttachments(t)
				i := slices.IndexFunc(all, func(a client.Attachment) bool { return a.Folder != nil })
				if i < 0 {
					t.Skip("no attachment of the org is in a folder")
				}
				tr.Replace(`(\bfolder\s*=\s*)"[0-9a-f]{24}"`, `${1}"`+*all[i].Folder+`"`)
			}
			env.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				Steps:                    []resource.TestStep{{Config: env.ProviderConfig() + tr.Apply(text), ConfigVariables: env.ExampleConfigVariables()}},
			})
		})
	}
}
