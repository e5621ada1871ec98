package provider

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/go-version"
)

// cliRun is a Terraform working directory using a freshly built provider through dev_overrides, the way
// users run it. (terraform-plugin-testing cannot hold for_each instances in its state checks.)
type cliRun struct {
	t         *testing.T
	terraform string
	dir       string
	env       []string
}

func newCLIRun(t *testing.T, env *testEnv, minVersion string) *cliRun {
	t.Helper()
	tf := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if os.Getenv("TF_ACC") == "" || tf == "" {
		t.Skip("needs TF_ACC and TF_ACC_TERRAFORM_PATH (make test sets both)")
	}
	out, err := exec.Command(tf, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	have := version.Must(version.NewVersion(strings.TrimPrefix(strings.Fields(string(out))[1], "v")))
	if have.LessThan(version.Must(version.NewVersion(minVersion))) {
		t.Skipf("Terraform %s is older than %s, which this guide needs", have, minVersion)
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "terraform-provider-ardoq"), "../..")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the provider: %v\n%s", err, b)
	}
	dir := t.TempDir()
	rc := filepath.Join(dir, ".terraformrc")
	if err := os.WriteFile(rc, []byte("provider_installation {\n  dev_overrides {\n    \"seed762a2f0c/ardoq\" = \""+bin+"\"\n  }\n  direct {}\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return &cliRun{t: t, terraform: tf, dir: dir, env: append(os.Environ(), "TF_CLI_CONFIG_FILE="+rc, "TF_IN_AUTOMATION=1",
		"ARDOQ_BASE_URL="+env.baseURL, "ARDOQ_API_TOKEN="+env.token, "ARDOQ_ORG="+env.org)}
}

func (c *cliRun) write(name, content string) {
	if err := os.WriteFile(filepath.Join(c.dir, name), []byte(content), 0o600); err != nil {
		c.t.Fatal(err)
	}
}

// run runs terraform and returns its output and exit code.
func (c *cliRun) run(args ...string) (string, int) {
	cmd := exec.Command(c.terraform, append(args, "-no-color", "-input=false")...)
	cmd.Dir, cmd.Env = c.dir, c.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return out.String(), exit.ExitCode()
	}
	if err != nil {
		c.t.Fatal(err)
	}
	return out.String(), 0
}

const cliProvider = "terraform {\n  required_providers {\n    ardoq = { source = \"seed762a2f0c/ardoq\" }\n  }\n}\nprovider \"ardoq\" {}\n"

// The adoption guide: for_each import blocks fed by ardoq_components import every component of the
// workspace with no change (Terraform 1.7+).
func TestAccGuide_adoptWorkspace(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	cli := newCLIRun(t, env, "1.7.0")
	cli.write("provider.tf", cliProvider)
	cli.write("main.tf", readExample(t, "guides", "adopt-workspace", "main.tf"))
	out, code := cli.run("apply", "-auto-approve")
	if code != 0 || !strings.Contains(out, "3 imported, 0 added, 0 changed, 0 destroyed") {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	if out, code := cli.run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after adoption is not empty (exit %d):\n%s", code, out)
	}
}

// The import-by-string-id example with -generate-config-out writes a configuration that applies cleanly.
func TestAccGuide_generateConfig(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	cli := newCLIRun(t, env, "1.5.0")
	cli.write("provider.tf", cliProvider)
	cli.write("import.tf", readExample(t, "resources", "ardoq_component", "import-by-string-id.tf"))
	if out, code := cli.run("plan", "-generate-config-out=generated.tf"); code != 0 {
		t.Fatalf("plan -generate-config-out (exit %d):\n%s", code, out)
	}
	generated, err := os.ReadFile(filepath.Join(cli.dir, "generated.tf"))
	if err != nil || !strings.Contains(string(generated), `name           = "Customer Management"`) {
		t.Fatalf("generated configuration:\n%s %v", generated, err)
	}
	out, code := cli.run("apply", "-auto-approve")
	if code != 0 || !strings.Contains(out, "1 imported, 0 added, 0 changed, 0 destroyed") {
		t.Fatalf("apply of the generated configuration (exit %d):\n%s\n%s", code, out, generated)
	}
	if out, code := cli.run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after import is not empty (exit %d):\n%s", code, out)
	}
}

// The demo (examples/demo, run by make demo) applies, plans empty, and destroys leaving the org as it was.
func TestAccExamples_demo(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	comps, refs := env.srv.Counts()
	cli := newCLIRun(t, env, "1.5.0")
	for _, f := range []string{"versions.tf", "main.tf", "outputs.tf"} {
		cli.write(f, readExample(t, "demo", f))
	}
	if out, code := cli.run("apply", "-auto-approve"); code != 0 || !strings.Contains(out, "Apply complete! Resources: 14 added") {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	if out, code := cli.run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the second plan is not empty (exit %d):\n%s", code, out)
	}
	if out, code := cli.run("destroy", "-auto-approve"); code != 0 {
		t.Fatalf("destroy (exit %d):\n%s", code, out)
	}
	if c, r := env.srv.Counts(); c != comps || r != refs {
		for _, left := range env.srv.Snapshot().Components {
			t.Logf("left: %s %s %s", left.ID, left.Name, left.Type)
		}
		t.Fatalf("after destroy the org has %d components and %d references, want %d and %d", c, r, comps, refs)
	}
}
