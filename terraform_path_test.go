package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// scriptSetting reads a NAME=value line of scripts/terraform-path.sh.
func scriptSetting(t *testing.T, name string) string {
	t.Helper()
	text, err := os.ReadFile("scripts/terraform-path.sh")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^` + name + `=(\S+)$`).FindSubmatch(text)
	if m == nil {
		t.Fatalf("scripts/terraform-path.sh has no line %s=...", name)
	}
	return string(m[1])
}

// The CLI for make test, the docs and the demo: a terraform on PATH older than the pinned newest would
// skip the tests of newer features without a word, so the pinned build is taken instead, saying why; one
// as new or newer is taken as it is, and TF_ACC_TERRAFORM_PATH always wins.
func TestTerraformPath_olderTerraformOnPathIsPassedOver(t *testing.T) {
	newest, recipe := scriptSetting(t, "newest"), scriptSetting(t, "recipe")
	cache := t.TempDir()
	pinned := filepath.Join(cache, "terraform-"+newest+"-r"+recipe, "terraform")
	if err := os.MkdirAll(filepath.Dir(pinned), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pinned, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	// run runs the script with a terraform of pathVersion on PATH, at fake.
	run := func(t *testing.T, pathVersion, accPath string) (stdout, stderr, fake string) {
		t.Helper()
		bin := t.TempDir()
		fake = filepath.Join(bin, "terraform")
		script := fmt.Sprintf("#!/bin/sh\necho 'Terraform v%s'\necho 'on linux_amd64'\n", pathVersion)
		if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "scripts/terraform-path.sh")
		cmd.Env = []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + t.TempDir(), "ARDOQ_TOOLS_CACHE=" + cache}
		if accPath != "" {
			cmd.Env = append(cmd.Env, "TF_ACC_TERRAFORM_PATH="+accPath)
		}
		var out, errOut strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errOut
		if err := cmd.Run(); err != nil {
			t.Fatalf("scripts/terraform-path.sh: %v\n%s", err, errOut.String())
		}
		return strings.TrimSpace(out.String()), errOut.String(), fake
	}

	t.Run("older", func(t *testing.T) {
		got, stderr, _ := run(t, "1.0.0", "")
		if got != pinned {
			t.Errorf("with Terraform 1.0.0 on PATH, got %s, want the pinned %s", got, pinned)
		}
		if want := "is v1.0.0, not " + newest + " or newer"; !strings.Contains(stderr, want) {
			t.Errorf("stderr does not say %q:\n%s", want, stderr)
		}
	})
	for name, version := range map[string]string{"same": newest, "newer": "99.0.0"} {
		t.Run(name, func(t *testing.T) {
			got, stderr, fake := run(t, version, "")
			if got != fake {
				t.Errorf("with Terraform %s on PATH, got %s, want the one on PATH, %s", version, got, fake)
			}
			if stderr != "" {
				t.Errorf("stderr: %s", stderr)
			}
		})
	}
	t.Run("TF_ACC_TERRAFORM_PATH", func(t *testing.T) {
		mine := filepath.Join(t.TempDir(), "terraform")
		if err := os.WriteFile(mine, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		if got, _, _ := run(t, "1.0.0", mine); got != mine {
			t.Errorf("got %s, want TF_ACC_TERRAFORM_PATH's %s", got, mine)
		}
	})
}
