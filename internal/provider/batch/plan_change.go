package batch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/moves"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

// The plan of an ardoq_batch, in the order its stages run, each in the file named for it:
//
//	decode      Terraform's values to items, once (protocol.go, decode.go); an unchanged batch is not decoded
//	take along  items Ardoq deleted with a component outside the batch are made again (taken_along.go)
//	request     the one batch request: items checked against their workspaces' models (plan_check.go),
//	            matched to the entities in Ardoq new adoptable items take over (adoption_match.go),
//	            adoption decided (adoption.go), an operation per changed item (plan.go)
//	deletions   what the apply deletes, in the planned value and said at the resource (deletions*.go)
//	notices     what Ardoq takes along (cascade_notice.go), items Ardoq holds already (items_made.go),
//	            values adoption overwrites (adoption.go)
//	dry run     the request sent to Ardoq's expand endpoint (dry_run.go)
//	move check  the entities kept and deleted, against the single resources' plans (move_check.go)
//	encode      the planned value (protocol.go)
//
// A plan with values known only at apply stops after decode (plan_unknown.go): the apply walk plans again.

// isUnchanged is whether Terraform proposes the prior state as it is: an existing batch whose configuration
// and state agree.
func isUnchanged(prior, proposed tftypes.Value) bool {
	return !prior.IsNull() && tfwire.Equal(proposed, prior)
}

// modifyPlan is the plan of the batch from its decoded prior state and proposed value: a destroy says what it
// deletes, an unchanged batch (isUnchanged) stays as it is, and a create or an update goes through every stage.
func (r *batchResource) modifyPlan(ctx context.Context, prior, planned tftypes.Value, unchanged bool) (tftypes.Value, diag.Diagnostics) {
	var diags diag.Diagnostics
	var entities []moves.BatchEntity
	switch {
	case planned.IsNull():
		priorItems := batchRawOf(prior).items()
		dels := destroyDeletions(priorItems)
		r.reportDeletions(ctx, &diags, dels, "", true)
		r.announced = r.warnCascade(ctx, &diags, dels, nil, batchOpKeys{}, priorItems, batchItems{})
		entities = destroyedEntities(dels)
	case unchanged:
		entities = plannedEntities(batchRawOf(planned)) // nothing created or changed: nothing to check
	default:
		planned, diags, entities = r.planChange(ctx, prior, planned)
	}
	if !diags.HasError() {
		diags.Append(checkMoves(ctx, r.data, entities)...)
	}
	return planned, diags
}

// planChange plans a create or an update: it keeps the computed values of unchanged items known (no plan
// noise), shows the ids of the entities new items adopt, checks every item against its workspace's model
// (all problems at once), and runs the batch expand endpoint with the request apply would send, so the
// server's validation fails the plan. It returns what the plan does with each entity, for the move check.
func (r *batchResource) planChange(ctx context.Context, prior, planned tftypes.Value) (tftypes.Value, diag.Diagnostics, []moves.BatchEntity) {
	var diags diag.Diagnostics
	plan := batchRawOf(planned)
	if prior.IsNull() { // a create deletes nothing, whatever its items: known at plan on every path
		planned = plan.value(planned.Type(), batchRaw{"deletions": noDeletions()})
	}
	items, known, d := plan.planned()
	if d.HasError() {
		return planned, nil, nil // validate reports the errors
	}
	if !known || !adoptionKnown(plan) {
		planned, diags = r.planWithUnknowns(ctx, prior, plan, items, planned.Type())
		return planned, diags, plannedEntities(batchRawOf(planned))
	}
	priorRaw := batchRawOf(prior)
	priorItems, err := r.withoutTakenAlong(ctx, priorRaw.items(), items)
	if err != nil {
		diagnostics.AddClientError(&diags, "Unable to Read Batch Items", err)
		return planned, diags, nil
	}
	request, keys, d := r.request(ctx, priorItems, items, plan)
	diags.Append(d...)
	if diags.HasError() {
		return planned, diags, nil
	}
	plannedComputed(priorItems, items, keys)
	computed, dels := renderPlanned(items, keys, priorRaw), plannedDeletions(priorItems, keys, items)
	computed["deletions"] = deletionsValue(dels)
	planned = plan.value(planned.Type(), computed)
	r.reportDeletions(ctx, &diags, dels, rawString(prior, "id"), false)
	r.announced = r.warnCascade(ctx, &diags, dels, &request, keys, priorItems, items)
	diags.Append(r.warnIfItemsMade(ctx, priorItems, items, keys)...)
	if summary, detail := adoptionNotice(items, keys); summary != "" {
		diags.AddWarning(summary, detail)
	}
	r.dryRun(ctx, request, keys, priorItems, &diags)
	return planned, diags, changeEntities(items, dels)
}
