package provider

import (
	"context"
	"runtime"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// Canary of releasingContexts: served without it, terraform-plugin-framework (v1.19.0,
// internal/proto6server/serve.go, Server.registerContext) still keeps an RPC's context after the RPC
// returned, until StopProvider. When this fails, the framework lets go of an RPC's context by itself:
// remove releasingContexts (rpc_contexts.go) and serve the framework's server directly in NewProtocol6.
func TestCanary_frameworkKeepsTheContextOfAnRPCThatReturned(t *testing.T) {
	framework, err := providerserver.NewProtocol6WithError(&ardoqProvider{version: "test"})()
	if err != nil {
		t.Fatal(err)
	}
	kept := callWithValue(t, func(ctx context.Context) error {
		_, err := framework.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: "ardoq_component"})
		return err
	})
	for range 3 {
		runtime.GC()
	}
	if kept.Value() == nil {
		t.Fatal("terraform-plugin-framework no longer keeps an RPC's context after it returns: remove releasingContexts " +
			"(rpc_contexts.go) and its tests, serve the framework's server directly in NewProtocol6, and update DESIGN.md")
	}
	// What keeps it is the framework's list of cancel functions, which StopProvider empties.
	if _, err := framework.StopProvider(context.Background(), &tfprotov6.StopProviderRequest{}); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		runtime.GC()
	}
	if kept.Value() != nil {
		t.Fatal("the RPC's context is kept by something other than the framework's registered contexts: this canary no longer measures what releasingContexts works around")
	}
}
