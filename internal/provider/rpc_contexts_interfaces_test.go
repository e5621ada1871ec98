package provider

import (
	"go/ast"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// serverInterfaces are tfprotov6's interfaces of a provider server: the mux and tf6server find the optional
// ones (list resources, actions, state stores, ...) by asking a server for them. The ProviderServerWith ones
// are deprecated upstream (their methods move into ProviderServer), but servers are still asked for them.
var serverInterfaces = map[string]func(tfprotov6.ProviderServer) bool{
	"ProviderServer":                 implements[tfprotov6.ProviderServer],
	"ProviderServerWithListResource": implements[tfprotov6.ProviderServerWithListResource], //nolint:staticcheck // asked for until upstream removes it
	"ProviderServerWithActions":      implements[tfprotov6.ProviderServerWithActions],      //nolint:staticcheck // asked for until upstream removes it
	"ProviderServerWithStateStores":  implements[tfprotov6.ProviderServerWithStateStores],  //nolint:staticcheck // asked for until upstream removes it
	"ResourceServer":                 implements[tfprotov6.ResourceServer],
	"DataSourceServer":               implements[tfprotov6.DataSourceServer],
	"FunctionServer":                 implements[tfprotov6.FunctionServer],
	"EphemeralResourceServer":        implements[tfprotov6.EphemeralResourceServer],
	"ListResourceServer":             implements[tfprotov6.ListResourceServer],
	"ActionServer":                   implements[tfprotov6.ActionServer],
	"StateStoreServer":               implements[tfprotov6.StateStoreServer],
}

func implements[I any](s tfprotov6.ProviderServer) bool {
	_, ok := s.(I)
	return ok
}

// releasingContexts hides no interface of the framework's server: every server interface terraform-plugin-go's
// tfprotov6 exports (read from its source) that the framework's server implements, the wrapper implements
// too. A new one upstream fails here until it is in serverInterfaces and, if the framework serves it,
// forwarded by releasingContexts (frameworkServer).
func TestReleasingContexts_hidesNoInterfaceOfTheFrameworksServer(t *testing.T) {
	files := providertest.UpstreamPackage(t, "github.com/hashicorp/terraform-plugin-go", "tfprotov6")
	upstream := providertest.ExportedTypes(files, func(e ast.Expr) bool { _, ok := e.(*ast.InterfaceType); return ok })
	for _, name := range upstream {
		if _, ok := serverInterfaces[name]; !ok && (strings.HasPrefix(name, "ProviderServer") || strings.HasSuffix(name, "Server")) {
			t.Errorf("tfprotov6 exports %s: add it to serverInterfaces, and forward it in releasingContexts if the framework's server implements it", name)
		}
	}
	framework, err := providerserver.NewProtocol6WithError(&ardoqProvider{version: "test"})()
	if err != nil {
		t.Fatal(err)
	}
	wrapped, err := ReleasingRPCContexts(framework)
	if err != nil {
		t.Fatal(err)
	}
	for name, is := range serverInterfaces {
		if is(framework) && !is(wrapped) {
			t.Errorf("the framework's server implements tfprotov6.%s and releasingContexts hides it: forward it", name)
		}
	}
}
