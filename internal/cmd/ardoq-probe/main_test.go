package main

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// startEmulator serves an emulator with 150 more components in the Business Capabilities workspace than its
// default seed, so that the component listing has a second page.
func startEmulator(t *testing.T, opts ...emulator.Option) (*emulator.Server, map[string]string) {
	t.Helper()
	srv, err := emulator.New(append([]emulator.Option{emulator.WithDeterministicIDs()}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	ws := workspaceNamed(t, srv, "Business Capabilities")
	for i := range 150 {
		if _, err := srv.SeedComponent(emulator.ComponentSeed{Name: fmt.Sprintf("Filler %03d", i), RootWorkspace: ws.ID, TypeID: ws.typeID}); err != nil {
			t.Fatal(err)
		}
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	return srv, map[string]string{"ARDOQ_BASE_URL": hs.URL, "ARDOQ_API_TOKEN": srv.Token(), "ARDOQ_ORG": srv.OrgLabel()}
}

type seededWorkspace struct{ ID, typeID string }

func workspaceNamed(t *testing.T, srv *emulator.Server, name string) seededWorkspace {
	t.Helper()
	for _, ws := range srv.Workspaces() {
		if ws.Name == name {
			return seededWorkspace{ID: ws.ID, typeID: firstTypeID(t, srv, ws.ID)}
		}
	}
	t.Fatalf("the seed has no workspace %q", name)
	return seededWorkspace{}
}

// probeRun runs the probe and returns its exit status, its table and its log.
func probeRun(t *testing.T, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, log bytes.Buffer
	code := run(context.Background(), args, func(k string) string { return env[k] }, &out, &log)
	return code, out.String(), log.String()
}

var row = regexp.MustCompile("(?m)^\\| `([a-z0-9-]+)` \\|.*\\| (holds|\\*\\*differs\\*\\*|not checked) \\| (.*) \\|$")

// outcomes reads the table: check name to outcome ("holds", "differs", "not checked").
func outcomes(t *testing.T, table string) map[string]string {
	t.Helper()
	got := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(table, -1) {
		got[m[1]] = strings.Trim(m[2], "*")
	}
	if len(got) != len(allChecks()) {
		t.Fatalf("the table has %d rows, the probe %d checks:\n%s", len(got), len(allChecks()), table)
	}
	return got
}

// TestProbe_readOnly: against the emulator every read-only check holds, the write checks are not run
// (saying why), nothing is written, and the exit status is 0.
func TestProbe_readOnly(t *testing.T) {
	srv, env := startEmulator(t)
	srv.ResetRequests()
	code, table, log := probeRun(t, env, "-workspace", "CAP")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, log, table)
	}
	for _, c := range allChecks() {
		want := "holds"
		if c.writes {
			want = "not checked"
		}
		if got := outcomes(t, table)[c.name]; got != want {
			t.Errorf("%s: %s, want %s\n%s", c.name, got, want, table)
		}
	}
	for _, r := range srv.Requests() {
		if r.Method != "GET" && r.Path != "/api/v2/batch/expand" {
			t.Errorf("a read-only run sent %s %s", r.Method, r.Path)
		}
	}
	t.Log(table)
}

// firstTypeID is the type of a top-level component the seed has in the workspace.
func firstTypeID(t *testing.T, srv *emulator.Server, workspaceID string) string {
	t.Helper()
	for _, c := range srv.Snapshot().Components {
		if c.RootWorkspace == workspaceID && c.Parent == nil {
			return c.TypeID
		}
	}
	t.Fatalf("the seed has no top-level component in workspace %s", workspaceID)
	return ""
}

// TestProbe_writes: with -write-workspace every check holds against the emulator, and the workspace is
// left as it was found.
func TestProbe_writes(t *testing.T) {
	srv, env := startEmulator(t)
	before := srv.Snapshot()
	code, table, log := probeRun(t, env, "-workspace", "CAP", "-write-workspace", "APP")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, log, table)
	}
	for name, got := range outcomes(t, table) {
		if got != "holds" {
			t.Errorf("%s: %s\n%s", name, got, table)
		}
	}
	assertOrgAsFound(t, before, srv.Snapshot())
	t.Log(table)
}

// assertOrgAsFound fails unless the org has the same components and references at the same versions.
func assertOrgAsFound(t *testing.T, before, after *emulator.Seed) {
	t.Helper()
	versions := func(s *emulator.Seed) map[string]int64 {
		v := map[string]int64{}
		for _, c := range s.Components {
			v[c.ID] = c.Version
		}
		for _, r := range s.References {
			v[r.ID] = r.Version
		}
		return v
	}
	if b, a := versions(before), versions(after); !maps.Equal(b, a) {
		t.Errorf("the org is not as found: %d entities before, %d after; diff %s", len(b), len(a), entityVersions(b).diff(a))
	}
}
