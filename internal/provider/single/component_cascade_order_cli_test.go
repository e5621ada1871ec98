package single_test

import (
	"context"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestAccComponentResource_destroyBeforeBatchUpdate runs the real CLI on the trial's finding: an
// ardoq_component removed in the same edit as the ardoq_batch reference that pointed at it. Terraform
// destroys the component before it updates the batch (the batch's update waits for it), and the provider
// does not guess what the batch's update will do: by default the component's delete is refused while the
// reference is there, saying to apply the batch first; once it is applied, the next apply deletes the
// component. Nothing Terraform did not plan is deleted. With
// allow_cascade_delete the plan lists what Ardoq may take along and one apply lets it go; a reference made
// after that plan stops the delete, named by its ends and type; the next plan lists it, and its apply lets
// Ardoq take it along, saying so.
func TestAccComponentResource_destroyBeforeBatchUpdate(t *testing.T) {
	env := newTestEnv(t)
	cli := providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"])
	cli.Write("provider.tf", env.ServedProvider())
	config := func(targets ...string) string {
		hcl := `resource "ardoq_batch" "lab" {
  components = {
    svc  = { root_workspace = "{ws}", type_id = "{app}", name = "Lab service{tag}" }
    keep = { root_workspace = "{ws}", type_id = "{app}", name = "Kept{tag}" }
  }
  references = {
    svc_keep = { source = "svc", target = "keep", type = {ref} }
`
		for _, target := range targets {
			hcl += "    svc_" + target + " = { source = \"svc\", target = ardoq_component." + target + ".id, type = {ref} }\n"
		}
		hcl += "  }\n}\n"
		for _, target := range []string{"crm", "erp"} {
			hcl += `resource "ardoq_component" "` + target + `" {
  name           = "` + strings.ToUpper(target) + `{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
`
		}
		return env.Render(hcl)
	}
	cli.Write("main.tf", config("crm", "erp"))
	t.Cleanup(func() { cli.Run("destroy", "-auto-approve") })
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	held := map[string]string{}
	for _, name := range []string{"CRM", "ERP", "Lab service", "Kept"} {
		found, err := env.Client.ListComponents(context.Background(), providertest.ClientFilterByName(env.WS, name+env.Tag))
		if err != nil || len(found) != 1 {
			t.Fatalf("%s: %v %v", name, found, err)
		}
		held[name] = found[0].ID
	}
	references := func() []client.Reference {
		t.Helper()
		refs, err := env.Client.ListReferences(context.Background(), client.ReferenceFilter{Source: held["Lab service"]})
		if err != nil {
			t.Fatal(err)
		}
		return refs
	}
	if n := len(references()); n != 3 {
		t.Fatalf("the batch made %d references, want 3", n)
	}

	// crm and the batch's reference to it go in the same edit (crm's block stays out of the configuration)
	cli.Write("main.tf", removeBlock(t, config("erp"), `resource "ardoq_component" "crm" {`))
	out, code := cli.Run("apply", "-auto-approve")
	if code == 0 || !strings.Contains(out, "Deleting the Component Would Delete More in Ardoq") ||
		!strings.Contains(out, "Lab service"+env.Tag+" → CRM"+env.Tag) || !strings.Contains(out, "apply that batch first") {
		t.Fatalf("crm's delete must be refused while the batch's reference to it is there, saying why (exit %d):\n%s", code, out)
	}
	if !env.Exists(t, held["CRM"]) || len(references()) != 3 {
		t.Fatalf("the refused delete must leave crm and the batch's reference (its update waits for the delete):\n%s", out)
	}
	if out, code := cli.Run("apply", "-auto-approve", "-target=ardoq_batch.lab"); code != 0 || len(references()) != 2 {
		t.Fatalf("the batch applied first drops its reference (exit %d):\n%s", code, out)
	}
	out, code = cli.Run("apply", "-auto-approve")
	if code != 0 || !strings.Contains(out, "0 to change, 1 to destroy") {
		t.Fatalf("the next apply must delete crm (exit %d):\n%s", code, out)
	}
	if env.Exists(t, held["CRM"]) || !env.Exists(t, held["ERP"]) || !env.Exists(t, held["Lab service"]) || !env.Exists(t, held["Kept"]) {
		t.Fatalf("after the apply the org must hold exactly what is declared:\n%s", out)
	}
	if out, code := cli.Run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the next plan must be empty (exit %d):\n%s", code, out)
	}

	// with allow_cascade_delete: a reference to erp that no configuration declares, made after the plan, stops
	// its delete; once a plan lists it, the apply lets Ardoq take it along with erp
	cli.Write("provider.tf", env.ServedProvider("allow_cascade_delete = true"))
	cli.Write("main.tf", removeBlock(t, config(), `resource "ardoq_component" "erp" {`))
	if out, code := cli.Run("plan", "-out=tfplan"); code != 0 || !strings.Contains(out, "Ardoq May Delete More With the Component") ||
		!strings.Contains(out, "Lab service"+env.Tag+" → ERP"+env.Tag) || strings.Contains(out, "Kept"+env.Tag+" → ERP") {
		t.Fatalf("the plan (exit %d) must list the batch's reference that Ardoq takes along with erp, and nothing else:\n%s", code, out)
	}
	undeclared := env.CreateReference(t, client.ReferenceCreate{Source: held["Kept"], Target: held["ERP"], Type: env.RefType})
	out, code = cli.Run("apply", "tfplan")
	if code == 0 || !strings.Contains(out, "Deleting the Component Would Delete More in Ardoq") ||
		!strings.Contains(out, "Kept"+env.Tag+" → ERP"+env.Tag+" ("+env.Ref.Name+")") || !strings.Contains(out, "not in this plan's notice") {
		t.Fatalf("a reference made after the plan must stop erp's delete, named by its ends and type (exit %d):\n%s", code, out)
	}
	referenceHeld := func(id string) bool {
		_, err := env.Client.GetReference(context.Background(), id)
		return err == nil
	}
	if !env.Exists(t, held["ERP"]) || !referenceHeld(undeclared.ID) {
		t.Fatalf("the refused apply deleted something:\n%s", out)
	}
	out, code = cli.Run("apply", "-auto-approve")
	if code != 0 || !strings.Contains(out, "Warning: Ardoq Deleted Dependents Too") || !strings.Contains(out, "Kept"+env.Tag+" → ERP"+env.Tag) {
		t.Fatalf("a new plan lists the reference, and its apply deletes it with erp, saying so (exit %d):\n%s", code, out)
	}
	if env.Exists(t, held["ERP"]) || referenceHeld(undeclared.ID) || len(references()) != 1 {
		t.Fatalf("erp and the reference it took along must be gone, the batch's own kept:\n%s", out)
	}
	if out, code := cli.Run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the next plan must be empty (exit %d):\n%s", code, out)
	}
}

// removeBlock drops the top-level block that starts with header from hcl.
func removeBlock(t *testing.T, hcl, header string) string {
	t.Helper()
	start := strings.Index(hcl, header)
	if start < 0 {
		t.Fatalf("no %q in:\n%s", header, hcl)
	}
	end := strings.Index(hcl[start:], "\n}\n")
	return hcl[:start] + hcl[start+end+3:]
}
