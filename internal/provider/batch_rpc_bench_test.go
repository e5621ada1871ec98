package provider

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// Benchmarks of ardoq_batch end to end inside the provider, as Terraform drives it over the plugin
// protocol: each RPC's request is the msgpack Terraform sends (items as dynamic values, their types in
// the message) and goes through the provider's whole server (the mux, then ardoq_batch's server), the provider's stages and the requests to an
// in-process emulator. Terraform's own cost is not in them (make bench measures that next to
// terraform_data). Sizes: 1,000 and 10,000 + as many references; ARDOQ_BENCH_SIZES="1000 100000" picks.

// batchRPC is one provider server configured against its own emulator.
type batchRPC struct {
	*providertest.BatchRPC
	server tfprotov6.ProviderServer // the whole provider, for the RPCs BatchRPC does not send
}

func newBatchRPC(b testing.TB) *batchRPC {
	b.Helper()
	return newBatchRPCWith(b, NewProtocol6("bench"))
}

// newBatchRPCWith is newBatchRPC with the given server, in a fresh emulated org.
func newBatchRPCWith(b testing.TB, newServer func() (tfprotov6.ProviderServer, error)) *batchRPC {
	b.Helper()
	ctx := context.Background()
	org, err := emulator.New(emulator.WithRequestLog(0, 0), emulator.WithDeterministicIDs(), emulator.WithClock(providertest.FixedClock))
	if err != nil {
		b.Fatal(err)
	}
	api := httptest.NewServer(org)
	b.Cleanup(api.Close)
	server, err := newServer()
	if err != nil {
		b.Fatal(err)
	}
	schemas, err := server.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		b.Fatal(err)
	}
	r := &batchRPC{BatchRPC: &providertest.BatchRPC{B: b, Server: server, Typ: schemas.ResourceSchemas["ardoq_batch"].ValueType().(tftypes.Object)},
		server: server}
	providerType := schemas.Provider.ValueType().(tftypes.Object)
	resp, err := server.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{TerraformVersion: "1.15.9",
		Config: r.Dynamic(providerType, map[string]tftypes.Value{"base_url": providertest.TFStr(api.URL), "api_token": providertest.TFStr("emulator-token"), "org": providertest.TFStr("emulated")})})
	if err != nil {
		b.Fatal(err)
	}
	r.Check("ConfigureProvider", resp.Diagnostics)
	return r
}

// BenchmarkBatchRPC runs each step of make bench's batch-small workload on its own: the create's plan and
// apply, a refresh, a plan with no change, and the plan and apply of a change to ten items.
func BenchmarkBatchRPC(b *testing.B) {
	for _, n := range providertest.BenchSizes(b, 1000, 10000) {
		config, changed := providertest.SmallItems(n, 0), providertest.SmallItems(n, 10)
		b.Run(fmt.Sprintf("plan-create/%d", n), func(b *testing.B) {
			r := newBatchRPC(b)
			for b.Loop() {
				r.Plan(nil, nil, config)
			}
		})
		b.Run(fmt.Sprintf("apply-create/%d", n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				r := newBatchRPC(b)
				planned := r.Plan(nil, nil, config).PlannedState
				b.StartTimer()
				r.Apply(nil, planned, config)
			}
		})
		r := newBatchRPC(b)
		state := r.Apply(nil, r.Plan(nil, nil, config).PlannedState, config)
		stateAttrs := r.Attrs(state)
		b.Run(fmt.Sprintf("refresh/%d", n), func(b *testing.B) {
			for b.Loop() {
				r.Read(state)
			}
		})
		b.Run(fmt.Sprintf("plan-no-change/%d", n), func(b *testing.B) {
			for b.Loop() {
				r.Plan(state, stateAttrs, config)
			}
		})
		b.Run(fmt.Sprintf("plan-change-10/%d", n), func(b *testing.B) {
			for b.Loop() {
				r.Plan(state, stateAttrs, changed)
			}
		})
		b.Run(fmt.Sprintf("apply-change-10/%d", n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				planned := r.Plan(state, stateAttrs, changed).PlannedState
				b.StartTimer()
				// Ardoq's versions move on after the first iteration: the apply would be refused as a
				// conflict, so each iteration applies to the state the previous one left.
				state = r.Apply(state, planned, changed)
				stateAttrs = r.Attrs(state)
				changed, config = config, changed
			}
		})
	}
}

// The benchmarks' proposed new state is Terraform's only if it carries every computed-only attribute of
// the prior state: one left out makes an unchanged plan look changed, and measures the wrong path.
func TestProposedAttrs_carryEveryComputedAttribute(t *testing.T) {
	server, err := NewProtocol6("test")()
	if err != nil {
		t.Fatal(err)
	}
	schemas, err := server.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	prior := map[string]tftypes.Value{}
	for _, a := range schemas.ResourceSchemas["ardoq_batch"].Block.Attributes {
		if a.Computed && !a.Optional {
			prior[a.Name] = providertest.TFStr("prior")
		}
	}
	proposed := providertest.ProposedAttrs(prior, map[string]tftypes.Value{})
	for name := range prior {
		if _, ok := proposed[name]; !ok {
			t.Errorf("ProposedAttrs leaves out the computed attribute %q", name)
		}
	}
}
