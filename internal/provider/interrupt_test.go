//go:build unix

package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// Interrupted runs: a user presses Ctrl-C (SIGINT) or a CI job is cancelled (SIGTERM to Terraform) while
// writes are in flight, against an emulator that finishes every request it received, as Ardoq does. A write already
// sent runs to its answer and is recorded, so the next apply creates nothing twice.

// The interrupted runs use the provider built as users run it (NewCLIRun), whose process the signals
// reach; the commands after them, which recover, use it served by the test process (CLIRun.Served), whose
// environment does not name the org: so the provider block names it (Env.ServedProvider).

// interruptedSize is how many components (and as many references) the interrupted configurations hold.
const interruptedSize = 40

// interruptedSingles is interruptedSize components in a ring of references.
func interruptedSingles(env *testEnv) string {
	return env.ServedProvider() + env.Render(fmt.Sprintf(`
locals {
  keys = [for i in range(%d) : format("c%%02d", i)]
}

resource "ardoq_component" "c" {
  for_each       = toset(local.keys)
  name           = "{tag}Interrupted ${each.key}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}

resource "ardoq_reference" "r" {
  for_each = { for i, k in local.keys : k => local.keys[(i + 1) %% length(local.keys)] }
  source   = ardoq_component.c[each.key].id
  target   = ardoq_component.c[each.value].id
  type     = {ref}
}
`, interruptedSize))
}

// interruptedBatch is the same model as one ardoq_batch.
func interruptedBatch(env *testEnv, adopt bool) string {
	settings := ""
	if adopt {
		settings = `
  adopt_components_by = ["rootWorkspace", "typeId", "name"]
  adopt_references_by = ["source", "target", "type"]`
	}
	return env.ServedProvider() + env.Render(fmt.Sprintf(`
locals {
  keys = [for i in range(%d) : format("c%%02d", i)]
}

resource "ardoq_batch" "b" {%s
  components = { for k in local.keys : k => { name = "{tag}Interrupted ${k}", root_workspace = "{ws}", type_id = "{app}" } }
  references = { for i, k in local.keys : k => { source = k, target = local.keys[(i + 1) %% length(local.keys)], type = {ref} } }
}
`, interruptedSize, settings))
}

// started is a terraform command running in the background, its output collected as it comes.
type started struct {
	cmd   *exec.Cmd
	mu    sync.Mutex
	out   bytes.Buffer
	done  chan error
	ended atomic.Bool
}

func (s *started) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.Write(p)
}

func (s *started) output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.String()
}

// start runs terraform in its own process group (so that a kill can take the provider with it).
func start(c *providertest.CLIRun, args ...string) *started {
	s := &started{done: make(chan error, 1)}
	s.cmd = exec.Command(c.Terraform, append(args, "-no-color", "-input=false")...)
	s.cmd.Dir, s.cmd.Env, s.cmd.Stdout, s.cmd.Stderr = c.Dir, c.Env, s, s
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := s.cmd.Start(); err != nil {
		c.T.Fatal(err)
	}
	go func() {
		err := s.cmd.Wait()
		s.ended.Store(true)
		s.done <- err
	}()
	c.T.Cleanup(func() { _ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL) })
	return s
}

// sendSignal sends sig to terraform, or with group to its whole process group (the provider included).
func sendSignal(t *testing.T, s *started, sig syscall.Signal, group bool) {
	t.Helper()
	pid := s.cmd.Process.Pid
	if group {
		pid = -pid
	}
	if err := syscall.Kill(pid, sig); err != nil {
		t.Fatal(err)
	}
}

// wait waits for the command to end, and fails the test if it takes longer than limit.
func (s *started) wait(t *testing.T, limit time.Duration) string {
	t.Helper()
	select {
	case <-s.done:
	case <-time.After(limit):
		t.Fatalf("terraform did not end within %s:\n%s", limit, s.output())
	}
	return s.output()
}

