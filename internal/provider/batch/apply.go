package batch

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/recovery"
)

// The apply stage of ardoq_batch: the one request to what Ardoq made of the items. The request is
// sent once the cascade guard allows it (cascade.go); a lost answer is recovered by reading
// the items back (lost_answer.go); the results are merged into the items (apply_results.go).

// apply sends the request that takes the org from prior to planned and returns the items with what
// Ardoq assigned them; ok is false when nothing may be recorded. On failure nothing changed in Ardoq
// (the batch is one transaction).
func (r *batchResource) apply(ctx context.Context, request client.BatchRequest, keys batchOpKeys, prior, planned batchItems,
	adopt adoption, diags *diag.Diagnostics) (batchItems, bool) {
	result := keptItems(prior, planned)
	mergeAdoptedAsIs(keys, prior, planned, result)
	changed, err := r.dropGoneDeletes(ctx, &request, &keys, prior)
	if err != nil {
		diagnostics.AddClientError(diags, "Unable to Read Batch Items", err)
		return result, false
	}
	if len(changed) > 0 {
		changedItemsError(diags, changed)
		return result, false
	}
	if batchEmpty(request) {
		return result, true
	}
	tflog.Debug(ctx, "sending batch", map[string]any{"component_creates": len(keys.componentCreates), "component_upserts": len(keys.componentUpserts),
		"component_updates": len(keys.componentUpdates), "component_adoptions": len(keys.adopted.Components), "component_deletes": len(keys.componentDeletes),
		"reference_creates": len(keys.referenceCreates), "reference_upserts": len(keys.referenceUpserts), "reference_updates": len(keys.referenceUpdates),
		"reference_adoptions": len(keys.adopted.References), "reference_deletes": len(keys.referenceDeletes)})
	taken, allowed := r.guardBatchDeletes(ctx, diags, request, keys, prior)
	if !allowed {
		return result, false
	}
	defer func() {
		if !diags.HasError() {
			taken.Report(diags)
		}
	}()
	claimBatchUpdates(r.data, request)
	sent := time.Now()
	resp, err := r.data.Client.Batch(ctx, request)
	answered := err == nil // Ardoq's own answer says what it created; a search after a lost answer only suggests it
	if client.IsAmbiguous(err) {
		var d diag.Diagnostics
		resp, d = r.recoverBatch(ctx, recovery.DefaultTiming(), request, batchWorkspaces(prior, planned), sent, lostBatchAnswer(err), err)
		diags.Append(d...)
		if resp == nil {
			return result, false
		}
	} else if err != nil {
		r.reportBatchError(ctx, diags, "Batch Failed", err, keys, prior)
		return result, false
	}
	if err := mergeBatchResults(resp, keys, prior, planned, result, adopt); err != nil {
		// Ardoq applied the batch: what it made must not be lost from state, so read it back.
		lost := fmt.Sprintf("Ardoq applied the batch, but its answer could not be matched to the items (%s).", err)
		rebuilt, d := r.recoverBatch(ctx, recovery.DefaultTiming(), request, batchWorkspaces(prior, planned), sent, lost, nil)
		diags.Append(d...)
		if rebuilt == nil {
			return result, false
		}
		result = keptItems(prior, planned)
		if err := mergeBatchResults(rebuilt, keys, prior, planned, result, adopt); err != nil {
			diags.AddError("Unexpected Batch Response", fmt.Sprintf("%s Reading the items back did not match them either (%s), so "+
				"nothing was recorded. Run terraform plan to see where the items stand.", lost, err))
			return result, false
		}
		resp, answered = rebuilt, false
	}
	claimBatchCreated(r.data, resp, answered)
	return result, true
}

// keptItems is the prior state of the items the plan keeps, what a batch's results are merged into.
func keptItems(prior, planned batchItems) batchItems {
	kept := batchItems{Components: map[string]entity.ComponentValues{}, References: map[string]entity.ReferenceValues{}}
	for k := range planned.Components {
		if p, ok := prior.Components[k]; ok {
			kept.Components[k] = p
		}
	}
	for k := range planned.References {
		if p, ok := prior.References[k]; ok {
			kept.References[k] = p
		}
	}
	return kept
}

// claimBatchCreated records what a batch created (core/claims), so that no lost-answer search of this
// process takes it for its own and the already-made searches leave it out; as made here only when Ardoq's
// answer said so, not a search after a lost one (which may take what an earlier run made moments before).
func claimBatchCreated(d *providerdata.Data, resp *client.BatchResponse, answered bool) {
	claim := d.Claims.Recovered
	if answered {
		claim = d.Claims.Made
	}
	for _, c := range resp.Components.Created {
		claim(c.ID)
	}
	for _, c := range resp.References.Created {
		claim(c.ID)
	}
}

