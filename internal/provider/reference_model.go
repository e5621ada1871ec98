package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

type referenceModel struct {
	ID              types.String  `tfsdk:"id"`
	Source          types.String  `tfsdk:"source"`
	Target          types.String  `tfsdk:"target"`
	Type            types.Int64   `tfsdk:"type"`
	DisplayText     types.String  `tfsdk:"display_text"`
	Description     types.String  `tfsdk:"description"`
	CustomFields    types.Dynamic `tfsdk:"custom_fields"`
	RootWorkspace   types.String  `tfsdk:"root_workspace"`
	TargetWorkspace types.String  `tfsdk:"target_workspace"`
	Version         types.Int64   `tfsdk:"version"`
	Created         types.String  `tfsdk:"created"`
	LastUpdated     types.String  `tfsdk:"last_updated"`
}

// referenceFromAPI is the one mapper from the API to state. An empty display text is no display text:
// the API cannot take null for it, so clearing sends "".
func referenceFromAPI(r *client.Reference, prior types.Dynamic, importAll bool) referenceModel {
	display := stringOrNull(r.DisplayText)
	if r.DisplayText != nil && *r.DisplayText == "" {
		display = types.StringNull()
	}
	return referenceModel{
		ID:              types.StringValue(r.ID),
		Source:          types.StringValue(r.Source),
		Target:          types.StringValue(r.Target),
		Type:            types.Int64Value(r.Type),
		DisplayText:     display,
		Description:     stringOrNull(r.Description),
		CustomFields:    customFieldsFromAPI(r.CustomFields, prior, importAll),
		RootWorkspace:   types.StringValue(r.RootWorkspace),
		TargetWorkspace: types.StringValue(r.TargetWorkspace),
		Version:         types.Int64Value(r.Version),
		Created:         types.StringValue(r.Meta.Created),
		LastUpdated:     types.StringValue(r.Meta.LastUpdated),
	}
}

func (m referenceModel) toCreate() (client.ReferenceCreate, diag.Diagnostics) {
	cf, diags := customFieldsToAPI(m.CustomFields, types.DynamicNull())
	return client.ReferenceCreate{
		Source: m.Source.ValueString(), Target: m.Target.ValueString(), Type: m.Type.ValueInt64(),
		DisplayText: m.DisplayText.ValueStringPointer(), Description: m.Description.ValueStringPointer(), CustomFields: cf,
	}, diags
}

func (m referenceModel) toUpdate(prior referenceModel) (client.ReferenceUpdate, diag.Diagnostics) {
	cf, diags := customFieldsToAPI(m.CustomFields, prior.CustomFields)
	return client.ReferenceUpdate{
		Source:       client.Set(m.Source.ValueString()),
		Target:       client.Set(m.Target.ValueString()),
		DisplayText:  client.Set(m.DisplayText.ValueString()), // "" clears
		Description:  client.SetOrNull(m.Description.ValueStringPointer()),
		CustomFields: cf,
	}, diags
}

// holds reports whether m (an entity read back) has every configurable value of plan.
func (m referenceModel) holds(plan referenceModel) bool {
	return m.Source.Equal(plan.Source) && m.Target.Equal(plan.Target) && m.DisplayText.Equal(plan.DisplayText) &&
		m.Description.Equal(plan.Description) && m.CustomFields.Equal(plan.CustomFields)
}
