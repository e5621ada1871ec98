package main

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

const guide = "../../../templates/guides/trying-changes-on-a-copy.md.tmpl"

// The model the test's user keeps in Ardoq, and the change they try on a copy first: one component
// renamed, one added, one deleted with the reference to it. The provider block names the real org's
// base_url itself, which wins over ARDOQ_BASE_URL: the guide must still send the copy's run to the copy.
const (
	userConfig = `terraform {
  required_providers {
    ardoq = { source = "seed762a2f0c/ardoq" }
  }
}
provider "ardoq" {
  base_url = "REAL_ORG_URL"
}

resource "ardoq_component" "shop" {
  name           = "Shop"
  root_workspace = "5eed0000000000000000b001"
  type_id        = "p1700000000001"
}
resource "ardoq_component" "legacy" {
  name           = "Legacy Billing"
  root_workspace = "5eed0000000000000000b001"
  type_id        = "p1700000000001"
}
resource "ardoq_reference" "uses" {
  source = ardoq_component.shop.id
  target = ardoq_component.legacy.id
  type   = 1
}
`
	userChange = `terraform {
  required_providers {
    ardoq = { source = "seed762a2f0c/ardoq" }
  }
}
provider "ardoq" {
  base_url = "REAL_ORG_URL"
}

resource "ardoq_component" "shop" {
  name           = "Web Shop"
  root_workspace = "5eed0000000000000000b001"
  type_id        = "p1700000000001"
}
resource "ardoq_component" "payments" {
  name           = "Payments Gateway"
  root_workspace = "5eed0000000000000000b001"
  type_id        = "p1700000000001"
}
`
)

// TestGuide_tryOnACopy runs the guide "Try a change on a copy of your org" as written (all its sh blocks
// but the one that installs the commands, which the test builds instead), with a real Terraform and the
// emulator standing in for the user's real org: the copy plans what the real org then plans, and the
// real org is untouched until the guide's last step.
func TestGuide_tryOnACopy(t *testing.T) {
	tf := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if os.Getenv("TF_ACC") == "" || tf == "" {
		t.Skip("needs TF_ACC and TF_ACC_TERRAFORM_PATH (make test sets both)")
	}
	realOrg := openapitest.Start(t)
	bin := buildTools(t, tf)
	dir := t.TempDir()
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"TF_CLI_CONFIG_FILE="+filepath.Join(bin, "terraformrc"), "TF_IN_AUTOMATION=1", "TF_CLI_ARGS_apply=-auto-approve -no-color",
		"TF_CLI_ARGS_plan=-no-color", "ARDOQ_BASE_URL="+realOrg.URL, "ARDOQ_API_TOKEN="+realOrg.Token(), "ARDOQ_ORG="+realOrg.OrgLabel())
	sh := func(script string) string {
		t.Helper()
		cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v\n%s\n--- output:\n%s", err, script, out)
		}
		return string(out)
	}
	write(t, filepath.Join(dir, "main.tf"), strings.ReplaceAll(userConfig, "REAL_ORG_URL", realOrg.URL))
	sh("terraform init -input=false && terraform apply")
	write(t, filepath.Join(dir, "main.tf"), strings.ReplaceAll(userChange, "REAL_ORG_URL", realOrg.URL))

	port := freePort(t)
	steps := guideSteps(t)
	onCopyOut := sh("trap 'kill $(jobs -p) 2>/dev/null' EXIT\n" + strings.ReplaceAll(strings.Join(steps[:len(steps)-1], "\n"), "127.0.0.1:8080", port) +
		"\ncurl -fsS http://" + port + "/changes > changes.html\necho \"WORK=$work\"\n")
	if names := componentNames(realOrg.Snapshot()); !names["Shop"] || !names["Legacy Billing"] || names["Payments Gateway"] {
		t.Fatalf("trying the change on the copy changed the real org: %v", names)
	}
	changes, err := os.ReadFile(filepath.Join(dir, "changes.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, shown := range []string{`data-status="created" data-count="1"`, `data-status="updated" data-count="1"`,
		`data-status="deleted" data-count="2"`, "Payments Gateway", "Legacy Billing", "Web Shop"} {
		if !strings.Contains(string(changes), shown) {
			t.Errorf("the copy's change view lacks %s", shown)
		}
	}
	out := onCopyOut + sh(steps[len(steps)-1])

	onCopy := planLine(t, out, 0)
	onReal := planLine(t, out, 1)
	if onCopy != "Plan: 1 to add, 1 to change, 2 to destroy." || onReal != onCopy {
		t.Fatalf("the copy planned %q, the real org %q; want the same change on both\n%s", onCopy, onReal, out)
	}
	if !strings.Contains(out, "Apply complete! Resources: 1 added, 1 changed, 2 destroyed.") {
		t.Fatalf("the real org did not take the change\n%s", out)
	}
	if names := componentNames(realOrg.Snapshot()); !names["Web Shop"] || names["Legacy Billing"] || !names["Payments Gateway"] {
		t.Fatalf("the real org after the guide's last step: %v", names)
	}
	work := regexp.MustCompile(`(?m)^WORK=(.+)$`).FindStringSubmatch(onCopyOut)
	if work == nil {
		t.Fatalf("the guide's work directory is not known\n%s", onCopyOut)
	}
	t.Cleanup(func() { _ = os.RemoveAll(work[1]) })
	copied, err := os.ReadFile(filepath.Join(work[1], "my-org.json"))
	if err != nil || strings.Contains(string(copied), realOrg.Token()) {
		t.Fatalf("the copy: %v, or it holds the token", err)
	}
}

