package provider

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// releasingContexts serves the framework's server so that no RPC's context outlives its RPC.
//
// Works around github.com/hashicorp/terraform-plugin-framework@v1.19.0, internal/proto6server/serve.go:
// Server.registerContext wraps every RPC's context with context.WithCancel and keeps the cancel function
// until StopProvider (cancelRegisteredContexts; added for hashicorp/terraform-plugin-framework#781; no
// upstream issue about the memory found), so each RPC's whole context, with the per-RPC loggers
// terraform-plugin-go and the mux build, stays reachable for the process's life (DESIGN.md, "One server
// per type"). Here the framework gets, for each per-instance RPC, a context that carries the RPC's values
// and cancellation only until the RPC returns; what the framework keeps after that is a few hundred bytes.
// Work started by an RPC that outlives it (the shared listing's request) keeps running, without the RPC's
// loggers. Canary: TestCanary_frameworkKeepsTheContextOfAnRPCThatReturned fails once the framework lets
// go of an RPC's context itself; remove this then.
type releasingContexts struct{ frameworkServer }

// frameworkServer is what the framework's server serves of the protocol: the mux finds list resources,
// actions and state stores by asking its servers for these interfaces. An interface left out here is hidden
// from the mux: TestReleasingContexts_hidesNoInterfaceOfTheFrameworksServer checks every server interface
// tfprotov6 exports.
type frameworkServer interface {
	tfprotov6.ProviderServer
	tfprotov6.ListResourceServer
	tfprotov6.ActionServer
	tfprotov6.StateStoreServer
}

var _ frameworkServer = releasingContexts{}

// ReleasingRPCContexts serves a framework server the way NewProtocol6 serves the provider's, for measuring
// sticks that must cost what the provider's framework server costs (bench/fwfloor).
func ReleasingRPCContexts(framework tfprotov6.ProviderServer) (tfprotov6.ProviderServer, error) {
	served, ok := framework.(frameworkServer)
	if !ok {
		return nil, fmt.Errorf("the framework's server does not serve the whole protocol (list resources, actions, state stores)")
	}
	return releasingContexts{served}, nil
}

// call runs one RPC on a context released when it returns.
func call[Req, Resp any](ctx context.Context, req Req, rpc func(context.Context, Req) (Resp, error)) (Resp, error) {
	c, release := rpcContext(ctx)
	defer release()
	return rpc(c, req)
}

// rpcContext returns a context with ctx's values, deadline and cancellation, and a function that releases
// ctx: after it, the context is cancelled and holds nothing of ctx.
func rpcContext(ctx context.Context) (context.Context, func()) {
	done, cancel := context.WithCancel(context.Background())
	stop := context.AfterFunc(ctx, cancel)
	c := &releasableContext{Context: done}
	c.rpc.Store(&ctx)
	return c, func() {
		stop()
		cancel()
		c.rpc.Store(nil)
	}
}

// releasableContext is cancelled with its RPC and answers with the RPC's values until released.
type releasableContext struct {
	context.Context // Done and Err: cancelled when the RPC's context is, or when released
	rpc             atomic.Pointer[context.Context]
}

func (c *releasableContext) Value(key any) any {
	if rpc := c.rpc.Load(); rpc != nil {
		return (*rpc).Value(key)
	}
	return nil
}

func (c *releasableContext) Deadline() (time.Time, bool) {
	if rpc := c.rpc.Load(); rpc != nil {
		return (*rpc).Deadline()
	}
	return time.Time{}, false
}

// The RPCs Terraform sends once per resource or data source instance. The others come once per command;
// ListResource is left out because its results stream after it returns.

func (s releasingContexts) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return call(ctx, req, s.frameworkServer.ValidateResourceConfig)
}

func (s releasingContexts) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	return call(ctx, req, s.frameworkServer.UpgradeResourceState)
}

func (s releasingContexts) UpgradeResourceIdentity(ctx context.Context, req *tfprotov6.UpgradeResourceIdentityRequest) (*tfprotov6.UpgradeResourceIdentityResponse, error) {
	return call(ctx, req, s.frameworkServer.UpgradeResourceIdentity)
}

func (s releasingContexts) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return call(ctx, req, s.frameworkServer.ReadResource)
}

func (s releasingContexts) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	return call(ctx, req, s.frameworkServer.PlanResourceChange)
}

func (s releasingContexts) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	return call(ctx, req, s.frameworkServer.ApplyResourceChange)
}

func (s releasingContexts) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	return call(ctx, req, s.frameworkServer.ImportResourceState)
}

func (s releasingContexts) MoveResourceState(ctx context.Context, req *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	return call(ctx, req, s.frameworkServer.MoveResourceState)
}

func (s releasingContexts) GenerateResourceConfig(ctx context.Context, req *tfprotov6.GenerateResourceConfigRequest) (*tfprotov6.GenerateResourceConfigResponse, error) {
	return call(ctx, req, s.frameworkServer.GenerateResourceConfig)
}

func (s releasingContexts) ValidateDataResourceConfig(ctx context.Context, req *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	return call(ctx, req, s.frameworkServer.ValidateDataResourceConfig)
}

func (s releasingContexts) ReadDataSource(ctx context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	return call(ctx, req, s.frameworkServer.ReadDataSource)
}

func (s releasingContexts) ValidateListResourceConfig(ctx context.Context, req *tfprotov6.ValidateListResourceConfigRequest) (*tfprotov6.ValidateListResourceConfigResponse, error) {
	return call(ctx, req, s.frameworkServer.ValidateListResourceConfig)
}
