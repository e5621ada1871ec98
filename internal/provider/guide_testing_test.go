package provider

import (
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

const testingGuide = "testing-your-configuration.md.tmpl"

// The guide "Testing your configuration": its module (examples/guides/test-a-module) passes its own
// terraform test, run by the guide's steps as written, against the emulator command the steps start with
// the default org, then by the guide's CI job against a copy of an org that ardoq-snapshot makes. The
// environment names that org all along (ARDOQ_BASE_URL and the rest, as in a user's shell or the CI job's
// copy step): the tests must never write to it. Before that, it checks the failures the guide explains:
// a helper module not installed yet, and one without required_providers.
func TestAccGuide_testAModule(t *testing.T) {
	realOrg := openapitest.Start(t)
	cli := providertest.NewCLIRun(t, &providertest.Env{BaseURL: realOrg.URL, Token: realOrg.Token(), Org: realOrg.OrgLabel()}, "1.6.0")
	port := freePort(t)
	copyDir(t, providertest.RepoPath(t, "examples", "guides", "test-a-module"), cli.Dir)
	testFile := filepath.Join("tests", "application.tftest.hcl")
	cli.Write(testFile, strings.ReplaceAll(readFile(t, filepath.Join(cli.Dir, testFile)), "127.0.0.1:8080", port))
	bin := buildGuideTools(t, cli.Terraform)
	sh := func(script string) (string, int) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		// The trap stops an emulator the script started and left running because a command failed.
		cmd := exec.CommandContext(ctx, "bash", "-euo", "pipefail", "-c", "trap 'kill $(jobs -p) 2>/dev/null || true; wait' EXIT\n"+
			strings.ReplaceAll(script, "127.0.0.1:8080", port))
		cmd.Dir = cli.Dir
		cmd.Env = append(append([]string{}, cli.Env...), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "RUNNER_TEMP="+t.TempDir(), "TF_CLI_ARGS=-no-color")
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
	local := guideSnippet(t, testingGuide, "From the module's directory:")
	// Under dev_overrides the guide says terraform get instead of terraform init.
	withGet := strings.Replace(local, "terraform init -input=false\n", "terraform get\n", 1)
	if withGet == local {
		t.Fatalf("the guide's steps have no terraform init:\n%s", local)
	}

	// A run with a helper module added after terraform init.
	full := readFile(t, filepath.Join(cli.Dir, testFile))
	before, _, ok := strings.Cut(full, "# What Ardoq holds")
	if !ok {
		t.Fatal("the guide's test file has no run reading back what Ardoq holds")
	}
	cli.Write(testFile, before)
	if out, code := sh("terraform init -input=false"); code != 0 {
		t.Fatalf("terraform init (exit %d):\n%s", code, out)
	}
	cli.Write(testFile, full)
	if out, code := sh("terraform test"); code == 0 || !strings.Contains(out, "Error: Provider type mismatch") ||
		!providertest.ExpectErr(`represents provider "registry.terraform.io/hashicorp/ardoq"`).MatchString(out) || !strings.Contains(out, "Error: Module not installed") {
		t.Errorf("with the helper module not installed (exit %d), want the mismatch the guide explains:\n%s", code, out)
	}
	mustRemove(t, filepath.Join(cli.Dir, ".terraform"))

	// A helper module without required_providers.
	readBack := filepath.Join("tests", "read-back", "main.tf")
	kept := readFile(t, filepath.Join(cli.Dir, readBack))
	_, body, ok := strings.Cut(kept, "}\n}\n")
	if !ok || strings.Contains(body, "required_providers") {
		t.Fatalf("%s does not start with its required_providers:\n%s", readBack, kept)
	}
	cli.Write(readBack, body)
	if out, code := sh("terraform init -input=false"); code == 0 || !strings.Contains(out, "hashicorp/ardoq") {
		t.Errorf("terraform init with a helper module without required_providers (exit %d), want it to look hashicorp/ardoq up:\n%s", code, out)
	}
	if out, code := sh(withGet); code == 0 || !strings.Contains(out, "Failure!") || !strings.Contains(out, "hashicorp/ardoq") {
		t.Errorf("terraform test with a helper module without required_providers (exit %d):\n%s", code, out)
	}
	cli.Write(readBack, kept)
	mustRemove(t, filepath.Join(cli.Dir, ".terraform"))

	const passed = "Success! 3 passed, 0 failed."
	if out, code := sh(withGet); code != 0 || !strings.Contains(out, passed) {
		t.Fatalf("the guide's steps with terraform get (exit %d):\n%s", code, out)
	}
	// A lock file from an install through the registry: init under dev_overrides takes the provider out.
	host := "registry.terraform.io"
	if providertest.OnOpenTofu() {
		host = "registry.opentofu.org"
	}
	cli.Write(".terraform.lock.hcl", "provider \""+host+"/seed762a2f0c/ardoq\" {\n  version = \"0.1.0\"\n}\n")
	if out, code := sh(local); code != 0 || !strings.Contains(out, passed) {
		t.Fatalf("the guide's steps (exit %d):\n%s", code, out)
	}
	if got := readFile(t, filepath.Join(cli.Dir, ".terraform.lock.hcl")); strings.Contains(got, "seed762a2f0c/ardoq") {
		t.Errorf("terraform init under dev_overrides kept the provider in the lock file, which the guide says it removes:\n%s", got)
	}
	copyStep, testStep := workflowRun(t, testingGuide, "Copy the org"), workflowRun(t, testingGuide, "Test against the copy")
	if out, code := sh(copyStep + testStep); code != 0 || !strings.Contains(out, passed) {
		t.Fatalf("the guide's CI job (exit %d):\n%s", code, out)
	}
	for _, r := range realOrg.Requests() {
		if r.Method != "GET" {
			t.Errorf("the tests wrote to the org of the environment: %s %s", r.Method, r.Path)
		}
	}
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

// buildGuideTools builds ardoq-emulator and ardoq-snapshot, as the guide's "once" steps install them,
// into a directory for PATH, with terraform beside them.
func buildGuideTools(t *testing.T, tf string) string {
	t.Helper()
	bin := t.TempDir()
	for _, tool := range []string{"ardoq-emulator", "ardoq-snapshot"} {
		build := exec.Command("go", "build", "-o", filepath.Join(bin, tool), providertest.RepoPath(t, "internal", "cmd", tool))
		if b, err := build.CombinedOutput(); err != nil {
			t.Fatalf("building %s: %v\n%s", tool, err, b)
		}
	}
	if err := os.Symlink(tf, filepath.Join(bin, "terraform")); err != nil {
		t.Fatal(err)
	}
	return bin
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
