// Package batch is ardoq_batch: many components and references applied through Ardoq's transactional
// batch endpoint, all or nothing, in one request, with the expand endpoint as a server-side dry run. Its
// RPCs are served here (Protocol) without the framework's passes over the value; its items map through
// core/entity's tables. It imports no other feature.
package batch

import (
	"context"
	"crypto/rand"
	"encoding/hex"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

var (
	_ resource.ResourceWithConfigure      = (*batchResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*batchResource)(nil)
	_ resource.ResourceWithImportState    = (*batchResource)(nil)
	_ resource.ResourceWithValidateConfig = (*batchResource)(nil)
)

// NewResource returns the ardoq_batch resource.
func NewResource() resource.Resource { return &batchResource{} }

// batchResource wires the stages an ardoq_batch goes through, each in a file named for it: decode
// (Terraform values to items, decode.go), plan (prior and planned items to one request, plan*.go),
// apply (the request to what Ardoq made, apply*.go) and render (items to Terraform values, render.go). Read goes refresh (refresh.go), render.
type batchResource struct{ data *providerdata.Data }

func (r *batchResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_batch"
}

func (r *batchResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = batchSchema()
}

func (r *batchResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerdata.From(req.ProviderData, &resp.Diagnostics)
}

// ValidateConfig checks every item's shape and types, with the item's path in each error.
func (r *batchResource) ValidateConfig(_ context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	_, _, diags := batchRawOf(req.Config.Raw).planned()
	resp.Diagnostics.Append(diags...)
}

// ModifyPlan keeps the computed values of unchanged items known (no plan noise), shows the ids of the
// entities new items adopt, checks every item against its workspace's model (all problems at once),
// and runs the batch expand endpoint with the request apply would send, so the server's validation
// fails the plan.
func (r *batchResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || r.data == nil || !diagnostics.PlanChanges(req) {
		return // nothing created or changed: nothing to check (reference_checks.go and core/diagnostics)
	}
	plan := batchRawOf(req.Plan.Raw)
	planned, known, diags := plan.planned()
	if !known || diags.HasError() {
		return // ValidateConfig reports the errors; unknown values wait for apply
	}
	priorRaw := batchRawOf(req.State.Raw)
	prior := priorRaw.items()
	request, keys, diags := r.request(ctx, prior, planned, plan)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	plannedComputed(prior, planned, keys)
	resp.Plan.Raw = plan.value(req.Plan.Raw.Type(), renderPlanned(planned, keys, priorRaw))
	if notice := adoptionNotice(planned, keys.adopted); notice != "" {
		resp.Diagnostics.AddWarning("Adoption Overwrites Values in Ardoq", notice)
	}
	r.dryRun(ctx, request, keys, &resp.Diagnostics)
}

func (r *batchResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	id := make([]byte, 8)
	_, _ = rand.Read(id)
	r.write(ctx, batchRaw{}, batchRawOf(req.Plan.Raw), tftypes.NewValue(tftypes.String, "batch-"+hex.EncodeToString(id)), &resp.State, &resp.Diagnostics)
}

func (r *batchResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	prior := batchRawOf(req.State.Raw)
	r.write(ctx, prior, batchRawOf(req.Plan.Raw), prior.get("id"), &resp.State, &resp.Diagnostics)
}

// write takes the org from prior to plan with one batch request and stores what Ardoq returned. On
// failure nothing changed in Ardoq (the batch is one transaction) and state is left as is.
func (r *batchResource) write(ctx context.Context, priorRaw, plan batchRaw, id tftypes.Value, state *tfsdk.State, diags *diag.Diagnostics) {
	prior := priorRaw.items()
	planned, _, d := plan.planned()
	diags.Append(d...)
	if diags.HasError() {
		return
	}
	request, keys, d := r.request(ctx, prior, planned, plan)
	diags.Append(d...)
	diags.Append(checkPlannedAdoptions(plan, prior, keys.adopted)...)
	if diags.HasError() {
		return
	}
	result, ok := r.apply(ctx, request, keys, prior, planned, adoptionOf(plan), diags)
	if !ok {
		return
	}
	state.Raw = plan.value(state.Schema.Type().TerraformType(ctx), renderApplied(id, result, plan))
}

func (r *batchResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	state := batchRawOf(req.State.Raw)
	refreshed, err := r.refresh(ctx, state.items())
	if err != nil {
		diagnostics.AddClientError(&resp.Diagnostics, "Unable to Read Batch Items", err)
		return
	}
	claimHeld(r.data, refreshed)
	resp.State.Raw = state.value(req.State.Raw.Type(), renderRefreshed(state, refreshed))
}

// claimHeld remembers the entities the batch holds, so that no search for what an interrupted run made
// (core/recovery) or for a lost answer takes them for its own.
func claimHeld(d *providerdata.Data, items batchItems) {
	for _, c := range items.Components {
		d.Claim(c.ID)
	}
	for _, ref := range items.References {
		d.Claim(ref.ID)
	}
}

// Delete sends one batch deleting every item in state.
func (r *batchResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	r.destroy(ctx, batchRawOf(req.State.Raw).items(), &resp.Diagnostics)
}
