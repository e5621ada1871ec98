package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// The emulator pages by 2 in these tests, so every list below spans several pages.
func TestAccDataSources_lookups(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	parent, _ := env.srv.SeedComponent(emulator.ComponentSeed{Name: "Portal", RootWorkspace: env.ws, TypeID: env.appType,
		CustomFields: map[string]any{"cost": 12, "regions": []string{"eu"}, "critical": true}})
	for _, n := range []string{"M1", "M2", "M3", "M4", "M5"} {
		if _, err := env.srv.SeedComponent(emulator.ComponentSeed{Name: n, RootWorkspace: env.ws, TypeID: env.childType, Parent: &parent.ID,
			CustomFields: map[string]any{"lifecycle": "live"}}); err != nil {
			t.Fatal(err)
		}
	}
	twin := "Twin"
	for range 2 {
		_, _ = env.srv.SeedComponent(emulator.ComponentSeed{Name: twin, RootWorkspace: env.ws, TypeID: env.appType})
	}
	ref, _ := env.srv.SeedReference(emulator.ReferenceSeed{Source: parent.ID, Target: "5eed0000000000000000c001", Type: env.refType, DisplayText: &twin})
	cfg := env.config(`
data "ardoq_me" "me" {}
data "ardoq_workspace" "by_name" { name = "Applications" }
data "ardoq_workspace" "by_id" { id = "{ws2}" }
data "ardoq_workspaces" "all" {}
data "ardoq_workspaces" "shared_model" { component_model = "5eed0000000000000000a001" }
data "ardoq_workspace_context" "ctx" { workspace_id = "{ws}" }
data "ardoq_attachments" "folder" { folder = "5eed0000000000000000f001" }
data "ardoq_attachment" "one" { id = "5eed0000000000000000d003" }
data "ardoq_reports" "all" {}
data "ardoq_report" "by_name" { name = "Applications overview" }
data "ardoq_report_run" "objects" { report_id = data.ardoq_report.by_name.id }
data "ardoq_report_run" "tabular" {
  report_id = data.ardoq_report.by_name.id
  format    = "tabular"
}
data "ardoq_component" "by_id" { id = "` + parent.ID + `" }
data "ardoq_component" "by_number_field" {
  root_workspace       = "{ws}"
  custom_fields_filter = { cost = "12" }
}
data "ardoq_components" "children" {
  parent        = "` + parent.ID + `"
  custom_fields = { lifecycle = "live" }
}
data "ardoq_components" "none" { name = "nothing like this" }
data "ardoq_reference" "by_source" { source = "` + parent.ID + `" }
data "ardoq_references" "into_caps" { target_workspace = "5eed0000000000000000b003" }
`)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			Config: cfg,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ardoq_me.me", tfjsonpath.New("org_label"), knownvalue.StringExact(env.org)),
				statecheck.ExpectKnownValue("data.ardoq_workspace.by_name", tfjsonpath.New("id"), knownvalue.StringExact(env.ws)),
				statecheck.ExpectKnownValue("data.ardoq_workspace.by_name", tfjsonpath.New("views"), knownvalue.ListSizeExact(2)),
				statecheck.ExpectKnownValue("data.ardoq_workspace.by_id", tfjsonpath.New("description"), knownvalue.Null()),
				statecheck.ExpectKnownValue("data.ardoq_workspace.by_id", tfjsonpath.New("views"), knownvalue.Null()),
				statecheck.ExpectKnownValue("data.ardoq_workspaces.all", tfjsonpath.New("workspaces"), knownvalue.ListSizeExact(3)),
				statecheck.ExpectKnownValue("data.ardoq_workspaces.shared_model", tfjsonpath.New("workspaces"), knownvalue.ListSizeExact(2)),
				statecheck.ExpectKnownValue("data.ardoq_workspace_context.ctx", tfjsonpath.New("component_type_ids").AtMapKey("Application"), knownvalue.StringExact(env.appType)),
				statecheck.ExpectKnownValue("data.ardoq_workspace_context.ctx", tfjsonpath.New("reference_type_ids").AtMapKey("Depends on"), knownvalue.Int64Exact(1)),
				statecheck.ExpectKnownValue("data.ardoq_workspace_context.ctx", tfjsonpath.New("component_types").AtSliceIndex(1),
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact("Application Module"), "parent_type_name": knownvalue.StringExact("Application")})),
				statecheck.ExpectKnownValue("data.ardoq_workspace_context.ctx", tfjsonpath.New("tags"), knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("core"), knownvalue.StringExact("customer-facing")})),
				statecheck.ExpectKnownValue("data.ardoq_attachments.folder", tfjsonpath.New("attachments"), knownvalue.ListSizeExact(2)),
				statecheck.ExpectKnownValue("data.ardoq_attachment.one", tfjsonpath.New("resource_type"), knownvalue.StringExact("workspace")),
				statecheck.ExpectKnownValue("data.ardoq_reports.all", tfjsonpath.New("reports"), knownvalue.ListSizeExact(3)),
				statecheck.ExpectKnownValue("data.ardoq_report.by_name", tfjsonpath.New("columns"), knownvalue.ListSizeExact(5)),
				statecheck.ExpectKnownValue("data.ardoq_report_run.objects", tfjsonpath.New("rows"), knownvalue.ListSizeExact(3)),
				statecheck.ExpectKnownValue("data.ardoq_report_run.objects", tfjsonpath.New("rows").AtSliceIndex(0),
					knownvalue.MapExact(map[string]knownvalue.Check{"Name": knownvalue.StringExact("Portal"), "Ardoq ID": knownvalue.StringExact("APP-1"), "Yearly cost": knownvalue.StringExact("12")})),
				statecheck.ExpectKnownValue("data.ardoq_report_run.tabular", tfjsonpath.New("rows").AtSliceIndex(0),
					knownvalue.MapExact(map[string]knownvalue.Check{"name": knownvalue.StringExact("Portal"), "componentKey": knownvalue.StringExact("APP-1"), "cost": knownvalue.StringExact("12")})),
				statecheck.ExpectKnownValue("data.ardoq_report_run.tabular", tfjsonpath.New("rows_json"), knownvalue.StringRegexp(expectErr(`^\[\["Portal","APP-1",null,12,null\],`))),
				statecheck.ExpectKnownValue("data.ardoq_component.by_id", tfjsonpath.New("custom_fields").AtMapKey("regions"), knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("eu")})),
				statecheck.ExpectKnownValue("data.ardoq_component.by_id", tfjsonpath.New("custom_fields").AtMapKey("critical"), knownvalue.Bool(true)),
				statecheck.ExpectKnownValue("data.ardoq_component.by_id", tfjsonpath.New("parent"), knownvalue.Null()),
				statecheck.ExpectKnownValue("data.ardoq_component.by_number_field", tfjsonpath.New("id"), knownvalue.StringExact(parent.ID)),
				statecheck.ExpectKnownValue("data.ardoq_components.children", tfjsonpath.New("ids"), knownvalue.ListSizeExact(5)),
				statecheck.ExpectKnownValue("data.ardoq_components.children", tfjsonpath.New("components").AtSliceIndex(0),
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact("M1"), "custom_fields_json": knownvalue.StringExact(`{"lifecycle":"live"}`), "description": knownvalue.Null()})),
				statecheck.ExpectKnownValue("data.ardoq_components.none", tfjsonpath.New("components"), knownvalue.ListSizeExact(0)),
				statecheck.ExpectKnownValue("data.ardoq_reference.by_source", tfjsonpath.New("id"), knownvalue.StringExact(ref.ID)),
				statecheck.ExpectKnownValue("data.ardoq_reference.by_source", tfjsonpath.New("display_text"), knownvalue.StringExact("Twin")),
				statecheck.ExpectKnownValue("data.ardoq_references.into_caps", tfjsonpath.New("references"), knownvalue.ListSizeExact(2)),
			},
		}},
	})
	// the filters went to the API as query parameters, not filtered after fetching everything
	var sawFilter bool
	for _, r := range env.srv.Requests() {
		if r.Path == "/api/v2/components" && r.Query == "customFields.lifecycle=live&parent="+parent.ID {
			sawFilter = true
		}
	}
	if !sawFilter {
		t.Error("ardoq_components did not send its filters as query parameters")
	}
}

