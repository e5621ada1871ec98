package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// One acceptance test per data source. Each compares what the data source says with what the API says
// through the client, or with what the test made itself, so it holds against any org. The emulator
// pages by 2 in these tests, so every list spans several pages.

// knownStringOrNull is the check for an optional string attribute.
func knownStringOrNull(s *string) knownvalue.Check {
	if s == nil {
		return knownvalue.Null()
	}
	return knownvalue.StringExact(*s)
}

// knownStringsOrNull is the check for an optional list of strings.
func knownStringsOrNull(list []string) knownvalue.Check {
	if list == nil {
		return knownvalue.Null()
	}
	checks := make([]knownvalue.Check, 0, len(list))
	for _, s := range list {
		checks = append(checks, knownvalue.StringExact(s))
	}
	return knownvalue.ListExact(checks)
}

func TestAccMeDataSource_basic(t *testing.T) {
	env := newTestEnv(t)
	me, err := env.client.Me(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	checks := []statecheck.StateCheck{
		statecheck.ExpectKnownValue("data.ardoq_me.me", tfjsonpath.New("email"), knownvalue.StringExact(me.User.Email)),
		statecheck.ExpectKnownValue("data.ardoq_me.me", tfjsonpath.New("org_name"), knownvalue.StringExact(me.Org.Name)),
		statecheck.ExpectKnownValue("data.ardoq_me.me", tfjsonpath.New("org_label"), knownvalue.StringExact(me.Org.Label)),
	}
	if env.org != "" {
		checks = append(checks, statecheck.ExpectKnownValue("data.ardoq_me.me", tfjsonpath.New("org_label"), knownvalue.StringExact(env.org)))
	}
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps:                    []resource.TestStep{{Config: env.config(`data "ardoq_me" "me" {}`), ConfigStateChecks: checks}},
	})
}

func TestAccWorkspaceDataSource_lookups(t *testing.T) {
	env := newTestEnv(t)
	ws, ws2 := env.workspace, env.workspace2
	sameName, err := env.client.ListWorkspaces(context.Background(), client.WorkspaceFilter{Name: ws.Name})
	if err != nil {
		t.Fatal(err)
	}
	config := `data "ardoq_workspace" "by_id" { id = "{ws2}" }`
	checks := []statecheck.StateCheck{
		statecheck.ExpectKnownValue("data.ardoq_workspace.by_id", tfjsonpath.New("name"), knownvalue.StringExact(ws2.Name)),
		statecheck.ExpectKnownValue("data.ardoq_workspace.by_id", tfjsonpath.New("description"), knownStringOrNull(ws2.Description)),
		statecheck.ExpectKnownValue("data.ardoq_workspace.by_id", tfjsonpath.New("views"), knownStringsOrNull(ws2.Views)),
		statecheck.ExpectKnownValue("data.ardoq_workspace.by_id", tfjsonpath.New("workspace_key"), knownvalue.StringExact(ws2.WorkspaceKey)),
	}
	if len(sameName) == 1 {
		config += fmt.Sprintf("\ndata \"ardoq_workspace\" \"by_name\" { name = %q }", ws.Name)
		checks = append(checks,
			statecheck.ExpectKnownValue("data.ardoq_workspace.by_name", tfjsonpath.New("id"), knownvalue.StringExact(ws.ID)),
			statecheck.ExpectKnownValue("data.ardoq_workspace.by_name", tfjsonpath.New("views"), knownStringsOrNull(ws.Views)),
			statecheck.ExpectKnownValue("data.ardoq_workspace.by_name", tfjsonpath.New("start_view"), knownStringOrNull(ws.StartView)))
	} else {
		t.Logf("%d workspaces are named %q: the lookup by name is not covered here", len(sameName), ws.Name)
	}
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{ // the last step's configuration is destroyed with: a valid one
			{Config: env.config(`data "ardoq_workspace" "x" { name = "No such workspace{tag}" }`),
				ExpectError: expectErr(`No Workspace Found(.|\n)*"No such workspace` + env.tag + `"`)},
			{Config: env.config(`data "ardoq_workspace" "x" {}`), ExpectError: expectErr(`(?i)exactly one of`)},
			{Config: env.config(`data "ardoq_workspace" "x" {
  id   = "{ws}"
  name = "Anything"
}`), ExpectError: expectErr(`(?i)exactly one of`)},
			{Config: env.config(config), ConfigStateChecks: checks},
		},
	})
}

