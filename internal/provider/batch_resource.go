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

// ModifyPlan keeps the computed values of unchanged items known (no plan noise) and runs the batch
// expand endpoint with the request apply would send, so the server's validation fails the plan.
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
	request, keys, err := r.request(ctx, prior, planned, plan)
	if err != nil {
		resp.Diagnostics.AddError("Invalid Batch Item", err.Error())
		return
	}
	// Carry ids and versions over from state; what the request changes gets a new version.
	changedComponents, changedReferences := setOf(keys.componentUpdates), setOf(keys.referenceUpdates)
	replaced := replacedItems(prior, planned)
	for k, c := range planned.Components {
		if p, ok := prior.Components[k]; ok && !replaced["components/"+k] {
			c.ID, c.Version, c.ComponentKey = p.ID, p.Version, p.ComponentKey
			planned.Components[k] = c
		}
	}
	for k, ref := range planned.References {
		if p, ok := prior.References[k]; ok && !replaced["references/"+k] {
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
	if batchEmpty(request) {
		return
	}
	if _, err := r.data.client.ExpandBatch(ctx, request); err != nil {
		addBatchError(&resp.Diagnostics, "Batch Rejected by Ardoq", err, keys)
	}
}

func setOf(keys []string) map[string]bool {
	out := make(map[string]bool, len(keys))
	for _, k := range keys {
		out[k] = true
	}
	return out
}

// request builds the batch request for a change, typing custom field values by the workspaces' definitions.
func (r *batchResource) request(ctx context.Context, prior, plan batchItems, raw batchRaw) (client.BatchRequest, batchOpKeys, error) {
	typeOf, err := r.fieldTyper(ctx, prior, plan)
	if err != nil {
		return client.BatchRequest{}, batchOpKeys{}, err
	}
	return planBatch(prior, plan, typeOf, raw.strings("adopt_components_by"), raw.strings("adopt_references_by"))
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
		adopt := adoption{components: plan.strings("adopt_components_by"), references: plan.strings("adopt_references_by")}
		if err := mergeBatchResults(resp, keys, prior, planned, result, adopt); err != nil {
			diags.AddError("Unexpected Batch Response", err.Error())
			return
		}
	}
	// The items stay as planned (Terraform requires it); what Ardoq assigned goes to the computed maps.
	state.Raw = plan.value(state.Schema.Type().TerraformType(ctx), batchRaw{"id": id,
		"computed_components": computedComponents(result.Components, nil),
		"computed_references": computedReferences(result.References, nil)})
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

// Delete sends one batch deleting every item in state. When something was deleted in Ardoq since the
// refresh, the batch fails whole with 404 (nothing applied): the items are read again and what is still
// there is deleted, once.
func (r *batchResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	prior := batchRawOf(req.State.Raw).items()
	keys, err := r.deleteItems(ctx, prior)
	if client.IsNotFound(err) {
		current, rerr := r.refresh(ctx, prior)
		if rerr != nil {
			addClientError(&resp.Diagnostics, "Unable to Read Batch Items", rerr)
			return
		}
		keys, err = r.deleteItems(ctx, current)
	}
	if err != nil {
		addBatchError(&resp.Diagnostics, "Unable to Delete Batch Items", err, keys)
	}
}

func (r *batchResource) deleteItems(ctx context.Context, items batchItems) (batchOpKeys, error) {
	request, keys, err := planBatch(items, batchItems{}, func(string) string { return "" }, nil, nil)
	if err != nil || batchEmpty(request) {
		return keys, err
	}
	_, err = r.data.client.Batch(ctx, request)
	return keys, err
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
	components, references := map[string]itemView{}, map[string]itemView{}
	for k, c := range items.Components {
		components[k] = componentView(c)
	}
	for k, ref := range items.References {
		references[k] = referenceView(ref)
	}
	referencesValue := tftypes.NewValue(tftypes.DynamicPseudoType, nil)
	if len(references) > 0 {
		referencesValue = importedItems(references)
	}
	resp.State.Raw = batchRaw{}.value(resp.State.Schema.Type().TerraformType(ctx), batchRaw{
		"id":                  tftypes.NewValue(tftypes.String, req.ID),
		"components":          importedItems(components),
		"references":          referencesValue,
		"computed_components": computedComponents(items.Components, nil),
		"computed_references": computedReferences(items.References, nil),
	})
}
