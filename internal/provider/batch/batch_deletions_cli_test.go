package batch_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/batch"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// batchCLI is a CLI run with helpers for these tests.
type batchCLI struct {
	*providertest.CLIRun
	t *testing.T
}

// must runs terraform and fails the test unless it exits with want.
func (c batchCLI) must(want int, args ...string) string {
	c.t.Helper()
	out, code := c.Run(args...)
	if code != want {
		c.t.Fatalf("terraform %s: exit %d, want %d:\n%s", strings.Join(args, " "), code, want, out)
	}
	return out
}

// with runs terraform with extra environment variables.
func (c batchCLI) with(env []string, args ...string) (string, int) {
	saved := c.Env
	defer func() { c.Env = saved }()
	c.Env = append(append([]string{}, saved...), env...)
	return c.Run(args...)
}

// expect fails the test unless out matches every pattern (spaces match any run of white space).
func expect(t *testing.T, what, out string, patterns ...string) {
	t.Helper()
	for _, p := range patterns {
		if !providertest.ExpectErr(p).MatchString(out) {
			t.Fatalf("%s does not match %q:\n%s", what, p, out)
		}
	}
}

// countedDeletions counts a saved plan's ardoq_batch deletions from `terraform show -json`, in Go and,
// where jq is installed, with the jq line the guide Bulk modelling shows (batch.DeletionsJQ); both must agree.
func countedDeletions(t *testing.T, cli batchCLI, plan string) int {
	t.Helper()
	out, code := cli.Shell("terraform show -json " + plan)
	if code != 0 {
		t.Fatalf("terraform show -json (exit %d):\n%s", code, out)
	}
	var shown struct {
		ResourceChanges []struct {
			Type   string `json:"type"`
			Change struct {
				Actions []string `json:"actions"`
				Before  struct {
					Components map[string]any `json:"computed_components"`
					References map[string]any `json:"computed_references"`
				} `json:"before"`
				After struct {
					Deletions []map[string]string `json:"deletions"`
				} `json:"after"`
			} `json:"change"`
		} `json:"resource_changes"`
	}
	if err := json.Unmarshal([]byte(out), &shown); err != nil {
		t.Fatalf("terraform show -json: %v\n%s", err, out)
	}
	n := 0
	for _, rc := range shown.ResourceChanges {
		switch actions := strings.Join(rc.Change.Actions, ","); {
		case rc.Type != "ardoq_batch" || actions == "no-op":
		case strings.Contains(actions, "delete"):
			n += len(rc.Change.Before.Components) + len(rc.Change.Before.References)
		default:
			n += len(rc.Change.After.Deletions)
		}
	}
	if _, err := exec.LookPath("jq"); err != nil {
		t.Logf("jq is not installed: the documented jq line was not run (the count in Go was %d)", n)
		return n
	}
	out, code = cli.Shell("terraform show -json " + plan + " | " + batch.DeletionsJQ)
	if code != 0 || strings.TrimSpace(out) != fmt.Sprint(n) {
		t.Fatalf("the documented jq line gave %q (exit %d), the count in Go %d", out, code, n)
	}
	return n
}

func newBatchCLI(t *testing.T, env *testEnv) batchCLI {
	t.Helper()
	return batchCLI{CLIRun: providertest.NewCLIRun(t, env.Env, "1.5.0"), t: t}
}

func workspaceName(t *testing.T, env *testEnv) string {
	t.Helper()
	w, err := env.Client.GetWorkspace(context.Background(), env.WS)
	if err != nil {
		t.Fatal(err)
	}
	return w.Name
}

