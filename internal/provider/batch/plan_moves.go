package batch

import (
	"context"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/moves"
)

// planMoves records, once the batch's plan is made, which entities it keeps (the items it holds, adopts
// or imports) and which it deletes (items removed, replaced, or the whole batch destroyed), and fails the
// plan when a single resource of the same plan does the opposite (moves.Plans): moving an entity
// between ardoq_component/ardoq_reference and ardoq_batch without a removed block would delete it in
// Ardoq and make it again with a new id. It runs deferred from PlanResourceChange, on every path out of it;
// the values are read only when the process plans single resources too (moves.Plans.Batch).
func (s *Server) planMoves(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest, resp *tfprotov6.PlanResourceChangeResponse) {
	data := s.data()
	if data == nil || req.PriorState == nil && resp.PlannedState == nil || protocolHasError(resp.Diagnostics) {
		return
	}
	priorValue, plannedValue := req.PriorState, resp.PlannedState
	var diags diag.Diagnostics
	for _, c := range data.Moves.Batch(func() []moves.BatchEntry { return s.plannedEntries(priorValue, plannedValue) }) {
		summary, detail := moves.MoveConflict(data.Contexts.Names(ctx), c.ID, c.Single, c.Batch)
		diags.AddAttributeError(path.Root(c.Batch.Item.Kind).AtMapKey(c.Batch.Item.Key), summary, c.Batch.Item.String()+": "+detail)
	}
	resp.Diagnostics = append(resp.Diagnostics, diagnostics.ToProtocol(diags)...)
}

// plannedEntries reads what the batch's plan does with each entity: the items of planned whose id it
// knows are kept (held, adopted or imported), and the entities its deletions name are deleted (every item
// of prior in a destroy). Of an item whose id the plan leaves unknown (values known only at apply, or an
// entity made anew) nothing is drawn, and neither of prior's when the deletions are not known yet.
func (s *Server) plannedEntries(priorValue, plannedValue *tfprotov6.DynamicValue) []moves.BatchEntry {
	vals, d := s.values(priorValue, plannedValue)
	if d != nil {
		return nil // the plan itself decoded these
	}
	prior, plannedRaw := batchRawOf(vals[0]).items(), batchRawOf(vals[1])
	planned := plannedRaw.items()
	kept := map[string]bool{}
	var entries []moves.BatchEntry
	add := func(id, kind, key, name string, destroyed bool) {
		entries = append(entries, moves.BatchEntry{ID: id, Planned: moves.Planned{Destroyed: destroyed, Resource: "ardoq_batch",
			Name: name, Item: moves.ItemPath{Kind: kind, Key: key}}})
	}
	for _, key := range slices.Sorted(maps.Keys(planned.Components)) {
		if c := planned.Components[key]; c.ID != "" {
			kept[c.ID] = true
			add(c.ID, "components", key, c.Name, false)
		}
	}
	for _, key := range slices.Sorted(maps.Keys(planned.References)) {
		if r := planned.References[key]; r.ID != "" {
			kept[r.ID] = true
			add(r.ID, "references", key, r.Source+" → "+r.Target, false)
		}
	}
	if vals[1].IsNull() {
		for _, del := range destroyDeletions(prior) {
			add(del.id, del.kind+"s", del.key, del.name, true)
		}
		return entries
	}
	var dels []tftypes.Value
	if v := plannedRaw.get("deletions"); v.IsKnown() && !v.IsNull() && v.As(&dels) == nil {
		for _, del := range dels {
			if id := rawString(del, "id"); id != "" && !kept[id] {
				add(id, rawString(del, "kind")+"s", rawString(del, "key"), rawString(del, "name"), true)
			}
		}
	}
	return entries
}

func protocolHasError(diags []*tfprotov6.Diagnostic) bool {
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			return true
		}
	}
	return false
}