func TestAccWorkspacesDataSource_filters(t *testing.T) {
	env := newTestEnv(t)
	ctx := context.Background()
	all, err := env.client.ListWorkspaces(ctx, client.WorkspaceFilter{})
	if err != nil {
		t.Fatal(err)
	}
	named, err := env.client.ListWorkspaces(ctx, client.WorkspaceFilter{Name: env.workspace.Name})
	if err != nil {
		t.Fatal(err)
	}
	config := fmt.Sprintf("data \"ardoq_workspaces\" \"all\" {}\ndata \"ardoq_workspaces\" \"named\" { name = %q }\n", env.workspace.Name)
	checks := []statecheck.StateCheck{
		statecheck.ExpectKnownValue("data.ardoq_workspaces.all", tfjsonpath.New("workspaces"), knownvalue.ListSizeExact(len(all))),
		statecheck.ExpectKnownValue("data.ardoq_workspaces.named", tfjsonpath.New("workspaces"), knownvalue.ListSizeExact(len(named))),
		statecheck.ExpectKnownValue("data.ardoq_workspaces.named", tfjsonpath.New("workspaces"),
			knownvalue.SetPartial([]knownvalue.Check{knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(env.ws)})})),
	}
	if env.componentModel != "" {
		shared, err := env.client.ListWorkspaces(ctx, client.WorkspaceFilter{ComponentModel: env.componentModel})
		if err != nil {
			t.Fatal(err)
		}
		if env.ws2 != env.ws && len(shared) < 2 {
			t.Fatalf("workspaces %s and %s share model %s, but listing by it finds %d", env.ws, env.ws2, env.componentModel, len(shared))
		}
		config += fmt.Sprintf("data \"ardoq_workspaces\" \"shared_model\" { component_model = %q }\n", env.componentModel)
		checks = append(checks, statecheck.ExpectKnownValue("data.ardoq_workspaces.shared_model", tfjsonpath.New("workspaces"), knownvalue.ListSizeExact(len(shared))))
	} else {
		t.Log("the API's workspace does not say its componentModel: the component_model filter is not covered here")
	}
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps:                    []resource.TestStep{{Config: env.config(config), ConfigStateChecks: checks}},
	})
}

func TestAccWorkspaceContextDataSource_basic(t *testing.T) {
	env := newTestEnv(t)
	const addr = "data.ardoq_workspace_context.ctx"
	tags := make([]knownvalue.Check, 0, len(env.wctx.Tags))
	for _, tag := range env.wctx.Tags {
		tags = append(tags, knownvalue.StringExact(tag.Name))
	}
	checks := []statecheck.StateCheck{
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("component_type_ids").AtMapKey(env.app.Name), knownvalue.StringExact(env.appType)),
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("reference_type_ids").AtMapKey(env.ref.Name), knownvalue.Int64Exact(env.refType)),
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("component_types"), knownvalue.ListSizeExact(len(env.wctx.ComponentTypes))),
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("custom_fields"), knownvalue.ListSizeExact(len(env.wctx.CustomFields))),
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("tags"), knownvalue.ListExact(tags)),
	}
	if env.child.TypeID != env.app.TypeID {
		i := slices.IndexFunc(env.wctx.ComponentTypes, func(ct client.ComponentType) bool { return ct.TypeID == env.childType })
		checks = append(checks, statecheck.ExpectKnownValue(addr, tfjsonpath.New("component_types").AtSliceIndex(i),
			knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact(env.child.Name), "parent_type_name": knownvalue.StringExact(env.app.Name)})))
	}
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps:                    []resource.TestStep{{Config: env.config(`data "ardoq_workspace_context" "ctx" { workspace_id = "{ws}" }`), ConfigStateChecks: checks}},
	})
}

// requireAttachments returns the org's attachments, skipping the test when it has none.
func (e *testEnv) requireAttachments(t *testing.T) []client.Attachment {
	t.Helper()
	all, err := e.client.ListAttachments(context.Background(), client.AttachmentFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) == 0 {
		t.Skip("the org has no attachments (the API cannot upload them)")
	}
	return all
}

