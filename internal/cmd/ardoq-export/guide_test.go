package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

const guide = "../../../templates/guides/exporting-a-workspace.md.tmpl"

// TestGuide_export runs the guide "Exporting a workspace" as written (all its sh blocks but the one that
// installs the command, which the test builds instead, as it builds the provider into a mirror the
// guide's terraform init installs from), on a workspace with hand-set styles and custom fields: the plan
// imports and changes nothing, and the apply writes nothing (every version as it was).
func TestGuide_export(t *testing.T) {
	tf := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if os.Getenv("TF_ACC") == "" || tf == "" {
		t.Skip("needs TF_ACC and TF_ACC_TERRAFORM_PATH (make test sets both)")
	}
	org := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: org.URL, Token: org.Token(), Org: org.OrgLabel(), RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	handSet(t, c)
	before := versions(org.Snapshot())
	bin := buildTools(t, tf)
	dir := t.TempDir()
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"TF_CLI_CONFIG_FILE="+filepath.Join(bin, "terraformrc"), "TF_IN_AUTOMATION=1", "TF_CLI_ARGS_apply=-auto-approve -no-color",
		"TF_CLI_ARGS_plan=-no-color", "ARDOQ_BASE_URL="+org.URL, "ARDOQ_API_TOKEN="+org.Token(), "ARDOQ_ORG="+org.OrgLabel())
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", strings.Join(guideSteps(t), "\n"))
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"Plan: 1 to import, 0 to add, 0 to change, 0 to destroy.", "Apply complete! Resources: 1 imported, 0 added, 0 changed, 0 destroyed."} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the guide's run lacks %q:\n%s", want, out)
		}
	}
	after := versions(org.Snapshot())
	for id, v := range before {
		if after[id] != v {
			t.Errorf("%s was written: version %d, was %d", id, after[id], v)
		}
	}
}

// handSet gives the Applications workspace what a workspace made by hand has: styles and custom fields.
func handSet(t *testing.T, c *client.Client) {
	t.Helper()
	ctx := context.Background()
	ws := "5eed0000000000000000b001"
	app, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "Billing", RootWorkspace: ws, TypeID: "p1700000000001",
		Color: sp("#d53a7b"), Shape: sp("rectangle"), Icon: sp("fa-cog"), Image: sp("https://example.com/b.png"),
		CustomFields: client.CustomFields{"cost": 1200, "critical": true, "regions": []string{"eu"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "Billing API", RootWorkspace: ws, TypeID: "p1700000000002", Parent: &app.ID}); err != nil {
		t.Fatal(err)
	}
}

func sp(s string) *string { return &s }

func versions(s *emulator.Seed) map[string]int64 {
	out := map[string]int64{}
	for _, c := range s.Components {
		out[c.ID] = c.Version
	}
	for _, r := range s.References {
		out[r.ID] = r.Version
	}
	return out
}

// guideSteps is the guide's sh blocks in order, but the installing one ("# once").
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
	if len(steps) < 2 {
		t.Fatalf("the guide has %d steps to run", len(steps))
	}
	return steps
}

// buildTools builds ardoq-export into a directory for PATH, with terraform beside it, and the provider
// into a filesystem mirror that a CLI configuration there installs it from.
func buildTools(t *testing.T, tf string) string {
	t.Helper()
	bin := t.TempDir()
	mirror := filepath.Join(bin, "mirror")
	provider := filepath.Join(mirror, "registry.terraform.io", "seed762a2f0c", "ardoq", "0.0.1", runtime.GOOS+"_"+runtime.GOARCH, "terraform-provider-ardoq_v0.0.1")
	for out, pkg := range map[string]string{provider: "../../..", filepath.Join(bin, "ardoq-export"): "."} {
		if b, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
			t.Fatalf("building %s: %v\n%s", pkg, err, b)
		}
	}
	if err := os.Symlink(tf, filepath.Join(bin, "terraform")); err != nil {
		t.Fatal(err)
	}
	rc := fmt.Sprintf("provider_installation {\n  filesystem_mirror {\n    path    = %q\n    include = [\"registry.terraform.io/seed762a2f0c/ardoq\"]\n  }\n}\n", mirror)
	if err := os.WriteFile(filepath.Join(bin, "terraformrc"), []byte(rc), 0o600); err != nil {
		t.Fatal(err)
	}
	return bin
}
