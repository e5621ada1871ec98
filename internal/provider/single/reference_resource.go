package single

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/recovery"
)

var (
	_ resource.ResourceWithConfigure   = (*referenceResource)(nil)
	_ resource.ResourceWithImportState = (*referenceResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*referenceResource)(nil)
)

// NewReferenceResource returns the ardoq_reference resource.
func NewReferenceResource() resource.Resource { return &referenceResource{} }

type referenceResource struct{ data *providerdata.Data }

func (r *referenceResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_reference"
}

func (r *referenceResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "A reference: a typed edge from a source component to a target component, possibly in another " +
			"workspace; it lives in its source's workspace. Do not manage a reference with both this resource and `ardoq_batch`.",
		Attributes: withMeta("reference", map[string]schema.Attribute{
			"id": idAttribute("reference"),
			"source": schema.StringAttribute{
				Required:            true,
				MarkdownDescription: "Id of the source component. Can be changed in place.",
				Validators:          entity.OIDValidators(),
			},
			"target": schema.StringAttribute{
				Required:            true,
				MarkdownDescription: "Id of the target component, in any workspace. Can be changed in place.",
				Validators:          entity.OIDValidators(),
			},
			"type": schema.Int64Attribute{
				Required: true,
				MarkdownDescription: "Reference type from the model of the source's workspace, for example " +
					"`data.ardoq_reference_type.depends_on.type` (a reference type by name). Changing it replaces the reference.",
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"display_text":  optionalTextAttribute("Label shown on the reference in views."),
			"description":   optionalTextAttribute("Description of the reference."),
			"custom_fields": customFieldsAttribute(),
			"root_workspace": schema.StringAttribute{
				Computed:            true,
				MarkdownDescription: "Workspace of the reference: its source's workspace.",
			},
			"target_workspace": schema.StringAttribute{
				Computed:            true,
				MarkdownDescription: "Workspace of the target component.",
			},
			"version": versionAttribute("reference"),
		}),
	}
}

func (r *referenceResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerdata.From(req.ProviderData, &resp.Diagnostics)
}

// ModifyPlan records what the plan does with an existing reference (plan_destroy.go), keeps root_workspace and target_workspace known when their component does not change, and
// checks the type and custom fields of a reference the plan creates or changes against the model of the
// source's workspace (reference_checks.go and core/diagnostics), or of every workspace it could be in
// while the source is not known yet.
func (r *referenceResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if r.data != nil {
		r.planEntity(ctx, req, resp) // plan_destroy.go
	}
	recordReplaced(ctx, req, resp) // replaced.go
	if resp.Diagnostics.HasError() || req.Plan.Raw.IsNull() || r.data == nil || !diagnostics.PlanChanges(req) {
		return
	}
	var plan entity.ReferenceModel
	resp.Diagnostics.Append(getReference(ctx, req.Plan, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var prior entity.ReferenceModel
	if !req.State.Raw.IsNull() {
		resp.Diagnostics.Append(getReference(ctx, req.State, &prior)...)
		if plan.Source.Equal(prior.Source) {
			resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("root_workspace"), prior.RootWorkspace)...)
		}
		if plan.Target.Equal(prior.Target) {
			resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("target_workspace"), prior.TargetWorkspace)...)
		}
	}
	if plan.Type.IsUnknown() || resp.Diagnostics.HasError() {
		return
	}
	if plan.Source.IsUnknown() {
		resp.Diagnostics.Append(diagnostics.WithDestroyHint(CheckReferenceAnywhere(ctx, r.data, plan, prior))...)
		return
	}
	resp.Diagnostics.Append(checkAlongside(req.State.Raw.IsNull(),
		func() diag.Diagnostics { return r.checkModel(ctx, plan, prior) },
		func() diag.Diagnostics { return r.warnIfReferenceMade(ctx, plan, replacedID(ctx, req)) })...)
}

