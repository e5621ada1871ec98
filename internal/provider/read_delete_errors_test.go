package provider

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// A refresh or a delete that Ardoq answers with an error other than 404 fails the run with Ardoq's
// status and message, and keeps the entity in state: only a 404 means it is gone. Once Ardoq answers
// again, the next plan finds nothing to do (after a failed refresh) or the delete goes through. For each
// resource: ardoq_component, ardoq_reference and ardoq_batch.
func TestAccReadAndDeleteErrors(t *testing.T) {
	const pair = `resource "ardoq_component" "a" {
  name           = "Fragile A"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
resource "ardoq_component" "b" {
  name           = "Fragile B"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
`
	resources := []struct {
		name        string
		without     string // the configuration whose plan deletes the resource
		with        string
		addr        string
		read, write emulator.Fault // where its refresh reads and its delete writes
		noun        string         // in the error summaries
		deleted500  string         // what a 500 on the delete says once the provider has read it back
		idAttribute string         // the state attribute holding the id of the entity it manages
		reference   bool           // whether that entity is a reference
	}{
		{
			name: "component", addr: addrC, noun: "Component", without: "",
			with: `resource "ardoq_component" "test" {
  name           = "Fragile"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`,
			read:        emulator.Fault{Method: http.MethodGet, PathPrefix: "/components"},
			write:       emulator.Fault{Method: http.MethodDelete, PathPrefix: "/components/"},
			deleted500:  `read it back twice, 2s apart: it still exists, so it has not been deleted`,
			idAttribute: "id",
		},
		{
			name: "reference", addr: "ardoq_reference.test", noun: "Reference", without: pair, reference: true,
			with: pair + `resource "ardoq_reference" "test" {
  source = ardoq_component.a.id
  target = ardoq_component.b.id
  type   = {ref}
}`,
			read:        emulator.Fault{Method: http.MethodGet, PathPrefix: "/references"},
			write:       emulator.Fault{Method: http.MethodDelete, PathPrefix: "/references/"},
			deleted500:  `read it back twice, 2s apart: it still exists, so it has not been deleted`,
			idAttribute: "id",
		},
		{
			name: "batch", addr: "ardoq_batch.test", noun: "Batch Items", without: "",
			with: `resource "ardoq_batch" "test" {
  components = {
    a = { name = "Fragile", root_workspace = "{ws}", type_id = "{app}" }
  }
}`,
			read:        emulator.Fault{Method: http.MethodGet, PathPrefix: "/components"},
			write:       emulator.Fault{Method: http.MethodPost, PathPrefix: "/batch", Exact: true},
			deleted500:  `Batch Not Applied(.|\n)*found none of the operations it sent \(1 operation\) in effect(.|\n)*recorded nothing`,
			idAttribute: "computed_components.a.id",
		},
	}
	for _, res := range resources {
		cases := []struct {
			name   string
			fault  emulator.Fault
			delete bool
			want   string
		}{
			{"read 500", with(res.read, 500, "database on fire"), false, `Unable to Read ` + res.noun + `(.|\n)*HTTP 500(.|\n)*database on fire`},
			{"read 403", with(res.read, 403, "no read access"), false,
				`Unable to Read ` + res.noun + `(.|\n)*HTTP 403(.|\n)*no read access(.|\n)*Check the provider's api_token and org`},
			// A 500 may come after Ardoq acted: the provider reads the entity back and finds it still there.
			{"delete 500", with(res.write, 500, "database on fire"), true, res.deleted500},
			{"delete 403", with(res.write, 403, "no delete access"), true,
				`Unable to Delete ` + res.noun + `(.|\n)*HTTP 403(.|\n)*no delete access(.|\n)*Check the provider's api_token and org`},
		}
		for _, tc := range cases {
			t.Run(res.name+" "+tc.name, func(t *testing.T) {
				env := newTestEnv(t)
				env.RequireEmulator(t, "fault injection")
				withIt := env.Config(res.with)
				failing := withIt // a refresh fails on the plan of the same configuration
				if tc.delete {
					failing = env.Config(res.without) // a delete fails on the plan without it
				}
				var id string
				resource.ParallelTest(t, resource.TestCase{
					ProtoV6ProviderFactories: testAccProviders,
					CheckDestroy:             env.OrgUnchanged(t),
					Steps: []resource.TestStep{
						{Config: withIt, Check: func(s *terraform.State) error {
							id = s.RootModule().Resources[res.addr].Primary.Attributes[res.idAttribute]
							return nil
						}},
						{PreConfig: func() { env.Srv.Inject(tc.fault) }, Config: failing, ExpectError: providertest.ExpectErr(tc.want)},
						{
							PreConfig: env.Srv.ClearFaults,
							Config:    withIt,
							ConfigPlanChecks: resource.ConfigPlanChecks{
								PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
							},
							Check: func(*terraform.State) error {
								there := func() bool { _, ok := env.Srv.Component(id); return ok }
								if res.reference {
									there = func() bool { _, ok := env.Srv.Reference(id); return ok }
								}
								if !there() {
									return fmt.Errorf("%s %s is gone from the org", res.name, id)
								}
								return nil
							},
						},
					},
				})
			})
		}
	}
}

// with is the fault f answering status and message to every matching request, retries and look-ups
// included, until cleared.
func with(f emulator.Fault, status int, message string) emulator.Fault {
	f.Status, f.Message, f.Times = status, message, 100
	return f
}

// The emulator refuses a batch over its -max-batch-ops with 413; the plan's dry run already says so.
func TestAccBatchResource_refusedForSize(t *testing.T) {
	env := newTestEnv(t, emulator.WithMaxBatchOperations(1))
	env.RequireEmulator(t, "batch-size limit (Ardoq documents none)")
	before, _ := env.Srv.Counts()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			Config: env.Config(`resource "ardoq_batch" "test" {
  components = {
    a = { name = "A", root_workspace = "{ws}", type_id = "{app}" }
    b = { name = "B", root_workspace = "{ws}", type_id = "{app}" }
  }
}`),
			ExpectError: providertest.ExpectErr(`HTTP 413(.|\n)*refused the batch for its size(.|\n)*Split the items among several ardoq_batch resources`),
		}},
	})
	if n, _ := env.Srv.Counts(); n != before {
		t.Errorf("a refused batch changed the org: %d components", n)
	}
}
