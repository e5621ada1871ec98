package listresources_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

var testAccProviders = map[string]func() (tfprotov6.ProviderServer, error){
	"ardoq": provider.NewProtocol6("test"),
}

// testEnv is providertest.Env with this package's own helpers.
type testEnv struct{ *providertest.Env }

func newTestEnv(t *testing.T, opts ...emulator.Option) *testEnv {
	t.Helper()
	return &testEnv{providertest.NewTestEnv(t, opts...)}
}