// waitUntil polls until cond holds while s runs, failing the test after a minute.
func (s *started) waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if s.ended.Load() {
			t.Fatalf("terraform ended before %s:\n%s", what, s.output())
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited a minute for %s:\n%s", what, s.output())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// interruptedHeld counts, through the API, the components named as the interrupted configurations name
// them and the references between them.
func interruptedHeld(t *testing.T, env *testEnv) (components, references int) {
	t.Helper()
	ctx := context.Background()
	comps, err := env.Client.ListComponents(ctx, client.ComponentFilter{RootWorkspace: env.WS})
	if err != nil {
		t.Fatal(err)
	}
	ours := map[string]bool{}
	for _, c := range comps {
		if strings.HasPrefix(c.Name, env.Tag+"Interrupted ") {
			ours[c.ID] = true
		}
	}
	refs, err := env.Client.ListReferences(ctx, client.ReferenceFilter{RootWorkspace: env.WS})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range refs {
		if ours[r.Source] {
			references++
		}
	}
	return len(ours), references
}

// requireExactly applies again after an interruption and checks that the org holds exactly what the
// configuration declares, that the next plan is empty and that destroy leaves nothing. The provider is
// served by the test process for these commands.
func requireExactly(t *testing.T, env *testEnv, run *providertest.CLIRun) {
	t.Helper()
	run = run.Served(testAccProviders["ardoq"])
	env.Srv.SetLatency(0)
	env.Srv.ClearFaults()
	if out, code := run.Run("apply", "-auto-approve"); code != 0 {
		t.Fatalf("apply after the interruption failed:\n%s", out)
	}
	if c, r := interruptedHeld(t, env); c != interruptedSize || r != interruptedSize {
		t.Fatalf("after the interruption and a new apply Ardoq holds %d components and %d references, want %d of each", c, r, interruptedSize)
	}
	if out, code := run.Run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after the interruption is not empty (exit %d):\n%s", code, out)
	}
	if out, code := run.Run("destroy", "-auto-approve"); code != 0 {
		t.Fatalf("destroy failed:\n%s", out)
	}
	if c, r := interruptedHeld(t, env); c != 0 || r != 0 {
		t.Fatalf("destroy left %d components and %d references", c, r)
	}
}

func TestAccInterrupt_singleResources_everyCLI(t *testing.T) {
	t.Parallel() // it waits mostly on the emulator's latency and held answers: other tests use the CPU meanwhile
	for _, tc := range []struct {
		name   string
		signal syscall.Signal
		group  bool   // to the whole process group, provider included, as a terminal sends Ctrl-C
		during string // what is in flight when the signal comes
	}{
		{"Ctrl-C in a terminal (SIGINT to the process group) while components are created", syscall.SIGINT, true, "components"},
		{"SIGTERM while references are created", syscall.SIGTERM, false, "references"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := newTestEnv(t)
			env.RequireEmulator(t, "latency control")
			run := providertest.NewCLIRun(t, env.Env, "1.5.0")
			run.Write("main.tf", interruptedSingles(env))
			env.Srv.SetLatency(150 * time.Millisecond) // every write takes a while, so some are always in flight
			components, references := env.Srv.Counts()
			apply := start(run, "apply", "-auto-approve")
			apply.waitUntil(t, "a quarter of the "+tc.during+" to be created, and one more on its way", func() bool {
				c, r := env.Srv.Counts()
				made := c >= components+interruptedSize/4
				if tc.during == "references" {
					made = r >= references+interruptedSize/4
				}
				return made && writeInFlight(env, "/api/v2/"+tc.during)
			})
			sendSignal(t, apply, tc.signal, tc.group)
			out := apply.wait(t, 2*time.Minute)
			if !strings.Contains(out, "Interrupt received") && !strings.Contains(out, "interrupted") {
				t.Fatalf("terraform did not report the interruption:\n%s", out)
			}
			if c, r := interruptedHeld(t, env); apply.cmd.ProcessState.ExitCode() == 0 || c+r >= 2*interruptedSize {
				t.Fatalf("the interrupted apply should have stopped short (exit %d, %d components and %d references made)",
					apply.cmd.ProcessState.ExitCode(), c, r)
			}
			if strings.Contains(out, "may or may not") || strings.Contains(out, "Lost Answer") {
				t.Fatalf("a write sent before the stop must run to its answer, not be cut off and looked for:\n%s", out)
			}
			requireExactly(t, env, run)
		})
	}
}

