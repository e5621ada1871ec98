package provider

import (
	"net/http"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

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
		read, write emulator.Fault // where its refresh reads and its delete writes
		noun        string         // in the error summaries
		deleted500  string         // what a 500 on the delete says once the provider has read it back
	}{
		{
			name: "component", noun: "Component", without: "",
			with: `resource "ardoq_component" "test" {
  name           = "Fragile"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`,
			read:       emulator.Fault{Method: http.MethodGet, PathPrefix: "/components"},
			write:      emulator.Fault{Method: http.MethodDelete, PathPrefix: "/components/"},
			deleted500: `read it back twice, 2s apart: it still exists, so it has not been deleted`,
		},
		{
			name: "reference", noun: "Reference", without: pair,
			with: pair + `resource "ardoq_reference" "test" {
  source = ardoq_component.a.id
  target = ardoq_component.b.id
  type   = {ref}
}`,
			read:       emulator.Fault{Method: http.MethodGet, PathPrefix: "/references"},
			write:      emulator.Fault{Method: http.MethodDelete, PathPrefix: "/references/"},
			deleted500: `read it back twice, 2s apart: it still exists, so it has not been deleted`,
		},
		{
			name: "batch", noun: "Batch Items", without: "",
			with: `resource "ardoq_batch" "test" {
  components = {
    a = { name = "Fragile", root_workspace = "{ws}", type_id = "{app}" }
  }
}`,
			read:       emulator.Fault{Method: http.MethodGet, PathPrefix: "/components"},
			write:      emulator.Fault{Method: http.MethodPost, PathPrefix: "/batch", Exact: true},
			deleted500: `Batch Not Applied(.|\n)*found none of the operations it sent \(1 operation\) in effect(.|\n)*recorded nothing`,
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
			t.Run(res.name+" "+tc.name, func(t *testing.T) { testReadOrDeleteError(t, res.with, res.without, tc.fault, tc.delete, tc.want) })
		}
	}
}

// testReadOrDeleteError applies with, then with the fault injected fails the refresh of with (or the
// delete of the plan without it), saying want; the org is as the first apply left it, and once the fault
// is cleared the plan of with is empty: the entity stayed in state. Each case drives the CLI itself.
func testReadOrDeleteError(t *testing.T, with, without string, fault emulator.Fault, isDelete bool, want string) {
	t.Parallel()
	env := newTestEnv(t)
	env.RequireEmulator(t, "fault injection")
	run := providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"])
	start := orgIDs(env)
	write := func(hcl string) { run.Write("main.tf", env.ServedProvider()+env.Render(hcl)) }
	write(with)
	if out, code := run.Run("apply", "-auto-approve"); code != 0 {
		t.Fatalf("the first apply failed:\n%s", out)
	}
	made := orgIDs(env)
	if isDelete {
		write(without) // a delete fails on the apply without it
	} // a refresh fails on the apply of the same configuration
	env.Srv.Inject(fault)
	out, code := run.Run("apply", "-auto-approve")
	env.Srv.ClearFaults()
	if code == 0 || !providertest.ExpectErr(want).MatchString(out) {
		t.Fatalf("the faulted apply (exit %d) should fail saying %s:\n%s", code, want, out)
	}
	if now := orgIDs(env); !slices.Equal(now, made) {
		t.Fatalf("the failed apply changed the org: %d components and references, %d before it", len(now), len(made))
	}
	write(with)
	if out, code := run.Run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan once Ardoq answers again is not empty (exit %d): the entity left the state\n%s", code, out)
	}
	if out, code := run.Run("destroy", "-auto-approve"); code != 0 {
		t.Fatalf("destroy failed:\n%s", out)
	}
	if now := orgIDs(env); !slices.Equal(now, start) {
		t.Fatalf("after destroy the org's components and references (%d) are not those it had before the test (%d)", len(now), len(start))
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