// checkModel checks a reference whose source is known against the model of the source's workspace, read
// once per provider process (wsmodel.Contexts).
func (r *referenceResource) checkModel(ctx context.Context, plan, prior entity.ReferenceModel) diag.Diagnostics {
	var diags diag.Diagnostics
	workspace := prior.RootWorkspace
	if !plan.Source.Equal(prior.Source) || workspace.IsNull() {
		ws, err := r.data.Reads.ComponentWorkspace(ctx, plan.Source.ValueString())
		if client.IsNotFound(err) {
			diags.AddAttributeError(path.Root("source"), "Unknown Source Component",
				fmt.Sprintf("Ardoq has no component %q.%s", plan.Source.ValueString(), diagnostics.DestroyHint))
			return diags
		}
		if err != nil {
			diagnostics.AddClientError(&diags, "Unable to Read Source Component", err)
			return diags
		}
		workspace = types.StringValue(ws)
	}
	wctx, err := r.data.Contexts.Get(ctx, workspace.ValueString())
	if err != nil {
		diagnostics.AddClientError(&diags, "Unable to Read Workspace Context", err)
		return diags
	}
	diags.Append(diagnostics.WithDestroyHint(checkReference(r.data.Contexts.Names(ctx), wctx, workspace.ValueString(), plan, prior))...)
	return diags
}

