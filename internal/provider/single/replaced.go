package single

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/recovery"
)

// replacedKey holds, in the plan of an existing entity, its id. When Terraform replaces the resource
// (a replacing change, -replace, a taint, replace_triggered_by) it plans the create with a null prior
// state and the first plan's private state (terraform's internal/terraform/node_resource_abstract_instance.go,
// plan), so the create's already-made search knows from its own request which entity it replaces: that
// one is no duplicate.
const replacedKey = "replaced"

// recordReplaced keeps the id of the entity a plan of an existing resource is about.
func recordReplaced(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	var id types.String
	if req.State.GetAttribute(ctx, path.Root("id"), &id).HasError() || id.ValueString() == "" {
		return
	}
	// A private state that cannot be written costs only the exclusion: the replacement's search then
	// reports the entity it replaces, which says more, never less.
	if value, err := json.Marshal(id.ValueString()); err == nil {
		_ = resp.Private.SetKey(ctx, replacedKey, value)
	}
}

// replacedID is the id of the entity a create replaces, "" for a create that replaces nothing.
func replacedID(ctx context.Context, req resource.ModifyPlanRequest) string {
	if !req.State.Raw.IsNull() {
		return ""
	}
	var id string
	raw, diags := req.Private.GetKey(ctx, replacedKey)
	if diags.HasError() || len(raw) == 0 || json.Unmarshal(raw, &id) != nil {
		return ""
	}
	return id
}

// leaveOutReplaced makes an already-made search find nothing of the entity the create replaces.
func leaveOutReplaced[T any](s recovery.CreateSearch[T], replaced string) recovery.CreateSearch[T] {
	if replaced == "" {
		return s
	}
	find := s.Find
	s.Find = func(ctx context.Context) ([]T, error) {
		found, err := find(ctx)
		return slices.DeleteFunc(found, func(f T) bool { return s.IDOf(f) == replaced }), err
	}
	return s
}
