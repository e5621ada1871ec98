package single_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestAccComponentResource_cascadeAtPlan runs the real CLI. By default a component's destroy says nothing
// at plan: the apply deletes nothing the plan does not show, so a configuration written with expressions
// deletes a parent with its child and references in one apply, with no warning, and a child made elsewhere
// stops the delete at apply instead (nothing sent, state true). With allow_cascade_delete the plan lists
// what Ardoq may take along, by name, from what Ardoq holds and nothing else, the same whatever order
// Terraform plans in; with prevent_implicit_deletions too, that list is an error; when the workspace
// cannot be read, the plan says it was not checked (an error with prevent_implicit_deletions).
func TestAccComponentResource_cascadeAtPlan(t *testing.T) {
	env := newTestEnv(t)
	cli := providertest.NewCLIRun(t, env.Env, "1.5.0")
	cli.Write("provider.tf", providertest.CLIProvider)
	removed := env.Render(`resource "ardoq_component" "parent" {
  name           = "Parent` + env.Tag + `"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
resource "ardoq_component" "child" {
  name           = "Child` + env.Tag + `"
  root_workspace = "{ws}"
  type_id        = "{child}"
  parent         = ardoq_component.parent.id
}
resource "ardoq_reference" "out" {
  source = ardoq_component.parent.id
  target = ardoq_component.other.id
  type   = {ref}
}
resource "ardoq_reference" "in" {
  source = ardoq_component.other.id
  target = ardoq_component.child.id
  type   = {ref}
}
`)
	cli.Write("other.tf", env.Render(`resource "ardoq_component" "other" {
  name           = "Other`+env.Tag+`"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
`))
	cli.Write("main.tf", removed)
	t.Cleanup(func() { cli.Run("destroy", "-auto-approve") })
	apply := func() {
		t.Helper()
		if out, code := cli.Run("apply", "-auto-approve"); code != 0 {
			t.Fatalf("apply (exit %d):\n%s", code, out)
		}
	}
	apply()
	const notice = "Ardoq May Delete More With the Component"
	allowed := *cli
	allowed.Env = append(append([]string(nil), cli.Env...), "ARDOQ_ALLOW_CASCADE_DELETE=true")
	strict := allowed
	strict.Env = append(append([]string(nil), allowed.Env...), "ARDOQ_PREVENT_IMPLICIT_DELETIONS=true")

	// by default: nothing at plan, and one apply deletes what the expressions order
	cli.Write("main.tf", "")
	if diags, out, code := diagnosticsOf(t, cli, "plan"); code != 0 || len(diags) != 0 {
		t.Fatalf("by default the plan removing the parent with its child says nothing more than Terraform (exit %d): %v\n%s", code, diags, out)
	}
	if diags, out, code := diagnosticsOf(t, cli, "apply", "-auto-approve"); code != 0 || len(diags) != 0 {
		t.Fatalf("by default one apply deletes the parent with its child and references, refusing and warning of nothing (exit %d): %v\n%s",
			code, diags, out)
	}
	cli.Write("main.tf", removed)
	apply()
	parents, err := env.Client.ListComponents(context.Background(), providertest.ClientFilterByName(env.WS, "Parent"+env.Tag))
	if err != nil || len(parents) != 1 {
		t.Fatalf("the parent: %v %v", parents, err)
	}
	parentID := parents[0].ID

	// with allow_cascade_delete the plan lists what Ardoq holds below and around the parent
	first, out, code := diagnosticsOf(t, &allowed, "plan", "-destroy")
	if code != 0 || len(first) == 0 || !strings.Contains(strings.Join(first, "\n"), `ardoq_component.parent: `+notice) ||
		!strings.Contains(strings.Join(first, "\n"), `component "Child`+env.Tag+`"`) {
		t.Fatalf("terraform plan -destroy (exit %d) must list what Ardoq holds below the parent:\n%s", code, out)
	}
	cli.Write("main.tf", "")
	var removing []string
	for i := range 3 { // Terraform plans removed resources in no particular order: the notices are the same
		diags, out, code := diagnosticsOf(t, &allowed, "plan")
		if code != 0 || strings.Contains(out, "not destroyed by this plan") || (i > 0 && !slices.Equal(diags, removing)) {
			t.Fatalf("removing the parent with its child, plan %d (exit %d), differs from the first or claims what it cannot know:\n%s\n\nfirst:\n%s",
				i, code, strings.Join(diags, "\n"), strings.Join(removing, "\n"))
		}
		removing = diags
	}

	// a child made elsewhere: listed with allow_cascade_delete, an error with prevent_implicit_deletions too,
	// and by default the apply refuses the parent's delete, sending nothing
	elsewhere := env.CreateComponent(t, client.ComponentCreate{Name: "Declared elsewhere" + env.Tag, RootWorkspace: env.WS,
		TypeID: env.ChildType, Parent: &parentID})
	out, code = allowed.Run("plan")
	if code != 0 || !strings.Contains(out, "Warning: "+notice) || !strings.Contains(out, `"Declared elsewhere`+env.Tag+`"`) {
		t.Errorf("the plan removing the parent must warn naming the child made elsewhere too (exit %d):\n%s", code, out)
	}
	if out, code := strict.Run("plan"); code == 0 || !strings.Contains(out, "Error: "+notice) {
		t.Errorf("with prevent_implicit_deletions the plan must fail with the notice (exit %d):\n%s", code, out)
	}
	if env.Srv != nil { // a workspace that cannot be read: not checked, said, and strict fails closed
		const notChecked = "What the Delete Takes Along Was Not Checked"
		env.Srv.FailNext(http.MethodGet, "/components", http.StatusBadRequest)
		if out, code := allowed.Run("plan", "-refresh=false"); code != 0 || !strings.Contains(out, "Warning: "+notChecked) {
			t.Errorf("a plan that cannot read the workspace must warn that it did not check (exit %d):\n%s", code, out)
		}
		env.Srv.FailNext(http.MethodGet, "/components", http.StatusBadRequest)
		if out, code := strict.Run("plan", "-refresh=false"); code == 0 || !strings.Contains(out, "Error: "+notChecked) {
			t.Errorf("with prevent_implicit_deletions a plan that cannot read the workspace must fail (exit %d):\n%s", code, out)
		}
	}
	if !env.Exists(t, elsewhere.ID) || !env.Exists(t, parentID) {
		t.Error("a plan deleted something")
	}
	out, code = cli.Run("apply", "-auto-approve")
	if code == 0 || !strings.Contains(out, "Deleting the Component Would Delete More in Ardoq") ||
		!strings.Contains(out, `"Declared elsewhere`+env.Tag+`"`) {
		t.Errorf("by default the apply must refuse the parent's delete, naming the child made elsewhere (exit %d):\n%s", code, out)
	}
	if !env.Exists(t, elsewhere.ID) || !env.Exists(t, parentID) {
		t.Errorf("the refused apply deleted the parent or the child made elsewhere:\n%s", out)
	}
	if out, code := cli.Run("plan", "-detailed-exitcode"); code != 2 || !strings.Contains(out, "ardoq_component.parent will be destroyed") {
		t.Errorf("state must still hold the parent the apply refused to delete (exit %d):\n%s", code, out)
	}
	env.DeleteInApp(t, false, elsewhere.ID)
	cli.Write("main.tf", removed)
}

