package datasources_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

func TestAccReportsDataSource_basic_everyOrg(t *testing.T) {
	env := newTestEnv(t)
	all := env.RequireReports(t)
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			Config: env.Config(`data "ardoq_reports" "all" {}`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ardoq_reports.all", tfjsonpath.New("reports"), knownvalue.ListSizeExact(len(all))),
			},
		}},
	})
}

func TestAccReportDataSource_lookups_everyOrg(t *testing.T) {
	env := newTestEnv(t)
	all := env.RequireReports(t)
	r := all[0]
	config := fmt.Sprintf("data \"ardoq_report\" \"by_id\" { id = %q }\n", r.ID)
	checks := []statecheck.StateCheck{
		statecheck.ExpectKnownValue("data.ardoq_report.by_id", tfjsonpath.New("name"), knownStringOrNull(r.Name)),
		statecheck.ExpectKnownValue("data.ardoq_report.by_id", tfjsonpath.New("datasource"), knownvalue.StringExact(r.Datasource)),
		statecheck.ExpectKnownValue("data.ardoq_report.by_id", tfjsonpath.New("columns"), knownvalue.ListSizeExact(len(r.Columns))),
	}
	if r.Name != nil {
		if same, err := env.Client.ListReports(context.Background(), *r.Name); err == nil && len(same) == 1 {
			config += fmt.Sprintf("data \"ardoq_report\" \"by_name\" { name = %q }\n", *r.Name)
			checks = append(checks, statecheck.ExpectKnownValue("data.ardoq_report.by_name", tfjsonpath.New("id"), knownvalue.StringExact(r.ID)))
		}
	}
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{Config: env.Config(config), ConfigStateChecks: checks},
			{Config: env.Config(`data "ardoq_report" "x" { name = "No such report{tag}" }`), ExpectError: providertest.ExpectErr(`No Report Found`)},
		},
	})
}
