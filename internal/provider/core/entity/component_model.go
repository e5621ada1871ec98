package entity

import (
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

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
	Created       types.String  `tfsdk:"created"`
	LastUpdated   types.String  `tfsdk:"last_updated"`
}

// ComponentValues is a component as ardoq_component and ardoq_batch both hold it: what a configuration
// sets, and what Ardoq assigned.
type ComponentValues struct {
	ID, ComponentKey, TypeName, Created, LastUpdated string // assigned by Ardoq
	Version                                          int64
	RootWorkspace, TypeID, Name                      string
	Parent                                           string // a component id, or in ardoq_batch an item key; "" for none
	Description, Color, Shape, Icon, Image           *string
	CustomFields                                     map[string]fields.Value
}

type componentAttribute = Attribute[ComponentModel, ComponentValues, client.Component, client.ComponentCreate, client.ComponentUpdate]

// ComponentAttributes describes each attribute of a component once.
var ComponentAttributes = Attributes[ComponentModel, ComponentValues, client.Component, client.ComponentCreate, client.ComponentUpdate]{
	{Name: "root_workspace", Member: "rootWorkspace", Kind: KindIdentity, Required: true, OID: true, Doc: "Id of the workspace the component lives in.",
		Model: func(m *ComponentModel) *types.String { return &m.RootWorkspace }, Text: func(v *ComponentValues) *string { return &v.RootWorkspace }},
	{Name: "type_id", Member: "typeId", Kind: KindIdentity, Required: true, Doc: "Component type id from the workspace's model.",
		Model: func(m *ComponentModel) *types.String { return &m.TypeID }, Text: func(v *ComponentValues) *string { return &v.TypeID },
		Example: "`data.ardoq_component_type.application.type_id` (a type by name)"},
	{Name: "name", Member: "name", Kind: KindText, Required: true, Doc: "Name of the component.",
		Model: func(m *ComponentModel) *types.String { return &m.Name }, Text: func(v *ComponentValues) *string { return &v.Name }},
	{Name: "parent", Member: "parent", Kind: KindComponentRef, Doc: "Id of the parent component, in the same workspace; unset for a top-level component.",
		Model: func(m *ComponentModel) *types.String { return &m.Parent }, Text: func(v *ComponentValues) *string { return &v.Parent }},
	componentText("description", "Description of the component.",
		func(m *ComponentModel) *types.String { return &m.Description }, func(v *ComponentValues) **string { return &v.Description },
		func(e *client.Component) **string { return &e.Description }, func(b *client.ComponentCreate) **string { return &b.Description },
		func(b *client.ComponentUpdate) *client.Optional[string] { return &b.Description }),
	componentText("color", "Display color overriding the type's, for example `#3a7bd5`.",
		func(m *ComponentModel) *types.String { return &m.Color }, func(v *ComponentValues) **string { return &v.Color },
		func(e *client.Component) **string { return &e.Color }, func(b *client.ComponentCreate) **string { return &b.Color },
		func(b *client.ComponentUpdate) *client.Optional[string] { return &b.Color }),
	componentText("shape", "Display shape overriding the type's.",
		func(m *ComponentModel) *types.String { return &m.Shape }, func(v *ComponentValues) **string { return &v.Shape },
		func(e *client.Component) **string { return &e.Shape }, func(b *client.ComponentCreate) **string { return &b.Shape },
		func(b *client.ComponentUpdate) *client.Optional[string] { return &b.Shape }),
	componentText("icon", "Display icon overriding the type's.",
		func(m *ComponentModel) *types.String { return &m.Icon }, func(v *ComponentValues) **string { return &v.Icon },
		func(e *client.Component) **string { return &e.Icon }, func(b *client.ComponentCreate) **string { return &b.Icon },
		func(b *client.ComponentUpdate) *client.Optional[string] { return &b.Icon }),
	componentText("image", "Display image overriding the type's.",
		func(m *ComponentModel) *types.String { return &m.Image }, func(v *ComponentValues) **string { return &v.Image },
		func(e *client.Component) **string { return &e.Image }, func(b *client.ComponentCreate) **string { return &b.Image },
		func(b *client.ComponentUpdate) *client.Optional[string] { return &b.Image }),
	{Name: "custom_fields", Member: "customFields", Kind: KindCustomFields, Doc: fields.Description,
		Fields: func(v *ComponentValues) *map[string]fields.Value { return &v.CustomFields }},

	{Name: "id", Member: "_id", Kind: KindComputed, InBatch: true, Doc: "the component's id",
		Model: func(m *ComponentModel) *types.String { return &m.ID }, Text: func(v *ComponentValues) *string { return &v.ID }},
	{Name: "version", Member: "_version", Kind: KindComputed, InBatch: true, Doc: "its `_version`, which updates send as `ifVersionMatch`",
		ModelNumber: func(m *ComponentModel) *types.Int64 { return &m.Version }, Number: func(v *ComponentValues) *int64 { return &v.Version }},
	{Name: "component_key", Member: "componentKey", Kind: KindComputed, InBatch: true, Doc: "its human-readable Ardoq id, such as `APP-12`",
		Model: func(m *ComponentModel) *types.String { return &m.ComponentKey }, Text: func(v *ComponentValues) *string { return &v.ComponentKey }},
	{Name: "type_name", Member: "type", Kind: KindComputed, Doc: "the name of its type",
		Model: func(m *ComponentModel) *types.String { return &m.TypeName }, Text: func(v *ComponentValues) *string { return &v.TypeName }},
	{Name: "created", Member: "_meta.created", Kind: KindComputed, Doc: "when it was created",
		Model: func(m *ComponentModel) *types.String { return &m.Created }, Text: func(v *ComponentValues) *string { return &v.Created }},
	{Name: "last_updated", Member: "_meta.lastUpdated", Kind: KindComputed, Doc: "when it was last changed",
		Model: func(m *ComponentModel) *types.String { return &m.LastUpdated }, Text: func(v *ComponentValues) *string { return &v.LastUpdated }},
}