func TestAccInterrupt_batch_everyCLI(t *testing.T) {
	t.Parallel() // it waits mostly on the emulator's latency and held answers: other tests use the CPU meanwhile
	for _, tc := range []struct {
		name   string
		signal syscall.Signal
	}{{"SIGINT", syscall.SIGINT}, {"SIGTERM", syscall.SIGTERM}} {
		t.Run(tc.name, func(t *testing.T) {
			env := newTestEnv(t)
			env.RequireEmulator(t, "fault control")
			run := providertest.NewCLIRun(t, env.Env, "1.5.0")
			run.Write("main.tf", interruptedBatch(env, false))
			// The batch takes a while to answer, so the signal comes while it is in flight.
			env.Srv.Inject(emulator.Fault{Method: "POST", PathPrefix: "/batch", Exact: true, Hold: 3 * time.Second})
			apply := start(run, "apply", "-auto-approve")
			apply.waitUntil(t, "the batch to be sent", func() bool { return batchInFlight(env) })
			sendSignal(t, apply, tc.signal, false)
			out := apply.wait(t, 2*time.Minute)
			if strings.Contains(out, "Outcome Unknown") || strings.Contains(out, "may or may not") || strings.Contains(out, "Lost Answer") {
				t.Fatalf("a batch sent before the stop must be seen through:\n%s", out)
			}
			requireExactly(t, env, run)
		})
	}
}

// alreadyInArdoq matches the plan's warning about an entity an earlier run made: the resource's address
// and the id to import.
var alreadyInArdoq = regexp.MustCompile(`(?s)Warning: (?:Component|Reference) [^\n]* Already in Ardoq\s+with (ardoq_\w+\.\w+\["[^"]+"\]),.*?with\s+id\s+([0-9a-f]{24})`)

// importWhatTheWarningsName follows the guide after a killed run: plan, import each entity a warning
// names into the resource it names, and plan again (references between imported components are found
// once their components are held), until no warning is left. It imports with terraform import, or with
// import blocks (the guide's other way: one plan a round instead of one command an entity), which the
// guide's recipe writes from terraform plan -json where jq is installed.
func importWhatTheWarningsName(t *testing.T, run *providertest.CLIRun, withBlocks bool) (imported int) {
	t.Helper()
	var blocks string
	recipe := ""
	if _, err := exec.LookPath("jq"); err == nil && withBlocks {
		recipe = guideImportRecipe(t)
	}
	for round := 0; ; round++ {
		out, code := run.Run("plan")
		if code != 0 {
			t.Fatalf("plan after the killed run failed:\n%s", out)
		}
		found := 0
		for _, block := range strings.Split(out, "\nWarning: ")[1:] {
			m := alreadyInArdoq.FindStringSubmatch("Warning: " + block)
			if m == nil {
				continue
			}
			found++
			if withBlocks {
				blocks += fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n", m[1], m[2])
			} else if out, code := run.Shell(fmt.Sprintf("terraform import -no-color -input=false '%s' %s", m[1], m[2])); code != 0 {
				t.Fatalf("terraform import %s %s failed:\n%s", m[1], m[2], out)
			}
		}
		imported += found
		if found == 0 {
			return imported
		}
		switch {
		case recipe != "":
			if out, code := run.Shell(recipe); code != 0 {
				t.Fatalf("the guide's recipe failed:\n%s", out)
			}
			written, err := os.ReadFile(filepath.Join(run.Dir, "imports.tf"))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := sortedImportBlocks(string(written)), sortedImportBlocks(blocks); !slices.Equal(got, want) {
				t.Fatalf("the guide's recipe wrote\n%s\nwant the blocks the warnings name:\n%s", written, blocks)
			}
		case withBlocks:
			run.Write("imports.tf", blocks)
		}
		if round == 3 {
			t.Fatalf("still warning after %d rounds of imports:\n%s", round, out)
		}
	}
}

