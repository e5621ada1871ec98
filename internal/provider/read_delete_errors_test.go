package provider

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// A refresh or a delete that Ardoq answers with an error other than 404 fails the run with Ardoq's
// status and message, and keeps the component in state: only a 404 means it is gone. Once Ardoq answers
// again, the next plan finds nothing to do (after a failed refresh) or the delete goes through.
func TestAccComponentResource_readAndDeleteErrors(t *testing.T) {
	cases := []struct {
		name   string
		fault  emulator.Fault
		delete bool
		want   string
	}{
		{"read 500", emulator.Fault{Method: http.MethodGet, PathPrefix: "/components", Status: 500, Message: "database on fire"},
			false, `Unable to Read Component(.|\n)*HTTP 500(.|\n)*database on fire`},
		{"read 403", emulator.Fault{Method: http.MethodGet, PathPrefix: "/components", Status: 403, Message: "no read access"},
			false, `Unable to Read Component(.|\n)*HTTP 403(.|\n)*no read access(.|\n)*Check the provider's api_token and org`},
		// A 500 may come after Ardoq acted: the provider reads the component back and finds it still there.
		{"delete 500", emulator.Fault{Method: http.MethodDelete, PathPrefix: "/components/", Status: 500, Message: "database on fire"},
			true, `Unable to Delete Component(.|\n)*HTTP 500(.|\n)*read it back: it still exists, so it was not deleted`},
		{"delete 403", emulator.Fault{Method: http.MethodDelete, PathPrefix: "/components/", Status: 403, Message: "no delete access"},
			true, `Unable to Delete Component(.|\n)*HTTP 403(.|\n)*no delete access(.|\n)*Check the provider's api_token and org`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := newTestEnv(t)
			env.requireEmulator(t)
			withComponent := env.config(`resource "ardoq_component" "test" {
  name           = "Fragile"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`)
			failing := withComponent // a refresh fails on the plan of the same configuration
			if tc.delete {
				failing = env.config("") // a delete fails on the plan without the component
			}
			var id string
			fault := tc.fault
			fault.Times = 100 // every matching request, retries and look-ups included, until cleared
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				CheckDestroy:             env.orgUnchanged(t),
				Steps: []resource.TestStep{
					{Config: withComponent, Check: captureID(addrC, &id)},
					{PreConfig: func() { env.srv.Inject(fault) }, Config: failing, ExpectError: expectErr(tc.want)},
					{
						PreConfig: env.srv.ClearFaults,
						Config:    withComponent,
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
						},
						Check: func(*terraform.State) error {
							if _, ok := env.srv.Component(id); !ok {
								return fmt.Errorf("component %s is gone from the org", id)
							}
							return nil
						},
					},
				},
			})
		})
	}
}

// A batch the server refuses for its size (413) says what to do about it, and an error message that
// names no operation (Ardoq documents no message format) goes on the resource whole, not on an item.
func TestAddBatchError_unmappedMessages(t *testing.T) {
	keys := batchOpKeys{componentCreates: []string{"a", "b"}}
	cases := []struct {
		name string
		err  *client.APIError
		want []string
	}{
		{"too large", &client.APIError{Method: "POST", Path: "/api/v2/batch", StatusCode: 413, Message: "<html>413 Request Entity Too Large</html>"},
			[]string{"HTTP 413", "413 Request Entity Too Large", "refused the batch for its size", "Split the items among several ardoq_batch resources"}},
		{"message in another format", &client.APIError{Method: "POST", Path: "/api/v2/batch", StatusCode: 400, Message: "Validation failed for operation 1 of components/create"},
			[]string{"HTTP 400", "Validation failed for operation 1 of components/create", "nothing was changed"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var diags diag.Diagnostics
			addBatchError(&diags, "Batch Failed", tc.err, keys)
			if len(diags) != 1 {
				t.Fatalf("%d diagnostics: %v", len(diags), diags)
			}
			if _, onItem := diags[0].(diag.DiagnosticWithPath); onItem {
				t.Errorf("an unmapped message went on an item: %v", diags[0])
			}
			for _, w := range tc.want {
				if !strings.Contains(diags[0].Detail(), w) {
					t.Errorf("detail lacks %q: %s", w, diags[0].Detail())
				}
			}
		})
	}
}

// The emulator refuses a batch over its -max-batch-ops with 413; the plan's dry run already says so.
func TestAccBatchResource_refusedForSize(t *testing.T) {
	env := newTestEnv(t, emulator.WithMaxBatchOperations(1))
	env.requireEmulator(t)
	before, _ := env.srv.Counts()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			Config: env.config(`resource "ardoq_batch" "test" {
  components = {
    a = { name = "A", root_workspace = "{ws}", type_id = "{app}" }
    b = { name = "B", root_workspace = "{ws}", type_id = "{app}" }
  }
}`),
			ExpectError: expectErr(`HTTP 413(.|\n)*refused the batch for its size(.|\n)*Split the items among several ardoq_batch resources`),
		}},
	})
	if n, _ := env.srv.Counts(); n != before {
		t.Errorf("a refused batch changed the org: %d components", n)
	}
}