func TestAccAttachmentsDataSource_filters(t *testing.T) {
	env := newTestEnv(t)
	all := env.requireAttachments(t)
	ctx := context.Background()
	named, err := env.client.ListAttachments(ctx, client.AttachmentFilter{Filename: all[0].Filename})
	if err != nil {
		t.Fatal(err)
	}
	config := fmt.Sprintf("data \"ardoq_attachments\" \"all\" {}\ndata \"ardoq_attachments\" \"named\" { filename = %q }\n", all[0].Filename)
	checks := []statecheck.StateCheck{
		statecheck.ExpectKnownValue("data.ardoq_attachments.all", tfjsonpath.New("attachments"), knownvalue.ListSizeExact(len(all))),
		statecheck.ExpectKnownValue("data.ardoq_attachments.named", tfjsonpath.New("attachments"), knownvalue.ListSizeExact(len(named))),
	}
	if i := slices.IndexFunc(all, func(a client.Attachment) bool { return a.Folder != nil }); i >= 0 {
		inFolder, err := env.client.ListAttachments(ctx, client.AttachmentFilter{Folder: *all[i].Folder})
		if err != nil {
			t.Fatal(err)
		}
		config += fmt.Sprintf("data \"ardoq_attachments\" \"folder\" { folder = %q }\n", *all[i].Folder)
		checks = append(checks, statecheck.ExpectKnownValue("data.ardoq_attachments.folder", tfjsonpath.New("attachments"), knownvalue.ListSizeExact(len(inFolder))))
	} else {
		t.Log("no attachment of the org is in a folder: the folder filter is not covered here")
	}
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps:                    []resource.TestStep{{Config: env.config(config), ConfigStateChecks: checks}},
	})
}

func TestAccAttachmentDataSource_byID(t *testing.T) {
	env := newTestEnv(t)
	a := env.requireAttachments(t)[0]
	const addr = "data.ardoq_attachment.one"
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			Config: env.config(fmt.Sprintf("data \"ardoq_attachment\" \"one\" { id = %q }", a.ID)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("filename"), knownvalue.StringExact(a.Filename)),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("folder"), knownStringOrNull(a.Folder)),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("resource_type"), knownvalue.StringExact(a.Resource.Type)),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("resource_id"), knownvalue.StringExact(a.Resource.ID)),
			},
		}},
	})
}

// requireReports returns the org's report definitions, skipping the test when it has none.
func (e *testEnv) requireReports(t *testing.T) []client.Report {
	t.Helper()
	all, err := e.client.ListReports(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(all) == 0 {
		t.Skip("the org has no reports (the API cannot create them)")
	}
	return all
}

func TestAccReportsDataSource_basic(t *testing.T) {
	env := newTestEnv(t)
	all := env.requireReports(t)
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			Config: env.config(`data "ardoq_reports" "all" {}`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ardoq_reports.all", tfjsonpath.New("reports"), knownvalue.ListSizeExact(len(all))),
			},
		}},
	})
}

func TestAccReportDataSource_lookups(t *testing.T) {
	env := newTestEnv(t)
	all := env.requireReports(t)
	r := all[0]
	config := fmt.Sprintf("data \"ardoq_report\" \"by_id\" { id = %q }\n", r.ID)
	checks := []statecheck.StateCheck{
		statecheck.ExpectKnownValue("data.ardoq_report.by_id", tfjsonpath.New("name"), knownStringOrNull(r.Name)),
		statecheck.ExpectKnownValue("data.ardoq_report.by_id", tfjsonpath.New("datasource"), knownvalue.StringExact(r.Datasource)),
		statecheck.ExpectKnownValue("data.ardoq_report.by_id", tfjsonpath.New("columns"), knownvalue.ListSizeExact(len(r.Columns))),
	}
	if r.Name != nil {
		if same, err := env.client.ListReports(context.Background(), *r.Name); err == nil && len(same) == 1 {
			config += fmt.Sprintf("data \"ardoq_report\" \"by_name\" { name = %q }\n", *r.Name)
			checks = append(checks, statecheck.ExpectKnownValue("data.ardoq_report.by_name", tfjsonpath.New("id"), knownvalue.StringExact(r.ID)))
		}
	}
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{Config: env.config(config), ConfigStateChecks: checks},
			{Config: env.config(`data "ardoq_report" "x" { name = "No such report{tag}" }`), ExpectError: expectErr(`No Report Found`)},
		},
	})
}

