package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// make emulator passes TOKEN and ORG on as the emulator's -token and -org, and without them leaves the
// emulator's own defaults (the testing guide names both).
func TestMakeEmulator_tokenAndOrg(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make on PATH")
	}
	dryRun := func(vars ...string) string {
		t.Helper()
		cmd := exec.Command("make", append([]string{"--no-print-directory", "-n", "emulator"}, vars...)...)
		for _, kv := range os.Environ() { // not the settings of a make that runs this test (make test)
			if name, _, _ := strings.Cut(kv, "="); name != "MAKEFLAGS" && name != "MFLAGS" && name != "MAKELEVEL" {
				cmd.Env = append(cmd.Env, kv)
			}
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("make -n emulator %s: %v\n%s", strings.Join(vars, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	const cmd = "go run ./internal/cmd/ardoq-emulator -addr "
	if got, want := dryRun("TOKEN=", "ORG="), cmd+"'127.0.0.1:8080'"; got != want {
		t.Errorf("make emulator runs %q, want %q", got, want)
	}
	if got, want := dryRun("ADDR=127.0.0.1:0", "TOKEN=test-token", "ORG=test"), cmd+"'127.0.0.1:0' -token 'test-token' -org 'test'"; got != want {
		t.Errorf("make emulator ADDR=127.0.0.1:0 TOKEN=test-token ORG=test runs %q, want %q", got, want)
	}
}