// sortedImportBlocks returns the import blocks of a file, sorted (the two plans may warn in other orders).
func sortedImportBlocks(file string) []string {
	var blocks []string
	for _, b := range strings.Split(file, "import {") {
		if b = strings.TrimSpace(b); b != "" {
			blocks = append(blocks, b)
		}
	}
	slices.Sort(blocks)
	return blocks
}

// guideImportRecipe is the command of the guide "When a run is interrupted" that writes an import block for
// each "Already in Ardoq" warning of terraform plan -json.
func guideImportRecipe(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(providertest.RepoPath(t, "templates", "guides", "interrupted-runs.md.tmpl"))
	if err != nil {
		t.Fatal(err)
	}
	guide := string(b)
	start := strings.Index(guide, "terraform plan -json | jq")
	if start < 0 {
		t.Fatal("the guide has no terraform plan -json | jq recipe")
	}
	end := strings.Index(guide[start:], "\n```")
	return guide[start : start+end]
}

// A killed run (SIGKILL: out of memory, a crashed CI runner) leaves no state for what it made. The way
// back for single resources: the plan warns at each resource whose entity Ardoq already holds, with the
// id to import; for ardoq_batch: its adoption settings.
func TestAccInterrupt_killed_everyCLI(t *testing.T) {
	t.Parallel() // it waits mostly on the emulator's latency and held answers: other tests use the CPU meanwhile
	// Pages of 2: the already-made searches go on their own, and the entities are imported with terraform
	// import; of 100: the workspace fits on one list page, which answers them, and they are imported with
	// import blocks.
	t.Run("single resources, pages of 2", func(t *testing.T) { killSingles(t, 2, false) })
	t.Run("single resources, pages of 100, import blocks", func(t *testing.T) { killSingles(t, 100, true) })
	t.Run("ardoq_batch", func(t *testing.T) {
		env := newTestEnv(t)
		env.RequireEmulator(t, "fault control")
		run := providertest.NewCLIRun(t, env.Env, "1.5.0")
		run.Write("main.tf", interruptedBatch(env, false))
		env.Srv.Inject(emulator.Fault{Method: "POST", PathPrefix: "/batch", Exact: true, Hold: time.Second})
		apply := start(run, "apply", "-auto-approve")
		apply.waitUntil(t, "the batch to be sent", func() bool { return batchInFlight(env) })
		sendSignal(t, apply, syscall.SIGKILL, true)
		apply.wait(t, time.Minute)
		waitIdle(t, env) // the emulator finishes the batch it received
		if c, r := interruptedHeld(t, env); c != interruptedSize || r != interruptedSize {
			t.Fatalf("the emulator should have applied the batch the killed run sent: %d components, %d references", c, r)
		}
		// The way back: adopt what the lost batch made instead of creating it again.
		run.Write("main.tf", interruptedBatch(env, true))
		requireExactly(t, env, run)
	})
}

