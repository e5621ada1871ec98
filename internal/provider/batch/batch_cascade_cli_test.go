package batch_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// A batch update that deletes a component says at plan what Ardoq deletes along with it that the batch
// does not delete itself, as ardoq_component's destroy does: here an ardoq_component of another configuration
// whose parent is the item's id, and a reference to the item from outside the batch, named by its ends
// and type; the batch's own reference between the deleted items is deleted too, not lost. With
// prevent_implicit_deletions the plan fails; without it the apply's cascade guard still refuses the batch,
// and nothing is deleted either way. When the workspace cannot be read, the plan says that this was not
// checked (an error with prevent_implicit_deletions). A destroy of the batch says the same.
func TestAccBatchDeletions_cascadeToOutsideSaidAtPlan(t *testing.T) {
	env := newTestEnv(t)
	cli := newBatchCLI(t, env)
	config := func(all bool) string {
		items, refs := "", ""
		if all {
			items = `svc = { root_workspace = "{ws}", type_id = "{app}", name = "Lab service{tag}" }
    mod = { root_workspace = "{ws}", type_id = "{child}", name = "Module{tag}", parent = "svc" }`
			refs = `sm = { source = "svc", target = "mod", type = {ref} }`
		}
		return providertest.CLIProvider + env.Render(`resource "ardoq_batch" "lab" {
  components = {
    keep = { root_workspace = "{ws}", type_id = "{app}", name = "Kept{tag}" }
    `+items+`
  }
  references = {
    `+refs+`
  }
}
`)
	}
	cli.Write("main.tf", config(true))
	cli.Write("outputs.tf", `output "svc" { value = ardoq_batch.lab.computed_components["svc"].id }`)
	applied := false
	t.Cleanup(func() {
		if applied {
			if out, code := cli.Run("destroy", "-auto-approve"); code != 0 {
				t.Errorf("destroy (exit %d):\n%s", code, out)
			}
		}
	})
	cli.must(0, "apply", "-auto-approve")
	applied = true
	svc, code := cli.Shell("terraform output -raw svc")
	if code != 0 {
		t.Fatalf("terraform output (exit %d): %s", code, svc)
	}
	cli.Write("outputs.tf", "")

	// another configuration declares a child of the batch's item by its id
	other := newBatchCLI(t, env)
	other.Write("main.tf", providertest.CLIProvider+env.Render(`resource "ardoq_component" "other_child" {
  name           = "Child from another stack{tag}"
  root_workspace = "{ws}"
  type_id        = "{child}"
  parent         = "`+svc+`"
}
`))
	other.must(0, "apply", "-auto-approve")
	t.Cleanup(func() { other.Run("destroy", "-auto-approve") })
	outside := env.CreateComponent(t, client.ComponentCreate{Name: "Outside" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
	env.CreateReference(t, client.ReferenceCreate{Source: outside.ID, Target: svc, Type: env.RefType})

	cli.Write("main.tf", config(false))
	const notice = "Updating the Batch Deletes More in Ardoq"
	out := cli.must(0, "plan")
	expect(t, "the plan removing svc and mod", out, `Warning: Batch Deletes 2 Components and 1 Reference in Ardoq`,
		`Warning: `+notice,
		`components\["mod"\] \("Module`+env.Tag+`"\), components\["svc"\] \("Lab service`+env.Tag+`"\)`,
		`will also delete 1 descendant component and 1 reference that this ardoq_batch does not delete \(and 1 entity that it deletes too\)`,
		`component "Child from another stack`+env.Tag+`" \(`,
		`reference Outside`+env.Tag+` → Lab service`+env.Tag+` \(`+regexp.QuoteMeta(env.Ref.Name)+`\) \(id [0-9a-f]{24}\), made by `,
		`prevent_implicit_deletions = true`)
	if strings.Contains(out, `component "Module`) || strings.Contains(out, "not destroyed by this plan") {
		t.Fatalf("the plan names the batch's own deletion as lost, or claims what other resources of the plan do:\n%s", out)
	}

	out, code = cli.with([]string{"ARDOQ_PREVENT_IMPLICIT_DELETIONS=true"}, "plan")
	if code == 0 || !strings.Contains(out, "Error: "+notice) || !strings.Contains(out, `"Child from another stack`+env.Tag+`"`) {
		t.Fatalf("with prevent_implicit_deletions the plan must fail naming the child (exit %d):\n%s", code, out)
	}
	if env.Srv != nil { // the workspace cannot be read: not checked, said, and prevent_implicit_deletions fails closed
		const notChecked = "What the Batch's Deletes Take Along Was Not Checked"
		env.Srv.FailNext(http.MethodGet, "/components", http.StatusBadRequest)
		out := cli.must(0, "plan", "-refresh=false")
		expect(t, "the plan that cannot read the workspace", out, `Warning: `+regexp.QuoteMeta(notChecked),
			`components\["mod"\] \("Module`+env.Tag+`"\), components\["svc"\] \("Lab service`+env.Tag+`"\)`, `This was not checked`)
		if strings.Contains(out, notice) {
			t.Fatalf("a plan that could not read the workspace lists what it takes along:\n%s", out)
		}
		env.Srv.FailNext(http.MethodGet, "/components", http.StatusBadRequest)
		if out, code := cli.with([]string{"ARDOQ_PREVENT_IMPLICIT_DELETIONS=true"}, "plan", "-refresh=false"); code == 0 ||
			!strings.Contains(out, "Error: "+notChecked) {
			t.Fatalf("with prevent_implicit_deletions a plan that cannot read the workspace must fail (exit %d):\n%s", code, out)
		}
	}
	out, code = cli.Run("apply", "-auto-approve")
	if code == 0 || !strings.Contains(out, "Batch Would Delete More in Ardoq") {
		t.Fatalf("the apply's cascade guard must still refuse the batch (exit %d):\n%s", code, out)
	}
	if !env.Exists(t, svc) {
		t.Fatalf("the batch's component %s was deleted although the apply was refused", svc)
	}

	cli.Write("main.tf", config(true))
	out = cli.must(0, "plan", "-destroy")
	expect(t, "the destroy plan", out, `Warning: Destroying the Batch Deletes More in Ardoq`,
		`Destroying this ardoq_batch deletes its components`, `component "Child from another stack`+env.Tag+`"`)
	other.must(0, "destroy", "-auto-approve")
	env.DeleteIfThere(t, false, outside.ID)
	if out := cli.must(0, "plan", "-destroy"); strings.Contains(out, "Deletes More in Ardoq") {
		t.Fatalf("with nothing outside left, the destroy plan still warns of a cascade:\n%s", out)
	}
}