// guideSteps is the guide's sh blocks in order, but the installing one ("# once"); the last applies to
// the real org.
func guideSteps(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(guide)
	if err != nil {
		t.Fatal(err)
	}
	var steps []string
	for _, m := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(string(b), -1) {
		if !strings.HasPrefix(m[1], "# once") {
			steps = append(steps, m[1])
		}
	}
	if len(steps) < 5 {
		t.Fatalf("the guide has %d steps to run", len(steps))
	}
	return steps
}

// planLine is the n-th "Plan: ..." line of out.
func planLine(t *testing.T, out string, n int) string {
	t.Helper()
	lines := regexp.MustCompile(`(?m)^Plan: .*$`).FindAllString(out, -1)
	if len(lines) <= n {
		t.Fatalf("only %d plans in the output\n%s", len(lines), out)
	}
	return lines[n]
}

// buildTools builds ardoq-snapshot and ardoq-emulator into a directory for PATH, with terraform beside
// them, and the provider into a filesystem mirror that a CLI configuration there installs it from: the
// guide's terraform init runs as a user's does.
func buildTools(t *testing.T, tf string) string {
	t.Helper()
	bin := t.TempDir()
	mirror := filepath.Join(bin, "mirror")
	provider := filepath.Join(mirror, "registry.terraform.io", "seed762a2f0c", "ardoq", "0.0.1", runtime.GOOS+"_"+runtime.GOARCH, "terraform-provider-ardoq_v0.0.1")
	for out, pkg := range map[string]string{provider: "../../..", filepath.Join(bin, "ardoq-snapshot"): ".", filepath.Join(bin, "ardoq-emulator"): "../ardoq-emulator"} {
		if b, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
			t.Fatalf("building %s: %v\n%s", pkg, err, b)
		}
	}
	if err := os.Symlink(tf, filepath.Join(bin, "terraform")); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(bin, "terraformrc"), fmt.Sprintf("provider_installation {\n  filesystem_mirror {\n    path    = %q\n    include = [\"registry.terraform.io/seed762a2f0c/ardoq\"]\n  }\n}\n", mirror))
	return bin
}

func componentNames(s *emulator.Seed) map[string]bool {
	names := map[string]bool{}
	for _, c := range s.Components {
		names[c.Name] = true
	}
	return names
}

func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}
