package provider

import (
	"bytes"
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// A plan whose proposed new state is byte for byte the prior state is that state, without decoding
// anything: the configuration here is not even valid msgpack, and the plan still succeeds. A proposal
// that differs goes through the decoding path, which rejects the same configuration.
func TestBatchProtocol_unchangedPlanIsNotDecoded(t *testing.T) {
	r := newBatchRPC(t)
	config := providertest.SmallItems(5, 0)
	state := r.Read(r.Apply(nil, r.Plan(nil, nil, config).PlannedState, config))
	garbage := &tfprotov6.DynamicValue{MsgPack: []byte{0xc1}} // a msgpack code that is never used
	plan := func(proposed *tfprotov6.DynamicValue) *tfprotov6.PlanResourceChangeResponse {
		resp, err := r.server.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{TypeName: "ardoq_batch",
			PriorState: state, ProposedNewState: proposed, Config: garbage, PriorPrivate: []byte("private")})
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	resp := plan(&tfprotov6.DynamicValue{MsgPack: bytes.Clone(state.MsgPack)})
	if len(resp.Diagnostics) != 0 {
		t.Fatalf("unchanged plan: %v", resp.Diagnostics[0])
	}
	if !bytes.Equal(resp.PlannedState.MsgPack, state.MsgPack) || string(resp.PlannedPrivate) != "private" {
		t.Fatal("the plan of an unchanged batch is not its state and private data")
	}
	changed := r.Plan(state, r.Attrs(state), providertest.SmallItems(5, 1)).PlannedState // differs from state
	if resp := plan(changed); len(resp.Diagnostics) == 0 {
		t.Fatal("a changed proposal must be decoded (and its invalid configuration rejected)")
	}
}
