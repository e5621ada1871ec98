package provider

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// The log settings the docs give, through a real Terraform (or OpenTofu) as users run it: the CLI passes
// a provider's logs on only when TF_LOG or TF_LOG_PROVIDER is set, so the HTTP exchanges alone are
// TF_LOG_PROVIDER=DEBUG TF_LOG_SDK=OFF TF_LOG_PROVIDER_ARDOQ=OFF TF_LOG_PROVIDER_ARDOQ_API=DEBUG,
// TF_LOG_PROVIDER=DEBUG shows them with the provider's other logs, and TF_LOG=TRACE or
// TF_LOG_PROVIDER=TRACE with the plugin libraries' own lines too. None writes the token.
func TestAccProvider_apiLogThroughTheCLI_everyCLI(t *testing.T) {
	env := newTestEnv(t)
	cli := providertest.NewCLIRun(t, env.Env, "1.5.0")
	cli.Write("main.tf", providertest.CLIProvider+fmt.Sprintf(`variable "n" {
  type = number
}
resource "ardoq_component" "logged" {
  count          = var.n
  name           = "Logged ${count.index}%s"
  root_workspace = %q
  type_id        = %q
}
`, env.Tag, env.WS, env.AppType))
	t.Cleanup(func() {
		if out, code := cli.Run("destroy", "-auto-approve", "-var", "n=2"); code != 0 {
			t.Errorf("destroy (exit %d):\n%s", code, out)
		}
	})
	// apply runs terraform apply with n components and only the given log settings, and returns the log.
	apply := func(t *testing.T, n int, settings ...string) string {
		logFile := filepath.Join(t.TempDir(), "terraform.log")
		saved := cli.Env
		defer func() { cli.Env = saved }()
		cli.Env = append(withoutLogSettings(saved), append(settings, "TF_LOG_PATH="+logFile)...)
		if out, code := cli.Run("apply", "-auto-approve", "-var", fmt.Sprintf("n=%d", n)); code != 0 {
			t.Fatalf("apply (exit %d):\n%s", code, out)
		}
		b, err := os.ReadFile(logFile)
		if err != nil {
			t.Fatalf("no log written: %v", err)
		}
		if strings.Contains(string(b), env.Token) {
			t.Fatal("the log contains the API token")
		}
		for _, want := range []string{"Sending HTTP request", "Received HTTP response", "Bearer ***", "/api/v2/components"} {
			if !strings.Contains(string(b), want) {
				t.Fatalf("the log has no %q (%d bytes):\n%.3000s", want, len(b), b)
			}
		}
		return string(b)
	}
	// The first line of each entry the provider itself logged (the CLI logs the plugin's start and end too).
	providerLine := regexp.MustCompile(`(?m)^\d{4}-\d\d-\d\dT\S+ \[[A-Z]+\] +provider\.terraform-provider-ardoq: (.*)$`)
	t.Run("exchanges only", func(t *testing.T) {
		log := apply(t, 1, "TF_LOG_PROVIDER=DEBUG", "TF_LOG_SDK=OFF", "TF_LOG_PROVIDER_ARDOQ=OFF", "TF_LOG_PROVIDER_ARDOQ_API=DEBUG")
		lines := providerLine.FindAllStringSubmatch(log, -1)
		if len(lines) == 0 {
			t.Fatalf("no line from the provider in the log: the test proves nothing\n%.3000s", log)
		}
		for _, m := range lines {
			if !strings.HasPrefix(m[1], "Sending HTTP request") && !strings.HasPrefix(m[1], "Received HTTP response") &&
				!strings.Contains(m[1], "automatic mTLS") && !strings.HasPrefix(m[1], "plugin address") {
				t.Errorf("with only the exchanges asked for, another provider line: %.300s", m[0])
			}
		}
	})
	t.Run("with the rest", func(t *testing.T) {
		log := apply(t, 2, "TF_LOG_PROVIDER=DEBUG")
		if !strings.Contains(log, "created component") {
			t.Fatalf("TF_LOG_PROVIDER=DEBUG logged the exchanges but not the provider's own lines:\n%.3000s", log)
		}
	})
	// A bug report made at trace level has the framework's side, the protocol's and the mux's.
	for _, setting := range []string{"TF_LOG=TRACE", "TF_LOG_PROVIDER=TRACE"} {
		t.Run(setting, func(t *testing.T) {
			log := apply(t, 2, setting)
			modules := map[string]bool{}
			for _, m := range providerLine.FindAllStringSubmatch(log, -1) {
				if mod := traceModule.FindStringSubmatch(m[1]); mod != nil {
					modules[mod[1]] = true
				}
			}
			for _, want := range []string{"sdk.framework", "sdk.proto", "sdk.mux"} {
				if !modules[want] {
					t.Errorf("%s logged no line of %s (modules seen: %v)", setting, want, modules)
				}
			}
		})
	}
}

// traceModule finds the plugin-log module a provider line comes from.
var traceModule = regexp.MustCompile(`@module=(\S+)`)

// withoutLogSettings drops the TF_LOG* variables the test process may carry, so each run has only its own.
func withoutLogSettings(env []string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "TF_LOG") && !strings.HasPrefix(kv, "TF_ACC_LOG") {
			out = append(out, kv)
		}
	}
	return out
}
