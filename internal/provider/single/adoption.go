package single

import (
	"context"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// Adoption: an import records in custom_fields every field the entity holds that a configuration can
// set (fields.Adopted), so -generate-config-out writes them and a configuration naming what Ardoq holds
// plans no change. A configuration without custom_fields takes none of them over: until Terraform
// writes custom_fields from a configuration, its plan keeps what the import recorded (no change,
// nothing cleared). That is why custom_fields is Optional and Computed: a null configuration may plan
// the state's value. Once a configuration has set custom_fields, a null one clears the keys state holds,
// as after a create.
//
// Private state says where an entity is in that: adoptionKey holds importing from ImportState to the
// Read that follows it (the Read records the fields), then adopted until an update whose configuration
// sets custom_fields.
const adoptionKey = "adoption"

var (
	importing = []byte(`"importing"`)
	adopted   = []byte(`"adopted"`)
)

// privateData is the framework's private state of a resource, as its requests and responses carry it.
type privateData interface {
	GetKey(ctx context.Context, key string) ([]byte, diag.Diagnostics)
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

func customFieldsAttribute() schema.DynamicAttribute {
	return schema.DynamicAttribute{Optional: true, Computed: true, MarkdownDescription: fields.Description,
		PlanModifiers: []planmodifier.Dynamic{keepAdoptedFields{}}}
}

// adoptionIs reports whether private holds mark as the adoption's stage.
func adoptionIs(ctx context.Context, private privateData, mark []byte) bool {
	got, diags := private.GetKey(ctx, adoptionKey)
	return !diags.HasError() && slices.Equal(got, mark)
}

// heldFields is what a Read records of custom fields: after an import, the fields a configuration can
// set, from the model of the entity's workspace (scope); otherwise the keys prior holds.
func heldFields(ctx context.Context, d *providerdata.Data, private privateData, prior types.Dynamic, workspace string,
	scope func(*client.WorkspaceContext) fields.Scope, api client.CustomFields) (types.Dynamic, diag.Diagnostics) {
	var diags diag.Diagnostics
	if !adoptionIs(ctx, private, importing) {
		return prior, diags
	}
	model, err := d.Contexts.Get(ctx, workspace)
	if err != nil {
		diagnostics.AddClientError(&diags, "Unable to Read Workspace Context", err)
		return prior, diags
	}
	diags.Append(private.SetKey(ctx, adoptionKey, adopted)...)
	return fields.Adopted(api, scope(model)), diags
}

// endAdoption forgets that custom_fields came from an import once an update's configuration sets them.
func endAdoption(ctx context.Context, config tfsdk.Config, private privateData) diag.Diagnostics {
	var configured types.Dynamic
	diags := config.GetAttribute(ctx, path.Root("custom_fields"), &configured)
	if !diags.HasError() && !configured.IsNull() {
		diags.Append(private.SetKey(ctx, adoptionKey, nil)...)
	}
	return diags
}

// keepAdoptedFields plans custom_fields when the configuration leaves it out: what an import recorded
// stays (nothing is cleared), anything else is null (the keys Terraform set are cleared).
type keepAdoptedFields struct{}

func (keepAdoptedFields) Description(context.Context) string {
	return "Without custom_fields in the configuration, keeps what an import recorded; otherwise plans none."
}

func (m keepAdoptedFields) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (keepAdoptedFields) PlanModifyDynamic(ctx context.Context, req planmodifier.DynamicRequest, resp *planmodifier.DynamicResponse) {
	if !req.ConfigValue.IsNull() {
		return // the configuration's value, or not known yet
	}
	if !req.State.Raw.IsNull() && !req.StateValue.IsNull() && adoptionIs(ctx, req.Private, adopted) {
		resp.PlanValue = req.StateValue
		return
	}
	resp.PlanValue = types.DynamicNull()
}

// fieldsCleared reports whether the plan clears custom_fields while the configuration leaves it out:
// Terraform proposes the state's value then (custom_fields is Computed), so the framework sees no
// change, and the attributes an update changes are made unknown here (unknownWhenFieldsCleared).
func fieldsCleared(ctx context.Context, config tfsdk.Config, state tfsdk.State, private privateData) bool {
	if state.Raw.IsNull() || config.Raw.IsNull() {
		return false
	}
	var configured, held types.Dynamic
	if config.GetAttribute(ctx, path.Root("custom_fields"), &configured).HasError() ||
		state.GetAttribute(ctx, path.Root("custom_fields"), &held).HasError() {
		return false
	}
	return configured.IsNull() && !held.IsNull() && !adoptionIs(ctx, private, adopted)
}

// unknownWhenFieldsCleared makes what every write changes (version, last_updated, last_modified_by) unknown
// in a plan that only clears custom_fields.
type unknownWhenFieldsCleared struct{}

func (unknownWhenFieldsCleared) Description(context.Context) string {
	return "Unknown when the plan clears custom_fields."
}

func (m unknownWhenFieldsCleared) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (unknownWhenFieldsCleared) PlanModifyInt64(ctx context.Context, req planmodifier.Int64Request, resp *planmodifier.Int64Response) {
	if fieldsCleared(ctx, req.Config, req.State, req.Private) {
		resp.PlanValue = types.Int64Unknown()
	}
}

func (unknownWhenFieldsCleared) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if fieldsCleared(ctx, req.Config, req.State, req.Private) {
		resp.PlanValue = types.StringUnknown()
	}
}
