package installtest

import (
	"bytes"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// cli runs one Terraform or OpenTofu CLI in a working directory, trusting the registry's certificate and
// reading no CLI configuration of the user's (no dev_overrides, no plugin cache, no mirrors).
type cli struct {
	t    *testing.T
	path string
	dir  string
	env  []string
}

func newCLI(t *testing.T, certFile string) *cli {
	t.Helper()
	path := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if path == "" {
		t.Fatal("TF_ACC_TERRAFORM_PATH must name the terraform or tofu binary to install with (make test-install sets it)")
	}
	dir := t.TempDir()
	config := filepath.Join(dir, "empty.tfrc")
	if err := os.WriteFile(config, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	env := []string{"SSL_CERT_FILE=" + certFile, "TF_CLI_CONFIG_FILE=" + config, "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1"}
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch {
		case name == "SSL_CERT_FILE", name == "SSL_CERT_DIR", name == "TF_PLUGIN_CACHE_DIR", name == "TF_DATA_DIR",
			strings.HasPrefix(name, "TF_CLI_"), strings.HasPrefix(name, "TF_TOKEN_"), strings.HasPrefix(name, "ARDOQ_"):
			continue
		}
		env = append(env, kv)
	}
	return &cli{t: t, path: path, dir: filepath.Join(dir, "config"), env: env}
}

// run runs the CLI with args and returns its combined output and its exit code (an error only when it
// could not run at all).
func (c *cli) run(args ...string) (string, int) {
	c.t.Helper()
	cmd := exec.Command(c.path, args...)
	cmd.Dir, cmd.Env = c.dir, c.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return out.String(), 0
	case errors.As(err, &exit):
		return out.String(), exit.ExitCode()
	default:
		c.t.Fatalf("%s %s: %v", c.path, strings.Join(args, " "), err)
		return "", -1
	}
}

// mustRun runs the CLI and fails the test unless it exits 0.
func (c *cli) mustRun(args ...string) string {
	c.t.Helper()
	out, code := c.run(args...)
	if code != 0 {
		c.t.Fatalf("%s %s exited %d:\n%s", filepath.Base(c.path), strings.Join(args, " "), code, out)
	}
	return out
}

// writeConfig writes a configuration that requires the provider from host at exactly version and manages
// one component in the emulator at baseURL.
func (c *cli) writeConfig(host, version, baseURL string) {
	c.t.Helper()
	if err := os.MkdirAll(c.dir, 0o700); err != nil {
		c.t.Fatal(err)
	}
	config := fmt.Sprintf(`terraform {
  required_providers {
    ardoq = {
      source  = "%s/%s/%s"
      version = "%s"
    }
  }
}

provider "ardoq" {
  base_url  = "%s"
  org       = "emulated"
  api_token = "emulator-token"
}

data "ardoq_workspace" "apps" {
  name = "Applications"
}

data "ardoq_component_type" "application" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = "Application"
}

resource "ardoq_component" "installed" {
  name           = "Installed from a registry"
  root_workspace = data.ardoq_workspace.apps.id
  type_id        = data.ardoq_component_type.application.type_id
  custom_fields  = { owner = "release-test" }
}
`, host, namespace, providerType, version, baseURL)
	if err := os.WriteFile(filepath.Join(c.dir, "main.tf"), []byte(config), 0o600); err != nil {
		c.t.Fatal(err)
	}
}

func distDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("ARDOQ_RELEASE_DIST")
	if dir == "" {
		t.Skip("ARDOQ_RELEASE_DIST is not set: run make release-snapshot and make test-install")
	}
	return dir
}