// killSingles kills an apply of single resources, with pageSize entities per list page, and follows the
// guide back, importing with import blocks or with terraform import.
func killSingles(t *testing.T, pageSize int, importBlocks bool) {
	env := newTestEnv(t, emulator.WithPageSize(pageSize))
	env.RequireEmulator(t, "latency control")
	run := providertest.NewCLIRun(t, env.Env, "1.5.0")
	run.Write("main.tf", interruptedSingles(env))
	env.Srv.SetLatency(150 * time.Millisecond)
	components, _ := env.Srv.Counts()
	apply := start(run, "apply", "-auto-approve")
	apply.waitUntil(t, "a quarter of the components to be created, and one more on its way", func() bool {
		c, _ := env.Srv.Counts()
		return c >= components+interruptedSize/4 && writeInFlight(env, "/api/v2/components")
	})
	sendSignal(t, apply, syscall.SIGKILL, true)
	apply.wait(t, time.Minute)
	waitIdle(t, env) // what was in flight is finished by the emulator
	env.Srv.SetLatency(0)
	skipIfStateCutShort(t, run.Dir)
	// With prevent_duplicates (as in CI), applying straight away fails at plan instead of making them twice.
	before, _ := interruptedHeld(t, env)
	out, code := run.Shell("ARDOQ_PREVENT_DUPLICATES=true terraform apply -auto-approve -no-color -input=false")
	if after, _ := interruptedHeld(t, env); code == 0 || !strings.Contains(out, "Error: Component") || after != before {
		t.Fatalf("with prevent_duplicates the apply must fail at plan (exit %d) and create nothing (%d -> %d):\n%s", code, before, after, out)
	}
	// The first plan names every component the killed run made and left out of the state, whether its
	// search went on its own or was answered from the workspace's list page (small_workspace.go).
	leftOut := before - componentsInState(t, run.Dir)
	run = run.Served(testAccProviders["ardoq"])
	out, _ = run.Run("plan")
	if named := strings.Count(out, "Warning: Component "); named != leftOut {
		t.Fatalf("the first plan after the killed run named %d components, want the %d it left out of the state:\n%s", named, leftOut, out)
	}
	// each by what the model says of its type and workspace, not by their ids
	if named := `Ardoq already holds component "[^"]+" \(type "` + regexp.QuoteMeta(env.App.Name) + `" in workspace "[^"]+" \(` + env.WS + `\)\)`; leftOut > 0 &&
		!providertest.ExpectErr(named).MatchString(out) {
		t.Fatalf("the warnings do not name the type and workspace (%s):\n%s", named, out)
	}
	if imported := importWhatTheWarningsName(t, run, importBlocks); imported == 0 {
		t.Fatal("the killed run left entities behind, yet no plan warning named one")
	}
	requireExactly(t, env, run)
}

// componentsInState counts the ardoq_component instances in dir's state file: none when the run was
// killed before its first save (no file, or an empty one).
// skipIfStateCutShort skips the rest of a test whose SIGKILL landed while Terraform was writing its state
// file in place (Terraform 1.5 does): what is left is not JSON, and every later command stops at it
// before the provider is asked anything.
func skipIfStateCutShort(t *testing.T, dir string) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, "terraform.tfstate"))
	if err == nil && len(bytes.TrimSpace(raw)) > 0 && !json.Valid(raw) {
		t.Skipf("the kill cut the CLI's state file short (%d bytes, not JSON): Terraform wrote it in place, and no "+
			"later command can read it, so the provider is not reached", len(raw))
	}
}

func componentsInState(t *testing.T, dir string) int {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, "terraform.tfstate"))
	if errors.Is(err, fs.ErrNotExist) || (err == nil && len(bytes.TrimSpace(raw)) == 0) {
		return 0
	}
	var state struct {
		Resources []struct {
			Type      string            `json:"type"`
			Instances []json.RawMessage `json:"instances"`
		} `json:"resources"`
	}
	if err == nil {
		err = json.Unmarshal(raw, &state)
	}
	if err != nil {
		t.Fatalf("reading the state: %v", err)
	}
	n := 0
	for _, r := range state.Resources {
		if r.Type == "ardoq_component" {
			n += len(r.Instances)
		}
	}
	return n
}

// batchInFlight reports whether the emulator is serving a POST /batch.
func batchInFlight(env *testEnv) bool { return writeInFlight(env, "/api/v2/batch") }

// writeInFlight reports whether the emulator is serving a POST to path.
func writeInFlight(env *testEnv, path string) bool {
	for _, r := range env.Srv.InFlight() {
		if r.Method == "POST" && r.Path == path {
			return true
		}
	}
	return false
}

// waitIdle waits until the emulator has finished every request it received.
func waitIdle(t *testing.T, env *testEnv) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); len(env.Srv.InFlight()) > 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the emulator is still serving %v", env.Srv.InFlight())
		}
	}
}
