// Package single holds the single-entity resources, ardoq_component and ardoq_reference: their schemas
// (their models and mappers are core/entity's), CRUD through the single-entity endpoints with the version
// guard, the cascade guard on deletes, lost-answer recovery and the already-made warning (core/recovery),
// the model checks of their plans, and import by id, key or identity. It imports no other feature.
package single

import (
	"cmp"
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/recovery"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

var (
	_ resource.ResourceWithConfigure   = (*componentResource)(nil)
	_ resource.ResourceWithImportState = (*componentResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*componentResource)(nil)
)

// NewComponentResource returns the ardoq_component resource.
func NewComponentResource() resource.Resource { return &componentResource{} }

type componentResource struct{ data *providerdata.Data }

func (r *componentResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_component"
}

func (r *componentResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "A component: a node of the Ardoq model (an application, a server, a capability...), in one workspace. " +
			"Do not manage a component with both this resource and `ardoq_batch`.",
		Attributes: withMeta("component", map[string]schema.Attribute{
			"id": idAttribute("component"),
			"root_workspace": schema.StringAttribute{
				Required:            true,
				MarkdownDescription: "Id of the workspace the component lives in. Changing it replaces the component.",
				Validators:          entity.OIDValidators(),
				PlanModifiers:       []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"type_id": schema.StringAttribute{
				Required: true,
				MarkdownDescription: "Component type id from the workspace's model, for example " +
					"`data.ardoq_component_type.application.type_id` (a type by name). Changing it replaces the component: with " +
					"`lifecycle { create_before_destroy = true }` its children and references in the configuration move to the new one first.",
				Validators:    []validator.String{entity.NotEmpty{}},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"name": schema.StringAttribute{
				Required:            true,
				MarkdownDescription: "Name of the component.",
				Validators:          []validator.String{entity.NotEmpty{}},
			},
			"parent": schema.StringAttribute{
				Optional: true,
				MarkdownDescription: "Id of the parent component, in the same workspace; unset for a top-level component. " +
					"Can be changed in place.",
				Validators: entity.OIDValidators(),
			},
			"description":   optionalTextAttribute("Description of the component."),
			"color":         optionalTextAttribute("Display color overriding the type's, for example `#3a7bd5`."),
			"shape":         optionalTextAttribute("Display shape overriding the type's."),
			"icon":          optionalTextAttribute("Display icon overriding the type's."),
			"image":         optionalTextAttribute("Display image overriding the type's."),
			"custom_fields": customFieldsAttribute(),
			"component_key": schema.StringAttribute{
				Computed:            true,
				MarkdownDescription: "Human-readable Ardoq id such as `APP-12` (the API's `componentKey`).",
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"type_name": schema.StringAttribute{
				Computed:            true,
				MarkdownDescription: "Name of the component type (the API's `type`), for example `Application`.",
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"version": versionAttribute("component"),
		}),
	}
}

func (r *componentResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerdata.From(req.ProviderData, &resp.Diagnostics)
}

// ModifyPlan records what the plan does with an existing component, says at its destroy what Ardoq
// deletes with it (plan_destroy.go), checks the type_id and custom fields of a component the plan creates or changes against its
// workspace's model (reference_checks.go and core/diagnostics), and looks for one an interrupted run made
// (core/recovery) meanwhile.
func (r *componentResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if r.data != nil {
		r.planEntity(ctx, req, resp) // plan_destroy.go
	}
	recordReplaced(ctx, req, resp) // replaced.go
	if resp.Diagnostics.HasError() || req.Plan.Raw.IsNull() || r.data == nil || !diagnostics.PlanChanges(req) {
		return
	}
	var plan, prior entity.ComponentModel
	resp.Diagnostics.Append(getComponent(ctx, req.Plan, &plan)...)
	creating := req.State.Raw.IsNull()
	if !creating {
		resp.Diagnostics.Append(getComponent(ctx, req.State, &prior)...)
	}
	if resp.Diagnostics.HasError() || plan.RootWorkspace.IsUnknown() || plan.TypeID.IsUnknown() {
		return
	}
	resp.Diagnostics.Append(checkAlongside(creating,
		func() diag.Diagnostics { return r.checkModel(ctx, plan, prior) },
		func() diag.Diagnostics { return r.warnIfComponentMade(ctx, plan, replacedID(ctx, req)) })...)
}

// checkModel checks a component against its workspace's model, read once per provider process
// (wsmodel.Contexts).
func (r *componentResource) checkModel(ctx context.Context, plan, prior entity.ComponentModel) diag.Diagnostics {
	workspace := plan.RootWorkspace.ValueString()
	var diags diag.Diagnostics
	wctx, err := r.data.Contexts.Get(ctx, workspace)
	if client.IsNotFound(err) {
		diags.AddAttributeError(path.Root("root_workspace"), "Unknown Workspace",
			fmt.Sprintf("Ardoq has no workspace %q. Look workspaces up with the ardoq_workspace data source.%s", workspace, diagnostics.DestroyHint))
		return diags
	}
	if err != nil {
		diagnostics.AddClientError(&diags, "Unable to Read Workspace Context", err)
		return diags
	}
	typ, ok := wsmodel.ComponentTypeOf(wctx, plan.TypeID.ValueString())
	if !ok {
		names := r.data.Contexts.Names(ctx)
		diags.AddAttributeError(path.Root("type_id"), "Unknown Component Type",
			fmt.Sprintf("Component type %q is not in the model of workspace %s.%s %s%s", plan.TypeID.ValueString(),
				names.Workspace(workspace), names.ComponentTypeElsewhere(plan.TypeID.ValueString(), workspace),
				wsmodel.ComponentTypeHint(wctx, plan.TypeID.ValueString()), diagnostics.DestroyHint))
		return diags
	}
	diags.Append(diagnostics.WithDestroyHint(fields.Check(plan.CustomFields, prior.CustomFields,
		fields.Scope{Model: wctx, Allowed: typ.CustomFields, TypeName: typ.Name}))...)
	return diags
}

func (r *componentResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan entity.ComponentModel
	resp.Diagnostics.Append(getComponent(ctx, req.Plan, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	body, diags := plan.ToCreate(componentFieldsLookup(ctx, r.data, plan.RootWorkspace.ValueString(), plan.TypeID.ValueString()))
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	sent := time.Now()
	made, err := r.data.Client.CreateComponent(ctx, body)
	created := settleCreate(ctx, r.data, &resp.Diagnostics, "Component", made, err, r.createSearch(body, sent, err))
	if created == nil {
		return
	}
	tflog.Debug(ctx, "created component", map[string]any{"id": created.ID, "version": created.Version})
	r.data.Reads.RememberWorkspace(created)
	state := entity.ComponentFromAPI(created, plan.CustomFields, false)
	resp.Diagnostics.Append(setComponent(ctx, &resp.State, state)...)
	resp.Diagnostics.Append(entity.SetIdentity(ctx, resp.Identity, created.ID)...)
}

func (r *componentResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var prior entity.ComponentModel
	resp.Diagnostics.Append(getComponent(ctx, req.State, &prior)...)
	resp.Diagnostics.Append(entity.SetIdentity(ctx, resp.Identity, prior.ID.ValueString())...)
	if resp.Diagnostics.HasError() {
		return
	}
	got, err := r.data.Reads.Component(ctx, prior.RootWorkspace.ValueString(), prior.ID.ValueString())
	if !readFound(ctx, &resp.State, &resp.Diagnostics, "Component", prior.ID.ValueString(), err) {
		return
	}
	r.data.Reads.RememberWorkspace(got)
	// Only the custom fields state holds are read back; after an import, those a configuration can set (adoption.go).
	held, diags := heldFields(ctx, r.data, resp.Private, prior.CustomFields, got.RootWorkspace,
		func(m *client.WorkspaceContext) fields.Scope { return fields.ComponentScope(m, got.TypeID) }, got.CustomFields)
	resp.Diagnostics.Append(diags...)
	state := entity.ComponentFromAPI(got, held, false)
	resp.Diagnostics.Append(setComponent(ctx, &resp.State, state)...)
}

func (r *componentResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, prior entity.ComponentModel
	resp.Diagnostics.Append(getComponent(ctx, req.Plan, &plan)...)
	resp.Diagnostics.Append(getComponent(ctx, req.State, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	body, diags := plan.ToUpdate(prior, componentFieldsLookup(ctx, r.data, plan.RootWorkspace.ValueString(), plan.TypeID.ValueString()))
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	updated := r.update(ctx, &resp.Diagnostics, prior, plan, body)
	if updated == nil {
		return
	}
	state := entity.ComponentFromAPI(updated, plan.CustomFields, false)
	resp.Diagnostics.Append(setComponent(ctx, &resp.State, state)...)
	resp.Diagnostics.Append(entity.SetIdentity(ctx, resp.Identity, updated.ID)...)
	resp.Diagnostics.Append(endAdoption(ctx, req.Config, resp.Private)...)
}

// update sends body, guarded by prior's version: a change made in Ardoq since the refresh fails it. A
// component that holds the plan already is not written (no_write.go).
func (r *componentResource) update(ctx context.Context, diags *diag.Diagnostics, prior, plan entity.ComponentModel,
	body client.ComponentUpdate) *client.Component {
	id, version := prior.ID.ValueString(), prior.Version.ValueInt64()
	get := func(ctx context.Context) (*client.Component, error) { return r.data.Client.GetComponent(ctx, id) }
	versionOf := func(c *client.Component) int64 { return c.Version }
	holds := func(c *client.Component) bool {
		return entity.ComponentFromAPI(c, plan.CustomFields, false).Holds(plan)
	}
	if mayHoldAlready(sameComponentBesidesFields(prior, plan), prior.CustomFields, plan.CustomFields) {
		if held := heldAlready(ctx, "component", id, version, get, versionOf, holds); held != nil {
			return held
		}
	}
	r.data.Claims.Changed(id) // before it is sent: its answer may be lost
	updated, err := r.data.Client.UpdateComponent(ctx, id, client.IfVersion(version), body)
	return settleUpdate(ctx, r.data, diags, "Component", version, updated, err, get, versionOf, holds, func() string {
		if key := prior.ComponentKey.ValueString(); key != "" {
			return fmt.Sprintf("%q (%s, id %s)", prior.Name.ValueString(), key, id)
		}
		return fmt.Sprintf("%q (id %s)", prior.Name.ValueString(), id)
	})
}

// Delete asks the cascade guard first: Ardoq deletes a component's descendants and their references with
// it. By default the delete is refused while anything is left below or touching the component; under
// allow_cascade_delete what its plan announced (component_destroy_plan.go) goes with it, if Ardoq still
// holds it as the plan saw it.
func (r *componentResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var prior entity.ComponentModel
	resp.Diagnostics.Append(getComponent(ctx, req.State, &prior)...)
	plan, diags := readDestroyPlan(ctx, req.Private)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := prior.ID.ValueString()
	notice := cascade.Notice{Summary: "Deleting the Component Would Delete More in Ardoq", Names: map[string]string{id: prior.Name.ValueString()},
		What:    fmt.Sprintf("component %q (%s, id %s)", prior.Name.ValueString(), cmp.Or(prior.ComponentKey.ValueString(), "no key"), id),
		NotSent: "The component was not deleted.", TypeNames: r.typeNames, ChangedSummary: "Component Changed in Ardoq Since the Plan"}
	var announced *cascade.Announced
	if plan != nil {
		announced = plan.Announced
	}
	if plan == nil || plan.Replaced {
		notice.Ways = append(notice.Ways, cascade.WayReplace)
	}
	deletes := map[string]string{id: prior.RootWorkspace.ValueString()}
	var in cascade.Input
	if !prior.Version.IsNull() && !prior.Version.IsUnknown() {
		in.Seen = map[string]int64{id: prior.Version.ValueInt64()}
	}
	taken, ok := cascade.Deletes(ctx, &resp.Diagnostics, r.data.Client, r.data.Settings.AllowCascadeDelete, deletes, in, announced, notice)
	if !ok {
		return
	}
	err := r.data.Client.DeleteComponent(ctx, id)
	settleDelete(ctx, r.data, &resp.Diagnostics, "Component", "its parent", id, err, func(ctx context.Context) error {
		_, err := r.data.Client.GetComponent(ctx, id)
		return err
	})
	// this delete did it, or its lost answer was settled as deleted; one that found the component gone took nothing along
	if err == nil || (client.IsAmbiguous(err) && !resp.Diagnostics.HasError()) {
		taken.Report(&resp.Diagnostics)
	}
}

// createSearch describes a create whose answer was lost: components with the same name, type, workspace
// and parent are candidates.
func (r *componentResource) createSearch(body client.ComponentCreate, sent time.Time, cause error) recovery.CreateSearch[client.Component] {
	return recovery.CreateSearch[client.Component]{
		Noun: "component", Sent: sent, Cause: cause,
		What: func(ctx context.Context) string {
			return "component " + r.data.Contexts.Names(ctx).Component(body.Name, body.TypeID, body.RootWorkspace)
		},
		Find: func(ctx context.Context) ([]client.Component, error) {
			found, err := r.data.Client.ListComponents(ctx, client.ComponentFilter{RootWorkspace: body.RootWorkspace, Name: body.Name,
				TypeID: body.TypeID, Parent: convert.TextOf(body.Parent)})
			return sameAsCreated(found, body), err
		},
		Meta: func(c client.Component) client.Meta { return c.Meta },
		IDOf: func(c client.Component) string { return c.ID },
	}
}

// sameAsCreated keeps the components a create with body would have made (recovery.ComponentIdentity).
func sameAsCreated(components []client.Component, body client.ComponentCreate) []client.Component {
	created := recovery.ComponentIdentity(body.RootWorkspace, body.Name, body.TypeID, convert.TextOf(body.Parent))
	var same []client.Component
	for _, c := range components {
		if recovery.ComponentIdentity(c.RootWorkspace, c.Name, c.TypeID, convert.TextOf(c.Parent)) == created {
			same = append(same, c)
		}
	}
	return same
}

// ImportState takes a component id, "<workspace id>/<component id>", a component key such as APP-12
// (component_import.go), or an import block's identity (Terraform 1.12 and later).
func (r *componentResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	importByOID(ctx, req, resp, "component", r.componentKeyResolver(ctx))
}

// warnIfComponentMade looks, for a component the plan creates, for one with its name, type, workspace
// and parent already in Ardoq. A component below a new parent is new: nothing is looked up for it, in
// the plan walk (the parent is unknown) as in the apply walk (this process created the parent: nothing an
// earlier run made hangs from it, and the search, which leaves out what this process made, would find
// nothing; skipping it only saves the request).
func (r *componentResource) warnIfComponentMade(ctx context.Context, plan entity.ComponentModel, replaced string) diag.Diagnostics {
	if plan.Name.IsUnknown() || plan.Parent.IsUnknown() || r.data.Claims.MadeHere(plan.Parent.ValueString()) {
		return nil
	}
	body := client.ComponentCreate{Name: plan.Name.ValueString(), RootWorkspace: plan.RootWorkspace.ValueString(),
		TypeID: plan.TypeID.ValueString(), Parent: plan.Parent.ValueStringPointer()}
	search := r.createSearch(body, time.Time{}, nil)
	searchOnItsOwn := search.Find
	search.Find = func(ctx context.Context) ([]client.Component, error) {
		if all, ok := r.data.Reads.Whole.All(ctx, body.RootWorkspace); ok {
			return sameAsCreated(all, body), nil
		}
		return searchOnItsOwn(ctx)
	}
	return recovery.WarnAlreadyMade(ctx, r.data, leaveOutReplaced(search, replaced), "Component", recovery.Known(fmt.Sprintf("%q", body.Name)))
}