// A batch update and a batch destroy say at plan what they delete in Ardoq, which Terraform counts as
// "1 to change" and "1 to destroy": a warning naming each item (an error with
// prevent_implicit_deletions, which stops the plan before anything is deleted), and the planned
// deletions attribute, which a policy check counts in `terraform show -json` of the saved plan.
func TestAccBatchDeletions_updateAndDestroySayWhatTheyDelete(t *testing.T) {
	env := newTestEnv(t)
	cli := newBatchCLI(t, env)
	config := func(all bool) string {
		extra, extraRef := "", ""
		if all {
			extra = `gamma = { root_workspace = "{ws}", type_id = "{app}", name = "Gamma{tag}" }`
			extraRef = `bg = { source = "beta", target = "gamma", type = {ref} }`
		}
		return providertest.CLIProvider + env.Render(`resource "ardoq_batch" "b" {
  components = {
    alpha = { root_workspace = "{ws}", type_id = "{app}", name = "Alpha{tag}" }
    beta  = { root_workspace = "{ws}", type_id = "{app}", name = "Beta{tag}" }
    `+extra+`
  }
  references = {
    ab = { source = "alpha", target = "beta", type = {ref} }
    `+extraRef+`
  }
}
`)
	}
	cli.Write("main.tf", config(true))
	applied := false
	t.Cleanup(func() {
		if applied {
			if out, code := cli.Run("destroy", "-auto-approve"); code != 0 {
				t.Errorf("destroy (exit %d):\n%s", code, out)
			}
		}
	})
	out := cli.must(0, "apply", "-auto-approve")
	applied = true
	if strings.Contains(out, "Batch Deletes") {
		t.Fatalf("a create warns of deletions:\n%s", out)
	}
	held := cli.HeldIDs()

	cli.Write("main.tf", config(false))
	if out, code := cli.with([]string{"ARDOQ_PREVENT_IMPLICIT_DELETIONS=true"}, "apply", "-auto-approve"); code == 0 ||
		!strings.Contains(out, "Error: Batch Deletes 1 Component and 1 Reference in Ardoq") {
		t.Fatalf("with prevent_implicit_deletions the apply must fail at plan (exit %d):\n%s", code, out)
	}
	for _, id := range held.Components {
		if !env.Exists(t, id) {
			t.Fatalf("component %s was deleted although the plan failed", id)
		}
	}
	out = cli.must(0, "plan", "-out=tfplan")
	ws := regexp.QuoteMeta(workspaceName(t, env))
	expect(t, "the plan removing gamma and bg", out, `Warning: Batch Deletes 1 Component and 1 Reference in Ardoq`,
		`1 component and 1 reference`, `1 to change`,
		`components\["gamma"\]: "Gamma`+env.Tag+`" \(`+regexp.QuoteMeta(env.App.Name)+`, [^)]*workspace "`+ws+`"\), id [0-9a-f]{24}`,
		`references\["bg"\]: Beta`+env.Tag+` → Gamma`+env.Tag+` \(`+regexp.QuoteMeta(env.Ref.Name)+`\), workspace "`+ws+`", id [0-9a-f]{24}`,
		`prevent_implicit_deletions = true`)
	if n := countedDeletions(t, cli, "tfplan"); n != 2 {
		t.Fatalf("terraform show -json of the plan counts %d deletions, want 2", n)
	}
	if out, code := cli.Shell("terraform apply -no-color -input=false tfplan"); code != 0 {
		t.Fatalf("terraform apply tfplan (exit %d):\n%s", code, out)
	}
	if now := cli.HeldIDs(); len(now.Components) != 2 || len(now.References) != 1 || !env.Exists(t, now.Components[0]) || !env.Exists(t, now.Components[1]) {
		t.Fatalf("after the apply the batch holds %v, want the 2 components and the reference the plan kept", now)
	}

	// The next plan is empty, and deletes nothing.
	cli.must(0, "plan", "-detailed-exitcode", "-out=empty")
	if n := countedDeletions(t, cli, "empty"); n != 0 {
		t.Fatalf("an empty plan counts %d deletions", n)
	}

	out = cli.must(0, "plan", "-destroy", "-out=destroy")
	expect(t, "the destroy plan", out, `Warning: Batch Deletes 2 Components and 1 Reference in Ardoq`,
		`Destroying this ardoq_batch deletes every item it holds from Ardoq: 2 components and 1 reference`,
		`components\["alpha"\]: "Alpha`+env.Tag+`"`, `components\["beta"\]: "Beta`+env.Tag+`"`, `references\["ab"\]: Alpha`+env.Tag+` → Beta`+env.Tag)
	if n := countedDeletions(t, cli, "destroy"); n != 3 {
		t.Fatalf("terraform show -json of the destroy plan counts %d deletions, want 3", n)
	}
	if out, code := cli.with([]string{"ARDOQ_PREVENT_IMPLICIT_DELETIONS=true"}, "destroy", "-auto-approve"); code == 0 ||
		!strings.Contains(out, "Error: Batch Deletes 2 Components and 1 Reference in Ardoq") {
		t.Fatalf("with prevent_implicit_deletions the destroy must fail at plan (exit %d):\n%s", code, out)
	}
	cli.must(0, "destroy", "-auto-approve")
	applied = false
}

