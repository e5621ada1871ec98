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

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/deletions"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/guard"
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
// not destroy (core/deletions): its descendants and the references touching them, judged by one reading
// of the workspace per provider process, once the plans of this run have said what they do with them.
// The apply's cascade guard still decides whether the delete is sent.
func (r *componentResource) warnCascade(ctx context.Context, diags *diag.Diagnostics, prior componentModelView) {
	reading, err := r.data.CascadeViews.PlanReading(ctx, prior.workspace)
	if err != nil || !reading.Holds(prior.id) {
		// the apply's cascade guard looks again, and refuses what it cannot check
		return
	}
	all := reading.Along(prior.id, guard.Input{})
	if all.Empty() {
		return
	}
	var ids []string
	for _, c := range all.Components() {
		ids = append(ids, c.ID)
	}
	for _, ref := range all.References() {
		ids = append(ids, ref.ID)
	}
	r.data.Plans.Settle(ctx, ids, planSettle)
	in := guard.Input{DeleteComponents: map[string]bool{}, DeleteReferences: map[string]bool{}, NewParent: map[string]string{},
		NewEndpoints: map[string][2]string{}}
	managed := map[string]string{} // id -> the resource of this configuration that keeps it
	for _, c := range all.Components() {
		if p, ok := r.data.Plans.Of(c.ID); ok && p.Destroyed {
			in.DeleteComponents[c.ID] = true
		} else if ok {
			in.NewParent[c.ID], managed[c.ID] = p.Parent, p.Resource
		}
	}
	for _, ref := range all.References() {
		if p, ok := r.data.Plans.Of(ref.ID); ok && p.Destroyed {
			in.DeleteReferences[ref.ID] = true
		} else if ok {
			in.NewEndpoints[ref.ID], managed[ref.ID] = [2]string{p.Source, p.Target}, p.Resource
		}
	}
	lost := reading.Along(prior.id, in)
	if lost.Empty() {
		return
	}
	destroyedToo := len(in.DeleteComponents) + len(in.DeleteReferences)
	deletions.Report(diags, r.data.PreventImplicitDeletions, path.Empty(), "Destroying the Component Deletes More in Ardoq",
		cascadeNotice(prior, lost, destroyedToo, managed, r.referenceTypeNames(ctx, prior.workspace), reading))
}

// componentModelView is what warnCascade needs of the destroyed component's state.
type componentModelView struct{ id, name, key, workspace string }

// cascadeNotice lists what the destroy takes along that the plan does not destroy: counts first, then
// up to guard.ListedEntities by name, each with what this configuration does with it.
func cascadeNotice(c componentModelView, lost guard.Lost, destroyedToo int, managed map[string]string, typeNames map[int64]string,
	reading *guard.Reading) string {
	var counts []string
	if n := len(lost.Components()); n > 0 {
		counts = append(counts, deletions.Plural(n, "descendant component", "descendant components"))
	}
	if n := len(lost.References()); n > 0 {
		counts = append(counts, deletions.Plural(n, "reference", "references"))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Ardoq deletes a component's descendants and every reference touching them along with it. Destroying component %q "+
		"(%s, id %s) will also delete %s that this plan does not destroy", c.name, convert.FirstNonEmpty(c.key, "no key"), c.id, strings.Join(counts, " and "))
	if destroyedToo > 0 {
		fmt.Fprintf(&b, " (and %s that it destroys too)", deletions.Plural(destroyedToo, "entity", "entities"))
	}
	b.WriteString(":\n")
	status := func(id string) string {
		if res, ok := managed[id]; ok {
			return "kept by " + res + " in this configuration"
		}
		return "not destroyed by this plan (declared in another configuration, or not managed by Terraform)"
	}
	shown := 0
	for _, d := range lost.Components() {
		if shown < guard.ListedEntities {
			fmt.Fprintf(&b, "  - component %q (%s, id %s): %s\n", d.Name, convert.FirstNonEmpty(d.ComponentKey, "no key"), d.ID, status(d.ID))
		}
		shown++
	}
	for _, ref := range lost.References() {
		if shown < guard.ListedEntities {
			label := deletions.ReferenceLabel(reading.Name(ref.Source), reading.Name(ref.Target), typeNames[ref.Type])
			fmt.Fprintf(&b, "  - reference %s (id %s): %s\n", label, ref.ID, status(ref.ID))
		}
		shown++
	}
	if shown > guard.ListedEntities {
		fmt.Fprintf(&b, "  - and %d more\n", shown-guard.ListedEntities)
	}
	b.WriteString("\nThe apply refuses the delete while any of these would go with it (unless allow_cascade_delete is set). To keep them, " +
		"give them another parent (or source and target); to delete them, destroy them in the configuration that manages them first.")
	return b.String()
}

// referenceTypeNames names the reference types of the workspace's model (read once per provider
// process); none when the model cannot be read, and the references are named without their type.
func (r *componentResource) referenceTypeNames(ctx context.Context, workspace string) map[int64]string {
	names := map[int64]string{}
	if wctx, err := r.data.Contexts.Get(ctx, workspace); err == nil {
		for _, t := range wctx.ReferenceTypes {
			names[t.Type] = t.Name
		}
	}
	return names
}

// planEntity records what the plan does with the component (destroys it, replaces it, or keeps it under
// which parent) and, for a destroy, says what Ardoq deletes with it.
func (r *componentResource) planEntity(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() {
		return
	}
	var prior, plan entity.ComponentModel
	resp.Diagnostics.Append(entity.GetModel(ctx, req.State.Raw, &prior)...)
	destroyed, parent := req.Plan.Raw.IsNull(), ""
	if !destroyed {
		resp.Diagnostics.Append(entity.GetModel(ctx, req.Plan.Raw, &plan)...)
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
	resp.Diagnostics.Append(entity.GetModel(ctx, req.State.Raw, &prior)...)
	destroyed, source, target := req.Plan.Raw.IsNull(), "", ""
	if !destroyed {
		resp.Diagnostics.Append(entity.GetModel(ctx, req.Plan.Raw, &plan)...)
		destroyed, source, target = !plan.Type.Equal(prior.Type), planID(plan.Source), planID(plan.Target) // a new type replaces it
	}
	if !resp.Diagnostics.HasError() {
		name := convert.FirstNonEmpty(prior.DisplayText.ValueString(), deletions.ReferenceLabel(prior.Source.ValueString(), prior.Target.ValueString(), ""))
		recordPlan(ctx, r.data, &resp.Diagnostics, prior.ID.ValueString(), providerdata.Planned{Destroyed: destroyed, Resource: "ardoq_reference",
			Name: name, Source: source, Target: target, StateSource: prior.Source.ValueString(), StateTarget: prior.Target.ValueString(),
			StateType: prior.Type.ValueInt64()})
	}
}
