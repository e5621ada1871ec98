package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
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

// componentValues is a component as ardoq_component and ardoq_batch both hold it: what a configuration
// sets, and what Ardoq assigned.
type componentValues struct {
	ID, ComponentKey, TypeName, Created, LastUpdated string // assigned by Ardoq
	Version                                          int64
	RootWorkspace, TypeID, Name                      string
	Parent                                           string // a component id, or in ardoq_batch an item key; "" for none
	Description, Color, Shape, Icon, Image           *string
	CustomFields                                     map[string]fields.Value
}

type componentAttribute = entityAttribute[componentModel, componentValues, client.Component, client.ComponentCreate, client.ComponentUpdate]

// componentAttributes describes each attribute of a component once.
var componentAttributes = entityAttributes[componentModel, componentValues, client.Component, client.ComponentCreate, client.ComponentUpdate]{
	{name: "root_workspace", member: "rootWorkspace", kind: identityAttribute, required: true, oid: true, doc: "Id of the workspace the component lives in.",
		model: func(m *componentModel) *types.String { return &m.RootWorkspace }, text: func(v *componentValues) *string { return &v.RootWorkspace }},
	{name: "type_id", member: "typeId", kind: identityAttribute, required: true, doc: "Component type id from the workspace's model.",
		model: func(m *componentModel) *types.String { return &m.TypeID }, text: func(v *componentValues) *string { return &v.TypeID },
		example: "`data.ardoq_component_type.application.type_id` (a type by name)"},
	{name: "name", member: "name", kind: textAttribute, required: true, doc: "Name of the component.",
		model: func(m *componentModel) *types.String { return &m.Name }, text: func(v *componentValues) *string { return &v.Name }},
	{name: "parent", member: "parent", kind: componentRefAttribute, doc: "Id of the parent component, in the same workspace; unset for a top-level component.",
		model: func(m *componentModel) *types.String { return &m.Parent }, text: func(v *componentValues) *string { return &v.Parent }},
	componentText("description", "Description of the component.",
		func(m *componentModel) *types.String { return &m.Description }, func(v *componentValues) **string { return &v.Description },
		func(e *client.Component) **string { return &e.Description }, func(b *client.ComponentCreate) **string { return &b.Description },
		func(b *client.ComponentUpdate) *client.Optional[string] { return &b.Description }),
	componentText("color", "Display color overriding the type's, for example `#3a7bd5`.",
		func(m *componentModel) *types.String { return &m.Color }, func(v *componentValues) **string { return &v.Color },
		func(e *client.Component) **string { return &e.Color }, func(b *client.ComponentCreate) **string { return &b.Color },
		func(b *client.ComponentUpdate) *client.Optional[string] { return &b.Color }),
	componentText("shape", "Display shape overriding the type's.",
		func(m *componentModel) *types.String { return &m.Shape }, func(v *componentValues) **string { return &v.Shape },
		func(e *client.Component) **string { return &e.Shape }, func(b *client.ComponentCreate) **string { return &b.Shape },
		func(b *client.ComponentUpdate) *client.Optional[string] { return &b.Shape }),
	componentText("icon", "Display icon overriding the type's.",
		func(m *componentModel) *types.String { return &m.Icon }, func(v *componentValues) **string { return &v.Icon },
		func(e *client.Component) **string { return &e.Icon }, func(b *client.ComponentCreate) **string { return &b.Icon },
		func(b *client.ComponentUpdate) *client.Optional[string] { return &b.Icon }),
	componentText("image", "Display image overriding the type's.",
		func(m *componentModel) *types.String { return &m.Image }, func(v *componentValues) **string { return &v.Image },
		func(e *client.Component) **string { return &e.Image }, func(b *client.ComponentCreate) **string { return &b.Image },
		func(b *client.ComponentUpdate) *client.Optional[string] { return &b.Image }),
	{name: "custom_fields", member: "customFields", kind: customFieldsAttribute, doc: fields.Description,
		fields: func(v *componentValues) *map[string]fields.Value { return &v.CustomFields }},

	{name: "id", member: "_id", kind: computedAttribute, inBatch: true, doc: "the component's id",
		model: func(m *componentModel) *types.String { return &m.ID }, text: func(v *componentValues) *string { return &v.ID }},
	{name: "version", member: "_version", kind: computedAttribute, inBatch: true, doc: "its `_version`, which updates send as `ifVersionMatch`",
		modelNumber: func(m *componentModel) *types.Int64 { return &m.Version }, number: func(v *componentValues) *int64 { return &v.Version }},
	{name: "component_key", member: "componentKey", kind: computedAttribute, inBatch: true, doc: "its human-readable Ardoq id, such as `APP-12`",
		model: func(m *componentModel) *types.String { return &m.ComponentKey }, text: func(v *componentValues) *string { return &v.ComponentKey }},
	{name: "type_name", member: "type", kind: computedAttribute, doc: "the name of its type",
		model: func(m *componentModel) *types.String { return &m.TypeName }, text: func(v *componentValues) *string { return &v.TypeName }},
	{name: "created", member: "_meta.created", kind: computedAttribute, doc: "when it was created",
		model: func(m *componentModel) *types.String { return &m.Created }, text: func(v *componentValues) *string { return &v.Created }},
	{name: "last_updated", member: "_meta.lastUpdated", kind: computedAttribute, doc: "when it was last changed",
		model: func(m *componentModel) *types.String { return &m.LastUpdated }, text: func(v *componentValues) *string { return &v.LastUpdated }},
}