func TestAccDataSources_lookupErrors(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	for range 2 {
		_, _ = env.srv.SeedComponent(emulator.ComponentSeed{Name: "Twin", RootWorkspace: env.ws, TypeID: env.appType})
	}
	cases := map[string]string{
		`data "ardoq_workspace" "x" { name = "Nope" }`: `No Workspace Found(.|\n)*No workspace matches name = "Nope"`,
		`data "ardoq_workspace" "x" {}`:                `(?i)exactly one of`,
		`data "ardoq_workspace" "x" {
  id   = "{ws}"
  name = "Applications"
}`: `(?i)exactly one of`,
		`data "ardoq_component" "x" { name = "Twin" }`:            `Several Components Found(.|\n)*2 components match name = "Twin"`,
		`data "ardoq_component" "x" { name = "Nobody" }`:          `No Component Found`,
		`data "ardoq_report" "x" { name = "Nope" }`:               `No Report Found`,
		`data "ardoq_reference" "x" { display_text = "nothing" }`: `No Reference Found`,
		`data "ardoq_report_run" "x" {
  report_id  = "5eed0000000000000000e001"
  format     = "tabular"
  key_format = "key"
}`: `key_format applies to format = "objects" only`,
		`data "ardoq_report_run" "x" { report_id = "00000000000000000000dead" }`: `Unable to Run Report(.|\n)*HTTP 404`,
	}
	for hcl, want := range cases {
		t.Run(want, func(t *testing.T) {
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				Steps:                    []resource.TestStep{{Config: env.config(hcl), ExpectError: expectErr(want)}},
			})
		})
	}
}