// claimBatchUpdates records, before the batch is sent (its answer may be lost), the entities it updates
// (core/claims): the already-made searches leave them out, as the plan walk could not see their new values.
func claimBatchUpdates(d *providerdata.Data, request client.BatchRequest) {
	if request.Components != nil {
		for _, op := range request.Components.Update {
			d.Claims.Changed(op.ID)
		}
	}
	if request.References != nil {
		for _, op := range request.References.Update {
			d.Claims.Changed(op.ID)
		}
	}
}

// checkPlannedAdoptions makes sure apply takes over the entities the plan showed: an id the plan knew
// must not change (Terraform rejects that), so when Ardoq changed in between, apply stops instead.
func checkPlannedAdoptions(plan batchRaw, prior batchItems, adopted batchMatches) diag.Diagnostics {
	var diags diag.Diagnostics
	check := func(kind string, planned tftypes.Value, priorID func(string) string, adopted map[string]batchMatch) {
		for key, v := range convert.ElementsOrNil(planned) {
			id := rawString(v, "id")
			if id == "" || id == priorID(key) || adopted[key].ID == id {
				continue
			}
			now := "matches nothing it can take over"
			if m, ok := adopted[key]; ok {
				now = "matches " + m.describe()
			}
			p := path.Root(kind).AtMapKey(key)
			diags.AddAttributeError(p, "Adopted Entity Changed Since Plan", fmt.Sprintf("%s: the plan showed this item taking over %s, but "+
				"in Ardoq it now %s. Nothing was changed; run terraform plan again.", convert.PathText(p), id, now))
		}
	}
	check("components", plan.get("computed_components"), func(k string) string { return prior.Components[k].ID }, adopted.Components)
	check("references", plan.get("computed_references"), func(k string) string { return prior.References[k].ID }, adopted.References)
	return diags
}

// destroy sends one batch deleting every item. When something was deleted in Ardoq since the refresh,
// the batch fails whole with 404 (nothing applied): the items are read again and what is still there
// is deleted, once.
func (r *batchResource) destroy(ctx context.Context, prior batchItems, diags *diag.Diagnostics) {
	keys, err := r.deleteItems(ctx, diags, prior)
	if client.IsNotFound(err) {
		current, rerr := r.refresh(ctx, prior)
		if rerr != nil {
			diagnostics.AddClientError(diags, "Unable to Read Batch Items", rerr)
			return
		}
		keys, err = r.deleteItems(ctx, diags, current)
	}
	if err != nil {
		addBatchError(diags, "Unable to Delete Batch Items", err, keys)
	}
}

// deleteItems sends the batch deleting the items once the cascade guard allows it. A refusal, and an
// answer lost and then resolved by reading the items back, are reported in diags; err is the failure
// left to report.
func (r *batchResource) deleteItems(ctx context.Context, diags *diag.Diagnostics, items batchItems) (batchOpKeys, error) {
	request, keys, _ := planBatch(batchPlanInput{prior: items}) // deleting everything has no item to find fault with
	changed, err := r.dropGoneDeletes(ctx, &request, &keys, items)
	if err != nil {
		return keys, err
	}
	if len(changed) > 0 {
		changedItemsError(diags, changed)
		return keys, nil
	}
	if batchEmpty(request) {
		return keys, nil
	}
	taken, allowed := r.guardBatchDeletes(ctx, diags, request, keys, items)
	if !allowed {
		return keys, nil
	}
	sent := time.Now()
	_, err = r.data.Client.Batch(ctx, request)
	if client.IsAmbiguous(err) {
		_, d := r.recoverBatch(ctx, recovery.DefaultTiming(), request, batchWorkspaces(items), sent, lostBatchAnswer(err), err)
		diags.Append(d...)
		if !d.HasError() {
			taken.Report(diags)
		}
		return keys, nil
	}
	if err == nil {
		taken.Report(diags)
	}
	return keys, err
}

// batchWorkspaces lists the workspaces the items live in, for reading them back.
func batchWorkspaces(items ...batchItems) []string {
	seen := map[string]bool{}
	var out []string
	add := func(ws string) {
		if ws != "" && !seen[ws] {
			seen[ws] = true
			out = append(out, ws)
		}
	}
	for _, it := range items {
		for _, k := range slices.Sorted(maps.Keys(it.Components)) {
			add(it.Components[k].RootWorkspace)
		}
		for _, k := range slices.Sorted(maps.Keys(it.References)) {
			add(it.References[k].RootWorkspace)
		}
	}
	return out
}