// reportRowCells is a row as ardoq_report_run keys it: strings as they are, other values JSON-encoded,
// missing values left out.
func reportRowCells(t *testing.T, raw json.RawMessage, columns []client.Column) map[string]knownvalue.Check {
	t.Helper()
	cells := map[string]json.RawMessage{}
	if columns != nil {
		var list []json.RawMessage
		if err := json.Unmarshal(raw, &list); err != nil {
			t.Fatal(err)
		}
		for i, c := range list {
			if i < len(columns) {
				cells[columns[i].Key] = c
			}
		}
	} else if err := json.Unmarshal(raw, &cells); err != nil {
		t.Fatal(err)
	}
	out := map[string]knownvalue.Check{}
	for k, c := range cells {
		if string(c) == "null" {
			continue
		}
		var s string
		if json.Unmarshal(c, &s) == nil {
			out[k] = knownvalue.StringExact(s)
		} else {
			out[k] = knownvalue.StringExact(string(c))
		}
	}
	return out
}

// A report run, in both formats and key formats, gives the rows the API gives. A component of the app
// type is made first, so a report over that type has a row to show. Reports are computed from the live
// model, so against a real org this test runs on its own, while no other test writes.
func TestAccReportRunDataSource_formats(t *testing.T) {
	env := newTestEnv(t)
	env.aloneAgainstARealOrg(t)
	all := env.requireReports(t)
	fields := client.CustomFields{}
	if number := env.field("Number"); number != "" {
		fields[number] = 12
	}
	env.createComponent(t, client.ComponentCreate{Name: "Portal" + env.tag, RootWorkspace: env.ws, TypeID: env.appType, CustomFields: fields})
	ctx := context.Background()
	report := all[0]
	var objects, byKey, tabular *client.ReportRun
	for _, r := range all { // the first report with rows, if any has
		run, err := env.client.RunReportObjects(ctx, r.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if objects == nil || (len(objects.Rows) == 0 && len(run.Rows) > 0) {
			report, objects = r, run
		}
	}
	var err error
	if byKey, err = env.client.RunReportObjects(ctx, report.ID, "key"); err != nil {
		t.Fatal(err)
	}
	if tabular, err = env.client.RunReportTabular(ctx, report.ID); err != nil {
		t.Fatal(err)
	}
	rowsJSON := make([]string, len(tabular.Rows))
	for i, r := range tabular.Rows {
		rowsJSON[i] = string(r)
	}
	checks := []statecheck.StateCheck{
		statecheck.ExpectKnownValue("data.ardoq_report_run.objects", tfjsonpath.New("rows"), knownvalue.ListSizeExact(len(objects.Rows))),
		statecheck.ExpectKnownValue("data.ardoq_report_run.objects", tfjsonpath.New("columns"), knownvalue.ListSizeExact(len(objects.Columns))),
		statecheck.ExpectKnownValue("data.ardoq_report_run.by_key", tfjsonpath.New("rows"), knownvalue.ListSizeExact(len(byKey.Rows))),
		statecheck.ExpectKnownValue("data.ardoq_report_run.tabular", tfjsonpath.New("rows"), knownvalue.ListSizeExact(len(tabular.Rows))),
		statecheck.ExpectKnownValue("data.ardoq_report_run.tabular", tfjsonpath.New("rows_json"), knownvalue.StringExact("["+strings.Join(rowsJSON, ",")+"]")),
	}
	if len(objects.Rows) > 0 {
		checks = append(checks,
			statecheck.ExpectKnownValue("data.ardoq_report_run.objects", tfjsonpath.New("rows").AtSliceIndex(0), knownvalue.MapExact(reportRowCells(t, objects.Rows[0], nil))),
			statecheck.ExpectKnownValue("data.ardoq_report_run.by_key", tfjsonpath.New("rows").AtSliceIndex(0), knownvalue.MapExact(reportRowCells(t, byKey.Rows[0], nil))),
			statecheck.ExpectKnownValue("data.ardoq_report_run.tabular", tfjsonpath.New("rows").AtSliceIndex(0), knownvalue.MapExact(reportRowCells(t, tabular.Rows[0], tabular.Columns))))
	} else {
		t.Log("no report of the org has rows: row contents are not covered here")
	}
	env.test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{ // the last step's configuration is destroyed with: a valid one
			{Config: env.config(fmt.Sprintf(`data "ardoq_report_run" "x" {
  report_id  = %q
  format     = "tabular"
  key_format = "key"
}`, report.ID)), ExpectError: expectErr(`key_format applies to format = "objects" only`)},
			{Config: env.config(`data "ardoq_report_run" "x" { report_id = "00000000000000000000dead" }`), ExpectError: expectErr(`Unable to Run Report(.|\n)*HTTP 404`)},
			{
				Config: env.config(fmt.Sprintf(`
data "ardoq_report_run" "objects" { report_id = %[1]q }
data "ardoq_report_run" "by_key" {
  report_id  = %[1]q
  key_format = "key"
}
data "ardoq_report_run" "tabular" {
  report_id = %[1]q
  format    = "tabular"
}`, report.ID)),
				ConfigStateChecks: checks,
			},
		},
	})
}