func (r *referenceResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan entity.ReferenceModel
	resp.Diagnostics.Append(getReference(ctx, req.Plan, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	body, diags := plan.ToCreate(referenceFieldsLookup(ctx, r.data, plan, entity.ReferenceModel{}))
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	sent := time.Now()
	made, err := r.data.Client.CreateReference(ctx, body)
	created := settleCreate(ctx, r.data, &resp.Diagnostics, "Reference", made, err, r.createSearch(body, sent, err))
	if created == nil {
		return
	}
	tflog.Debug(ctx, "created reference", map[string]any{"id": created.ID, "version": created.Version})
	state := entity.ReferenceFromAPI(created, plan.CustomFields, false)
	resp.Diagnostics.Append(setReference(ctx, &resp.State, state)...)
	resp.Diagnostics.Append(entity.SetIdentity(ctx, resp.Identity, created.ID)...)
}

func (r *referenceResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var prior entity.ReferenceModel
	resp.Diagnostics.Append(getReference(ctx, req.State, &prior)...)
	resp.Diagnostics.Append(entity.SetIdentity(ctx, resp.Identity, prior.ID.ValueString())...)
	if resp.Diagnostics.HasError() {
		return
	}
	got, err := r.data.Reads.Reference(ctx, prior.RootWorkspace.ValueString(), prior.ID.ValueString())
	if !readFound(ctx, &resp.State, &resp.Diagnostics, "Reference", prior.ID.ValueString(), err) {
		return
	}
	// Only the custom fields state holds are read back; after an import, those a configuration can set (adoption.go).
	held, diags := heldFields(ctx, r.data, resp.Private, prior.CustomFields, got.RootWorkspace,
		func(m *client.WorkspaceContext) fields.Scope { return fields.ReferenceScope(m, got.Type) }, got.CustomFields)
	resp.Diagnostics.Append(diags...)
	state := entity.ReferenceFromAPI(got, held, false)
	resp.Diagnostics.Append(setReference(ctx, &resp.State, state)...)
}

func (r *referenceResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, prior entity.ReferenceModel
	resp.Diagnostics.Append(getReference(ctx, req.Plan, &plan)...)
	resp.Diagnostics.Append(getReference(ctx, req.State, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	body, diags := plan.ToUpdate(prior, referenceFieldsLookup(ctx, r.data, plan, prior))
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	updated := r.update(ctx, &resp.Diagnostics, prior, plan, body)
	if updated == nil {
		return
	}
	state := entity.ReferenceFromAPI(updated, plan.CustomFields, false)
	resp.Diagnostics.Append(setReference(ctx, &resp.State, state)...)
	resp.Diagnostics.Append(entity.SetIdentity(ctx, resp.Identity, updated.ID)...)
	resp.Diagnostics.Append(endAdoption(ctx, req.Config, resp.Private)...)
}

// update sends body, guarded by prior's version (see componentResource.update).
func (r *referenceResource) update(ctx context.Context, diags *diag.Diagnostics, prior, plan entity.ReferenceModel,
	body client.ReferenceUpdate) *client.Reference {
	id, version := prior.ID.ValueString(), prior.Version.ValueInt64()
	get := func(ctx context.Context) (*client.Reference, error) { return r.data.Client.GetReference(ctx, id) }
	versionOf := func(ref *client.Reference) int64 { return ref.Version }
	holds := func(ref *client.Reference) bool {
		return entity.ReferenceFromAPI(ref, plan.CustomFields, false).Holds(plan)
	}
	if mayHoldAlready(sameReferenceBesidesFields(prior, plan), prior.CustomFields, plan.CustomFields) {
		if held := heldAlready(ctx, "reference", id, version, get, versionOf, holds); held != nil {
			return held
		}
	}
	r.data.Claims.Changed(id) // before it is sent: its answer may be lost
	updated, err := r.data.Client.UpdateReference(ctx, id, client.IfVersion(version), body)
	return settleUpdate(ctx, r.data, diags, "Reference", version, updated, err, get, versionOf, holds, func() string {
		return fmt.Sprintf("%q (id %s)", r.data.Contexts.Names(ctx).Reference(prior.Source.ValueString(), prior.Target.ValueString(),
			prior.Type.ValueInt64()), id)
	})
}

func (r *referenceResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var prior entity.ReferenceModel
	resp.Diagnostics.Append(getReference(ctx, req.State, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := prior.ID.ValueString()
	now, err := r.data.Client.GetReference(ctx, id)
	switch {
	case client.IsNotFound(err):
		tflog.Info(ctx, "already deleted in Ardoq (along with its source or target component, or in the app); nothing left to delete",
			map[string]any{"id": id})
		return
	case err != nil:
		diagnostics.AddClientError(&resp.Diagnostics, "Unable to Read Reference Before Deleting It", err)
		return
	case !prior.Version.IsNull() && !prior.Version.IsUnknown() && now.Version != prior.Version.ValueInt64():
		resp.Diagnostics.AddError("Reference Changed in Ardoq Since the Plan", fmt.Sprintf("Reference %s (id %s) is at version %d in "+
			"Ardoq; the plan saw version %d%s. The reference was not deleted. Plan again (without -refresh=false) to see it as Ardoq holds it now, and apply "+
			"that plan to delete it.", r.data.Contexts.Names(ctx).Reference(now.Source, now.Target, now.Type), id, now.Version,
			prior.Version.ValueInt64(), cascade.ModifiedBy(now.Meta)))
		return
	}
	err = r.data.Client.DeleteReference(ctx, id)
	settleDelete(ctx, r.data, &resp.Diagnostics, "Reference", "its source or target component", id, err, func(ctx context.Context) error {
		_, err := r.data.Client.GetReference(ctx, id)
		return err
	})
}

// createSearch describes a create whose answer was lost: references with the same source, target and
// type are candidates.
func (r *referenceResource) createSearch(body client.ReferenceCreate, sent time.Time, cause error) recovery.CreateSearch[client.Reference] {
	return recovery.CreateSearch[client.Reference]{
		Noun: "reference", Sent: sent, Cause: cause,
		What: func(ctx context.Context) string {
			return "reference " + r.data.Contexts.Names(ctx).Reference(body.Source, body.Target, body.Type)
		},
		Find: func(ctx context.Context) ([]client.Reference, error) {
			return r.data.Client.ListReferences(ctx, client.ReferenceFilter{Source: body.Source, Target: body.Target, Type: &body.Type})
		},
		Meta: func(r client.Reference) client.Meta { return r.Meta },
		IDOf: func(r client.Reference) string { return r.ID },
	}
}

// ImportState takes a reference id, "<workspace id>/<reference id>", or an import block's identity
// (Terraform 1.12 and later).
func (r *referenceResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	importByOID(ctx, req, resp, "reference", nil)
}

// warnIfReferenceMade looks, for a reference the plan creates between existing components, for one with
// its source, target and type already in Ardoq. A reference to or from a new component is new, in the
// plan walk (the id is unknown) as in the apply walk (this process created the component: no reference an
// earlier run made touches it, and the search would find nothing; skipping it only saves the request).
func (r *referenceResource) warnIfReferenceMade(ctx context.Context, plan entity.ReferenceModel, replaced string) diag.Diagnostics {
	if plan.Source.IsUnknown() || plan.Target.IsUnknown() || plan.Type.IsUnknown() ||
		r.data.Claims.MadeHere(plan.Source.ValueString()) || r.data.Claims.MadeHere(plan.Target.ValueString()) {
		return nil
	}
	body := client.ReferenceCreate{Source: plan.Source.ValueString(), Target: plan.Target.ValueString(), Type: plan.Type.ValueInt64()}
	name := func(ctx context.Context) string {
		return r.data.Contexts.Names(ctx).Reference(body.Source, body.Target, body.Type)
	}
	return recovery.WarnAlreadyMade(ctx, r.data, leaveOutReplaced(r.createSearch(body, time.Time{}, nil), replaced), "Reference", name)
}
