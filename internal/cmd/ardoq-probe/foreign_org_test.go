package main

import (
	"net/http/httptest"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// TestProbe_foreignOrg: against the foreign-seeded org (seed/sandbox.json: other ids, keys, types and
// fields than the default seed; make test-foreign-org's org) with writes in its test workspace, nothing
// differs, the only checks not run are the paging ones (its listings fit one page), and the org is left
// as it was found.
func TestProbe_foreignOrg(t *testing.T) {
	seed, err := emulator.ReadSeed("../../emulator/seed/sandbox.json")
	if err != nil {
		t.Fatal(err)
	}
	srv, err := emulator.New(emulator.WithSeed(seed), emulator.WithToken("sandbox-token"), emulator.WithOrg("sandbox"))
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	before := srv.Snapshot()
	env := map[string]string{"ARDOQ_BASE_URL": hs.URL, "ARDOQ_API_TOKEN": "sandbox-token", "ARDOQ_ORG": "sandbox"}
	code, table, log := probeRun(t, env, "-write-workspace", "Sandbox Services")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, log, table)
	}
	for name, got := range outcomes(t, table) {
		want := "holds"
		if name == "paging-links" || name == "page-size" {
			want = "not checked"
		}
		if got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
	assertOrgAsFound(t, before, srv.Snapshot())
	t.Log(table)
}
