package provider

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestAccProvider_terraformTestPlansAgain_everyCLI: `terraform test` plans and applies every run block under one
// terraform process, which earlier versions took for one command: a search for what an earlier run made
// that found nothing in the first run block counted for the later ones. Here the second run block makes
// the component the first one planned, in a module of its own, and the third plans it again: the plan
// finds it (an error, with prevent_duplicates).
func TestAccProvider_terraformTestPlansAgain_everyCLI(t *testing.T) {
	env := newTestEnv(t)
	cli := providertest.NewCLIRun(t, env.Env, "1.7.0")
	resource := fmt.Sprintf(`resource "ardoq_component" "c" {
  name           = %q
  root_workspace = %q
  type_id        = %q
}
`, "Planned twice"+env.Tag, env.WS, env.AppType)
	duplicatesPrevented := strings.Replace(providertest.CLIProvider, `provider "ardoq" {}`, `provider "ardoq" {
  prevent_duplicates = true
}`, 1)
	cli.Write("main.tf", duplicatesPrevented+resource)
	if err := os.MkdirAll(filepath.Join(cli.Dir, "maker"), 0o700); err != nil {
		t.Fatal(err)
	}
	cli.Write(filepath.Join("maker", "main.tf"), providertest.CLIProvider+resource)
	cli.Write("again.tftest.hcl", `run "first_plan" {
  command = plan
}
run "made_meanwhile" {
  module {
    source = "./maker"
  }
}
run "second_plan" {
  command = plan
}
`)
	out, code := cli.Shell("terraform get -no-color >/dev/null && terraform test -no-color")
	if code == 0 || !strings.Contains(out, fmt.Sprintf("Component %q Already in Ardoq", "Planned twice"+env.Tag)) {
		t.Fatalf("terraform test (exit %d): the second plan did not find the component made after the first:\n%s", code, out)
	}
	for _, run := range []string{`run "first_plan"... pass`, `run "made_meanwhile"... pass`, `run "second_plan"... fail`} {
		if !strings.Contains(out, run) {
			t.Errorf("terraform test: no %q in\n%s", run, out)
		}
	}
}
