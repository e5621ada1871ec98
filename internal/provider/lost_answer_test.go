package provider

import (
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

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
// request a phase faults, and how many entities each configuration manages. Which faults fail the run
// is lostAnswerParts' to say.
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
// duplicate, no orphan), the next plan is empty, and a failed run said what happened. The three
// resources share one configuration for each fault and phase, each with its own fault pending, and each
// checked on its own; each case drives the Terraform CLI itself, running only the commands its checks need.
func TestAccLostAnswer(t *testing.T) {
	for _, f := range lostAnswerFaults {
		for _, phase := range []string{"create", "update", "destroy"} {
			t.Run(phase+"/"+f.name, func(t *testing.T) { testLostAnswer(t, f, phase) })
		}
	}
}

// lostAnswerPart is one resource kind's part in a case: its configurations before and during the
// faulted run, how many entities each manages, its fault, and whether that fault fails the run.
type lostAnswerPart struct {
	kind, addr              string
	first, target           string
	firstCount, targetCount int
	fault                   emulator.Fault
	fails                   bool // Ardoq did not act and the request is not sent twice
	want                    *regexp.Regexp
}

func lostAnswerParts(f lostAnswerFault, phase string) []lostAnswerPart {
	var parts []lostAnswerPart
	for _, c := range lostAnswerCases() {
		if f.fault.Truncate && phase == "destroy" && c.kind != "batch" {
			continue // DELETE answers 204 without a body: there is nothing to cut off
		}
		p := lostAnswerPart{kind: c.kind, addr: "ardoq_" + c.kind + ".test", fault: f.fault}
		unsafe := c.kind == "batch" // creates and batches are never sent twice
		var at emulator.Fault
		switch phase {
		case "create":
			p.first, p.target, p.firstCount, p.targetCount, at, unsafe = c.setup, c.before, c.setupCount, c.beforeCount, c.create, true
		case "update":
			p.first, p.target, p.firstCount, p.targetCount, at = c.before, c.after, c.beforeCount, c.afterCount, c.update
		default:
			p.first, p.target, p.firstCount, p.targetCount, at = c.before, c.setup, c.beforeCount, c.setupCount, c.destroy
		}
		p.fault.Method, p.fault.PathPrefix, p.fault.Exact = at.Method, at.PathPrefix, at.Exact
		p.fails = f.before && unsafe
		// The run fails saying it checked: a single resource found none, a batch none of its operations.
		p.want = providertest.ExpectErr(`and found none, so it recorded nothing`)
		if c.kind == "batch" {
			p.want = providertest.ExpectErr(`found none of the operations it sent \(\d+ operations?\) in effect`)
		}
		parts = append(parts, p)
	}
	return parts
}

func testLostAnswer(t *testing.T, f lostAnswerFault, phase string) {
	t.Parallel()
	env := newTestEnv(t)
	env.RequireEmulator(t, "fault injection")
	run := providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"])
	start := orgIDs(env)
	parts := lostAnswerParts(f, phase)
	var first, target string
	var firstCount, targetCount, afterFault int
	anyFails := false
	for _, p := range parts {
		first, target = first+p.first+"\n", target+p.target+"\n"
		firstCount, targetCount = firstCount+p.firstCount, targetCount+p.targetCount
		if p.fails {
			afterFault, anyFails = afterFault+p.firstCount, true
		} else {
			afterFault += p.targetCount
		}
	}
	holds := func(when string, n int) {
		t.Helper()
		comps, refs := env.Srv.Counts()
		if got := comps + refs - len(start); got != n {
			t.Fatalf("%s the org holds %d new entities, want %d (a duplicate or an orphan)", when, got, n)
		}
	}
	apply := func(hcl string) (string, int) {
		run.Write("main.tf", env.ServedProvider("request_timeout_seconds = 2")+env.Render(hcl))
		return run.Run("apply", "-auto-approve")
	}
	planEmpty := func(when string) {
		t.Helper()
		if out, code := run.Run("plan", "-detailed-exitcode"); code != 0 {
			t.Fatalf("the plan %s is not empty (exit %d):\n%s", when, code, out)
		}
	}
	if strings.TrimSpace(first) != "" { // an empty configuration needs no apply: the org holds nothing new
		if out, code := apply(first); code != 0 {
			t.Fatalf("the first apply failed:\n%s", out)
		}
		holds("after the first apply", firstCount)
		planEmpty("after the first apply")
	}
	for _, p := range parts {
		env.Srv.Inject(p.fault)
	}
	out, code := apply(target)
	if (code != 0) != anyFails {
		t.Fatalf("the faulted apply exited %d; it should fail only where Ardoq did not act and the request is not sent twice:\n%s", code, out)
	}
	// Each failing resource says it checked, in an error at its address (an error of a delete names
	// none); no other error is printed.
	errs, failing := providertest.ErrorBlocks(out), 0
	for _, p := range parts {
		said := slices.ContainsFunc(errs, func(e providertest.CLIError) bool {
			return (e.Addr == p.addr || e.Addr == "") && p.want.MatchString(e.Text)
		})
		atIt := slices.ContainsFunc(errs, func(e providertest.CLIError) bool { return e.Addr == p.addr })
		if p.fails && !said {
			t.Fatalf("the faulted apply should fail at %s saying it checked (%s):\n%s", p.addr, p.want, out)
		} else if !p.fails && (atIt || said) {
			t.Fatalf("the faulted apply failed at %s:\n%s", p.addr, out)
		}
		if p.fails {
			failing++
		}
	}
	if len(errs) != failing {
		t.Fatalf("the faulted apply printed %d errors, want one for each of the %d failing resources:\n%s", len(errs), failing, out)
	}
	holds("after the faulted apply", afterFault)
	out, code = apply(target)
	if code != 0 {
		t.Fatalf("the fault-free apply failed:\n%s", out)
	}
	if anyFails {
		planEmpty("after the fault-free apply")
	} else if !noChanges.MatchString(out) {
		// The fault-free apply plans first: finding nothing to do, it is the empty plan after the faulted
		// apply, and (with no change made) the one after itself.
		t.Fatalf("the fault-free apply after the faulted one should find nothing to change:\n%s", out)
	}
	holds("after the fault-free apply", targetCount)
	if out, code := run.Run("destroy", "-auto-approve"); code != 0 {
		t.Fatalf("destroy failed:\n%s", out)
	}
	if now := orgIDs(env); !slices.Equal(now, start) {
		t.Fatalf("after destroy the org's components and references (%d) are not those it had before the test (%d)", len(now), len(start))
	}
}

var noChanges = providertest.ExpectErr(`No changes. Your infrastructure matches the configuration.`)

// orgIDs lists the ids of the org's components and references. The same list before the test and after
// its destroy means that nothing the test made is left and nothing else was touched.
func orgIDs(env *testEnv) []string {
	org := env.Srv.Snapshot()
	var ids []string
	for _, c := range org.Components {
		ids = append(ids, c.ID)
	}
	for _, r := range org.References {
		ids = append(ids, r.ID)
	}
	slices.Sort(ids)
	return ids
}
