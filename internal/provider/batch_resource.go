package provider

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

var (
	_ resource.ResourceWithConfigure   = (*batchResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*batchResource)(nil)
	_ resource.ResourceWithImportState = (*batchResource)(nil)
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

// ModifyPlan keeps the computed values of unchanged items known (no plan noise) and runs the batch
// expand endpoint with the request apply would send, so the server's validation fails the plan.
func (r *batchResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || r.data == nil {
		return
	}
	var plan, prior batchModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if !req.State.Raw.IsNull() {
		resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	planned, known, diags := itemsOf(ctx, plan)
	resp.Diagnostics.Append(diags...)
	old, _, diags := itemsOf(ctx, prior)
	resp.Diagnostics.Append(diags...)
	if !known || resp.Diagnostics.HasError() {
		return
	}
	request, keys, err := r.request(ctx, old, planned, plan)
	if err != nil {
		resp.Diagnostics.AddError("Invalid Batch Item", err.Error())
		return
	}
	// Carry ids and versions over from state; what the request changes gets a new version.
	changed := map[string]bool{}
	for _, k := range keys.componentUpdates {
		changed["components/"+k] = true
	}
	for _, k := range keys.referenceUpdates {
		changed["references/"+k] = true
	}
	replaced := replacedItems(old, planned)
	for k, c := range planned.Components {
		if p, ok := old.Components[k]; ok && !replaced["components/"+k] {
			c.ID, c.Version, c.ComponentKey = p.ID, p.Version, p.ComponentKey
			planned.Components[k] = c
		}
	}
	for k, ref := range planned.References {
		if p, ok := old.References[k]; ok && !replaced["references/"+k] {
			ref.ID, ref.Version = p.ID, p.Version
			if !changed["references/"+k] {
				ref.RootWorkspace, ref.TargetWorkspace = p.RootWorkspace, p.TargetWorkspace
			}
			planned.References[k] = ref
		}
	}
	comps, refs, diags := itemsToModel(planned, planned, changed)
	resp.Diagnostics.Append(diags...)
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("components"), nullIfUnset(comps, plan.Components))...)
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("references"), nullIfUnset(refs, plan.References))...)
	if batchEmpty(request) || resp.Diagnostics.HasError() {
		return
	}
	if _, err := r.data.client.ExpandBatch(ctx, request); err != nil {
		addBatchError(&resp.Diagnostics, "Batch Rejected by Ardoq", err, keys)
	}
}

func nullIfUnset(v types.Map, configured types.Map) types.Map {
	if configured.IsNull() {
		return types.MapNull(v.ElementType(context.Background()))
	}
	return v
}

// request builds the batch request for a change, typing custom field values by the workspaces' definitions.
func (r *batchResource) request(ctx context.Context, prior, plan batchItems, m batchModel) (client.BatchRequest, batchOpKeys, error) {
	typeOf, err := r.fieldTyper(ctx, prior, plan)
	if err != nil {
		return client.BatchRequest{}, batchOpKeys{}, err
	}
	return planBatch(prior, plan, typeOf, stringList(ctx, m.AdoptComponentsBy), stringList(ctx, m.AdoptReferencesBy))
}

// fieldTyper reads the context of every workspace the items live in (once per run per workspace).
func (r *batchResource) fieldTyper(ctx context.Context, items ...batchItems) (fieldTyper, error) {
	types := map[string]string{}
	seen := map[string]bool{}
	for _, it := range items {
		for _, c := range it.Components {
			if c.RootWorkspace == "" || seen[c.RootWorkspace] {
				continue
			}
			seen[c.RootWorkspace] = true
			wctx, err := r.data.contexts.get(ctx, c.RootWorkspace)
			if err != nil {
				return nil, fmt.Errorf("reading the context of workspace %s: %w", c.RootWorkspace, err)
			}
			for _, f := range wctx.CustomFields {
				if _, dup := types[f.APIKey]; !dup {
					types[f.APIKey] = f.Type
				}
			}
		}
	}
	return func(apiKey string) string { return types[apiKey] }, nil
}

func stringList(ctx context.Context, l types.List) []string {
	if l.IsNull() || l.IsUnknown() {
		return nil
	}
	var out []string
	_ = l.ElementsAs(ctx, &out, false)
	return out
}

