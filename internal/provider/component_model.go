package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

type componentModel struct {
	ID            types.String  `tfsdk:"id"`
	Name          types.String  `tfsdk:"name"`
	RootWorkspace types.String  `tfsdk:"root_workspace"`
	TypeID        types.String  `tfsdk:"type_id"`
	Parent        types.String  `tfsdk:"parent"`
	Description   types.String  `tfsdk:"description"`
	Color         types.String  `tfsdk:"color"`
	Shape         types.String  `tfsdk:"shape"`
	Icon          types.String  `tfsdk:"icon"`
	Image         types.String  `tfsdk:"image"`
	CustomFields  types.Dynamic `tfsdk:"custom_fields"`
	ComponentKey  types.String  `tfsdk:"component_key"`
	TypeName      types.String  `tfsdk:"type_name"`
	Version       types.Int64   `tfsdk:"version"`
	Created       types.String  `tfsdk:"created"`
	LastUpdated   types.String  `tfsdk:"last_updated"`
}

// componentFromAPI is the one mapper from the API to state. prior supplies which custom fields are
// managed; importAll takes every field the component has (after an import).
func componentFromAPI(c *client.Component, prior types.Dynamic, importAll bool) componentModel {
	return componentModel{
		ID:            types.StringValue(c.ID),
		Name:          types.StringValue(c.Name),
		RootWorkspace: types.StringValue(c.RootWorkspace),
		TypeID:        types.StringValue(c.TypeID),
		Parent:        stringOrNull(c.Parent),
		Description:   stringOrNull(c.Description),
		Color:         stringOrNull(c.Color),
		Shape:         stringOrNull(c.Shape),
		Icon:          stringOrNull(c.Icon),
		Image:         stringOrNull(c.Image),
		CustomFields:  customFieldsFromAPI(c.CustomFields, prior, importAll),
		ComponentKey:  types.StringValue(c.ComponentKey),
		TypeName:      types.StringValue(c.Type),
		Version:       types.Int64Value(c.Version),
		Created:       types.StringValue(c.Meta.Created),
		LastUpdated:   types.StringValue(c.Meta.LastUpdated),
	}
}

func (m componentModel) toCreate() (client.ComponentCreate, diag.Diagnostics) {
	cf, diags := customFieldsToAPI(m.CustomFields, types.DynamicNull())
	for k, v := range cf { // nothing to clear on create
		if v == nil {
			delete(cf, k)
		}
	}
	return client.ComponentCreate{
		Name: m.Name.ValueString(), RootWorkspace: m.RootWorkspace.ValueString(), TypeID: m.TypeID.ValueString(),
		Parent: m.Parent.ValueStringPointer(), Description: m.Description.ValueStringPointer(),
		Color: m.Color.ValueStringPointer(), Shape: m.Shape.ValueStringPointer(), Icon: m.Icon.ValueStringPointer(),
		Image: m.Image.ValueStringPointer(), CustomFields: cf,
	}, diags
}

// toUpdate sends every configurable attribute, null for unset ones, so changes made in Ardoq are
// reverted to the configuration; custom fields the prior state managed and the plan dropped are cleared.
func (m componentModel) toUpdate(prior componentModel) (client.ComponentUpdate, diag.Diagnostics) {
	cf, diags := customFieldsToAPI(m.CustomFields, prior.CustomFields)
	return client.ComponentUpdate{
		Name:         client.Set(m.Name.ValueString()),
		Parent:       client.SetOrNull(m.Parent.ValueStringPointer()),
		Description:  client.SetOrNull(m.Description.ValueStringPointer()),
		Color:        client.SetOrNull(m.Color.ValueStringPointer()),
		Shape:        client.SetOrNull(m.Shape.ValueStringPointer()),
		Icon:         client.SetOrNull(m.Icon.ValueStringPointer()),
		Image:        client.SetOrNull(m.Image.ValueStringPointer()),
		CustomFields: cf,
	}, diags
}

// holds reports whether m (an entity read back) has every configurable value of plan.
func (m componentModel) holds(plan componentModel) bool {
	return m.Name.Equal(plan.Name) && m.Parent.Equal(plan.Parent) && m.Description.Equal(plan.Description) &&
		m.Color.Equal(plan.Color) && m.Shape.Equal(plan.Shape) && m.Icon.Equal(plan.Icon) && m.Image.Equal(plan.Image) &&
		m.CustomFields.Equal(plan.CustomFields)
}