// The release in dist/ installs through a registry, signed and checksummed as published, and works: the
// lock file pins it by h1: and zh: hashes, the CLI names it, and a configuration applies, plans empty and
// destroys against the emulator.
func TestInstall_fromRegistry(t *testing.T) {
	rel := readRelease(t, distDir(t))
	key := newSigningKey(t)
	sums := rel.files[rel.sumsName]
	files := map[string][]byte{rel.sumsName + ".sig": key.sign(t, sums)}
	for name, data := range rel.files {
		files[name] = data
	}
	host, certFile := (&registry{rel: rel, files: files, key: key}).start(t)

	server, err := emulator.New()
	if err != nil {
		t.Fatal(err)
	}
	api := httptest.NewServer(server)
	t.Cleanup(api.Close)

	c := newCLI(t, certFile)
	c.writeConfig(host, rel.version, api.URL)
	out := c.mustRun("init", "-input=false", "-no-color")
	t.Log(out)
	address := host + "/" + namespace + "/" + providerType
	if !strings.Contains(out, rel.version) || !strings.Contains(strings.ToLower(out), "signed") {
		t.Errorf("init did not report installing %s v%s, signed:\n%s", address, rel.version, out)
	}

	lock, err := os.ReadFile(filepath.Join(c.dir, ".terraform.lock.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	checkLock(t, string(lock), address, rel)

	version := c.mustRun("version", "-no-color")
	t.Log(version)
	if want := "provider " + address + " v" + rel.version; !strings.Contains(version, want) {
		t.Errorf("version does not name %q:\n%s", want, version)
	}

	before, _ := server.Counts()
	c.mustRun("apply", "-input=false", "-auto-approve", "-no-color")
	if after, _ := server.Counts(); after != before+1 {
		t.Fatalf("apply left %d components where %d were, want one more", after, before)
	}
	if out, code := c.run("plan", "-input=false", "-detailed-exitcode", "-no-color"); code != 0 {
		t.Errorf("plan after apply exited %d, want 0 (no changes):\n%s", code, out)
	}
	c.mustRun("destroy", "-input=false", "-auto-approve", "-no-color")
	if left, _ := server.Counts(); left != before {
		t.Errorf("destroy left %d components, want the %d there were before apply", left, before)
	}
}

// checkLock checks the lock file pins the installed version by the hash of the package on this platform
// (h1:) and by the signed SHA256SUMS of every platform (zh:, one per zip).
func checkLock(t *testing.T, lock, address string, rel *release) {
	t.Helper()
	block := regexp.MustCompile(`(?s)provider "` + regexp.QuoteMeta(address) + `" \{(.*?)\n\}`).FindStringSubmatch(lock)
	if block == nil {
		t.Fatalf("the lock file has no block for %s:\n%s", address, lock)
	}
	if !strings.Contains(block[1], `version     = "`+rel.version+`"`) {
		t.Errorf("the lock file does not pin version %s:\n%s", rel.version, block[1])
	}
	if !strings.Contains(block[1], `"h1:`) {
		t.Errorf("the lock file has no h1: hash:\n%s", block[1])
	}
	for platform, zip := range rel.zips {
		if want := `"zh:` + rel.sums[zip] + `"`; !strings.Contains(block[1], want) {
			t.Errorf("the lock file lacks the zh: hash of %s (%s):\n%s", platform, want, block[1])
		}
	}
}

// A package whose SHA256SUMS signature does not match the registry's key is refused, and nothing is
// installed.
func TestInstall_refusesABadSignature(t *testing.T) {
	rel := readRelease(t, distDir(t))
	key := newSigningKey(t)
	files := map[string][]byte{rel.sumsName + ".sig": key.sign(t, []byte("not the SHA256SUMS"))}
	for name, data := range rel.files {
		files[name] = data
	}
	host, certFile := (&registry{rel: rel, files: files, key: key}).start(t)

	c := newCLI(t, certFile)
	c.writeConfig(host, rel.version, "http://127.0.0.1:1")
	out, code := c.run("init", "-input=false", "-no-color")
	if code == 0 {
		t.Fatalf("init accepted a package whose checksums signature is wrong:\n%s", out)
	}
	if !strings.Contains(strings.ToLower(out), "signature") {
		t.Errorf("init failed without naming the signature:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(c.dir, ".terraform.lock.hcl")); err == nil {
		t.Error("init wrote a lock file for a package it should have refused")
	}
}