func (r *batchResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan batchModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := make([]byte, 8)
	_, _ = rand.Read(id)
	plan.ID = types.StringValue("batch-" + hex.EncodeToString(id))
	r.apply(ctx, batchModel{}, plan, &resp.State, &resp.Diagnostics)
}

func (r *batchResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, prior batchModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	plan.ID = prior.ID
	r.apply(ctx, prior, plan, &resp.State, &resp.Diagnostics)
}

// apply sends the one batch request that takes the org from prior to plan and stores what Ardoq
// returned. On failure nothing changed in Ardoq (the batch is one transaction) and state is left as is.
func (r *batchResource) apply(ctx context.Context, priorModel, plan batchModel, state stateSetter, diags *diag.Diagnostics) {
	prior, _, d := itemsOf(ctx, priorModel)
	diags.Append(d...)
	planned, _, d := itemsOf(ctx, plan)
	diags.Append(d...)
	if diags.HasError() {
		return
	}
	request, keys, err := r.request(ctx, prior, planned, plan)
	if err != nil {
		diags.AddError("Invalid Batch Item", err.Error())
		return
	}
	result := batchItems{Components: map[string]batchComponent{}, References: map[string]batchReference{}}
	for k := range planned.Components {
		if p, ok := prior.Components[k]; ok {
			result.Components[k] = p
		}
	}
	for k := range planned.References {
		if p, ok := prior.References[k]; ok {
			result.References[k] = p
		}
	}
	if !batchEmpty(request) {
		tflog.Debug(ctx, "sending batch", map[string]any{"component_creates": len(keys.componentCreates), "component_updates": len(keys.componentUpdates),
			"component_deletes": len(keys.componentDeletes), "reference_creates": len(keys.referenceCreates),
			"reference_updates": len(keys.referenceUpdates), "reference_deletes": len(keys.referenceDeletes)})
		resp, err := r.data.client.Batch(ctx, request)
		if err != nil {
			addBatchError(diags, "Batch Failed", err, keys)
			return
		}
		adopt := adoption{components: stringList(ctx, plan.AdoptComponentsBy), references: stringList(ctx, plan.AdoptReferencesBy)}
		if err := mergeBatchResults(resp, keys, prior, planned, result, adopt); err != nil {
			diags.AddError("Unexpected Batch Response", err.Error())
			return
		}
	}
	comps, refs, d := itemsToModel(result, planned, nil)
	diags.Append(d...)
	plan.Components, plan.References = nullIfUnset(comps, plan.Components), nullIfUnset(refs, plan.References)
	diags.Append(state.Set(ctx, &plan)...)
}

type stateSetter interface {
	Set(ctx context.Context, val any) diag.Diagnostics
}

type adoption struct{ components, references []string }

// mergeBatchResults puts the returned entities into result, matching created ones by batchId, updated
// ones by id, and adopted ones (upserts that matched, returned as updates without a batchId) by the
// values of their uniqueBy properties.
func mergeBatchResults(resp *client.BatchResponse, keys batchOpKeys, prior, planned, result batchItems, adopt adoption) error {
	ids := map[string]string{}
	for _, c := range resp.Components.Created {
		ids[strings.TrimPrefix(c.BatchID, "component:")] = c.ID
	}
	for k, c := range prior.Components {
		if _, isNew := ids[k]; !isNew {
			ids[k] = c.ID
		}
	}
	keyOfID := map[string]string{}
	for k, c := range prior.Components {
		keyOfID["c"+c.ID] = k
	}
	for k, ref := range prior.References {
		keyOfID["r"+ref.ID] = k
	}
	for _, u := range resp.Components.Updated {
		key, ok := keyOfID["c"+u.ID]
		if !ok && u.Body != nil {
			key, ok = adoptedComponentKey(u.Body, keys.componentCreates, planned, adopt.components)
			ids[key] = u.ID
		}
		if u.Body == nil || !ok {
			return fmt.Errorf("unexpected updated component %s", u.ID)
		}
		result.Components[key] = batchComponentFromAPI(u.Body, planned.Components[key], ids)
	}
	for _, c := range resp.Components.Created {
		key := strings.TrimPrefix(c.BatchID, "component:")
		if c.Body == nil {
			return fmt.Errorf("component %q came back without its body", key)
		}
		result.Components[key] = batchComponentFromAPI(c.Body, planned.Components[key], ids)
	}
	for _, c := range resp.References.Created {
		key := strings.TrimPrefix(c.BatchID, "reference:")
		if c.Body == nil {
			return fmt.Errorf("reference %q came back without its body", key)
		}
		result.References[key] = batchReferenceFromAPI(c.Body, planned.References[key], ids)
	}
	for _, u := range resp.References.Updated {
		key, ok := keyOfID["r"+u.ID]
		if !ok && u.Body != nil {
			key, ok = adoptedReferenceKey(u.Body, keys.referenceCreates, planned, ids, adopt.references)
		}
		if u.Body == nil || !ok {
			return fmt.Errorf("unexpected updated reference %s", u.ID)
		}
		result.References[key] = batchReferenceFromAPI(u.Body, planned.References[key], ids)
	}
	return nil
}

