package single

import (
	"context"
	"encoding/json"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/guard"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// destroyPlanKey is the private state key of what a component's destroy plan carries to its delete.
const destroyPlanKey = "destroy_plan"

// destroyPlan is what the plan of a component's destroy (or replacement) said, kept for the apply in the
// plan's private state: the apply process cannot learn it, since Terraform plans no destroy again and
// plans the update of an ardoq_batch that referred to the component only after deleting it.
type destroyPlan struct {
	Replaced bool `json:"replaced,omitempty"`
	// what the other resources of the plan do with what Ardoq deletes along with the component, by id
	// (providerdata.Plans): destroyed, or kept by which resource
	Components map[string]providerdata.Planned `json:"components,omitempty"`
	References map[string]providerdata.Planned `json:"references,omitempty"`
}

// recordDestroyPlan keeps, for a component the plan destroys or replaces, what the cascade guard of its
// delete needs from the plan. It runs after planEntity, which waited for the plans of what goes along
// (plan_destroy.go), so their records are read, not waited for.
func (r *componentResource) recordDestroyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || resp.Diagnostics.HasError() {
		return
	}
	var prior entity.ComponentModel
	if resp.Diagnostics.Append(getComponent(ctx, req.State, &prior)...); resp.Diagnostics.HasError() {
		return
	}
	plan := destroyPlan{}
	if !req.Plan.Raw.IsNull() {
		var planned entity.ComponentModel
		if resp.Diagnostics.Append(getComponent(ctx, req.Plan, &planned)...); resp.Diagnostics.HasError() {
			return
		}
		if planned.RootWorkspace.Equal(prior.RootWorkspace) && planned.TypeID.Equal(prior.TypeID) {
			return // neither destroyed nor replaced
		}
		plan.Replaced = true
	} else if reading, err := r.data.CascadeViews.PlanReading(ctx, prior.RootWorkspace.ValueString()); err == nil && reading.Holds(prior.ID.ValueString()) {
		along := reading.Along([]string{prior.ID.ValueString()}, guard.Input{})
		plan.Components, plan.References = map[string]providerdata.Planned{}, map[string]providerdata.Planned{}
		for _, c := range along.Components() {
			if p, ok := r.data.Plans.Of(c.ID); ok {
				plan.Components[c.ID] = p
			}
		}
		for _, ref := range along.References() {
			if p, ok := r.data.Plans.Of(ref.ID); ok {
				plan.References[ref.ID] = p
			}
		}
	}
	value, err := json.Marshal(plan)
	if err != nil {
		resp.Diagnostics.AddError("Unable to Record the Destroy Plan", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, destroyPlanKey, value)...)
}

// readDestroyPlan is the destroy plan a delete was given; nil when the plan recorded none (a plan made by
// an earlier version, or one that could not read the workspace).
func readDestroyPlan(ctx context.Context, private privateData) (*destroyPlan, diag.Diagnostics) {
	value, diags := private.GetKey(ctx, destroyPlanKey)
	if len(value) == 0 || diags.HasError() {
		return nil, diags
	}
	var plan destroyPlan
	if err := json.Unmarshal(value, &plan); err != nil {
		return nil, diags
	}
	return &plan, diags
}

// guardInput is what the delete's cascade guard takes from the plan: what other resources of the same
// plan destroy is deleted by this plan, so not lost (Ardoq deletes it with the component, as the plan
// showed); what they keep is named with the resource that keeps it. With no plan recorded, held is nil:
// the guard does not know what the configuration manages.
func (p *destroyPlan) guardInput() (in guard.Input, destroyed map[string]bool, held map[string]string) {
	in = guard.Input{DeleteComponents: map[string]bool{}, DeleteReferences: map[string]bool{}}
	destroyed = map[string]bool{}
	if p == nil {
		return in, destroyed, nil
	}
	held = map[string]string{}
	for _, kind := range []struct {
		planned map[string]providerdata.Planned
		deleted map[string]bool
	}{{p.Components, in.DeleteComponents}, {p.References, in.DeleteReferences}} {
		for id, planned := range kind.planned {
			switch {
			case planned.Destroyed:
				kind.deleted[id], destroyed[id] = true, true
			case planned.Key != "":
				held[id] = planned.Resource + " item " + planned.Key
			default:
				held[id] = planned.Resource
			}
		}
	}
	return in, destroyed, held
}

// typeNames names the reference types of a workspace's model (read once per provider process), for the
// guard's messages; none when the model cannot be read.
func (r *componentResource) typeNames(ctx context.Context, workspace string) map[int64]string {
	names := map[int64]string{}
	if wctx, err := r.data.Contexts.Get(ctx, workspace); err == nil {
		for _, t := range wctx.ReferenceTypes {
			names[t.Type] = t.Name
		}
	}
	return names
}
