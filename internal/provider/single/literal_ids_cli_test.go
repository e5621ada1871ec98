package single_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// takenOver is a workspace made outside Terraform (applications, each with modules, and references
// between the modules of neighbouring applications), taken over by single resources that name parents
// and reference ends by literal ids with import blocks, as terraform query -generate-config-out writes
// them: Terraform has no order between their deletes.
type takenOver struct {
	env    *testEnv
	cli    *providertest.CLIRun
	blocks map[string]string // address -> its resource and import blocks
	ids    map[string]string // address -> id
	order  []string
}

const takenOverApps, takenOverModules = 40, 3 // 160 components and 120 references

func takeOver(t *testing.T) *takenOver {
	env := newTestEnv(t, emulator.WithPageSize(100), emulator.WithDeterministicIDs())
	env.RequireEmulator(t, "two orgs seeded alike, compared id for id")
	w := &takenOver{env: env, cli: providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"]), blocks: map[string]string{},
		ids: map[string]string{}}
	add := func(addr, id, body string) {
		w.ids[addr], w.order = id, append(w.order, addr)
		w.blocks[addr] = fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\nresource %s %q {\n%s}\n", addr, id,
			strings.Split(addr, ".")[0], strings.Split(addr, ".")[1], body)
	}
	component := func(addr, name, typ string, parent *client.Component) *client.Component {
		made := env.CreateComponent(t, client.ComponentCreate{Name: name, RootWorkspace: env.WS, TypeID: typ, Parent: func() *string {
			if parent == nil {
				return nil
			}
			return &parent.ID
		}()})
		body := fmt.Sprintf("  name           = %q\n  root_workspace = %q\n  type_id        = %q\n", name, env.WS, typ)
		if parent != nil {
			body += fmt.Sprintf("  parent         = %q\n", parent.ID)
		}
		add(addr, made.ID, body)
		return made
	}
	modules := make([][]*client.Component, takenOverApps)
	for a := range takenOverApps {
		app := component(fmt.Sprintf("ardoq_component.app_%d", a), fmt.Sprintf("App %d", a), env.AppType, nil)
		for m := range takenOverModules {
			modules[a] = append(modules[a], component(fmt.Sprintf("ardoq_component.app_%d_m%d", a, m), fmt.Sprintf("App %d module %d", a, m),
				env.ChildType, app))
		}
	}
	for a := range takenOverApps {
		for m, source := range modules[a] {
			target := modules[(a+1)%takenOverApps][m]
			ref := env.CreateReference(t, client.ReferenceCreate{Source: source.ID, Target: target.ID, Type: env.RefType})
			add(fmt.Sprintf("ardoq_reference.app_%d_m%d_next", a, m), ref.ID,
				fmt.Sprintf("  source = %q\n  target = %q\n  type   = %d\n", source.ID, target.ID, env.RefType))
		}
	}
	w.cli.Write("provider.tf", env.ServedProvider())
	w.write(nil)
	return w
}

// write writes the configuration without the blocks of the applications gone (and of their modules and
// the references touching them).
func (w *takenOver) write(gone []int) {
	var b strings.Builder
	for _, addr := range w.order {
		if !w.removed(addr, gone) {
			b.WriteString(w.blocks[addr])
		}
	}
	w.cli.Write("main.tf", b.String())
}

func (w *takenOver) removed(addr string, gone []int) bool {
	for _, a := range gone {
		prev := (a + takenOverApps - 1) % takenOverApps
		if strings.HasSuffix(addr, fmt.Sprintf(".app_%d", a)) || strings.Contains(addr, fmt.Sprintf(".app_%d_", a)) ||
			strings.HasPrefix(addr, fmt.Sprintf("ardoq_reference.app_%d_", prev)) {
			return true
		}
	}
	return false
}

// held reports whether Ardoq still holds the entity of addr.
func (w *takenOver) held(t *testing.T, addr string) bool {
	t.Helper()
	if strings.HasPrefix(addr, "ardoq_component.") {
		return w.env.Exists(t, w.ids[addr])
	}
	_, err := w.env.Client.GetReference(context.Background(), w.ids[addr])
	if err != nil && !client.IsNotFound(err) {
		t.Fatal(err)
	}
	return err == nil
}

// diagnosticsOf runs terraform with -json and returns its diagnostics, one line each ("warning: address:
// summary: detail"), sorted: their order on the wire follows Terraform's walk, their set must not.
func diagnosticsOf(t *testing.T, cli *providertest.CLIRun, args ...string) ([]string, string, int) {
	t.Helper()
	out, code := cli.Run(append([]string{args[0], "-json"}, args[1:]...)...)
	var diags []string
	scanner := bufio.NewScanner(strings.NewReader(out))
	scanner.Buffer(make([]byte, 1<<20), 1<<24)
	for scanner.Scan() {
		var line struct {
			Type       string `json:"type"`
			Diagnostic struct {
				Severity, Summary, Detail, Address string
			} `json:"diagnostic"`
		}
		if json.Unmarshal(scanner.Bytes(), &line) == nil && line.Type == "diagnostic" &&
			line.Diagnostic.Summary != "Provider development overrides are in effect" { // the CLI's own, in tests that build the provider
			d := line.Diagnostic
			diags = append(diags, d.Severity+": "+d.Address+": "+d.Summary+": "+d.Detail)
		}
	}
	slices.Sort(diags)
	return diags, out, code
}