// `import { to = ardoq_batch.svc, id = "<workspace>/<field>" }` takes over every component of the
// workspace with the field set, also one the configuration does not declare: the first plan names it as
// a deletion, and with prevent_implicit_deletions the plan fails and nothing is deleted.
func TestAccBatchDeletions_importTakingOverUndeclared(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "org of its own (the import takes over every component of the workspace with the field set)")
	cli := newBatchCLI(t, env)
	ours := env.CreateComponent(t, client.ComponentCreate{Name: "Ours", RootWorkspace: env.WS, TypeID: env.AppType,
		CustomFields: map[string]any{env.Ext: "ours"}})
	other := env.CreateComponent(t, client.ComponentCreate{Name: "Other team's server", RootWorkspace: env.WS, TypeID: env.AppType,
		CustomFields: map[string]any{env.Ext: "other-team-srv"}})
	cli.Write("main.tf", providertest.CLIProvider+env.Render(`import {
  to = ardoq_batch.svc
  id = "{ws}/{ext}"
}
resource "ardoq_batch" "svc" {
  components = {
    ours = { root_workspace = "{ws}", type_id = "{app}", name = "Ours" }
  }
}
`))
	out := cli.must(0, "plan")
	expect(t, "the plan after the import", out, `1 to import`, `Warning: Batch Deletes`,
		`components\["other-team-srv"\]: "Other team's server" \(`+regexp.QuoteMeta(env.App.Name)+`, [^)]*\), id `+other.ID,
		`imported with id "`+env.WS+`/`+env.Ext+`"`, `including those no configuration of yours declares`)
	if strings.Contains(out, `components["ours"]:`) {
		t.Fatalf("the plan names the declared component as deleted:\n%s", out)
	}
	out, code := cli.with([]string{"ARDOQ_PREVENT_IMPLICIT_DELETIONS=true"}, "apply", "-auto-approve")
	if code == 0 || !strings.Contains(out, "Error: Batch Deletes") || !strings.Contains(out, `"Other team's server"`) {
		t.Fatalf("with prevent_implicit_deletions the apply must fail at plan (exit %d):\n%s", code, out)
	}
	for _, id := range []string{ours.ID, other.ID} {
		if !env.Exists(t, id) {
			t.Fatalf("component %s was deleted although the plan failed", id)
		}
	}
}

// A batch item to be created whose entity Ardoq already holds (same workspace, name, type and parent; a
// reference with the same source, target and type; made by the token's user) gets the single
// resources' warning at the item, naming who may have made it and how to adopt it; prevent_duplicates
// fails the plan.
func TestAccBatchResource_duplicatesWarned(t *testing.T) {
	env := newTestEnv(t)
	cli := newBatchCLI(t, env)
	twin := env.CreateComponent(t, client.ComponentCreate{Name: "Twin" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
	source := env.CreateComponent(t, client.ComponentCreate{Name: "Source" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
	ref := env.CreateReference(t, client.ReferenceCreate{Source: source.ID, Target: twin.ID, Type: env.RefType})
	cli.Write("main.tf", providertest.CLIProvider+env.Render(fmt.Sprintf(`resource "ardoq_batch" "b" {
  components = {
    twin  = { root_workspace = "{ws}", type_id = "{app}", name = "Twin{tag}" }
    fresh = { root_workspace = "{ws}", type_id = "{app}", name = "Fresh{tag}" }
  }
  references = {
    again = { source = %q, target = %q, type = {ref} }
  }
}
`, source.ID, twin.ID)))
	out := cli.must(0, "plan")
	expect(t, "the plan", out,
		`Warning: Component "Twin`+env.Tag+`" Already in Ardoq`, `with id `+twin.ID,
		`created by you at [^;]+; creating this one makes a second`, `the guide "When a run is interrupted"`,
		`adopt_components_by = \["rootWorkspace", "name", "typeId", "parent"\]`,
		`Warning: Reference `+source.ID+` → `+twin.ID+` Already in Ardoq`, `with id `+ref.ID, `adopt_references_by`,
		// named by what the model says: the type's and the workspace's names
		`Ardoq already holds component "Twin`+env.Tag+`" \(type "`+regexp.QuoteMeta(env.App.Name)+`" in workspace "[^"]+" \(`+env.WS+`\)\)`,
		`Ardoq already holds reference `+source.ID+` → `+twin.ID+` \(`+regexp.QuoteMeta(env.Ref.Name)+`\)`)
	if strings.Contains(out, "Fresh"+env.Tag+`" Already`) || strings.Contains(out, "interrupted before Terraform") {
		t.Fatalf("the plan warns of a component Ardoq does not hold, or blames an interrupted run:\n%s", out)
	}
	out, code := cli.with([]string{"ARDOQ_PREVENT_DUPLICATES=true"}, "plan")
	if code == 0 || !strings.Contains(out, `Error: Component "Twin`+env.Tag+`" Already in Ardoq`) ||
		!strings.Contains(out, "Error: Reference "+source.ID) {
		t.Fatalf("with prevent_duplicates the plan must fail at both items (exit %d):\n%s", code, out)
	}
}
