package batch

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

// BenchmarkBatchStages times each stage of ardoq_batch on its own, with make bench's batch-small items,
// at 1,000, 10,000 and 100,000 + as many references (ARDOQ_BENCH_SIZES picks others): ns/op divided by
// the size should stay flat; a step turning quadratic shows as a ratio growing with it.
//
//	state-decode, state-encode  the msgpack of a whole state to tftypes and back (Terraform sends and takes it;
//	                            tfwire.Decode and tfwire.Encode, as the protocol server does)
//	plan-values-decode          a plan's prior state, proposed state and configuration (a change of ten items),
//	                            decoded together as the protocol server does (tfwire.Values shares their items)
//	decode                      the configuration's items to the provider's values, with their checks
//	plan-create, plan-change    the batch request from prior and planned items
//	dry-run                     the request sent to Ardoq's expand endpoint (an in-process emulator) and its answer read
//	merge                       Ardoq's answer to a create merged into the items
//	refresh                     every item read back from list pages (the in-process emulator's) and compared
//	render                      the items' values to the state's computed maps and configuration-shaped items
func BenchmarkBatchStages(b *testing.B) {
	ctx := context.Background()
	for _, n := range providertest.BenchSizes(b, 1000, 10000, 100000) {
		config := providertest.SmallItems(n, 0)
		r, p, data := newProtocolRPC(b)
		state := r.Apply(nil, r.Plan(nil, nil, config).PlannedState, config)
		stateValue, err := state.Unmarshal(r.Typ)
		if err != nil {
			b.Fatal(err)
		}
		planned, _, diags := decodeBatchItems(config["components"], config["references"])
		if diags.HasError() {
			b.Fatal(diags)
		}
		prior := batchRawOf(stateValue).items()
		changed, _, _ := decodeBatchItems(providertest.SmallItems(n, 10)["components"], providertest.SmallItems(n, 10)["references"])
		create, createKeys, _ := planBatch(batchPlanInput{plan: planned})

		b.Run(fmt.Sprintf("state-decode/%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := tfwire.Decode(state.MsgPack, r.Typ); err != nil {
					b.Fatal(err)
				}
			}
		})
		proposed, changedConfig := r.Proposed(stateValue, providertest.SmallItems(n, 10))
		b.Run(fmt.Sprintf("plan-values-decode/%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, diags := p.values(state, proposed, changedConfig); diags != nil {
					b.Fatal(diags)
				}
			}
		})
		b.Run(fmt.Sprintf("state-encode/%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := tfwire.Encode(stateValue, r.Typ); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("decode/%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, _, diags := decodeBatchItems(config["components"], config["references"]); diags.HasError() {
					b.Fatal(diags)
				}
			}
		})
		b.Run(fmt.Sprintf("plan-create/%d", n), func(b *testing.B) {
			for b.Loop() {
				planBatch(batchPlanInput{plan: planned})
			}
		})
		b.Run(fmt.Sprintf("plan-change/%d", n), func(b *testing.B) {
			for b.Loop() {
				planBatch(batchPlanInput{prior: prior, plan: changed})
			}
		})
		b.Run(fmt.Sprintf("dry-run/%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := data.Client.ExpandBatch(ctx, create); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("merge/%d", n), func(b *testing.B) {
			resp := createdResponse(prior)
			for b.Loop() {
				result := batchItems{Components: map[string]entity.ComponentValues{}, References: map[string]entity.ReferenceValues{}}
				if err := mergeBatchResults(resp, createKeys, batchItems{}, planned, result, adoption{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		batch := &batchResource{data: data}
		b.Run(fmt.Sprintf("refresh/%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := batch.refresh(ctx, prior); err != nil {
					b.Fatal(err)
				}
			}
		})
		stateRaw := batchRawOf(stateValue)
		b.Run(fmt.Sprintf("render/%d", n), func(b *testing.B) {
			for b.Loop() {
				stateRaw.value(r.Typ, renderRefreshed(stateRaw, prior))
			}
		})
	}
}

// createdResponse is Ardoq's answer to the batch that created items: each entity under its batchId.
func createdResponse(items batchItems) *client.BatchResponse {
	resp := &client.BatchResponse{}
	for k, c := range items.Components {
		body := &client.Component{ID: c.ID, Version: c.Version, RootWorkspace: c.RootWorkspace, TypeID: c.TypeID, Name: c.Name, ComponentKey: c.ComponentKey}
		if c.Parent != "" {
			parent := items.Components[c.Parent].ID
			body.Parent = &parent
		}
		resp.Components.Created = append(resp.Components.Created, client.Created[client.Component]{ID: c.ID, BatchID: componentBatchID(k), Body: body})
	}
	for k, ref := range items.References {
		body := &client.Reference{ID: ref.ID, Version: ref.Version, RootWorkspace: ref.RootWorkspace, TargetWorkspace: ref.TargetWorkspace,
			Source: items.Components[ref.Source].ID, Target: items.Components[ref.Target].ID, Type: ref.Type}
		resp.References.Created = append(resp.References.Created, client.Created[client.Reference]{ID: ref.ID, BatchID: referenceBatchID(k), Body: body})
	}
	return resp
}

// newProtocolRPC is ardoq_batch's server, with the data of a provider configured against an emulator of
// its own.
func newProtocolRPC(b testing.TB) (*providertest.BatchRPC, *Server, *providerdata.Data) {
	b.Helper()
	org, err := emulator.New(emulator.WithRequestLog(0, 0), emulator.WithDeterministicIDs(), emulator.WithClock(providertest.FixedClock))
	if err != nil {
		b.Fatal(err)
	}
	api := httptest.NewServer(org)
	b.Cleanup(api.Close)
	c, err := client.New(client.Config{BaseURL: api.URL, Token: org.Token(), Org: org.OrgLabel()})
	if err != nil {
		b.Fatal(err)
	}
	data := providerdata.New(c, providerdata.Settings{})
	p := NewServer(func() *providerdata.Data { return data })
	return &providertest.BatchRPC{B: b, Server: p, Typ: p.typ}, p, data
}
