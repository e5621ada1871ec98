package provider

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// Every example is applied, so a broken example fails the tests: as written against the emulator's
// org, translated for any other (see providertest/examples.go).

func TestAccExamples_resources_everyCLI_everyOrg(t *testing.T) {
	for _, typ := range []string{"ardoq_component", "ardoq_reference", "ardoq_batch"} {
		t.Run(typ, func(t *testing.T) {
			env := newTestEnv(t)
			env.RequireUniqueWorkspaceNames(t)
			text, tr := env.TranslatedExample(t, "resources", typ, "resource.tf")
			t.Logf("%s with %s", typ, tr)
			cfg, vars := env.ProviderConfig()+tr.Apply(t, text), env.ExampleConfigVariables()
			env.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				CheckDestroy:             env.OrgUnchanged(t),
				Steps: []resource.TestStep{
					{Config: cfg, ConfigVariables: vars},
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
					Config: env.ProviderConfig() + tr.Apply(t, text) + env.Render(block),
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
// example says) or found in the org (reports, attachments). They are applied together, each a module of
// one configuration, in one run of the CLI: a subtest per example translates it (or skips it, saying
// why, when the org has nothing for it to find), then the test makes what they look up and applies.
func TestAccExamples_dataSources_everyCLI_everyOrg(t *testing.T) {
	dirs, err := os.ReadDir(filepath.Join("..", "..", "examples", "data-sources"))
	if err != nil {
		t.Fatal(err)
	}
	env := newTestEnv(t)
	env.Parallel(t)
	env.RequireUniqueWorkspaceNames(t)
	run := providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"])
	translated := map[string]*providertest.ExampleTranslation{}
	texts := map[string]string{}
	for _, dir := range dirs {
		name := dir.Name()
		t.Run(name, func(t *testing.T) {
			text, tr := env.TranslatedExample(t, "data-sources", name, "data-source.tf")
			switch name {
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
				tr.Set("data", "folder", entity.OIDPattern.MatchString, *all[i].Folder)
			}
			translated[name], texts[name] = tr, text
		})
	}
	// What the component and reference examples look up, made by this test (not a subtest, whose end
	// would delete them): one "Billing" for both.
	billing := env.CreateComponent(t, client.ComponentCreate{Name: "Billing" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
	if tr := translated["ardoq_component"]; tr != nil {
		env.CreateComponent(t, client.ComponentCreate{Name: "Customer Management" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
			CustomFields: providertest.WithFields(tr, map[string]any{"external_id": "cap-001" + env.Tag, "maturity": 3})})
		tr.Literal("Billing", billing.Name).Literal("cap-001", "cap-001"+env.Tag)
	}
	if tr := translated["ardoq_reference"]; tr != nil {
		payments := env.CreateComponent(t, client.ComponentCreate{Name: "Payments" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
		env.CreateReference(t, client.ReferenceCreate{Source: payments.ID, Target: billing.ID, Type: env.RefType, DisplayText: providertest.SP("part of")})
		tr.Literal("CAP-3", payments.ComponentKey).Set("data", "type", func(old string) bool { return old == "10" }, env.RefType)
	}
	root := env.ServedProvider() + exampleVariableBlocks(env)
	for _, name := range slices.Sorted(maps.Keys(translated)) {
		text := translated[name].Apply(t, texts[name])
		if err := os.Mkdir(filepath.Join(run.Dir, name), 0o700); err != nil {
			t.Fatal(err)
		}
		run.Write(filepath.Join(name, "main.tf"), text)
		run.Write(filepath.Join(name, "versions.tf"), providertest.CLIProvider[:strings.Index(providertest.CLIProvider, "provider ")])
		root += fmt.Sprintf("module %q {\n  source = \"./%s\"\n", name, name)
		for _, v := range providertest.DeclaredVariables(t, text) {
			root += fmt.Sprintf("  %s = var.%s\n", v, v)
		}
		root += "}\n"
	}
	run.Write("main.tf", root)
	run.Write("terraform.tfvars.json", env.ExampleTFVars(t))
	for _, args := range [][]string{{"init"}, {"apply", "-auto-approve"}, {"plan", "-detailed-exitcode"}} {
		if out, code := run.Run(args...); code != 0 {
			t.Fatalf("terraform %s of the %d data-source examples (exit %d):\n%s", args[0], len(translated), code, out)
		}
	}
}

// exampleVariableBlocks declares the variables the examples take, set by ExampleTFVars.
func exampleVariableBlocks(env *testEnv) string {
	var out string
	for _, name := range slices.Sorted(maps.Keys(env.ExampleVariables())) {
		out += fmt.Sprintf("variable %q {\n  type = string\n}\n", name)
	}
	return out
}
