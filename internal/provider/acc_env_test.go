package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

var testAccProviders = map[string]func() (tfprotov6.ProviderServer, error){
	"ardoq": NewProtocol6("test"),
}

// testEnv is providertest.Env with this package's own helpers.
type testEnv struct{ *providertest.Env }

func newTestEnv(t *testing.T, opts ...emulator.Option) *testEnv {
	t.Helper()
	return &testEnv{providertest.NewTestEnv(t, opts...)}
}

// The addresses of the resources the tests of packages single and batch name "test".
const (
	addrC = "ardoq_component.test"
	addrR = "ardoq_reference.test"
	addrB = "ardoq_batch.test"
)