func adoptedComponentKey(c *client.Component, candidates []string, planned batchItems, uniqueBy []string) (string, bool) {
	for _, key := range candidates {
		item := planned.Components[key]
		if adoptable(uniqueBy, item.CustomFields) && uniqueValuesMatch(uniqueBy, c.CustomFields, item.CustomFields, map[string]bool{
			"rootWorkspace": c.RootWorkspace == item.RootWorkspace, "name": c.Name == item.Name, "typeId": c.TypeID == item.TypeID}) {
			return key, true
		}
	}
	return "", false
}

func adoptedReferenceKey(r *client.Reference, candidates []string, planned batchItems, ids map[string]string, uniqueBy []string) (string, bool) {
	resolve := func(ref string) string {
		if id, ok := ids[ref]; ok {
			return id
		}
		return ref
	}
	for _, key := range candidates {
		item := planned.References[key]
		if adoptable(uniqueBy, item.CustomFields) && uniqueValuesMatch(uniqueBy, r.CustomFields, item.CustomFields, map[string]bool{
			"source": r.Source == resolve(item.Source), "target": r.Target == resolve(item.Target), "type": r.Type == item.Type,
			"source.rootWorkspace": true, "rootWorkspace": true}) {
			return key, true
		}
	}
	return "", false
}