// portal makes a component of the app type with a number, a checkbox and a multi-select value (those the
// type allows), and returns it with the custom fields it was given.
func (e *testEnv) portal(t *testing.T) (*client.Component, client.CustomFields) {
	t.Helper()
	fields := client.CustomFields{}
	if number := e.field("Number"); number != "" {
		fields[number] = 12
	}
	if checkbox := e.field("Checkbox"); checkbox != "" {
		fields[checkbox] = true
	}
	if multi := e.field("SelectMultipleList"); multi != "" && len(e.fields[multi].Options) > 0 {
		fields[multi] = []string{e.fields[multi].Options[0]}
	}
	return e.createComponent(t, client.ComponentCreate{Name: "Portal" + e.tag, RootWorkspace: e.ws, TypeID: e.appType, CustomFields: fields}), fields
}

func TestAccComponentDataSource_lookups(t *testing.T) {
	env := newTestEnv(t)
	env.parallel(t)
	parent, fields := env.portal(t)
	for range 2 {
		env.createComponent(t, client.ComponentCreate{Name: "Twin" + env.tag, RootWorkspace: env.ws, TypeID: env.appType})
	}
	const byID = "data.ardoq_component.by_id"
	config := fmt.Sprintf(`
data "ardoq_component" "by_id" { id = %[1]q }
data "ardoq_component" "by_key" { component_key = %[2]q }
`, parent.ID, parent.ComponentKey)
	checks := []statecheck.StateCheck{
		statecheck.ExpectKnownValue(byID, tfjsonpath.New("name"), knownvalue.StringExact(parent.Name)),
		statecheck.ExpectKnownValue(byID, tfjsonpath.New("parent"), knownvalue.Null()),
		statecheck.ExpectKnownValue(byID, tfjsonpath.New("type_name"), knownvalue.StringExact(env.app.Name)),
		statecheck.ExpectKnownValue("data.ardoq_component.by_key", tfjsonpath.New("id"), knownvalue.StringExact(parent.ID)),
	}
	for k, v := range fields {
		var check knownvalue.Check
		switch v := v.(type) {
		case int:
			check = knownvalue.Int64Exact(int64(v))
			// the filter's value is interpreted by the field's type: "12" matches the number 12
			config += fmt.Sprintf(`data "ardoq_component" "by_number_field" {
  root_workspace       = "{ws}"
  name                 = %q
  custom_fields_filter = { %s = "12" }
}
`, parent.Name, k)
			checks = append(checks, statecheck.ExpectKnownValue("data.ardoq_component.by_number_field", tfjsonpath.New("id"), knownvalue.StringExact(parent.ID)))
		case bool:
			check = knownvalue.Bool(v)
		case []string:
			check = knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact(v[0])})
		}
		checks = append(checks, statecheck.ExpectKnownValue(byID, tfjsonpath.New("custom_fields").AtMapKey(k), check))
	}
	env.test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{Config: env.config(config), ConfigStateChecks: checks},
			{Config: env.config(`data "ardoq_component" "x" {
  root_workspace = "{ws}"
  name           = "Twin{tag}"
}`), ExpectError: expectErr(`Several Components Found(.|\n)*2 components match`)},
			{Config: env.config(`data "ardoq_component" "x" { name = "Nobody{tag}" }`), ExpectError: expectErr(`No Component Found`)},
		},
	})
}

