package single

import (
	"context"
	"encoding/json"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
)

// destroyPlanKey is the private state key of what a component's destroy plan carries to its delete.
const destroyPlanKey = "destroy_plan"

// destroyPlan is what the plan of a component's destroy (or replacement) said, kept for the apply in the
// plan's private state: Terraform plans no destroy again in the apply walk.
type destroyPlan struct {
	Replaced bool `json:"replaced,omitempty"`
	// what the plan announced Ardoq deletes along with the component, at the versions it saw; nil when the
	// plan could not check
	Announced *cascade.Announced `json:"announced,omitempty"`
}

// recordDestroyPlan keeps the destroy plan for the delete.
func (r *componentResource) recordDestroyPlan(ctx context.Context, resp *resource.ModifyPlanResponse, plan destroyPlan) {
	value, err := json.Marshal(plan)
	if err != nil {
		resp.Diagnostics.AddError("Unable to Record the Destroy Plan", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, destroyPlanKey, value)...)
}

// readDestroyPlan is the destroy plan a delete was given; nil when the plan recorded none (a plan made by
// an earlier version of the provider, whose record the guard does not read: it announced nothing).
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

// typeNames names the reference types of a workspace's model (read once per provider process), for the
// cascade's messages; none when the model cannot be read.
func (r *componentResource) typeNames(ctx context.Context, workspace string) map[int64]string {
	names := map[int64]string{}
	if wctx, err := r.data.Contexts.Get(ctx, workspace); err == nil {
		for _, t := range wctx.ReferenceTypes {
			names[t.Type] = t.Name
		}
	}
	return names
}
