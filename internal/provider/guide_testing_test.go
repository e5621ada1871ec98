package provider

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/go-version"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

const testingGuide = "testing-your-configuration.md.tmpl"

// The guide "Testing your configuration": its module (examples/guides/test-a-module) passes its own
// terraform test, run by the guide's steps as written against the emulator command they start with its
// own org, and by the guide's CI job against a copy of an org that ardoq-snapshot makes. The provider is
// installed as users install a release (from a filesystem mirror standing in for the registry), then
// through dev_overrides, as the guide's section on them says. The environment names the copied org all
// along (ARDOQ_BASE_URL and the rest, as in a user's shell): the tests must never write to it. The
// failures the guide explains are checked too: a helper module not installed yet, one without
// required_providers, and terraform init under dev_overrides.
func TestAccGuide_testAModule(t *testing.T) {
	realOrg := openapitest.Start(t)
	cli := providertest.NewCLIRun(t, &providertest.Env{BaseURL: realOrg.URL, Token: realOrg.Token(), Org: realOrg.OrgLabel()}, "1.6.0")
	devOverrides := filepath.Join(cli.Dir, ".terraformrc") // NewCLIRun's
	host := "registry.terraform.io"
	if providertest.OnOpenTofu() {
		host = "registry.opentofu.org"
	}
	bin, mirror := buildGuideTools(t, cli.Terraform, host)
	port := freePort(t)
	copyDir(t, providertest.RepoPath(t, "examples", "guides", "test-a-module"), cli.Dir)
	testFile, readBack := filepath.Join("tests", "application.tftest.hcl"), filepath.Join("tests", "read-back", "main.tf")
	cli.Write(testFile, strings.ReplaceAll(readFile(t, filepath.Join(cli.Dir, testFile)), "127.0.0.1:8080", port))
	sh := func(rc, script string) (string, int) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		// The trap stops an emulator the script started and left running because a command failed.
		cmd := exec.CommandContext(ctx, "bash", "-euo", "pipefail", "-c", "trap 'kill $(jobs -p) 2>/dev/null || true; wait' EXIT\n"+
			strings.ReplaceAll(script, "127.0.0.1:8080", port))
		cmd.Dir = cli.Dir
		cmd.Env = append(append([]string{}, cli.Env...), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
			"RUNNER_TEMP="+t.TempDir(), "TF_CLI_ARGS=-no-color", "TF_CLI_CONFIG_FILE="+rc)
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return string(out), exit.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return string(out), 0
	}
	fresh := func() {
		mustRemove(t, filepath.Join(cli.Dir, ".terraform"), filepath.Join(cli.Dir, ".terraform.lock.hcl"))
	}
	local := guideSnippet(t, testingGuide, "From the module's directory:")
	withGet := strings.Replace(local, "terraform init -input=false\n", "terraform get\n", 1) // the guide's way under dev_overrides
	if withGet == local {
		t.Fatalf("the guide's steps have no terraform init:\n%s", local)
	}
	const passed = "Success! 3 passed, 0 failed."

	// A run with a helper module added after terraform init.
	full := readFile(t, filepath.Join(cli.Dir, testFile))
	before, _, ok := strings.Cut(full, "# What Ardoq holds")
	if !ok {
		t.Fatal("the guide's test file has no run reading back what Ardoq holds")
	}
	cli.Write(testFile, before)
	if out, code := sh(mirror, "terraform init -input=false"); code != 0 {
		t.Fatalf("terraform init (exit %d):\n%s", code, out)
	}
	cli.Write(testFile, full)
	if out, code := sh(mirror, "terraform test"); code == 0 || !strings.Contains(out, "Error: Module not installed") ||
		!providertest.OnOpenTofu() && cliVersion(t, cli.Terraform).LessThan(version.Must(version.NewVersion("1.16.0"))) && !providertest.ExpectErr(`(?s)Error: Provider type mismatch.*represents provider "`+host+`/hashicorp/ardoq"`).MatchString(out) {
		t.Errorf("with the helper module not installed (exit %d), want the mismatch the guide explains (Terraform before 1.16; 1.16 and OpenTofu say only that the module is not installed):\n%s", code, out)
	}
	fresh()

	// A helper module without required_providers.
	kept := readFile(t, filepath.Join(cli.Dir, readBack))
	_, body, ok := strings.Cut(kept, "}\n}\n")
	if !ok || strings.Contains(body, "required_providers") {
		t.Fatalf("%s does not start with its required_providers:\n%s", readBack, kept)
	}
	cli.Write(readBack, body)
	if out, code := sh(mirror, "terraform init -input=false"); code == 0 || !strings.Contains(out, "hashicorp/ardoq") {
		t.Errorf("terraform init with a helper module without required_providers (exit %d), want it to look hashicorp/ardoq up:\n%s", code, out)
	}
	fresh()
	if out, code := sh(devOverrides, withGet); code == 0 || !strings.Contains(out, "Failure!") || !strings.Contains(out, "hashicorp/ardoq") {
		t.Errorf("terraform test under dev_overrides with a helper module without required_providers (exit %d):\n%s", code, out)
	}
	cli.Write(readBack, kept)
	fresh()

	// The guide's steps and CI job, as written.
	if out, code := sh(mirror, local); code != 0 || !strings.Contains(out, passed) {
		t.Fatalf("the guide's steps (exit %d):\n%s", code, out)
	}
	if out, code := sh(mirror, workflowRun(t, testingGuide, "Copy the org")+workflowRun(t, testingGuide, "Test against the copy")); code != 0 ||
		!strings.Contains(out, passed) {
		t.Fatalf("the guide's CI job (exit %d):\n%s", code, out)
	}
	for _, r := range realOrg.Requests() {
		if r.Method != "GET" {
			t.Errorf("the tests wrote to the org of the environment: %s %s", r.Method, r.Path)
		}
	}

	// Under dev_overrides: terraform get, then terraform init as the guide says it behaves.
	fresh()
	if out, code := sh(devOverrides, withGet); code != 0 || !strings.Contains(out, passed) {
		t.Fatalf("the guide's steps with terraform get under dev_overrides (exit %d):\n%s", code, out)
	}
	cli.Write(".terraform.lock.hcl", "provider \""+host+"/seed762a2f0c/ardoq\" {\n  version = \"0.1.0\"\n}\n")
	out, code := sh(devOverrides, "terraform init -input=false")
	if providertest.OnOpenTofu() || cliVersion(t, cli.Terraform).LessThan(version.Must(version.NewVersion("1.15.0"))) {
		if code == 0 || !strings.Contains(out, "seed762a2f0c/ardoq") {
			t.Errorf("terraform init under dev_overrides (exit %d), want it to look seed762a2f0c/ardoq up, which fails offline:\n%s", code, out)
		}
		return
	}
	if code != 0 {
		t.Fatalf("terraform init under dev_overrides (exit %d):\n%s", code, out)
	}
}

