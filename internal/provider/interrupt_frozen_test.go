//go:build unix

package provider

import (
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// frozenTimeout is the request timeout of TestAccInterrupt_frozenArdoq_everyCLI: the stop bound is twice it.
const frozenTimeout = 3 * time.Second

// Ctrl-C while the provider looks into a lost answer and Ardoq has stopped answering: the run ends
// within the stop bound (two request timeouts) instead of going through every retry of every look, and
// the error says that whether Ardoq made the component is not known, and where to look.
func TestAccInterrupt_frozenArdoq_everyCLI(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "fault control")
	run := providertest.NewCLIRun(t, env.Env, "1.5.0")
	run.Write("main.tf", env.ServedProvider("request_timeout_seconds = 3")+env.Render(`
resource "ardoq_component" "c" {
  name           = "{tag}Frozen"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
`))
	// The create is served, then its answer lost; while it is held, Ardoq freezes for everything after it.
	env.Srv.Inject(emulator.Fault{Method: "POST", PathPrefix: "/components", Exact: true, AfterActing: true, Hold: time.Second, Reset: true})
	apply := start(run, "apply", "-auto-approve")
	apply.waitUntil(t, "the create to be sent", func() bool { return writeInFlight(env, "/api/v2/components") })
	env.Srv.Inject(emulator.Fault{Hold: time.Hour, Times: 1_000_000})
	apply.waitUntil(t, "the look-ups after the lost answer", func() bool {
		if writeInFlight(env, "/api/v2/components") {
			return false
		}
		for _, r := range env.Srv.InFlight() {
			if r.Method == "GET" {
				return true
			}
		}
		return false
	})
	stopped := time.Now()
	sendSignal(t, apply, syscall.SIGINT, false)
	bound := 2 * frozenTimeout
	out := apply.wait(t, 5*time.Minute)
	if took := time.Since(stopped); took > bound+3*time.Second {
		t.Fatalf("the run ended %s after Ctrl-C; the bound is %s (plus a little for Terraform itself):\n%s", took, bound, out)
	}
	flat := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{"Terraform stopped the provider", "before it could find out whether Ardoq made it",
		"Before the next apply, look in Ardoq for the component"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	// What the message promises: the next plan names the component Ardoq made.
	env.Srv.ClearFaults()
	waitIdle(t, env)
	if out, code := run.Served(testAccProviders["ardoq"]).Run("plan"); code != 0 || !strings.Contains(out, "Already in Ardoq") {
		t.Fatalf("the next plan should warn of the component the lost create made (exit %d):\n%s", code, out)
	}
}
