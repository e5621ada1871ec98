package single

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
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
// for a destroy or a replacement, says what Ardoq deletes with it and records that for the delete
// (component_destroy_plan.go).
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
		announced := r.warnCascade(ctx, &resp.Diagnostics, prior, replaced)
		r.recordDestroyPlan(ctx, resp, destroyPlan{Replaced: replaced, Announced: announced})
	}
}

// warnCascade says, at the plan of a component's destroy or replacement, what Ardoq deletes with it, from
// what Ardoq holds now (the process's one reading of the workspace): its descendants and every reference
// touching them, by name. The provider does not know what other resources of the plan do with those, nor
// in which order Terraform will delete, so it says what it knows and how the apply decides. It returns what
// a destroy announced, for the delete's guard; nil when it could not check, and for a replacement, whose
// old component is deleted only once nothing is left below it or touching it (the configuration keeps it).
func (r *componentResource) warnCascade(ctx context.Context, diags *diag.Diagnostics, prior entity.ComponentModel, replaced bool) *cascade.Announced {
	id, what := prior.ID.ValueString(), fmt.Sprintf("component %q (%s, id %s)", prior.Name.ValueString(),
		convert.FirstNonEmpty(prior.ComponentKey.ValueString(), "no key"), prior.ID.ValueString())
	along, err := cascade.Find(ctx, r.data.Cascade, cascade.Deleting{Components: map[string]string{id: prior.RootWorkspace.ValueString()}})
	if err != nil {
		cascade.NotChecked(diags, r.data.Settings.PreventImplicitDeletions, "What the Delete Takes Along Was Not Checked",
			fmt.Sprintf("Destroying %s: Ardoq deletes a component's descendants and every reference touching them along with it, and "+
				"the workspace could not be read to list them: %v.", what, err))
		return nil
	}
	if along.Empty() {
		return along.Announced()
	}
	var b strings.Builder
	if replaced {
		fmt.Fprintf(&b, "Replacing %s deletes the old component, and Ardoq deletes a component's descendants and every reference "+
			"touching them along with it. Ardoq holds %s below and around it now:\n", what, along.Counts())
		b.WriteString(along.List(ctx, "", r.typeNames))
		b.WriteString("\nThe apply deletes the old component only once none of these is left below it or touching it, and refuses " +
			"otherwise: with lifecycle { create_before_destroy = true }, Terraform creates the new component first and moves what " +
			"refers to it by an expression there before it deletes the old one.")
		diags.AddWarning("Replacing the Component Needs Its Dependents Moved First", b.String())
		return nil
	}
	fmt.Fprintf(&b, "Ardoq deletes a component's descendants and every reference touching them along with it. Destroying %s will "+
		"also delete what of these still exists in Ardoq when it is deleted (%s):\n", what, along.Counts())
	b.WriteString(along.List(ctx, "", r.typeNames))
	b.WriteString("\nResources of this configuration that refer to this component by an expression (ardoq_component.x.id) are " +
		"destroyed by Terraform before it, and nothing of theirs is taken along. Resources that name it by a literal id (as " +
		"terraform query -generate-config-out writes them) are deleted in no set order: Ardoq may take them along first, and their " +
		"own deletes then find them gone, which is not an error. Anything else listed here is deleted with the component.\n" +
		"The apply refuses the delete if it would take along anything this list does not show, or anything listed that changed in " +
		"Ardoq since this plan. To keep any of these, give it another parent (or source and target) first; to have Terraform order " +
		"the deletes, refer to this component by an expression or add depends_on.")
	cascade.Report(diags, r.data.Settings.PreventImplicitDeletions, path.Empty(), "Destroying the Component Deletes More in Ardoq", b.String())
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
		name := convert.FirstNonEmpty(prior.DisplayText.ValueString(), wsmodel.ReferenceLabel(prior.Source.ValueString(), prior.Target.ValueString(), ""))
		recordPlan(ctx, r.data, &resp.Diagnostics, prior.ID.ValueString(), moves.Planned{Destroyed: destroyed, Resource: "ardoq_reference",
			Name: name, StateSource: prior.Source.ValueString(), StateTarget: prior.Target.ValueString(), StateType: prior.Type.ValueInt64()})
	}
}