// uniqueValuesMatch checks an entity against an item on every uniqueBy property.
func uniqueValuesMatch(uniqueBy []string, api client.CustomFields, fields map[string]string, scalar map[string]bool) bool {
	for _, p := range uniqueBy {
		if key, isField := strings.CutPrefix(p, "customFields."); isField {
			if v := api[key]; v == nil || (fieldValueString(v) != fields[key] && !sameFieldValue(fields[key], v)) {
				return false
			}
			continue
		}
		if !scalar[p] {
			return false
		}
	}
	return true
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
	if apiErr.StatusCode == 409 {
		detail += " An item was changed in Ardoq after Terraform read it; run terraform plan again to see the difference."
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
	var state batchModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	prior, _, diags := itemsOf(ctx, state)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	refreshed, err := r.refresh(ctx, prior)
	if err != nil {
		addClientError(&resp.Diagnostics, "Unable to Read Batch Items", err)
		return
	}
	comps, refs, diags := itemsToModel(refreshed, prior, nil)
	resp.Diagnostics.Append(diags...)
	state.Components, state.References = nullIfUnset(comps, state.Components), nullIfUnset(refs, state.References)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// refresh reads every item back with one list request per workspace (per page), never one GET per
// item. Items gone from Ardoq drop out (the plan re-creates them); changed ones show as drift.
func (r *batchResource) refresh(ctx context.Context, prior batchItems) (batchItems, error) {
	out := batchItems{Components: map[string]batchComponent{}, References: map[string]batchReference{}}
	components, err := listInWorkspaces(workspacesOf(prior.Components, func(c batchComponent) string { return c.RootWorkspace }),
		func(ws string) ([]client.Component, error) {
			return r.data.client.ListComponents(ctx, client.ComponentFilter{RootWorkspace: ws})
		}, func(c *client.Component) string { return c.ID })
	if err != nil {
		return out, err
	}
	references, err := listInWorkspaces(workspacesOf(prior.References, func(c batchReference) string { return c.RootWorkspace }),
		func(ws string) ([]client.Reference, error) {
			return r.data.client.ListReferences(ctx, client.ReferenceFilter{RootWorkspace: ws})
		}, func(r *client.Reference) string { return r.ID })
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

func workspacesOf[T any](items map[string]T, ws func(T) string) []string {
	seen := map[string]bool{}
	var out []string
	for _, k := range sortedKeysOf(items) {
		if w := ws(items[k]); w != "" && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// listInWorkspaces lists entities of each workspace (every page) and indexes them by id.
func listInWorkspaces[T any](workspaces []string, list func(ws string) ([]T, error), id func(*T) string) (map[string]*T, error) {
	out := map[string]*T{}
	for _, ws := range workspaces {
		all, err := list(ws)
		if err != nil {
			return nil, err
		}
		for i := range all {
			out[id(&all[i])] = &all[i]
		}
	}
	return out, nil
}

func (r *batchResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state batchModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	prior, _, diags := itemsOf(ctx, state)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	// Items already gone (deleted in Ardoq since the refresh) would fail the whole transaction: refresh first.
	current, err := r.refresh(ctx, prior)
	if err != nil {
		addClientError(&resp.Diagnostics, "Unable to Read Batch Items", err)
		return
	}
	request, keys, err := planBatch(current, batchItems{}, func(string) string { return "" }, nil, nil)
	if err != nil || batchEmpty(request) {
		return
	}
	if _, err := r.data.client.Batch(ctx, request); err != nil {
		addBatchError(&resp.Diagnostics, "Unable to Delete Batch Items", err, keys)
	}
}

// ImportState takes "<workspace id>/<custom field api key>": every component and reference of the
// workspace with that field set becomes an item keyed by the field's value.
func (r *batchResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	ws, apiKey, ok := strings.Cut(req.ID, "/")
	if !ok || !oidPattern.MatchString(ws) || apiKey == "" {
		resp.Diagnostics.AddError("Invalid Import Id", fmt.Sprintf("Import ardoq_batch with \"<workspace id>/<custom field API key>\", "+
			"for example 5eed0000000000000000b001/external_id; got %q.", req.ID))
		return
	}
	comps, err := r.data.client.ListComponents(ctx, client.ComponentFilter{RootWorkspace: ws})
	if err != nil {
		addClientError(&resp.Diagnostics, "Unable to Import Batch", err)
		return
	}
	refs, err := r.data.client.ListReferences(ctx, client.ReferenceFilter{RootWorkspace: ws})
	if err != nil {
		addClientError(&resp.Diagnostics, "Unable to Import Batch", err)
		return
	}
	items := batchItems{Components: map[string]batchComponent{}, References: map[string]batchReference{}}
	ids := map[string]string{}
	for i := range comps {
		if v, ok := comps[i].CustomFields[apiKey]; ok && v != nil {
			key := fieldValueString(v)
			if _, dup := ids[key]; dup {
				resp.Diagnostics.AddError("Ambiguous Import Key", fmt.Sprintf("Two components of workspace %s have %s = %q; item keys must be unique.", ws, apiKey, key))
				return
			}
			ids[key] = comps[i].ID
		}
	}
	for i := range comps {
		if v, ok := comps[i].CustomFields[apiKey]; ok && v != nil {
			items.Components[fieldValueString(v)] = batchComponentFromAPI(&comps[i], batchComponent{CustomFields: map[string]string{apiKey: ""}}, ids)
		}
	}
	for i := range refs {
		if v, ok := refs[i].CustomFields[apiKey]; ok && v != nil {
			items.References[fieldValueString(v)] = batchReferenceFromAPI(&refs[i], batchReference{CustomFields: map[string]string{apiKey: ""}}, ids)
		}
	}
	comp, ref, diags := itemsToModel(items, items, nil)
	resp.Diagnostics.Append(diags...)
	if len(items.References) == 0 {
		ref = types.MapNull(ref.ElementType(ctx))
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &batchModel{ID: types.StringValue(req.ID), Components: comp, References: ref,
		AdoptComponentsBy: types.ListNull(types.StringType), AdoptReferencesBy: types.ListNull(types.StringType)})...)
}
