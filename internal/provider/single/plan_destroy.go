package single

import (
	"cmp"
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/moves"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

// recordPlan records what a single resource's plan does with its entity (moves.Plans) and fails
// the plan when an ardoq_batch of the same plan does the opposite: takes over what this plan destroys,
// or deletes what it keeps. A create has no entity yet and records nothing.
func recordPlan(ctx context.Context, d *providerdata.Data, diags *diag.Diagnostics, id string, planned moves.Planned) {
	if id == "" {
		return
	}
	if batch, conflict := d.Moves.Single(id, planned); conflict {
		summary, detail := moves.MoveConflict(d.Contexts.Names(ctx), id, planned, batch)
		diags.AddError(summary, detail)
	}
}

// planEntity records what the plan does with the component (destroys it, replaces it, or keeps it) and,
// for a destroy or a replacement, what the delete needs to know (component_destroy_plan.go).
func (r *componentResource) planEntity(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() {
		return
	}
	var prior, plan entity.ComponentModel
	resp.Diagnostics.Append(getComponent(ctx, req.State, &prior)...)
	destroyed, replaced := req.Plan.Raw.IsNull(), false
	if !destroyed {
		resp.Diagnostics.Append(getComponent(ctx, req.Plan, &plan)...)
		replaced = !plan.RootWorkspace.Equal(prior.RootWorkspace) || !plan.TypeID.Equal(prior.TypeID)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	recordPlan(ctx, r.data, &resp.Diagnostics, prior.ID.ValueString(), moves.Planned{Destroyed: destroyed || replaced,
		Resource: "ardoq_component", Name: prior.Name.ValueString()})
	if (destroyed || replaced) && !resp.Diagnostics.HasError() {
		var announced *cascade.Announced
		if r.data.Settings.AllowCascadeDelete {
			announced = r.announceCascade(ctx, &resp.Diagnostics, prior, replaced)
		}
		r.recordDestroyPlan(ctx, resp, destroyPlan{Replaced: replaced, Announced: announced})
	}
}

// announceCascade says, under allow_cascade_delete, at the plan of a component's destroy or replacement,
// what Ardoq may take along with it (its descendants and every reference touching them, as Ardoq holds
// them now), and returns it for the delete's guard, which lets go only that, unchanged. Without the
// setting the plan says nothing: the delete is refused while anything is left below or touching the
// component, so it deletes nothing the plan does not show. nil when Ardoq could not be read.
func (r *componentResource) announceCascade(ctx context.Context, diags *diag.Diagnostics, prior entity.ComponentModel, replaced bool) *cascade.Announced {
	id, what := prior.ID.ValueString(), fmt.Sprintf("component %q (%s, id %s)", prior.Name.ValueString(),
		cmp.Or(prior.ComponentKey.ValueString(), "no key"), prior.ID.ValueString())
	along, err := cascade.Find(ctx, r.data.Cascade, cascade.Deleting{Components: map[string]string{id: prior.RootWorkspace.ValueString()}})
	if err != nil {
		cascade.NotChecked(diags, r.data.Settings.PreventImplicitDeletions, "What the Delete Takes Along Was Not Checked",
			fmt.Sprintf("Deleting %s: the workspace could not be read to list what Ardoq would delete with it: %v.", what, err))
		return nil
	}
	if along.Empty() {
		return along.Announced()
	}
	if replaced { // with create_before_destroy, what refers to it by expression moves to the new component first
		detail := fmt.Sprintf("Replacing %s deletes the old component, and Ardoq would delete with it what is still below it or "+
			"touching it then (allow_cascade_delete is set), of these:\n%s\nWith lifecycle { create_before_destroy = true }, what "+
			"refers to it in this configuration moves to the new component first (a new root_workspace needs its children to change "+
			"workspace too).", what, along.List(ctx, r.typeNames))
		if r.data.Settings.PreventImplicitDeletions { // announce nothing: the apply refuses whatever is still there then
			diags.AddWarning("Ardoq May Delete More With the Replaced Component", detail+"\nprevent_implicit_deletions is set, so "+
				"the apply deletes the old component only once nothing is left below it or touching it.")
			return nil
		}
		diags.AddWarning("Ardoq May Delete More With the Replaced Component", detail)
		return along.Announced()
	}
	detail := fmt.Sprintf("Destroying %s lets Ardoq delete %s with it (allow_cascade_delete is set):\n%s\nThe apply lets go only these, "+
		"unchanged since this plan; anything else there then refuses the delete.", what, along.Counts(), along.List(ctx, r.typeNames))
	cascade.Report(diags, r.data.Settings.PreventImplicitDeletions, path.Empty(), "Ardoq May Delete More With the Component", detail)
	return along.Announced()
}

// planEntity records what the plan does with the reference: destroys it, replaces it, or keeps it.
func (r *referenceResource) planEntity(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() {
		return
	}
	var prior, plan entity.ReferenceModel
	resp.Diagnostics.Append(getReference(ctx, req.State, &prior)...)
	destroyed := req.Plan.Raw.IsNull()
	if !destroyed {
		resp.Diagnostics.Append(getReference(ctx, req.Plan, &plan)...)
		destroyed = !plan.Type.Equal(prior.Type) // a new type replaces it
	}
	if !resp.Diagnostics.HasError() {
		name := cmp.Or(prior.DisplayText.ValueString(), wsmodel.ReferenceLabel(prior.Source.ValueString(), prior.Target.ValueString(), ""))
		recordPlan(ctx, r.data, &resp.Diagnostics, prior.ID.ValueString(), moves.Planned{Destroyed: destroyed, Resource: "ardoq_reference",
			Name: name, StateSource: prior.Source.ValueString(), StateTarget: prior.Target.ValueString(), StateType: prior.Type.ValueInt64()})
	}
}
