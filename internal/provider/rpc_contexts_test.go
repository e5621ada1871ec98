package provider

import (
	"context"
	"net/http/httptest"
	"runtime"
	"testing"
	"time"
	"weak"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

type rpcValueKey struct{}

type rpcValue struct{ payload []byte }

// What a per-instance RPC's context carries (in Terraform, the loggers of terraform-plugin-go and the mux) is
// garbage once the RPC returns: the provider's memory grows with what one RPC needs, not with how many RPCs
// the process served. Served without releasingContexts, the framework keeps every RPC's context until
// StopProvider and this test fails.
func TestProtocolServer_keepsNoContextOfAnRPCThatReturned(t *testing.T) {
	org, err := emulator.New()
	if err != nil {
		t.Fatal(err)
	}
	api := httptest.NewServer(org)
	t.Cleanup(api.Close)
	server := providertest.NewProtoProvider(t, &providertest.Env{BaseURL: api.URL, Token: "emulator-token", Org: "emulated"},
		NewProtocol6("test")).Server
	// Every RPC releasingContexts wraps, with a request the framework answers with an error diagnostic or
	// nothing: what matters is that the framework saw the RPC's context.
	rpcs := map[string]func(context.Context) error{
		"ValidateResourceConfig": func(ctx context.Context) error {
			_, err := server.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: "ardoq_component"})
			return err
		},
		"UpgradeResourceState": func(ctx context.Context) error {
			_, err := server.UpgradeResourceState(ctx, &tfprotov6.UpgradeResourceStateRequest{TypeName: "ardoq_component"})
			return err
		},
		"UpgradeResourceIdentity": func(ctx context.Context) error {
			_, err := server.UpgradeResourceIdentity(ctx, &tfprotov6.UpgradeResourceIdentityRequest{TypeName: "ardoq_component"})
			return err
		},
		"ReadResource": func(ctx context.Context) error {
			_, err := server.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: "ardoq_reference"})
			return err
		},
		"PlanResourceChange": func(ctx context.Context) error {
			_, err := server.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: "ardoq_component"})
			return err
		},
		"ApplyResourceChange": func(ctx context.Context) error {
			_, err := server.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{TypeName: "ardoq_component"})
			return err
		},
		"ImportResourceState": func(ctx context.Context) error {
			_, err := server.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: "ardoq_component", ID: "nope"})
			return err
		},
		"MoveResourceState": func(ctx context.Context) error {
			_, err := server.MoveResourceState(ctx, &tfprotov6.MoveResourceStateRequest{TargetTypeName: "ardoq_component"})
			return err
		},
		"GenerateResourceConfig": func(ctx context.Context) error {
			_, err := server.GenerateResourceConfig(ctx, &tfprotov6.GenerateResourceConfigRequest{TypeName: "ardoq_component"})
			return err
		},
		"ValidateDataResourceConfig": func(ctx context.Context) error {
			_, err := server.ValidateDataResourceConfig(ctx, &tfprotov6.ValidateDataResourceConfigRequest{TypeName: "ardoq_workspace"})
			return err
		},
		"ReadDataSource": func(ctx context.Context) error {
			_, err := server.ReadDataSource(ctx, &tfprotov6.ReadDataSourceRequest{TypeName: "ardoq_workspace"})
			return err
		},
	}
	for name, rpc := range rpcs {
		kept := callWithValue(t, rpc)
		for range 3 {
			runtime.GC()
		}
		if kept.Value() != nil {
			t.Errorf("%s: the RPC's context is still reachable after the RPC returned", name)
		}
	}
}

// callWithValue runs rpc on a context carrying a value and returns a weak pointer to that value.
func callWithValue(t *testing.T, rpc func(context.Context) error) weak.Pointer[rpcValue] {
	t.Helper()
	v := &rpcValue{payload: make([]byte, 1<<20)}
	if err := rpc(context.WithValue(context.Background(), rpcValueKey{}, v)); err != nil {
		t.Fatal(err)
	}
	return weak.Make(v)
}

func TestRPCContext_carriesTheRPCsValuesAndCancellationUntilReleased(t *testing.T) {
	deadline := time.Now().Add(time.Hour)
	rpc, cancel := context.WithDeadline(context.WithValue(context.Background(), rpcValueKey{}, "v"), deadline)
	ctx, release := rpcContext(rpc)
	if got := ctx.Value(rpcValueKey{}); got != "v" {
		t.Errorf("value = %v, want the RPC's", got)
	}
	if got, ok := ctx.Deadline(); !ok || !got.Equal(deadline) {
		t.Errorf("deadline = %v %v, want the RPC's", got, ok)
	}
	cancel()
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("not cancelled with the RPC's context")
	}
	release()
	if got := ctx.Value(rpcValueKey{}); got != nil {
		t.Errorf("value after release = %v, want none", got)
	}
	if _, ok := ctx.Deadline(); ok {
		t.Error("a deadline after release")
	}

	first, releaseFirst := rpcContext(context.Background())
	second, _ := rpcContext(context.Background())
	releaseFirst()
	if first.Err() == nil || second.Err() != nil {
		t.Errorf("after releasing the first of two: %v, %v; want only the first cancelled", first.Err(), second.Err())
	}
}