// A replacement under allow_cascade_delete and prevent_implicit_deletions: the plan warns (create_before_destroy
// would move the dependents first) and announces nothing, so without create_before_destroy the apply refuses the
// old component's delete while its child is there, and nothing is deleted.
func TestAccComponentResource_replacementUnderBothSettings(t *testing.T) {
	env := newTestEnv(t)
	env.RequireOtherType(t)
	cli := providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"])
	cli.Write("provider.tf", env.ServedProvider("allow_cascade_delete = true", "prevent_implicit_deletions = true"))
	model := func(parentType string) string {
		return env.Render(`resource "ardoq_component" "parent" {
  name           = "Replaced{tag}"
  root_workspace = "{ws}"
  type_id        = "` + parentType + `"
}
resource "ardoq_component" "child" {
  name           = "Kept child{tag}"
  root_workspace = "{ws}"
  type_id        = "{child}"
  parent         = ardoq_component.parent.id
}
`)
	}
	cli.Write("main.tf", model("{app}"))
	t.Cleanup(func() { cli.Run("destroy", "-auto-approve") })
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	children, err := env.Client.ListComponents(context.Background(), providertest.ClientFilterByName(env.WS, "Kept child"+env.Tag))
	if err != nil || len(children) != 1 {
		t.Fatalf("the child: %v %v", children, err)
	}
	cli.Write("main.tf", model("{other}"))
	if out, code := cli.Run("plan"); code != 0 || !strings.Contains(out, "Warning: Ardoq May Delete More With the Replaced Component") ||
		!strings.Contains(out, "prevent_implicit_deletions is set") {
		t.Fatalf("the replacement's plan must warn, not fail, and say the apply waits for the dependents (exit %d):\n%s", code, out)
	}
	if out, code := cli.Run("apply", "-auto-approve"); code == 0 || !strings.Contains(out, "Deleting the Component Would Delete More in Ardoq") {
		t.Fatalf("without create_before_destroy the old component's delete must be refused while its child is there (exit %d):\n%s", code, out)
	}
	if !env.Exists(t, children[0].ID) {
		t.Fatal("the refused replacement deleted the child")
	}
	cli.Write("main.tf", model("{app}"))
}