// cliVersion is the version of the Terraform (or OpenTofu) CLI at path.
func cliVersion(t *testing.T, path string) *version.Version {
	t.Helper()
	out, err := exec.Command(path, "version").Output()
	fields := strings.Fields(string(out))
	if err != nil || len(fields) < 2 {
		t.Fatalf("%s version: %v\n%s", path, err, out)
	}
	v, err := version.NewVersion(strings.TrimPrefix(fields[1], "v"))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// workflowRun is the run script of the step named name in the guide's GitHub Actions job, dedented.
func workflowRun(t *testing.T, guide, name string) string {
	t.Helper()
	_, after, ok := strings.Cut(readFile(t, providertest.RepoPath(t, "templates", "guides", guide)), "- name: "+name+"\n")
	if !ok {
		t.Fatalf("%s has no step %q", guide, name)
	}
	lines := strings.Split(after, "\n")
	for i, line := range lines {
		if strings.TrimSpace(line) != "run: |" {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " ")) + 2
		var script strings.Builder
		for _, l := range lines[i+1:] {
			if len(l) < indent || strings.TrimSpace(l[:indent]) != "" {
				break
			}
			script.WriteString(l[indent:] + "\n")
		}
		return script.String()
	}
	t.Fatalf("the step %q of %s has no run script", name, guide)
	return ""
}

// buildGuideTools builds ardoq-emulator and ardoq-snapshot, with the guide's steps for a clone,
// into a directory for PATH, with terraform beside them, and the provider into a filesystem mirror, as a
// registry of host would serve it. It returns the directory and a CLI configuration that installs from
// the mirror and nowhere else.
func buildGuideTools(t *testing.T, tf, host string) (bin, rc string) {
	t.Helper()
	bin = t.TempDir()
	mirror := filepath.Join(bin, "mirror")
	provider := filepath.Join(mirror, host, "seed762a2f0c", "ardoq", "0.0.1", runtime.GOOS+"_"+runtime.GOARCH, "terraform-provider-ardoq_v0.0.1")
	if b, err := exec.Command("go", "build", "-o", provider, providertest.RepoPath(t)).CombinedOutput(); err != nil {
		t.Fatalf("building the provider: %v\n%s", err, b)
	}
	// The tools as the guide builds them from a clone, into bin instead of the clone's bin/.
	build := exec.Command("bash", "-euo", "pipefail", "-c", strings.ReplaceAll(guideSnippet(t, testingGuide, "Or, from a clone"), " bin/", " "+bin+"/"))
	build.Dir = providertest.RepoPath(t)
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the tools as the guide says: %v\n%s", err, b)
	}
	if err := os.Symlink(tf, filepath.Join(bin, "terraform")); err != nil {
		t.Fatal(err)
	}
	rc = filepath.Join(bin, "terraformrc")
	if err := os.WriteFile(rc, []byte(fmt.Sprintf("provider_installation {\n  filesystem_mirror {\n    path    = %q\n    include = [\"%s/seed762a2f0c/ardoq\"]\n  }\n}\n",
		mirror, host)), 0o600); err != nil {
		t.Fatal(err)
	}
	return bin, rc
}

// copyDir copies the files below src into dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o700)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o600)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func mustRemove(t *testing.T, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if err := os.RemoveAll(p); err != nil {
			t.Fatal(err)
		}
	}
}

// freePort is a loopback address with a port nothing listens on.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}
