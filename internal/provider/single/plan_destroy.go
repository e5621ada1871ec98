package single

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascadenotice"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/deletions"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// recordPlan records what a single resource's plan does with its entity (providerdata.Plans) and fails
// the plan when an ardoq_batch of the same plan does the opposite: takes over what this plan destroys,
// or deletes what it keeps. A create has no entity yet and records nothing.
func recordPlan(ctx context.Context, d *providerdata.Data, diags *diag.Diagnostics, id string, planned providerdata.Planned) {
	if id == "" {
		return
	}
	if batch, conflict := d.Plans.Single(id, planned); conflict {
		summary, detail := providerdata.MoveConflict(d.Contexts.Names(ctx), id, planned, batch)
		diags.AddError(summary, detail)
	}
}

// planID is what a plan modifier value holds: its id, UnknownID while unknown, "" when null.
func planID(v types.String) string {
	if v.IsUnknown() {
		return providerdata.UnknownID
	}
	return v.ValueString()
}

// planSettle is how long a destroyed component's plan waits, once nothing else is planned or read, for
// the plans of what Ardoq deletes with it (providerdata.Plans.Settle).
var planSettle = time.Second

// warnCascade says, at the plan of a component's destroy, what Ardoq deletes with it that this plan does
// not destroy (core/cascadenotice): its descendants and the references touching them, once the plans of
// this run have said what they do with them. The apply's cascade guard still decides whether the delete is
// sent.
func (r *componentResource) warnCascade(ctx context.Context, diags *diag.Diagnostics, prior componentModelView) {
	along := cascadenotice.Find(ctx, r.data, cascadenotice.Deleting{Components: map[string]string{prior.id: prior.workspace}}, planSettle)
	if along.Empty() {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Ardoq deletes a component's descendants and every reference touching them along with it. Destroying component %q "+
		"(%s, id %s) will also delete %s that this plan does not destroy", prior.name, convert.FirstNonEmpty(prior.key, "no key"), prior.id,
		along.Counts())
	if along.DeletedToo > 0 {
		fmt.Fprintf(&b, " (and %s that it destroys too)", deletions.Plural(along.DeletedToo, "entity", "entities"))
	}
	b.WriteString(":\n" + along.List(ctx, r.data))
	b.WriteString("\nThe apply refuses the delete while any of these would go with it (unless allow_cascade_delete is set). To keep them, " +
		"give them another parent (or source and target); to delete them, destroy them in the configuration that manages them first.")
	deletions.Report(diags, r.data.PreventImplicitDeletions, path.Empty(), "Destroying the Component Deletes More in Ardoq", b.String())
}

// componentModelView is what warnCascade needs of the destroyed component's state.
type componentModelView struct{ id, name, key, workspace string }

// planEntity records what the plan does with the component (destroys it, replaces it, or keeps it under
// which parent) and, for a destroy, says what Ardoq deletes with it.
func (r *componentResource) planEntity(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() {
		return
	}
	var prior, plan entity.ComponentModel
	resp.Diagnostics.Append(getComponent(ctx, req.State, &prior)...)
	destroyed, parent := req.Plan.Raw.IsNull(), ""
	if !destroyed {
		resp.Diagnostics.Append(getComponent(ctx, req.Plan, &plan)...)
		destroyed = !plan.RootWorkspace.Equal(prior.RootWorkspace) || !plan.TypeID.Equal(prior.TypeID) // replaced
		parent = planID(plan.Parent)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	recordPlan(ctx, r.data, &resp.Diagnostics, prior.ID.ValueString(), providerdata.Planned{Destroyed: destroyed, Resource: "ardoq_component",
		Name: prior.Name.ValueString(), Parent: parent})
	if req.Plan.Raw.IsNull() && !resp.Diagnostics.HasError() {
		r.warnCascade(ctx, &resp.Diagnostics, componentModelView{id: prior.ID.ValueString(), name: prior.Name.ValueString(),
			key: prior.ComponentKey.ValueString(), workspace: prior.RootWorkspace.ValueString()})
	}
}

// planEntity records what the plan does with the reference: destroys it, replaces it, or keeps it between
// which components.
func (r *referenceResource) planEntity(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() {
		return
	}
	var prior, plan entity.ReferenceModel
	resp.Diagnostics.Append(getReference(ctx, req.State, &prior)...)
	destroyed, source, target := req.Plan.Raw.IsNull(), "", ""
	if !destroyed {
		resp.Diagnostics.Append(getReference(ctx, req.Plan, &plan)...)
		destroyed, source, target = !plan.Type.Equal(prior.Type), planID(plan.Source), planID(plan.Target) // a new type replaces it
	}
	if !resp.Diagnostics.HasError() {
		name := convert.FirstNonEmpty(prior.DisplayText.ValueString(), deletions.ReferenceLabel(prior.Source.ValueString(), prior.Target.ValueString(), ""))
		recordPlan(ctx, r.data, &resp.Diagnostics, prior.ID.ValueString(), providerdata.Planned{Destroyed: destroyed, Resource: "ardoq_reference",
			Name: name, Source: source, Target: target, StateSource: prior.Source.ValueString(), StateTarget: prior.Target.ValueString(),
			StateType: prior.Type.ValueInt64()})
	}
}
