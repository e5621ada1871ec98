package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

func env(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }

// TestRun writes a file per workspace and versions.tf, says what it read in plain lines, and refuses to
// overwrite a file.
func TestRun(t *testing.T) {
	srv := openapitest.Start(t, emulator.WithPageSize(2))
	vars := env(map[string]string{"ARDOQ_BASE_URL": srv.URL, "ARDOQ_API_TOKEN": srv.Token(), "ARDOQ_ORG": srv.OrgLabel()})
	for _, style := range []string{"batch", "single"} {
		t.Run(style, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "adopted")
			var out bytes.Buffer
			if err := run(context.Background(), []string{"-workspace", "APP", "-workspace", "Business Capabilities", "-style", style, "-out", dir}, vars, &out); err != nil {
				t.Fatalf("run: %v\n%s", err, out.String())
			}
			for _, want := range []string{"[1/2] reading Applications", "[2/2] Business Capabilities: 3 components, 1 reference",
				"Exported 2 workspaces", filepath.Join(dir, "applications.tf"), filepath.Join(dir, "versions.tf")} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("output lacks %q:\n%s", want, out.String())
				}
			}
			body, err := os.ReadFile(filepath.Join(dir, "business_capabilities.tf"))
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s", body)
			if err := run(context.Background(), []string{"-workspace", "APP", "-style", style, "-out", dir}, vars, &out); err == nil ||
				!strings.Contains(err.Error(), "applications.tf exists") {
				t.Fatalf("a second export into the same directory: %v", err)
			}
		})
	}
}

func TestRun_errors(t *testing.T) {
	srv := openapitest.Start(t)
	for name, tc := range map[string]struct {
		args []string
		env  map[string]string
		want string
	}{
		"no token":     {[]string{"-workspace", "APP"}, nil, "set ARDOQ_API_TOKEN"},
		"wrong style":  {[]string{"-workspace", "APP", "-style", "flat"}, map[string]string{"ARDOQ_API_TOKEN": "x"}, "usage: ardoq-export -workspace"},
		"no workspace": {[]string{"-base-url", srv.URL, "-org", srv.OrgLabel()}, map[string]string{"ARDOQ_API_TOKEN": srv.Token()}, `name the workspaces to export with -workspace; the org's workspaces: "Applications" (APP)`},
		"unknown workspace": {[]string{"-workspace", "Nope", "-base-url", srv.URL, "-org", srv.OrgLabel()}, map[string]string{"ARDOQ_API_TOKEN": srv.Token()},
			`no workspace with the name, id or key "Nope"`},
		"wrong token": {[]string{"-workspace", "APP", "-base-url", srv.URL, "-org", srv.OrgLabel()}, map[string]string{"ARDOQ_API_TOKEN": "wrong"}, "401"},
		"api path in the base url": {[]string{"-workspace", "APP", "-base-url", srv.URL + "/api/v2/"}, map[string]string{"ARDOQ_API_TOKEN": srv.Token()},
			`ends in /api/v2: drop it`},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			err := run(context.Background(), append(tc.args, "-out", dir), env(tc.env), &bytes.Buffer{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error with %q", err, tc.want)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Fatalf("a failed run wrote %v", entries)
			}
		})
	}
}

func TestRun_version(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"-version"}, env(nil), &out); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "ardoq-export (devel)\n" {
		t.Errorf("-version printed %q, want %q (a build from a clone)", got, "ardoq-export (devel)\n")
	}
}