func TestAccComponentsDataSource_filters(t *testing.T) {
	env := newTestEnv(t)
	env.parallel(t)
	parent, _ := env.portal(t)
	list, option := env.field("List"), ""
	childFields := client.CustomFields{}
	if list != "" && slices.Contains(env.child.CustomFields, list) {
		option = env.fields[list].Options[0]
		childFields[list] = option
	} else {
		t.Logf("type %q allows no List field: the custom field filter is not covered here", env.child.Name)
	}
	for _, n := range []string{"M1", "M2", "M3", "M4", "M5"} {
		env.createComponent(t, client.ComponentCreate{Name: n, RootWorkspace: env.ws, TypeID: env.childType, Parent: &parent.ID, CustomFields: childFields})
	}
	filter, fieldsJSON := "", "{}"
	if option != "" {
		filter = fmt.Sprintf("custom_fields = { %s = %q }", list, option)
		b, _ := json.Marshal(childFields)
		fieldsJSON = string(b)
	}
	const children = "data.ardoq_components.children"
	env.test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			PreConfig: env.resetRequests,
			Config: env.config(fmt.Sprintf(`
data "ardoq_components" "children" {
  parent = %q
  %s
}
data "ardoq_components" "none" { name = "Nothing like this{tag}" }
`, parent.ID, filter)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(children, tfjsonpath.New("ids"), knownvalue.ListSizeExact(5)),
				statecheck.ExpectKnownValue(children, tfjsonpath.New("components"), knownvalue.SetPartial([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact("M1"), "parent": knownvalue.StringExact(parent.ID),
						"type_id": knownvalue.StringExact(env.childType), "description": knownvalue.Null(), "custom_fields_json": knownvalue.StringExact(fieldsJSON),
						"created": knownvalue.NotNull(), "last_updated": knownvalue.NotNull()}),
				})),
				statecheck.ExpectKnownValue("data.ardoq_components.none", tfjsonpath.New("components"), knownvalue.ListSizeExact(0)),
			},
		}},
	})
	// the filters went to the API as query parameters, not filtered after fetching everything (the
	// emulator's request log shows it)
	if env.srv != nil && option != "" {
		want := url.Values{"customFields." + list: {option}, "parent": {parent.ID}}.Encode()
		if !slices.ContainsFunc(env.srv.Requests(), func(r emulator.Request) bool { return r.Path == "/api/v2/components" && r.Query == want }) {
			t.Errorf("ardoq_components did not send its filters as query parameters (%s)", want)
		}
	}
}

// twoReferences makes a and b in the first workspace and c in the second, and references a -> c and
// b -> c with one display text, and returns them.
func (e *testEnv) twoReferences(t *testing.T) (a *client.Component, refs []*client.Reference, text string) {
	t.Helper()
	a = e.createComponent(t, client.ComponentCreate{Name: "Source A" + e.tag, RootWorkspace: e.ws, TypeID: e.appType})
	b := e.createComponent(t, client.ComponentCreate{Name: "Source B" + e.tag, RootWorkspace: e.ws, TypeID: e.appType})
	c := e.createComponent(t, client.ComponentCreate{Name: "Target C" + e.tag, RootWorkspace: e.ws2, TypeID: e.appType})
	text = "into the second workspace" + e.tag
	for _, src := range []*client.Component{a, b} {
		refs = append(refs, e.createReference(t, client.ReferenceCreate{Source: src.ID, Target: c.ID, Type: e.refType, DisplayText: &text}))
	}
	return a, refs, text
}

func TestAccReferenceDataSource_lookups(t *testing.T) {
	env := newTestEnv(t)
	env.parallel(t)
	a, refs, text := env.twoReferences(t)
	const addr = "data.ardoq_reference.by_source"
	env.test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{
				Config: env.config(fmt.Sprintf(`
data "ardoq_reference" "by_source" { source = %q }
data "ardoq_reference" "by_id" { id = %q }`, a.ID, refs[1].ID)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact(refs[0].ID)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("display_text"), knownvalue.StringExact(text)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("type"), knownvalue.Int64Exact(env.refType)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("target_workspace"), knownvalue.StringExact(env.ws2)),
					statecheck.ExpectKnownValue("data.ardoq_reference.by_id", tfjsonpath.New("source"), knownvalue.StringExact(refs[1].Source)),
				},
			},
			{Config: env.config(fmt.Sprintf(`data "ardoq_reference" "x" { display_text = %q }`, text)), ExpectError: expectErr(`Several References Found|2 references match`)},
			{Config: env.config(`data "ardoq_reference" "x" { display_text = "Nothing{tag}" }`), ExpectError: expectErr(`No Reference Found`)},
		},
	})
}

func TestAccReferencesDataSource_filters(t *testing.T) {
	env := newTestEnv(t)
	env.parallel(t)
	a, _, text := env.twoReferences(t)
	env.test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			Config: env.config(fmt.Sprintf(`
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
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"root_workspace": knownvalue.StringExact(env.ws), "target_workspace": knownvalue.StringExact(env.ws2),
						"display_text": knownvalue.StringExact(text), "type": knownvalue.Int64Exact(env.refType), "created": knownvalue.NotNull()})),
				statecheck.ExpectKnownValue("data.ardoq_references.none", tfjsonpath.New("ids"), knownvalue.ListSizeExact(0)),
			},
		}},
	})
}
