package provider

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

var (
	_ resource.ResourceWithConfigure      = (*batchResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*batchResource)(nil)
	_ resource.ResourceWithImportState    = (*batchResource)(nil)
	_ resource.ResourceWithValidateConfig = (*batchResource)(nil)
)

// NewBatchResource returns the ardoq_batch resource.
func NewBatchResource() resource.Resource { return &batchResource{} }

type batchResource struct{ data *providerData }

func (r *batchResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_batch"
}

func (r *batchResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = batchSchema()
}

func (r *batchResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

// ValidateConfig checks every item's shape and types, with the item's path in each error.
func (r *batchResource) ValidateConfig(_ context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	config := batchRawOf(req.Config.Raw)
	_, _, diags := decodeBatchItems(config.get("components"), config.get("references"))
	resp.Diagnostics.Append(diags...)
}

// ModifyPlan keeps the computed values of unchanged items known (no plan noise), shows the ids of the
// entities new items adopt, checks every item against its workspace's model (all problems at once),
// and runs the batch expand endpoint with the request apply would send, so the server's validation
// fails the plan.
func (r *batchResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || r.data == nil {
		return
	}
	plan := batchRawOf(req.Plan.Raw)
	planned, known, diags := decodeBatchItems(plan.get("components"), plan.get("references"))
	if !known || diags.HasError() {
		return // ValidateConfig reports the errors; unknown values wait for apply
	}
	prior := batchRawOf(req.State.Raw).items()
	request, keys, diags := r.request(ctx, prior, planned, plan)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	// Carry ids and versions over from state, and show which entity each adopting item takes over;
	// what the request changes gets a new version.
	changedComponents, changedReferences := setOf(keys.componentUpdates), setOf(keys.referenceUpdates)
	replaced := replacedItems(prior, planned)
	for k, c := range planned.Components {
		if m, ok := keys.adopted.Components[k]; ok {
			c.ID, c.ComponentKey = m.ID, m.ComponentKey
			planned.Components[k] = c
		} else if p, ok := prior.Components[k]; ok && !replaced["components/"+k] {
			c.ID, c.Version, c.ComponentKey = p.ID, p.Version, p.ComponentKey
			planned.Components[k] = c
		}
	}
	for k, ref := range planned.References {
		if m, ok := keys.adopted.References[k]; ok {
			ref.ID = m.ID
			planned.References[k] = ref
		} else if p, ok := prior.References[k]; ok && !replaced["references/"+k] {
			ref.ID, ref.Version = p.ID, p.Version
			if !changedReferences[k] {
				ref.RootWorkspace, ref.TargetWorkspace = p.RootWorkspace, p.TargetWorkspace
			}
			planned.References[k] = ref
		}
	}
	resp.Plan.Raw = plan.value(req.Plan.Raw.Type(), batchRaw{
		"computed_components": computedComponents(planned.Components, changedComponents),
		"computed_references": computedReferences(planned.References, changedReferences),
	})
	if notice := adoptionNotice(planned, keys.adopted); notice != "" {
		resp.Diagnostics.AddWarning("Adoption Overwrites Values in Ardoq", notice)
	}
	if batchEmpty(request) {
		return
	}
	key := dryRunKey(r.data.client, request)
	if r.data.dryRuns.passed(key) {
		tflog.Debug(ctx, "the batch passed Ardoq's dry run earlier in this terraform command; not sending it again")
		return
	}
	if _, err := r.data.client.ExpandBatch(ctx, request); err != nil {
		addBatchError(&resp.Diagnostics, "Batch Rejected by Ardoq", err, keys)
		return
	}
	r.data.dryRuns.record(key)
}

func setOf(keys []string) map[string]bool {
	out := make(map[string]bool, len(keys))
	for _, k := range keys {
		out[k] = true
	}
	return out
}

// request builds the batch request for a change: items are checked against their workspaces' models
// and new adoptable items matched against what Ardoq holds; every item problem is reported.
func (r *batchResource) request(ctx context.Context, prior, plan batchItems, raw batchRaw) (client.BatchRequest, batchOpKeys, diag.Diagnostics) {
	models, diags := r.models(ctx, plan)
	if models == nil { // the models could not be read
		return client.BatchRequest{}, batchOpKeys{}, diags
	}
	adopt := adoption{components: raw.strings("adopt_components_by"), references: raw.strings("adopt_references_by")}
	matches, d := r.findAdoptions(ctx, prior, plan, adopt)
	diags.Append(d...)
	request, keys, d := planBatch(batchPlanInput{prior: prior, plan: plan, models: models,
		adoptComponentsBy: adopt.components, adoptReferencesBy: adopt.references, matches: matches})
	diags.Append(d...)
	return request, keys, diags
}

// models reads the model of every workspace the items live in (once per run per workspace); a
// workspace Ardoq does not have is an error at the first item in it, whose items are then unchecked.
func (r *batchResource) models(ctx context.Context, plan batchItems) (map[string]*client.WorkspaceContext, diag.Diagnostics) {
	var diags diag.Diagnostics
	models := map[string]*client.WorkspaceContext{}
	for _, k := range sortedKeysOf(plan.Components) {
		ws := plan.Components[k].RootWorkspace
		if _, seen := models[ws]; seen {
			continue
		}
		wctx, err := r.data.contexts.get(ctx, ws)
		switch {
		case client.IsNotFound(err):
			p := path.Root("components").AtMapKey(k).AtName("root_workspace")
			diags.AddAttributeError(p, "Unknown Workspace", fmt.Sprintf("%s: Ardoq has no workspace %q. Look workspaces up with the "+
				"ardoq_workspace data source.", pathText(p), ws))
			models[ws] = nil
		case err != nil:
			addClientError(&diags, "Unable to Read Workspace Context", err)
			return nil, diags
		default:
			models[ws] = wctx
		}
	}
	return models, diags
}

func (r *batchResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	id := make([]byte, 8)
	_, _ = rand.Read(id)
	r.apply(ctx, batchRaw{}, batchRawOf(req.Plan.Raw), tftypes.NewValue(tftypes.String, "batch-"+hex.EncodeToString(id)), &resp.State, &resp.Diagnostics)
}

func (r *batchResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	prior := batchRawOf(req.State.Raw)
	r.apply(ctx, prior, batchRawOf(req.Plan.Raw), prior.get("id"), &resp.State, &resp.Diagnostics)
}

// apply sends the one batch request that takes the org from prior to plan and stores what Ardoq
// returned. On failure nothing changed in Ardoq (the batch is one transaction) and state is left as is.
func (r *batchResource) apply(ctx context.Context, priorRaw, plan batchRaw, id tftypes.Value, state *tfsdk.State, diags *diag.Diagnostics) {
	prior := priorRaw.items()
	planned, _, d := decodeBatchItems(plan.get("components"), plan.get("references"))
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
	result := keptItems(prior, planned)
	if !batchEmpty(request) {
		tflog.Debug(ctx, "sending batch", map[string]any{"component_creates": len(keys.componentCreates), "component_upserts": len(keys.componentUpserts),
			"component_updates": len(keys.componentUpdates), "component_adoptions": len(keys.adopted.Components), "component_deletes": len(keys.componentDeletes),
			"reference_creates": len(keys.referenceCreates), "reference_upserts": len(keys.referenceUpserts), "reference_updates": len(keys.referenceUpdates),
			"reference_adoptions": len(keys.adopted.References), "reference_deletes": len(keys.referenceDeletes)})
		if !r.guardBatchDeletes(ctx, diags, request, keys, prior) {
			return
		}
		sent := time.Now()
		resp, err := r.data.client.Batch(ctx, request)
		if client.IsAmbiguous(err) {
			var d diag.Diagnostics
			resp, d = r.recoverBatch(ctx, request, batchWorkspaces(prior, planned), sent, lostBatchAnswer(err), err)
			diags.Append(d...)
			if resp == nil {
				return
			}
		} else if err != nil {
			addBatchError(diags, "Batch Failed", err, keys)
			return
		}
		adopt := adoption{components: plan.strings("adopt_components_by"), references: plan.strings("adopt_references_by")}
		if err := mergeBatchResults(resp, keys, prior, planned, result, adopt); err != nil {
			// Ardoq applied the batch: what it made must not be lost from state, so read it back.
			lost := fmt.Sprintf("Ardoq applied the batch, but its answer could not be matched to the items (%s).", err)
			rebuilt, d := r.recoverBatch(ctx, request, batchWorkspaces(prior, planned), sent, lost, nil)
			diags.Append(d...)
			if rebuilt == nil {
				return
			}
			result = keptItems(prior, planned)
			if err := mergeBatchResults(rebuilt, keys, prior, planned, result, adopt); err != nil {
				diags.AddError("Unexpected Batch Response", fmt.Sprintf("%s Reading the items back did not match them either (%s), so "+
					"nothing was recorded. Run terraform plan to see where the items stand.", lost, err))
				return
			}
			resp = rebuilt
		}
		claimCreated(r.data, resp)
	}
	// The items stay as planned (Terraform requires it); what Ardoq assigned goes to the computed maps.
	state.Raw = plan.value(state.Schema.Type().TerraformType(ctx), batchRaw{"id": id,
		"computed_components": computedComponents(result.Components, nil),
		"computed_references": computedReferences(result.References, nil)})
}

// keptItems is the prior state of the items the plan keeps, what a batch's results are merged into.
func keptItems(prior, planned batchItems) batchItems {
	kept := batchItems{Components: map[string]batchComponent{}, References: map[string]batchReference{}}
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

// claimCreated remembers what a batch created, so no lost-answer search of this run takes it for its own.
func claimCreated(d *providerData, resp *client.BatchResponse) {
	for _, c := range resp.Components.Created {
		d.claim(c.ID)
	}
	for _, c := range resp.References.Created {
		d.claim(c.ID)
	}
}

// addBatchError points at the item (and attribute) a failed operation was about.
func addBatchError(diags *diag.Diagnostics, summary string, err error, keys batchOpKeys) {
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) {
		diags.AddError(summary, err.Error())
		return
	}
	if apiErr.StatusCode == 409 {
		summary = "Batch Items Changed Outside Terraform"
	}
	detail := clientErrorDetail(err) + "\n\nThe batch is one transaction: nothing was changed in Ardoq."
	switch apiErr.StatusCode {
	case 409:
		detail += " An item was changed in Ardoq after Terraform read it; run terraform plan again to see the difference."
	case 404:
		detail += " An item was deleted in Ardoq after Terraform read it; run terraform apply again: the refresh drops it and the " +
			"plan creates it again."
	}
	kind, key, attribute, fieldKey, ok := batchErrorPath(apiErr.Message, keys)
	if !ok {
		diags.AddError(summary, detail)
		return
	}
	p, where := path.Root(kind).AtMapKey(key), fmt.Sprintf("%s[%q]", kind, key)
	if attribute != "" {
		p, where = p.AtName(attribute), where+"."+attribute
		if fieldKey != "" {
			p, where = p.AtMapKey(fieldKey), fmt.Sprintf("%s[%q]", where, fieldKey)
		}
	}
	diags.AddAttributeError(p, summary, where+": "+detail)
}

func (r *batchResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	state := batchRawOf(req.State.Raw)
	prior := state.items()
	refreshed, err := r.refresh(ctx, prior)
	if err != nil {
		addClientError(&resp.Diagnostics, "Unable to Read Batch Items", err)
		return
	}
	components, references := map[string]itemView{}, map[string]itemView{}
	for k, c := range refreshed.Components {
		components[k] = componentView(c)
	}
	for k, ref := range refreshed.References {
		references[k] = referenceView(ref)
	}
	resp.State.Raw = state.value(req.State.Raw.Type(), batchRaw{
		"components":          renderItems(state.get("components"), components),
		"references":          renderItems(state.get("references"), references),
		"computed_components": computedComponents(refreshed.Components, nil),
		"computed_references": computedReferences(refreshed.References, nil),
	})
}

// refresh reads every item back from its workspace's list pages (readWanted). Items gone from Ardoq drop
// out (the plan re-creates them); changed ones show as drift.
func (r *batchResource) refresh(ctx context.Context, prior batchItems) (batchItems, error) {
	out := batchItems{Components: map[string]batchComponent{}, References: map[string]batchReference{}}
	components, references, err := readBatchEntities(ctx, r.data.client, prior)
	if err != nil {
		return out, err
	}
	ids := map[string]string{}
	for k, c := range prior.Components {
		if _, ok := components[c.ID]; ok {
			ids[k] = c.ID
		}
	}
	for k, c := range prior.Components {
		if got, ok := components[c.ID]; ok {
			out.Components[k] = batchComponentFromAPI(got, c, ids)
		}
	}
	for k, ref := range prior.References {
		if got, ok := references[ref.ID]; ok {
			out.References[k] = batchReferenceFromAPI(got, ref, ids)
		}
	}
	return out, nil
}

// Delete sends one batch deleting every item in state. When something was deleted in Ardoq since the
// refresh, the batch fails whole with 404 (nothing applied): the items are read again and what is still
// there is deleted, once.
func (r *batchResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	prior := batchRawOf(req.State.Raw).items()
	keys, err := r.deleteItems(ctx, &resp.Diagnostics, prior)
	if client.IsNotFound(err) {
		current, rerr := r.refresh(ctx, prior)
		if rerr != nil {
			addClientError(&resp.Diagnostics, "Unable to Read Batch Items", rerr)
			return
		}
		keys, err = r.deleteItems(ctx, &resp.Diagnostics, current)
	}
	if err != nil {
		addBatchError(&resp.Diagnostics, "Unable to Delete Batch Items", err, keys)
	}
}

// deleteItems sends the batch deleting the items once the cascade guard allows it. A refusal, and an
// answer lost and then resolved by reading the items back, are reported in diags; err is the failure
// left to report.
func (r *batchResource) deleteItems(ctx context.Context, diags *diag.Diagnostics, items batchItems) (batchOpKeys, error) {
	request, keys, _ := planBatch(batchPlanInput{prior: items}) // deleting everything has no item to find fault with
	if batchEmpty(request) || !r.guardBatchDeletes(ctx, diags, request, keys, items) {
		return keys, nil
	}
	sent := time.Now()
	_, err := r.data.client.Batch(ctx, request)
	if client.IsAmbiguous(err) {
		_, d := r.recoverBatch(ctx, request, batchWorkspaces(items), sent, lostBatchAnswer(err), err)
		diags.Append(d...)
		return keys, nil
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
		for _, k := range sortedKeysOf(it.Components) {
			add(it.Components[k].RootWorkspace)
		}
		for _, k := range sortedKeysOf(it.References) {
			add(it.References[k].RootWorkspace)
		}
	}
	return out
}