// TestAccComponentResource_literalIDsDeletedLevelByLevel is the trial's case at a test's size: a workspace
// made outside Terraform, taken over with literal ids, then applications deleted with their modules and
// the references touching them. Terraform has no order between these deletes, and by default the provider
// refuses a delete while anything is left below or touching it: the plan says nothing more than Terraform
// (the same under -parallelism=1 on a fast org as under -parallelism=30 with 40 ms on every request), the
// first apply deletes what it can and refuses, naming why, each component whose modules or references were
// still there, and the next applies finish, one level of the tree each at most (references, modules,
// applications); nothing outside the plan is deleted at any point. With
// allow_cascade_delete the plan lists, for each application, what Ardoq takes along, and one apply
// deletes it all, whichever order Terraform picks. The next plan is empty each time.
func TestAccComponentResource_literalIDsDeletedLevelByLevel(t *testing.T) {
	runs := map[string]struct {
		latency     time.Duration
		parallelism string
		allow       bool
	}{"sequential": {0, "-parallelism=1", false}, "parallel, slow org": {40 * time.Millisecond, "-parallelism=30", false},
		"allow_cascade_delete": {40 * time.Millisecond, "-parallelism=30", true}}
	plans, outcomes := map[string][]string{}, map[string][]string{}
	gone := []int{3, 4, 10, 17, 18, 25, 31, 32, 33, 39}
	for name, run := range runs {
		w := takeOver(t)
		if out, code := w.cli.Run("apply", "-auto-approve"); code != 0 ||
			!strings.Contains(out, fmt.Sprintf("Apply complete! Resources: %d imported, 0 added, 0 changed, 0 destroyed.", len(w.order))) {
			t.Fatalf("%s: the take-over must import everything and change nothing (exit %d):\n%s", name, code, out)
		}
		if run.allow {
			w.cli.Write("provider.tf", w.env.ServedProvider("allow_cascade_delete = true"))
		}
		w.write(gone)
		w.env.Srv.SetLatency(run.latency)
		diags, out, code := diagnosticsOf(t, w.cli, "plan", run.parallelism, "-out=tfplan")
		if code != 0 {
			t.Fatalf("%s: plan (exit %d):\n%s", name, code, out)
		}
		plans[name] = diags
		for _, d := range diags {
			if strings.Contains(d, "not destroyed by this plan") || !strings.HasPrefix(d, "warning: ") {
				t.Errorf("%s: the plan says what it cannot know, or fails: %s", name, d)
			}
		}
		diags, out, code = diagnosticsOf(t, w.cli, "apply", run.parallelism, "tfplan")
		switch {
		case run.allow && (code != 0 || slices.ContainsFunc(diags, func(d string) bool { return !strings.HasPrefix(d, "warning: ") })):
			t.Fatalf("%s: one apply must delete it all, refusing nothing (exit %d): %v\n%s", name, code, diags, out)
		case !run.allow:
			// each apply deletes at least one more level (references, modules, applications): three at most
			for apply := 2; code != 0; apply++ {
				for _, d := range diags {
					if !strings.Contains(d, ": Deleting the Component Would Delete More in Ardoq: ") || !strings.Contains(d, "the next applies finish") {
						t.Errorf("%s: an apply may only refuse a component whose modules or references are still there: %s", name, d)
					}
				}
				w.check(t, name, gone, true)
				if apply > 3 {
					t.Fatalf("%s: three applies must delete the three levels, refusing nothing more (exit %d): %v\n%s", name, code, diags, out)
				}
				diags, out, code = diagnosticsOf(t, w.cli, "apply", run.parallelism, "-auto-approve")
			}
			if len(diags) != 0 {
				t.Fatalf("%s: the last apply must warn of nothing: %v\n%s", name, diags, out)
			}
		}
		w.env.Srv.SetLatency(0)
		outcomes[name] = w.check(t, name, gone, false)
		if out, code := w.cli.Run("plan", "-detailed-exitcode"); code != 0 {
			t.Fatalf("%s: the next plan must be empty (exit %d):\n%s", name, code, out)
		}
	}
	sequential, parallel := plans["sequential"], plans["parallel, slow org"]
	if len(sequential) != 0 || len(parallel) != 0 {
		t.Errorf("by default the plans must say nothing more than Terraform:\n-parallelism=1:\n%s\n\n-parallelism=30, 40 ms:\n%s",
			strings.Join(sequential, "\n"), strings.Join(parallel, "\n"))
	}
	for _, a := range gone {
		app := fmt.Sprintf("Ardoq May Delete More With the Component: Destroying component \"App %d\"", a)
		if !slices.ContainsFunc(plans["allow_cascade_delete"], func(d string) bool {
			return strings.Contains(d, app) && strings.Contains(d, fmt.Sprintf("App %d module 0", a))
		}) {
			t.Errorf("no warning names what Ardoq takes along with app_%d:\n%s", a, strings.Join(plans["allow_cascade_delete"], "\n"))
		}
	}
	if !slices.Equal(outcomes["sequential"], outcomes["parallel, slow org"]) || !slices.Equal(outcomes["sequential"], outcomes["allow_cascade_delete"]) {
		t.Errorf("the outcome differs with parallelism, latency or the setting")
	}
}

// check checks that Ardoq holds everything the configuration keeps and, unless partly (after a first
// apply that may refuse), nothing it removed; it returns the addresses still held.
func (w *takenOver) check(t *testing.T, name string, gone []int, partly bool) []string {
	t.Helper()
	var left []string
	for _, addr := range w.order {
		held, removed := w.held(t, addr), w.removed(addr, gone)
		if !held && !removed || held && removed && !partly {
			t.Errorf("%s: %s (id %s) held %v after the apply", name, addr, w.ids[addr], held)
		} else if held && !removed {
			left = append(left, addr)
		}
	}
	return left
}
