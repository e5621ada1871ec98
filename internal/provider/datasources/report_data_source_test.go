package provider

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

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
