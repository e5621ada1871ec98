package entity

import (
	"maps"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// ComponentModel is ardoq_component's state (and, with its filters, the ardoq_component data source's):
// the one definition of a component's attributes, which its object mappers follow.
type ComponentModel struct {
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
	MetaModel
}

var componentShape = shapeOf[ComponentModel]()

// ComponentAttrTypes is ComponentModel as an object: ardoq_component's schema type.
func ComponentAttrTypes() map[string]attr.Type { return maps.Clone(componentShape.types) }

// ComponentModelOf is the model of ardoq_component's state, plan or configuration, read by the framework's
// Get as an object (single/model_values.go says why).
func ComponentModelOf(o types.Object) ComponentModel { return componentShape.modelOf(o) }

// Object is m as the object the framework's Set writes as ardoq_component's state.
func (m ComponentModel) Object() (types.Object, diag.Diagnostics) { return componentShape.object(m) }

// ComponentValues is a component as ardoq_batch holds it, and as the single resource's writes are built
// and compared: what a configuration sets, and what Ardoq assigned.
type ComponentValues struct {
	ID, ComponentKey, TypeName             string // assigned by Ardoq
	Version                                int64
	RootWorkspace, TypeID, Name            string
	Parent                                 string // a component id, or in ardoq_batch an item key; "" for none
	Description, Color, Shape, Icon, Image *string
	CustomFields                           map[string]fields.Value
}

// ComponentFilterHelp says how the component lookups' filters work, for their descriptions.
const ComponentFilterHelp = "Filters go to the API as query parameters, AND-combined; names match exactly."

// ComponentFromAPI is the one mapper from the API to ardoq_component's state. prior supplies which
// custom fields are managed and how they are written: the resource's state holds only those, so an
// import (prior null) records none, and its list resource lists none (core/fields has the rule).
// all takes every field the component has instead, for the data sources. An unset parent or optional
// text is null.
func ComponentFromAPI(c *client.Component, prior types.Dynamic, all bool) ComponentModel {
	return ComponentModel{
		ID:            types.StringValue(c.ID),
		Name:          types.StringValue(c.Name),
		RootWorkspace: types.StringValue(c.RootWorkspace),
		TypeID:        types.StringValue(c.TypeID),
		Parent:        optionalText(c.Parent),
		Description:   optionalText(c.Description),
		Color:         optionalText(c.Color),
		Shape:         optionalText(c.Shape),
		Icon:          optionalText(c.Icon),
		Image:         optionalText(c.Image),
		CustomFields:  fields.RenderDynamic(prior, fields.FromAPI(c.CustomFields, fields.Configured(prior)), c.CustomFields, all),
		ComponentKey:  types.StringValue(c.ComponentKey),
		TypeName:      types.StringValue(c.Type),
		Version:       types.Int64Value(c.Version),
		MetaModel:     metaFromAPI(c.Meta),
	}
}

// ToCreate is the body that creates the configured component; custom fields are typed by the scope
// lookup finds.
func (m ComponentModel) ToCreate(lookup fields.ScopeLookup) (client.ComponentCreate, diag.Diagnostics) {
	v, diags := m.values()
	customFields, d := fields.EncodeWith(lookup, v.CustomFields, nil)
	diags.Append(d...)
	return v.CreateBody(sameID, customFields), diags
}

// ToUpdate is the body that updates the component to the plan m; custom fields the prior state managed
// and the plan dropped are cleared.
func (m ComponentModel) ToUpdate(prior ComponentModel, lookup fields.ScopeLookup) (client.ComponentUpdate, diag.Diagnostics) {
	v, diags := m.values()
	old, _ := prior.values()
	customFields, d := fields.EncodeWith(lookup, v.CustomFields, old.CustomFields)
	diags.Append(d...)
	return v.UpdateBody(sameID, customFields), diags
}

// Holds reports whether m (an entity read back) has every configurable value of plan.
func (m ComponentModel) Holds(plan ComponentModel) bool {
	got, _ := m.values()
	want, _ := plan.values()
	return got.Same(want, func(a, b string) bool { return a == b })
}

// values is what the model configures (the computed attributes apart); a malformed custom_fields is
// reported at it.
func (m ComponentModel) values() (ComponentValues, diag.Diagnostics) {
	customFields, _, diags := fields.Decode(path.Root("custom_fields"), fields.DynamicValue(m.CustomFields))
	return ComponentValues{
		RootWorkspace: m.RootWorkspace.ValueString(),
		TypeID:        m.TypeID.ValueString(),
		Name:          m.Name.ValueString(),
		Parent:        m.Parent.ValueString(),
		Description:   m.Description.ValueStringPointer(),
		Color:         m.Color.ValueStringPointer(),
		Shape:         m.Shape.ValueStringPointer(),
		Icon:          m.Icon.ValueStringPointer(),
		Image:         m.Image.ValueStringPointer(),
		CustomFields:  customFields,
	}, diags
}

// ComponentValuesFrom maps a component from the API, writing its parent and custom fields the way want
// (the configuration) does; ids are the components of ardoq_batch's item keys.
func ComponentValuesFrom(c *client.Component, want ComponentValues, ids map[string]string) ComponentValues {
	return ComponentValues{
		ID:            c.ID,
		ComponentKey:  c.ComponentKey,
		TypeName:      c.Type,
		Version:       c.Version,
		RootWorkspace: c.RootWorkspace,
		TypeID:        c.TypeID,
		Name:          c.Name,
		Parent:        refFromAPI(c.Parent, want.Parent, ids),
		Description:   nonEmpty(c.Description),
		Color:         nonEmpty(c.Color),
		Shape:         nonEmpty(c.Shape),
		Icon:          nonEmpty(c.Icon),
		Image:         nonEmpty(c.Image),
		CustomFields:  fields.FromAPI(c.CustomFields, want.CustomFields),
	}
}

// CreateBody is the body that creates the component; ref says how the request names the parent, and
// customFields are the typed custom fields. Unset values are left out.
func (v ComponentValues) CreateBody(ref func(string) string, customFields client.CustomFields) client.ComponentCreate {
	body := client.ComponentCreate{
		Name:          v.Name,
		RootWorkspace: v.RootWorkspace,
		TypeID:        v.TypeID,
		Description:   v.Description,
		Color:         v.Color,
		Shape:         v.Shape,
		Icon:          v.Icon,
		Image:         v.Image,
		CustomFields:  fields.NonEmpty(customFields),
	}
	if v.Parent != "" {
		parent := ref(v.Parent)
		body.Parent = &parent
	}
	return body
}

// UpdateBody sends every configurable attribute, null for unset ones, so that changes made in Ardoq
// are reverted to the configuration.
func (v ComponentValues) UpdateBody(ref func(string) string, customFields client.CustomFields) client.ComponentUpdate {
	body := client.ComponentUpdate{
		Name:         client.Set(v.Name),
		Parent:       client.Null[string](),
		Description:  client.SetOrNull(v.Description),
		Color:        client.SetOrNull(v.Color),
		Shape:        client.SetOrNull(v.Shape),
		Icon:         client.SetOrNull(v.Icon),
		Image:        client.SetOrNull(v.Image),
		CustomFields: customFields,
	}
	if v.Parent != "" {
		body.Parent = client.Set(ref(v.Parent))
	}
	return body
}

// Same reports whether v and w configure the same component (what Ardoq assigned apart); sameRef
// compares their parents, which in ardoq_batch may be written as an item key or an id.
func (v ComponentValues) Same(w ComponentValues, sameRef func(a, b string) bool) bool {
	return v.RootWorkspace == w.RootWorkspace && v.TypeID == w.TypeID && v.Name == w.Name && sameRef(v.Parent, w.Parent) &&
		EqualPointers(v.Description, w.Description) && EqualPointers(v.Color, w.Color) && EqualPointers(v.Shape, w.Shape) &&
		EqualPointers(v.Icon, w.Icon) && EqualPointers(v.Image, w.Image) && fields.Equal(v.CustomFields, w.CustomFields)
}
