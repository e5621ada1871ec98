package provider

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// The guide "Moving between single resources and ardoq_batch", run as written (Terraform 1.7+, for
// removed blocks and for_each in import blocks): three components and two references move into an
// ardoq_batch and back out, every id kept and the plan after each move empty. First the move the guide
// warns against: the batch adopting what the same plan destroys (no removed blocks) fails at plan,
// naming both sides and the removed block, and changes nothing.
func TestAccGuide_moveBetweenSingleAndBatch(t *testing.T) {
	env := newTestEnv(t)
	env.RequireUniqueWorkspaceNames(t)
	env.RequireEmulator(t, "the guide adopts components by name, which a real org's workspace may hold twice")
	cli := providertest.NewServedCLIRun(t, env.Env, "1.7.0", testAccProviders["ardoq"])
	example := func(name string) string { return providertest.ReadExample(t, "guides", "move-to-batch", name) }
	use := func(files ...string) {
		for _, f := range []string{"single.tf", "into-batch.tf", "out-of-batch.tf", "attempt.tf"} {
			_ = os.Remove(filepath.Join(cli.Dir, f))
		}
		for _, f := range files {
			cli.Write(f, example(f))
		}
	}
	cli.Write("provider.tf", env.ServedProvider())
	cli.Write("terraform.tfvars.json", env.ExampleTFVars(t))
	cli.Write("common.tf", example("common.tf"))
	use("single.tf")
	applied := false
	t.Cleanup(func() {
		if applied {
			cli.Run("destroy", "-auto-approve")
		}
	})
	applied = true
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 || !strings.Contains(out, "5 added") {
		t.Fatalf("apply of the single resources (exit %d):\n%s", code, out)
	}
	before := cli.HeldIDs()
	sameIDs := func(step string) {
		t.Helper()
		held := cli.HeldIDs()
		if !sameSet(held.Components, before.Components) || !sameSet(held.References, before.References) {
			t.Fatalf("%s: the ids changed: %v %v, were %v %v", step, held.Components, held.References, before.Components, before.References)
		}
		for _, id := range before.Components {
			if !env.Exists(t, id) {
				t.Fatalf("%s: component %s is gone from Ardoq", step, id)
			}
		}
		for _, id := range before.References {
			if _, err := env.Client.GetReference(context.Background(), id); err != nil {
				t.Fatalf("%s: reference %s: %v", step, id, err)
			}
		}
		if out, code := cli.Run("plan", "-detailed-exitcode"); code != 0 {
			t.Fatalf("%s: the next plan is not empty (exit %d):\n%s", step, code, out)
		}
	}

	// The batch without the removed blocks: the plan fails, and nothing changes.
	into := example("into-batch.tf")
	_, batchOnly, _ := strings.Cut(into, `resource "ardoq_batch"`)
	use()
	cli.Write("attempt.tf", `resource "ardoq_batch"`+batchOnly)
	out, code := cli.Run("plan")
	if code == 0 || !regexp.MustCompile(`Error: Entity Moves Into ardoq_batch but This Plan Destroys It`).MatchString(out) ||
		!strings.Contains(out, "ardoq_component") || !strings.Contains(out, "ardoq_batch item components[") ||
		!strings.Contains(out, "removed block") || !strings.Contains(out, "destroy = false") || strings.Contains(out, "<name>") {
		t.Fatalf("a batch adopting what the plan destroys must fail the plan, naming both and the removed block (exit %d):\n%s", code, out)
	}
	if out, code := cli.Run("apply", "-auto-approve"); code == 0 {
		t.Fatalf("the apply went ahead:\n%s", out)
	}
	use("single.tf")
	sameIDs("after the refused move")

	// Into the batch, as the guide says: its plan summary is the one the guide shows.
	guidePlan := func(heading string) string {
		m := regexp.MustCompile(`# (Plan: [^(]*[^ (])`).FindStringSubmatch(guideSnippet(t, "moving-between-single-and-batch.md.tmpl", heading))
		if m == nil {
			t.Fatalf("the guide shows no plan summary under %q", heading)
		}
		return m[1]
	}
	use("into-batch.tf")
	if out, code := cli.Run("plan"); code != 0 || !strings.Contains(out, guidePlan("## Into the batch")) ||
		!strings.Contains(out, "will no longer be managed by Terraform") {
		t.Fatalf("plan into the batch (exit %d):\n%s", code, out)
	}
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 {
		t.Fatalf("apply into the batch (exit %d):\n%s", code, out)
	}
	sameIDs("into the batch")

	// And out of it.
	use("out-of-batch.tf", "single.tf")
	if out, code := cli.Run("plan"); code != 0 || !strings.Contains(out, guidePlan("## Out of the batch")) ||
		!strings.Contains(out, "will no longer be managed by Terraform") {
		t.Fatalf("plan out of the batch (exit %d):\n%s", code, out)
	}
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 {
		t.Fatalf("apply out of the batch (exit %d):\n%s", code, out)
	}
	sameIDs("out of the batch")
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