func componentText(name, doc string, model func(*componentModel) *types.String, value func(*componentValues) **string,
	entity func(*client.Component) **string, create func(*client.ComponentCreate) **string,
	update func(*client.ComponentUpdate) *client.Optional[string]) componentAttribute {
	return componentAttribute{name: name, member: name, kind: optionalTextAttribute, doc: doc, model: model, optional: value,
		entity: entity, create: create, update: update}
}

// componentValuesFrom maps a component from the API, writing its parent and custom fields the way want
// (the configuration) does; ids are the components of ardoq_batch's item keys.
func componentValuesFrom(c *client.Component, want componentValues, ids map[string]string) componentValues {
	v := componentValues{ID: c.ID, Version: c.Version, ComponentKey: c.ComponentKey, TypeName: c.Type, Created: c.Meta.Created,
		LastUpdated: c.Meta.LastUpdated, RootWorkspace: c.RootWorkspace, TypeID: c.TypeID, Name: c.Name,
		Parent: refFromAPI(c.Parent, want.Parent, ids), CustomFields: fields.FromAPI(c.CustomFields, want.CustomFields)}
	componentAttributes.fromEntity(c, &v)
	return v
}

// createBody is the body that creates the component; ref says how the request names the parent, and
// fields are the typed custom fields.
func (v componentValues) createBody(ref func(string) string, customFields client.CustomFields) client.ComponentCreate {
	body := client.ComponentCreate{Name: v.Name, RootWorkspace: v.RootWorkspace, TypeID: v.TypeID, CustomFields: fields.NonEmpty(customFields)}
	if v.Parent != "" {
		parent := ref(v.Parent)
		body.Parent = &parent
	}
	componentAttributes.toCreate(&v, &body)
	return body
}

// updateBody sends every configurable attribute, null for unset ones, so that changes made in Ardoq
// are reverted to the configuration.
func (v componentValues) updateBody(ref func(string) string, customFields client.CustomFields) client.ComponentUpdate {
	body := client.ComponentUpdate{Name: client.Set(v.Name), Parent: client.Null[string](), CustomFields: customFields}
	if v.Parent != "" {
		body.Parent = client.Set(ref(v.Parent))
	}
	componentAttributes.toUpdate(&v, &body)
	return body
}

// componentFromAPI is the one mapper from the API to ardoq_component's state. prior supplies which
// custom fields are managed and how they are written: the resource's state holds only those, so an
// import (prior null) records none, and its list resource lists none (core/fields has the rule).
// all takes every field the component has instead, for the data sources.
func componentFromAPI(c *client.Component, prior types.Dynamic, all bool) componentModel {
	v := componentValuesFrom(c, componentValues{CustomFields: fields.Configured(prior)}, nil)
	var m componentModel
	componentAttributes.toModel(&v, &m)
	m.CustomFields = fields.RenderDynamic(prior, v.CustomFields, c.CustomFields, all)
	return m
}

// values reads the configuration's values; a malformed custom_fields is reported at it.
func (m componentModel) values() (componentValues, diag.Diagnostics) {
	var v componentValues
	componentAttributes.fromModel(&m, &v)
	var diags diag.Diagnostics
	v.CustomFields, _, diags = fields.Decode(path.Root("custom_fields"), fields.DynamicValue(m.CustomFields))
	return v, diags
}

// toCreate sends the configured values; custom fields are typed by the scope lookup finds.
func (m componentModel) toCreate(lookup fields.ScopeLookup) (client.ComponentCreate, diag.Diagnostics) {
	v, diags := m.values()
	customFields, d := fields.EncodeWith(lookup, v.CustomFields, nil)
	diags.Append(d...)
	return v.createBody(sameRef, customFields), diags
}

// toUpdate is updateBody of the plan; custom fields the prior state managed and the plan dropped are cleared.
func (m componentModel) toUpdate(prior componentModel, lookup fields.ScopeLookup) (client.ComponentUpdate, diag.Diagnostics) {
	v, diags := m.values()
	old, _ := prior.values()
	customFields, d := fields.EncodeWith(lookup, v.CustomFields, old.CustomFields)
	diags.Append(d...)
	return v.updateBody(sameRef, customFields), diags
}

// holds reports whether m (an entity read back) has every configurable value of plan.
func (m componentModel) holds(plan componentModel) bool {
	got, _ := m.values()
	want, _ := plan.values()
	return componentAttributes.same(&got, &want, func(a, b string) bool { return a == b })
}

// sameRef is how a single resource names a component in a request: by its id, as configured.
func sameRef(id string) string { return id }
