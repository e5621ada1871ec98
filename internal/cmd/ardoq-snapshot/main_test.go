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
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/snapshot"
)

func env(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }

// TestRun writes a seed the emulator starts from, readable by its owner only, says what it did in plain
// lines (not a terminal), and writes the token nowhere.
func TestRun(t *testing.T) {
	srv := openapitest.Start(t, emulator.WithPageSize(2))
	path := filepath.Join(t.TempDir(), "org.json")
	var out bytes.Buffer
	err := run(context.Background(), []string{"-out", path}, env(map[string]string{
		"ARDOQ_BASE_URL": srv.URL, "ARDOQ_API_TOKEN": srv.Token(), "ARDOQ_ORG": srv.OrgLabel(),
	}), &out)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	for _, want := range []string{"[1/3] Applications: ", "[3/3] Business Capabilities: 3 components, 1 reference",
		"Wrote " + path + ": 3 workspaces, 3 components, 1 reference, 4 attachments", snapshot.NotCopied[0], "-seed " + path} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Errorf("seed file mode %v, want 0600 (it holds the org's data)", info.Mode().Perm())
	}
	body, _ := os.ReadFile(path)
	if bytes.Contains(body, []byte(srv.Token())) || strings.Contains(out.String(), srv.Token()) {
		t.Fatal("the token was written")
	}
	seed, err := emulator.ReadSeed(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := emulator.New(emulator.WithSeed(seed)); err != nil {
		t.Fatalf("the emulator refuses the seed: %v", err)
	}
}

func TestRun_errors(t *testing.T) {
	srv := openapitest.Start(t)
	for name, tc := range map[string]struct {
		args []string
		env  map[string]string
		want string
	}{
		"no out":      {nil, map[string]string{"ARDOQ_API_TOKEN": "x"}, "usage: ardoq-snapshot -out FILE"},
		"no token":    {[]string{"-out", "x.json"}, nil, "set ARDOQ_API_TOKEN"},
		"wrong token": {[]string{"-out", "x.json", "-base-url", srv.URL, "-org", srv.OrgLabel()}, map[string]string{"ARDOQ_API_TOKEN": "wrong"}, "401"},
		"unknown workspace": {[]string{"-out", "x.json", "-base-url", srv.URL, "-org", srv.OrgLabel(), "-workspace", "Nope"}, map[string]string{"ARDOQ_API_TOKEN": srv.Token()},
			`no workspace with the name, id or key "Nope"; its workspaces: "Applications" (APP)`},
		"api path in the base url": {[]string{"-out", "x.json", "-base-url", srv.URL + "/api/v2/"}, map[string]string{"ARDOQ_API_TOKEN": srv.Token()},
			`ends in /api/v2: drop it ("` + srv.URL + `")`},
		"out is a directory": {[]string{"-out", ".", "-base-url", srv.URL, "-org", srv.OrgLabel()}, map[string]string{"ARDOQ_API_TOKEN": srv.Token()},
			`. is a directory: give the seed file's name`},
		"out in a missing directory": {[]string{"-out", "no/such/dir/x.json", "-base-url", srv.URL, "-org", srv.OrgLabel()}, map[string]string{"ARDOQ_API_TOKEN": srv.Token()},
			`cannot write no/such/dir/x.json: no such file or directory`},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			err := run(context.Background(), tc.args, env(tc.env), &bytes.Buffer{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error with %q", err, tc.want)
			}
			if _, statErr := os.Stat(filepath.Join(dir, "x.json")); statErr == nil {
				t.Fatal("a failed run wrote the seed file")
			}
			if left, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(left) > 0 {
				t.Fatalf("a failed run left %v", left)
			}
		})
	}
}

// A run stopped before the org is read (Ctrl-C) says so and writes nothing; a workspace is chosen by key.
func TestRun_interruptedAndByKey(t *testing.T) {
	srv := openapitest.Start(t)
	dir := t.TempDir()
	vars := env(map[string]string{"ARDOQ_BASE_URL": srv.URL, "ARDOQ_API_TOKEN": srv.Token(), "ARDOQ_ORG": srv.OrgLabel()})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := run(ctx, []string{"-out", filepath.Join(dir, "x.json")}, vars, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "interrupted: nothing was written to") {
		t.Fatalf("an interrupted run gave %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("an interrupted run left %v", entries)
	}
	path := filepath.Join(dir, "cap.json")
	if err := run(context.Background(), []string{"-out", path, "-workspace", "CAP"}, vars, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	seed, err := emulator.ReadSeed(path)
	if err != nil || len(seed.Workspaces) != 1 || seed.Workspaces[0].WorkspaceKey != "CAP" {
		t.Fatalf("-workspace CAP copied %v (%v)", seed, err)
	}
}

func TestRun_version(t *testing.T) {
	var out bytes.Buffer
	// no -out and no token: -version needs neither
	if err := run(context.Background(), []string{"-version"}, env(nil), &out); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "ardoq-snapshot (devel)\n" {
		t.Errorf("-version printed %q, want %q (a build from a clone)", got, "ardoq-snapshot (devel)\n")
	}
}
