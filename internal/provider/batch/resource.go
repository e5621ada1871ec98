// Package batch is ardoq_batch: many components and references applied through Ardoq's transactional
// batch endpoint, all or nothing, in one request, with the expand endpoint as a server-side dry run. Its
// RPCs are served here by a protocol server of its own (Server), which the provider combines with the
// framework's through terraform-plugin-mux; its items are core/entity's values, mapped by their mappers.
// It imports no other feature.
package batch

import (
	"context"
	"crypto/rand"
	"encoding/hex"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// batchResource wires the stages an ardoq_batch goes through, each in a file named for it: decode
// (Terraform values to items, decode.go), plan (prior and planned items to one request, plan_change.go
// lists its stages), apply (the request to what Ardoq made, apply*.go) and render (items to Terraform
// values, render.go).
// Read goes refresh (refresh.go), render. Server (server.go) calls it with the values Terraform sent.
type batchResource struct {
	data *providerdata.Data
	// announced is what the plan of this request's change announced Ardoq takes along with the batch's deletes
	// (under allow_cascade_delete only): set by modifyPlan, and given to the apply in the plan's private state.
	announced *cascade.Announced
}

// create makes the planned items; the new state is null when nothing was made.
func (r *batchResource) create(ctx context.Context, planned tftypes.Value) (tftypes.Value, diag.Diagnostics) {
	id := make([]byte, 8)
	_, _ = rand.Read(id)
	return r.write(ctx, batchRaw{}, planned, tftypes.NewValue(tftypes.String, "batch-"+hex.EncodeToString(id)), tftypes.NewValue(planned.Type(), nil))
}

// update takes the items from prior to planned; the new state is prior when nothing changed.
func (r *batchResource) update(ctx context.Context, prior, planned tftypes.Value) (tftypes.Value, diag.Diagnostics) {
	priorRaw := batchRawOf(prior)
	return r.write(ctx, priorRaw, planned, priorRaw.get("id"), prior)
}

// write takes the org from prior to plan with one batch request and returns what Ardoq returned. On
// failure nothing changed in Ardoq (the batch is one transaction) and the state is unchanged.
func (r *batchResource) write(ctx context.Context, priorRaw batchRaw, planned, id, unchanged tftypes.Value) (tftypes.Value, diag.Diagnostics) {
	var diags diag.Diagnostics
	plan := batchRawOf(planned)
	items, _, d := plan.planned()
	diags.Append(d...)
	if diags.HasError() {
		return unchanged, diags
	}
	prior, err := r.withoutTakenAlong(ctx, priorRaw.items(), items)
	if err != nil {
		diagnostics.AddClientError(&diags, "Unable to Read Batch Items", err)
		return unchanged, diags
	}
	request, keys, d := r.request(ctx, prior, items, plan)
	diags.Append(d...)
	diags.Append(checkPlannedAdoptions(plan, prior, keys.adopted)...)
	dels := deletionsValue(plannedDeletions(prior, keys, items))
	diags.Append(checkPlannedDeletions(plan.get("deletions"), dels)...)
	if diags.HasError() {
		return unchanged, diags
	}
	result, ok := r.apply(ctx, request, keys, prior, items, adoptionOf(plan), &diags)
	if !ok {
		return unchanged, diags
	}
	applied := renderApplied(id, result, plan)
	applied["deletions"] = dels
	return plan.value(planned.Type(), applied), diags
}

// read refreshes the items of state; on failure the state is unchanged.
func (r *batchResource) read(ctx context.Context, stateValue tftypes.Value) (tftypes.Value, diag.Diagnostics) {
	var diags diag.Diagnostics
	state := batchRawOf(stateValue)
	refreshed, err := r.refresh(ctx, state.items())
	if err != nil {
		diagnostics.AddClientError(&diags, "Unable to Read Batch Items", err)
		return stateValue, diags
	}
	return state.value(stateValue.Type(), renderRefreshed(state, refreshed)), nil
}

// delete sends one batch deleting every item in state.
func (r *batchResource) delete(ctx context.Context, state tftypes.Value) diag.Diagnostics {
	var diags diag.Diagnostics
	r.destroy(ctx, batchRawOf(state).items(), &diags)
	return diags
}
