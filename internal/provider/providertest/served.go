package providertest

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
)

// ProviderFactory makes the provider's server, as terraform-plugin-testing's ProtoV6ProviderFactories do.
type ProviderFactory func() (tfprotov6.ProviderServer, error)

// NewServedCLIRun is NewCLIRun with the provider served by the test process instead of started by
// Terraform: each command gets a new server from factory, which Terraform reaches through
// TF_REATTACH_PROVIDERS (terraform-plugin-go's debug serving, the way terraform-plugin-testing runs
// providers). It is the same provider code without the process start and TLS handshake Terraform pays
// three times a plan, for tests whose subject is not the provider's process (its signals, its exit,
// what it leaves on disk): those use NewCLIRun. The provider reads the test process's environment, not
// the command's, so the configuration names the org in its provider block (Env.ServedProvider).
func NewServedCLIRun(t *testing.T, env *Env, minVersion string, factory ProviderFactory) *CLIRun {
	t.Helper()
	return newCLIRun(t, env, minVersion).Served(factory)
}

// Served is the run's working directory with the provider served by the test process from now on, as
// NewServedCLIRun's: for the commands after those whose subject is the provider's process, such as the
// recovery after an interrupted run. Its CLI configuration has no dev_overrides: Terraform needs none
// for a provider it reattaches to.
func (c *CLIRun) Served(factory ProviderFactory) *CLIRun {
	c.T.Helper()
	rc := filepath.Join(c.T.TempDir(), ".terraformrc")
	if err := os.WriteFile(rc, []byte("provider_installation {\n  direct {}\n}\n"), 0o600); err != nil {
		c.T.Fatal(err)
	}
	served := *c
	served.Env = slices.DeleteFunc(slices.Clone(c.Env), func(kv string) bool { return strings.HasPrefix(kv, "TF_CLI_CONFIG_FILE=") })
	served.Env, served.factory = append(served.Env, "TF_CLI_CONFIG_FILE="+rc), factory
	return &served
}

// ServedProvider is CLIProvider for a NewServedCLIRun: its provider block names the test's org, with
// the extra settings given (such as "request_timeout_seconds = 2").
func (e *Env) ServedProvider(settings ...string) string {
	return strings.Replace(CLIProvider, "provider \"ardoq\" {}\n", e.ProviderConfig(settings...), 1)
}

// The addresses Terraform and OpenTofu give the provider's short source, seed762a2f0c/ardoq.
var servedAddresses = []string{"registry.terraform.io/seed762a2f0c/ardoq", "registry.opentofu.org/seed762a2f0c/ardoq"}

// serve starts a provider server for one command and returns the command's environment, which
// reattaches Terraform to it, and a function that stops the server once the command ended.
func (c *CLIRun) serve() ([]string, func()) {
	c.T.Helper()
	if c.factory == nil {
		return c.Env, func() {}
	}
	server, err := c.factory()
	if err != nil {
		c.T.Fatalf("making the provider's server: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	reattach, closed := make(chan *plugin.ReattachConfig), make(chan struct{})
	served := make(chan error, 1)
	go func() {
		served <- tf6server.Serve(servedAddresses[0], func() tfprotov6.ProviderServer { return server },
			tf6server.WithDebug(ctx, reattach, closed), tf6server.WithLoggingSink(c.T), tf6server.WithoutLogStderrOverride(),
			tf6server.WithGoPluginLogger(hclog.NewNullLogger()))
	}()
	var config *plugin.ReattachConfig
	select {
	case config = <-reattach:
	case err := <-served:
		cancel()
		c.T.Fatalf("serving the provider: %v", err)
	}
	type addr struct{ Network, String string }
	type reattachConfig struct {
		Protocol        string
		ProtocolVersion int
		Pid             int
		Test            bool
		Addr            addr
	}
	providers := map[string]reattachConfig{}
	for _, a := range servedAddresses {
		providers[a] = reattachConfig{Protocol: string(config.Protocol), ProtocolVersion: config.ProtocolVersion, Pid: config.Pid,
			Test: config.Test, Addr: addr{config.Addr.Network(), config.Addr.String()}}
	}
	b, err := json.Marshal(providers)
	if err != nil {
		cancel()
		c.T.Fatal(err)
	}
	return append(slices.Clone(c.Env), "TF_REATTACH_PROVIDERS="+string(b)), func() {
		cancel()
		<-closed
	}
}
