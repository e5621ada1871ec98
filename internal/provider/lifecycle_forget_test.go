package provider

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// Terraform 1.16's lifecycle { destroy = false }: terraform destroy forgets an ardoq_component and an
// ardoq_batch instead of deleting them. Everything stays in Ardoq, and the plan neither warns of deletions
// nor meets the cascade guard (the component is the batch's parent).
func TestAccLifecycle_destroyFalseForgets(t *testing.T) {
	env := newTestEnv(t)
	cli := providertest.NewServedCLIRun(t, env.Env, "1.16.0", testAccProviders["ardoq"])
	cli.Write("provider.tf", env.ServedProvider())
	cli.Write("main.tf", env.Render(`
resource "ardoq_component" "platform" {
  root_workspace = "{ws}"
  type_id        = "{app}"
  name           = "Forgotten platform{tag}"
  lifecycle {
    destroy = false
  }
}

resource "ardoq_batch" "services" {
  components = {
    orders = { root_workspace = "{ws}", type_id = "{child}", name = "Forgotten orders{tag}", parent = ardoq_component.platform.id }
    billing = { root_workspace = "{ws}", type_id = "{child}", name = "Forgotten billing{tag}", parent = ardoq_component.platform.id }
  }
  references = {
    calls = { source = "orders", target = "billing", type = {ref} }
  }
  lifecycle {
    destroy = false
  }
}
`))
	var held *providertest.HeldIDs
	t.Cleanup(func() {
		if held != nil {
			for _, id := range held.Components {
				env.DeleteIfThere(t, false, id) // the parent, first, takes the rest along
			}
		}
	})
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 || !strings.Contains(out, "2 added") {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	held = cli.HeldIDs()
	if len(held.Components) != 3 || len(held.References) != 1 {
		t.Fatalf("want 3 components and 1 reference in state, got %v %v", held.Components, held.References)
	}
	out, code := cli.Run("destroy", "-auto-approve")
	if code != 0 {
		t.Fatalf("destroy (exit %d):\n%s", code, out)
	}
	for _, noise := range []string{"Warning", "Deletes", "Would Delete", "destroyed"} {
		if strings.Contains(out, noise) && !strings.Contains(out, "0 destroyed") {
			t.Errorf("destroy of forgotten resources says %q:\n%s", noise, out)
		}
	}
	for _, id := range held.Components {
		if !env.Exists(t, id) {
			t.Errorf("component %s was deleted; lifecycle { destroy = false } forgets it", id)
		}
	}
	for _, id := range held.References {
		if _, err := env.Client.GetReference(context.Background(), id); err != nil {
			t.Errorf("reference %s: %v", id, err)
		}
	}
	if state, err := os.ReadFile(filepath.Join(cli.Dir, "terraform.tfstate")); err == nil && strings.Contains(string(state), `"type": "ardoq_`) {
		t.Errorf("the state still holds the forgotten resources:\n%s", state)
	}
}

// An import block inside a module (Terraform 1.16) adopts a component made in Ardoq, and the plan after
// it is empty.
func TestAccLifecycle_importInModule(t *testing.T) {
	env := newTestEnv(t)
	cli := providertest.NewServedCLIRun(t, env.Env, "1.16.0", testAccProviders["ardoq"])
	made := env.CreateComponent(t, client.ComponentCreate{Name: "Imported in a module" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType}).ID
	cli.Write("provider.tf", env.ServedProvider())
	cli.Write("main.tf", `
module "app" {
  source = "./app"
  id     = "`+made+`"
}
`)
	if err := os.MkdirAll(filepath.Join(cli.Dir, "app"), 0o755); err != nil {
		t.Fatal(err)
	}
	cli.Write(filepath.Join("app", "main.tf"), providertest.CLIProvider[:strings.Index(providertest.CLIProvider, "provider \"ardoq\"")]+env.Render(`
variable "id" { type = string }

import {
  to = ardoq_component.app
  id = var.id
}

resource "ardoq_component" "app" {
  root_workspace = "{ws}"
  type_id        = "{app}"
  name           = "Imported in a module{tag}"
}
`))
	if out, code := cli.Run("get"); code != 0 {
		t.Fatalf("get (exit %d):\n%s", code, out)
	}
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 || !strings.Contains(out, "1 imported, 0 added, 0 changed, 0 destroyed") {
		t.Fatalf("apply with an import block in a module (exit %d):\n%s", code, out)
	}
	if out, code := cli.Run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after the import is not empty (exit %d):\n%s", code, out)
	}
	if !env.Exists(t, made) {
		t.Fatalf("component %s is gone", made)
	}
	cli.Run("state", "rm", "module.app.ardoq_component.app")
}
