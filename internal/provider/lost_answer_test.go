package provider

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// lostAnswerFault is one way an answer gets lost; before is true when Ardoq did not act.
type lostAnswerFault struct {
	name   string
	fault  emulator.Fault
	before bool
}

const gatewayPage = "<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>"

var lostAnswerFaults = []lostAnswerFault{
	{"reset before acting", emulator.Fault{Reset: true}, true},
	{"503 before acting", emulator.Fault{Status: http.StatusServiceUnavailable}, true},
	{"reset after acting", emulator.Fault{AfterActing: true, Reset: true}, false},
	{"timeout after acting", emulator.Fault{AfterActing: true, Hold: 5 * time.Second}, false},
	{"500 after acting", emulator.Fault{AfterActing: true, Status: http.StatusInternalServerError}, false},
	{"502 HTML page after acting", emulator.Fault{AfterActing: true, Status: http.StatusBadGateway, RawBody: gatewayPage}, false},
	{"503 after acting", emulator.Fault{AfterActing: true, Status: http.StatusServiceUnavailable}, false},
	{"504 after acting", emulator.Fault{AfterActing: true, Status: http.StatusGatewayTimeout}, false},
	{"truncated JSON", emulator.Fault{Truncate: true}, false},
}

// lostAnswerCase is a resource kind under test: its configurations before and after the change, the
// request a phase faults, how many entities each configuration manages, and whether its writes are
// unsafe to retry: creates and batches are never sent twice, so a fault before acting fails the run.
type lostAnswerCase struct {
	kind                    string
	setup, before, after    string // setup: what exists before the faulted create (not faulted)
	setupCount, beforeCount int    // components + references managed by setup and before
	afterCount              int
	create, update, destroy emulator.Fault // method and path of the faulted request
}

func lostAnswerCases() []lostAnswerCase {
	endpoints := `resource "ardoq_component" "a" {
  name           = "Source"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
resource "ardoq_component" "b" {
  name           = "Target"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
`
	batch := func(name, extra string) string {
		return `resource "ardoq_batch" "test" {
  components = {
    app = { root_workspace = "{ws}", type_id = "{app}", name = "` + name + `" }
    mod = { root_workspace = "{ws}", type_id = "{child}", name = "Module", parent = "app" }` + extra + `
  }
  references = {
    uses = { source = "app", target = "mod", type = {ref} }
  }
}`
	}
	return []lostAnswerCase{
		{
			kind:   "component",
			before: `resource "ardoq_component" "test" {` + "\n" + `  name = "Lost Answer"` + "\n  root_workspace = \"{ws}\"\n  type_id = \"{app}\"\n}",
			after: `resource "ardoq_component" "test" {` + "\n" + `  name = "Lost Answer 2"` + "\n  description = \"changed\"\n" +
				"  root_workspace = \"{ws}\"\n  type_id = \"{app}\"\n}",
			beforeCount: 1, afterCount: 1,
			create:  emulator.Fault{Method: http.MethodPost, PathPrefix: "/components"},
			update:  emulator.Fault{Method: http.MethodPatch, PathPrefix: "/components/"},
			destroy: emulator.Fault{Method: http.MethodDelete, PathPrefix: "/components/"},
		},
		{
			kind:   "reference",
			setup:  endpoints,
			before: endpoints + "resource \"ardoq_reference\" \"test\" {\n  source = ardoq_component.a.id\n  target = ardoq_component.b.id\n  type = {ref}\n}",
			after: endpoints + "resource \"ardoq_reference\" \"test\" {\n  source = ardoq_component.a.id\n  target = ardoq_component.b.id\n" +
				"  type = {ref}\n  display_text = \"changed\"\n}",
			setupCount: 2, beforeCount: 3, afterCount: 3,
			create:  emulator.Fault{Method: http.MethodPost, PathPrefix: "/references"},
			update:  emulator.Fault{Method: http.MethodPatch, PathPrefix: "/references/"},
			destroy: emulator.Fault{Method: http.MethodDelete, PathPrefix: "/references/"},
		},
		{
			kind:        "batch",
			before:      batch("App", ""),
			after:       batch("App renamed", "\n    db = { root_workspace = \"{ws}\", type_id = \"{other}\", name = \"Database\" }"),
			beforeCount: 3, afterCount: 4,
			create:  emulator.Fault{Method: http.MethodPost, PathPrefix: "/batch", Exact: true},
			update:  emulator.Fault{Method: http.MethodPost, PathPrefix: "/batch", Exact: true},
			destroy: emulator.Fault{Method: http.MethodPost, PathPrefix: "/batch", Exact: true},
		},
	}
}

// TestAccLostAnswer runs every fault on the create, update and destroy of every resource: after the
// faulted run and one fault-free apply, the org holds exactly what the configuration manages (no
// duplicate, no orphan), the next plan is empty, and a failed run said what happened.
func TestAccLostAnswer(t *testing.T) {
	for _, c := range lostAnswerCases() {
		for _, f := range lostAnswerFaults {
			for _, phase := range []string{"create", "update", "destroy"} {
				if f.fault.Truncate && phase == "destroy" && c.kind != "batch" {
					continue // DELETE answers 204 without a body: there is nothing to cut off
				}
				t.Run(c.kind+"/"+phase+"/"+f.name, func(t *testing.T) { testLostAnswer(t, c, f, phase) })
			}
		}
	}
}

func testLostAnswer(t *testing.T, c lostAnswerCase, f lostAnswerFault, phase string) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "fault injection")
	settings := []string{"request_timeout_seconds = 2"}
	cfg := func(hcl string) string { return env.ConfigWith(settings, hcl) }
	startComps, startRefs := env.Srv.Counts()
	holds := func(n int) resource.TestCheckFunc {
		return func(*terraform.State) error {
			comps, refs := env.Srv.Counts()
			if got := comps - startComps + refs - startRefs; got != n {
				return fmt.Errorf("the org holds %d new entities, want %d (a duplicate or an orphan)", got, n)
			}
			return nil
		}
	}
	fault := f.fault
	var first, target string
	var firstCount, targetCount int
	unsafe := c.kind == "batch"
	switch phase {
	case "create":
		first, target, firstCount, targetCount = c.setup, c.before, c.setupCount, c.beforeCount
		fault.Method, fault.PathPrefix, fault.Exact = c.create.Method, c.create.PathPrefix, c.create.Exact
		unsafe = true
	case "update":
		first, target, firstCount, targetCount = c.before, c.after, c.beforeCount, c.afterCount
		fault.Method, fault.PathPrefix, fault.Exact = c.update.Method, c.update.PathPrefix, c.update.Exact
	default:
		first, target, firstCount, targetCount = c.before, c.setup, c.beforeCount, c.setupCount
		fault.Method, fault.PathPrefix, fault.Exact = c.destroy.Method, c.destroy.PathPrefix, c.destroy.Exact
	}
	faulted := resource.TestStep{
		PreConfig: func() { env.Srv.Inject(fault) },
		Config:    cfg(target),
		Check:     holds(targetCount),
	}
	if f.before && unsafe {
		// Ardoq did not act and the request is not sent twice: the run fails, saying it checked.
		faulted.ExpectError = providertest.ExpectErr(`(?s)(and found none, so it recorded nothing|found none of the operations it sent \(\d+ operations?\) in effect)`)
		faulted.Check = nil
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: cfg(first + "\n"), Check: holds(firstCount)},
			faulted,
			{Config: cfg(target + "\n"), Check: holds(targetCount)},
		},
	})
}
