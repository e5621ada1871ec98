package datasources_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

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
func TestAccReportRunDataSource_formats_everyOrg(t *testing.T) {
	env := newTestEnv(t)
	env.AloneAgainstARealOrg(t)
	all := env.RequireReports(t)
	fields := client.CustomFields{}
	if number := env.Field("Number"); number != "" {
		fields[number] = 12
	}
	env.CreateComponent(t, client.ComponentCreate{Name: "Portal" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType, CustomFields: fields})
	ctx := context.Background()
	report := all[0]
	var objects, byKey, tabular *client.ReportRun
	for _, r := range all { // the first report with rows, if any has
		run, err := env.Client.RunReportObjects(ctx, r.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if objects == nil || (len(objects.Rows) == 0 && len(run.Rows) > 0) {
			report, objects = r, run
		}
	}
	var err error
	if byKey, err = env.Client.RunReportObjects(ctx, report.ID, "key"); err != nil {
		t.Fatal(err)
	}
	if tabular, err = env.Client.RunReportTabular(ctx, report.ID); err != nil {
		t.Fatal(err)
	}
	rowsJSON := make([]string, len(tabular.Rows))
	for i, r := range tabular.Rows {
		rowsJSON[i] = string(r)
	}
	config := env.Config(fmt.Sprintf(`
data "ardoq_report_run" "objects" { report_id = %[1]q }
data "ardoq_report_run" "by_key" {
  report_id  = %[1]q
  key_format = "key"
}
data "ardoq_report_run" "tabular" {
  report_id = %[1]q
  format    = "tabular"
}`, report.ID))
	t.Run("formats", func(t *testing.T) {
		env.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			Steps: []resource.TestStep{ // the last step's configuration is destroyed with: a valid one
				{Config: env.Config(fmt.Sprintf(`data "ardoq_report_run" "x" {
  report_id  = %q
  format     = "tabular"
  key_format = "key"
}`, report.ID)), ExpectError: providertest.ExpectErr(`key_format applies to format = "objects" only`)},
				{Config: env.Config(`data "ardoq_report_run" "x" { report_id = "00000000000000000000dead" }`), ExpectError: providertest.ExpectErr(`Unable to Run Report(.|\n)*HTTP 404`)},
				{
					Config: config,
					ConfigStateChecks: []statecheck.StateCheck{
						statecheck.ExpectKnownValue("data.ardoq_report_run.objects", tfjsonpath.New("rows"), knownvalue.ListSizeExact(len(objects.Rows))),
						statecheck.ExpectKnownValue("data.ardoq_report_run.objects", tfjsonpath.New("columns"), knownvalue.ListSizeExact(len(objects.Columns))),
						statecheck.ExpectKnownValue("data.ardoq_report_run.by_key", tfjsonpath.New("rows"), knownvalue.ListSizeExact(len(byKey.Rows))),
						statecheck.ExpectKnownValue("data.ardoq_report_run.tabular", tfjsonpath.New("rows"), knownvalue.ListSizeExact(len(tabular.Rows))),
						statecheck.ExpectKnownValue("data.ardoq_report_run.tabular", tfjsonpath.New("rows_json"), knownvalue.StringExact("["+strings.Join(rowsJSON, ",")+"]")),
					},
				},
			},
		})
	})
	t.Run("row contents", func(t *testing.T) {
		if len(objects.Rows) == 0 {
			t.Skip("no report of the org has rows")
		}
		env.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			Steps: []resource.TestStep{{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.ardoq_report_run.objects", tfjsonpath.New("rows").AtSliceIndex(0), knownvalue.MapExact(reportRowCells(t, objects.Rows[0], nil))),
					statecheck.ExpectKnownValue("data.ardoq_report_run.by_key", tfjsonpath.New("rows").AtSliceIndex(0), knownvalue.MapExact(reportRowCells(t, byKey.Rows[0], nil))),
					statecheck.ExpectKnownValue("data.ardoq_report_run.tabular", tfjsonpath.New("rows").AtSliceIndex(0), knownvalue.MapExact(reportRowCells(t, tabular.Rows[0], tabular.Columns))),
				},
			}},
		})
	})
}
