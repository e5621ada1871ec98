package batch

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// planMoves records, once the batch's plan is made, which entities it keeps (the items it holds, adopts
// or imports) and which it deletes (items removed, replaced, or the whole batch destroyed), and fails the
// plan when a single resource of the same plan does the opposite (providerdata.Plans): moving an entity
// between ardoq_component/ardoq_reference and ardoq_batch without a removed block would delete it in
// Ardoq and make it again with a new id. It runs deferred from PlanResourceChange, on every path out of it.
func (s *Server) planMoves(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest, resp *tfprotov6.PlanResourceChangeResponse) {
	data := s.data()
	if data == nil || req.PriorState == nil && resp.PlannedState == nil || protocolHasError(resp.Diagnostics) {
		return
	}
	vals, d := s.values(req.PriorState, resp.PlannedState)
	if d != nil {
		return // the plan itself decoded these; nothing to add
	}
	prior, planned := batchRawOf(vals[0]).items(), batchRawOf(vals[1]).items()
	kept := map[string]bool{}
	var diags diag.Diagnostics
	record := func(id, kind, key, name string, destroyed bool) {
		p := path.Root(kind).AtMapKey(key)
		item := providerdata.Planned{Destroyed: destroyed, Resource: "ardoq_batch", Name: name, Key: fmt.Sprintf("%s[%q]", kind, key)}
		if single, conflict := data.Plans.Batch(id, item); conflict {
			summary, detail := providerdata.MoveConflict(id, single, item)
			diags.AddAttributeError(p, summary, convert.PathText(p)+": "+detail)
		}
	}
	for _, key := range convert.SortedKeys(planned.Components) {
		if c := planned.Components[key]; c.ID != "" {
			kept[c.ID] = true
			record(c.ID, "components", key, c.Name, false)
		}
	}
	for _, key := range convert.SortedKeys(planned.References) {
		if r := planned.References[key]; r.ID != "" {
			kept[r.ID] = true
			record(r.ID, "references", key, r.Source+" → "+r.Target, false)
		}
	}
	for _, key := range convert.SortedKeys(prior.Components) {
		if c := prior.Components[key]; c.ID != "" && !kept[c.ID] {
			record(c.ID, "components", key, c.Name, true)
		}
	}
	for _, key := range convert.SortedKeys(prior.References) {
		if r := prior.References[key]; r.ID != "" && !kept[r.ID] {
			record(r.ID, "references", key, r.Source+" → "+r.Target, true)
		}
	}
	resp.Diagnostics = append(resp.Diagnostics, diagnostics.ToProtocol(diags)...)
}

func protocolHasError(diags []*tfprotov6.Diagnostic) bool {
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			return true
		}
	}
	return false
}
