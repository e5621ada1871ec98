package main

import (
	"errors"
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

// make test-live-org without the org's variables refuses before building anything, naming all five; the
// emulator-backed runs are named test-foreign-org, and test-real-org is gone.
func TestMakeTestLiveOrg_refusesWithoutTheOrg(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make on PATH")
	}
	variables := []string{"ARDOQ_BASE_URL", "ARDOQ_API_TOKEN", "ARDOQ_ORG", "ARDOQ_ACC_WORKSPACE_ID", "ARDOQ_ACC_WORKSPACE_ID_2"}
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(name, "ARDOQ_") && name != "MAKEFLAGS" && name != "MFLAGS" && name != "MAKELEVEL" {
			env = append(env, kv)
		}
	}
	cmd := exec.Command("make", "--no-print-directory", "test-live-org")
	cmd.Env = append(env, "ARDOQ_ORG=sandbox") // one of five set: the other four are named
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("make test-live-org without the org's variables: %v, want a refusal\n%s", err, out)
	}
	refusal := string(out)
	if !strings.Contains(refusal, "not started: set ARDOQ_BASE_URL ARDOQ_API_TOKEN ARDOQ_ACC_WORKSPACE_ID ARDOQ_ACC_WORKSPACE_ID_2.") {
		t.Errorf("the refusal does not name the four missing variables:\n%s", refusal)
	}
	for _, v := range variables {
		if !strings.Contains(refusal, "  "+v+" ") {
			t.Errorf("the refusal does not explain %s:\n%s", v, refusal)
		}
	}
	for target, exists := range map[string]bool{"test-foreign-org-full": true, "test-foreign-org-thin": true, "test-foreign-org-interrupt": true, "test-upgrade": true, "test-real-org": false} {
		dry := exec.Command("make", "--no-print-directory", "-n", target)
		// Any executable stands for the CLI: make -n needs its path, and must not build one.
		dry.Env = append(env, "TF_ACC_TERRAFORM_PATH="+os.Args[0], "TERRAFORM_VERSION=")
		if out, err := dry.CombinedOutput(); (err == nil) != exists {
			t.Errorf("make -n %s: %v, want the target to exist: %v\n%s", target, err, exists, out)
		}
	}
}
