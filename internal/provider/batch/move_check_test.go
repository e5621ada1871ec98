package batch

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/moves"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// The moves check draws nothing from an item whose id a plan leaves unknown: its entity is neither kept
// nor destroyed yet.
func TestPlannedEntities_unknownIDsNeitherKeptNorDestroyed(t *testing.T) {
	s := NewServer(nil)
	prior := unknownPlanPrior()
	components, references := unknownPlanItems()
	components["b"]["parent"] = unknownText
	plan := batchRaw{"components": itemsValue(components), "references": itemsValue(references)}
	items, _, _ := plan.planned()
	computed, _, _ := plannedWithUnknowns(prior, items, unknownsOf(plan), adoptionOf(plan))
	var got []string
	for _, e := range plannedEntities(batchRawOf(plan.value(s.typ, computed))) {
		got = append(got, fmt.Sprintf("%s %v", e.ID, e.Destroyed))
	}
	slices.Sort(got)
	if want := []string{"id-a false", "id-ay false"}; !slices.Equal(got, want) {
		t.Fatalf("entries %v, want %v", got, want)
	}
}

// An unchanged batch, whose plan is its state and is not decoded, still records what it keeps: a single
// resource that destroys one of its entities later in the same plan fails.
func TestCheckUnchangedMoves_recordsWhatTheStateKeeps(t *testing.T) {
	r, p, data := newProtocolRPC(t)
	config := providertest.SmallItems(3, 0)
	state := r.Apply(nil, r.Plan(nil, nil, config).PlannedState, config)
	resp, err := p.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{TypeName: TypeName,
		PriorState: state, ProposedNewState: &tfprotov6.DynamicValue{MsgPack: bytes.Clone(state.MsgPack)}})
	if err != nil || len(resp.Diagnostics) != 0 || !bytes.Equal(resp.PlannedState.MsgPack, state.MsgPack) {
		t.Fatalf("unchanged plan: %v %v", err, resp.Diagnostics)
	}
	for _, item := range []moves.ItemPath{{Kind: "components", Key: "c1"}, {Kind: "references", Key: "r2"}} {
		items := batchRaw(r.Attrs(state)).items()
		id := items.Components[item.Key].ID
		if item.Kind == "references" {
			id = items.References[item.Key].ID
		}
		b, conflict := data.Moves.Single(id, moves.Planned{Destroyed: true, Resource: "ardoq_component", Name: "x"})
		if !conflict || b.Item != item || b.Destroyed {
			t.Errorf("%s (%s): conflict %v with %+v", item, id, conflict, b)
		}
	}
}

// An unchanged batch whose state the move check cannot read fails its plan: the check fails closed.
func TestCheckUnchangedMoves_failsClosed(t *testing.T) {
	_, p, _ := newProtocolRPC(t)
	unreadable := []byte{0x81, 0xa2, 'i', 'd'} // a map whose one value is missing
	resp, err := p.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{TypeName: TypeName,
		PriorState: &tfprotov6.DynamicValue{MsgPack: unreadable}, ProposedNewState: &tfprotov6.DynamicValue{MsgPack: bytes.Clone(unreadable)}})
	if err != nil || len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Severity != tfprotov6.DiagnosticSeverityError ||
		resp.Diagnostics[0].Summary != "Unable to Read ardoq_batch's State" {
		t.Fatalf("want the plan to fail, got %v %+v", err, resp.Diagnostics)
	}
}
