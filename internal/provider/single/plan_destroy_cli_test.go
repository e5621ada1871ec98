package single_test

import (
	"context"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestAccComponentResource_cascadeAtPlan runs the real CLI: a component's destroy says at plan what
// Ardoq deletes with it that the plan does not destroy, and stays quiet when the plan destroys it all
// (terraform destroy, where Terraform plans dependents first; and a parent removed with its child, which
// Terraform plans in no particular order).
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
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	const notice = "Destroying the Component Deletes More in Ardoq"
	quiet := func(what string, args ...string) {
		t.Helper()
		if out, code := cli.Run(args...); code != 0 || strings.Contains(out, notice) {
			t.Errorf("%s (exit %d) warns of a cascade the plan destroys itself:\n%s", what, code, out)
		}
	}
	quiet("terraform plan -destroy", "plan", "-destroy")
	cli.Write("main.tf", "")
	for range 3 { // Terraform plans removed resources in no particular order
		quiet("removing the parent with its child", "plan")
		quiet("removing the parent with its child, -refresh=false", "plan", "-refresh=false")
	}
	parents, err := env.Client.ListComponents(context.Background(), providertest.ClientFilterByName(env.WS, "Parent"+env.Tag))
	if err != nil || len(parents) != 1 {
		t.Fatalf("the parent: %v %v", parents, err)
	}
	parentID := parents[0].ID
	elsewhere := env.CreateComponent(t, client.ComponentCreate{Name: "Declared elsewhere" + env.Tag, RootWorkspace: env.WS,
		TypeID: env.ChildType, Parent: &parentID})
	out, code := cli.Run("plan")
	if code != 0 || !strings.Contains(out, "Warning: "+notice) || !strings.Contains(out, `"Declared elsewhere`+env.Tag+`"`) ||
		!strings.Contains(out, "1 descendant component") || strings.Contains(out, `component "Child`) {
		t.Errorf("the plan removing the parent must warn naming only the child it does not destroy (exit %d):\n%s", code, out)
	}
	strict := *cli
	strict.Env = append(append([]string(nil), cli.Env...), "ARDOQ_PREVENT_IMPLICIT_DELETIONS=true")
	if out, code := strict.Run("plan"); code == 0 || !strings.Contains(out, "Error: "+notice) || !strings.Contains(out, `"Declared elsewhere`+env.Tag+`"`) {
		t.Errorf("with prevent_implicit_deletions the plan must fail naming the child (exit %d):\n%s", code, out)
	}
	if !env.Exists(t, elsewhere.ID) || !env.Exists(t, parentID) {
		t.Error("a plan deleted something")
	}
	env.DeleteInApp(t, false, elsewhere.ID)
	cli.Write("main.tf", removed)
}
