package listresources_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// List resources through the real CLI (Terraform 1.14+): terraform query lists what the test made, and
// -generate-config-out writes a configuration, custom fields included, that imports it with an empty plan
// and changes nothing.
func TestAccListResource_queryGenerateConfig_everyCLI(t *testing.T) {
	env := newTestEnv(t)
	cli := newQueryRun(t, env)
	parent := env.CreateComponent(t, client.ComponentCreate{Name: "Listed parent" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
		Description: providertest.SP("listed by terraform query"), CustomFields: client.CustomFields{env.Ext: "listed-1" + env.Tag}})
	var made []string
	for _, name := range []string{"Listed child A", "Listed child B"} {
		c := env.CreateComponent(t, client.ComponentCreate{Name: name + env.Tag, RootWorkspace: env.WS, TypeID: env.ChildType, Parent: &parent.ID})
		r := env.CreateReference(t, client.ReferenceCreate{Source: parent.ID, Target: c.ID, Type: env.RefType})
		made = append(made, c.ID, r.ID)
	}
	cli.Write("provider.tf", env.ServedProvider())
	cli.Write("mine.tfquery.hcl", fmt.Sprintf(`list "ardoq_component" "parent" {
  provider         = ardoq
  include_resource = true
  config {
    workspace_id  = %[1]q
    component_key = %[2]q
  }
}

list "ardoq_component" "children" {
  provider         = ardoq
  include_resource = true
  config {
    workspace_id = %[1]q
    parent       = %[3]q
  }
}

list "ardoq_reference" "outgoing" {
  provider         = ardoq
  include_resource = true
  config {
    workspace_id = %[1]q
    source       = %[3]q
  }
}
`, env.WS, parent.ComponentKey, parent.ID))

	out, code := cli.Run("query")
	if code != 0 {
		t.Fatalf("terraform query (exit %d):\n%s", code, out)
	}
	for _, id := range append(made, parent.ID) {
		if !strings.Contains(out, id) {
			t.Errorf("terraform query does not list %s:\n%s", id, out)
		}
	}
	if out, code := cli.Run("query", "-generate-config-out=generated.tf"); code != 0 {
		t.Fatalf("terraform query -generate-config-out (exit %d):\n%s", code, out)
	}
	generated, err := os.ReadFile(filepath.Join(cli.Dir, "generated.tf"))
	if err != nil {
		t.Fatal(err)
	}
	if n := regexp.MustCompile(`(?m)^\s*identity\s*=\s*\{`).FindAllIndex(generated, -1); len(n) != 5 {
		t.Fatalf("the generated configuration imports %d by identity, want 5:\n%s", len(n), generated)
	}
	if field := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(env.Ext) + `\s*=\s*"listed-1` + regexp.QuoteMeta(env.Tag) + `"\s*$`); !field.Match(generated) {
		t.Errorf("the generated configuration does not carry the parent's custom field %s:\n%s", env.Ext, generated)
	}
	want := "5 to import, 0 to add, 0 to change, 0 to destroy"
	if out, code := cli.Run("plan"); code != 0 || !strings.Contains(out, want) {
		t.Fatalf("plan of the generated configuration (exit %d), want %q:\n%s\n%s", code, want, out, generated)
	}
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 || !strings.Contains(out, "5 imported, 0 added, 0 changed, 0 destroyed") {
		t.Fatalf("apply of the generated configuration (exit %d):\n%s", code, out)
	}
	if out, code := cli.Run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after the import is not empty (exit %d):\n%s", code, out)
	}
	if got := env.Component(t, parent.ID); got.Version != parent.Version || got.CustomFields[env.Ext] != "listed-1"+env.Tag {
		t.Errorf("the import changed the parent: version %d (was %d), fields %v", got.Version, parent.Version, got.CustomFields)
	}
}

// The list resource examples run through terraform query as written, and what they list imports with an
// empty plan.
func TestAccExamples_listResources_everyCLI(t *testing.T) {
	for _, typeName := range []string{"ardoq_component", "ardoq_reference"} {
		t.Run(typeName, func(t *testing.T) {
			env := newTestEnv(t)
			env.RequireEmulator(t, "seeded workspace names") // the examples name the emulator's seeded workspace
			cli := newQueryRun(t, env)
			cli.Write("provider.tf", env.ServedProvider())
			cli.Write("example.tfquery.hcl", providertest.ReadExample(t, "list-resources", typeName, "list-resource.tfquery.hcl"))
			out, code := cli.Run("query", "-generate-config-out=generated.tf")
			if code != 0 {
				t.Fatalf("terraform query (exit %d):\n%s", code, out)
			}
			generated, err := os.ReadFile(filepath.Join(cli.Dir, "generated.tf"))
			if err != nil || !strings.Contains(string(generated), `resource "`+typeName+`"`) {
				t.Fatalf("the example lists nothing (%v):\n%s\n%s", err, out, generated)
			}
			if out, code := cli.Run("plan"); code != 0 || !strings.Contains(out, "to import, 0 to add, 0 to change, 0 to destroy") {
				t.Fatalf("plan of what the example generated (exit %d):\n%s\n%s", code, out, generated)
			}
		})
	}
}

// newQueryRun is providertest.NewServedCLIRun for terraform query, which Terraform has from 1.14 and OpenTofu not at all.
func newQueryRun(t *testing.T, env *testEnv) *providertest.CLIRun {
	t.Helper()
	if providertest.OnOpenTofu() {
		t.Skip("OpenTofu has no terraform query")
	}
	return providertest.NewServedCLIRun(t, env.Env, "1.14.0", testAccProviders["ardoq"])
}