func componentText(name, doc string, model func(*ComponentModel) *types.String, value func(*ComponentValues) **string,
	entity func(*client.Component) **string, create func(*client.ComponentCreate) **string,
	update func(*client.ComponentUpdate) *client.Optional[string]) componentAttribute {
	return componentAttribute{Name: name, Member: name, Kind: KindOptionalText, Doc: doc, Model: model, Optional: value,
		Entity: entity, Create: create, Update: update}
}

// ComponentValuesFrom maps a component from the API, writing its parent and custom fields the way want
// (the configuration) does; ids are the components of ardoq_batch's item keys.
func ComponentValuesFrom(c *client.Component, want ComponentValues, ids map[string]string) ComponentValues {
	v := ComponentValues{ID: c.ID, Version: c.Version, ComponentKey: c.ComponentKey, TypeName: c.Type, Created: c.Meta.Created,
		LastUpdated: c.Meta.LastUpdated, RootWorkspace: c.RootWorkspace, TypeID: c.TypeID, Name: c.Name,
		Parent: refFromAPI(c.Parent, want.Parent, ids), CustomFields: fields.FromAPI(c.CustomFields, want.CustomFields)}
	ComponentAttributes.fromEntity(c, &v)
	return v
}

// CreateBody is the body that creates the component; ref says how the request names the parent, and
// fields are the typed custom fields.
func (v ComponentValues) CreateBody(ref func(string) string, customFields client.CustomFields) client.ComponentCreate {
	body := client.ComponentCreate{Name: v.Name, RootWorkspace: v.RootWorkspace, TypeID: v.TypeID, CustomFields: fields.NonEmpty(customFields)}
	if v.Parent != "" {
		parent := ref(v.Parent)
		body.Parent = &parent
	}
	ComponentAttributes.toCreate(&v, &body)
	return body
}

// UpdateBody sends every configurable attribute, null for unset ones, so that changes made in Ardoq
// are reverted to the configuration.
func (v ComponentValues) UpdateBody(ref func(string) string, customFields client.CustomFields) client.ComponentUpdate {
	body := client.ComponentUpdate{Name: client.Set(v.Name), Parent: client.Null[string](), CustomFields: customFields}
	if v.Parent != "" {
		body.Parent = client.Set(ref(v.Parent))
	}
	ComponentAttributes.toUpdate(&v, &body)
	return body
}

// ComponentFromAPI is the one mapper from the API to ardoq_component's state. prior supplies which
// custom fields are managed and how they are written: the resource's state holds only those, so an
// import (prior null) records none, and its list resource lists none (core/fields has the rule).
// all takes every field the component has instead, for the data sources.
func ComponentFromAPI(c *client.Component, prior types.Dynamic, all bool) ComponentModel {
	v := ComponentValuesFrom(c, ComponentValues{CustomFields: fields.Configured(prior)}, nil)
	var m ComponentModel
	ComponentAttributes.toModel(&v, &m)
	m.CustomFields = fields.RenderDynamic(prior, v.CustomFields, c.CustomFields, all)
	return m
}

// values reads the configuration's values; a malformed custom_fields is reported at it.
func (m ComponentModel) values() (ComponentValues, diag.Diagnostics) {
	var v ComponentValues
	ComponentAttributes.fromModel(&m, &v)
	var diags diag.Diagnostics
	v.CustomFields, _, diags = fields.Decode(path.Root("custom_fields"), fields.DynamicValue(m.CustomFields))
	return v, diags
}

// ToCreate sends the configured values; custom fields are typed by the scope lookup finds.
func (m ComponentModel) ToCreate(lookup fields.ScopeLookup) (client.ComponentCreate, diag.Diagnostics) {
	v, diags := m.values()
	customFields, d := fields.EncodeWith(lookup, v.CustomFields, nil)
	diags.Append(d...)
	return v.CreateBody(sameRef, customFields), diags
}

// ToUpdate is UpdateBody of the plan; custom fields the prior state managed and the plan dropped are cleared.
func (m ComponentModel) ToUpdate(prior ComponentModel, lookup fields.ScopeLookup) (client.ComponentUpdate, diag.Diagnostics) {
	v, diags := m.values()
	old, _ := prior.values()
	customFields, d := fields.EncodeWith(lookup, v.CustomFields, old.CustomFields)
	diags.Append(d...)
	return v.UpdateBody(sameRef, customFields), diags
}

// Holds reports whether m (an entity read back) has every configurable value of plan.
func (m ComponentModel) Holds(plan ComponentModel) bool {
	got, _ := m.values()
	want, _ := plan.values()
	return ComponentAttributes.Same(&got, &want, func(a, b string) bool { return a == b })
}

// sameRef is how a single resource names a component in a request: by its id, as configured.
func sameRef(id string) string { return id }
