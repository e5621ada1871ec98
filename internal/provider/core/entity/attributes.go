package entity

import (
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// Each entity's attributes are described once, in a table (ComponentAttributes in component_model.go,
// ReferenceAttributes in reference_model.go): ardoq_component's and ardoq_reference's models map
// through it, and so do ardoq_batch's decoding, comparison, rendering, computed values and description,
// the configurable attributes of the single resources' schemas, and the plural data sources' elements.

// Kind says how an attribute's value is held, compared and sent.
type Kind uint8

const (
	KindText         Kind = iota // a string every entity has, sent on create and update (name)
	KindIdentity                 // a string sent on create only: changing it re-creates the entity
	KindComponentRef             // a component id; in ardoq_batch also the key of a component item ("" for none)
	KindType                     // a reference's type: a whole number sent on create only
	KindOptionalText             // a string that may be unset
	KindCustomFields             // custom field values (core/fields)
	KindComputed                 // assigned by Ardoq
)

// Attribute is one attribute of an entity. M is the single resource's model, V the values
// both it and ardoq_batch map through, and E, C and U the API's entity and its create and update
// bodies. Which accessors are set depends on the kind.
type Attribute[M, V, E, C, U any] struct {
	Name     string // Terraform attribute
	Member   string // API member, as error messages name it
	Kind     Kind
	Required bool
	InBatch  bool   // a computed value ardoq_batch keeps in its computed maps
	OID      bool   // an Ardoq id, whose form the single resource's schema checks (component references always are)
	Doc      string // markdown, for ardoq_batch's description and the single resource's schema
	Example  string // an expression giving the value, shown in the single resource's description only

	Model       func(*M) *types.String // string-valued kinds
	ModelNumber func(*M) *types.Int64  // number-valued kinds
	Text        func(*V) *string       // text, identity, reference and computed strings ("" for none)
	Number      func(*V) *int64        // type, and computed numbers
	Fields      func(*V) *map[string]fields.Value

	// Optional texts are mapped to and from the API through the table too ("" reads as unset); EmptyIsUnset
	// is for a member the API cannot clear with null: it is cleared with "".
	Optional     func(*V) **string
	Entity       func(*E) **string
	Create       func(*C) **string
	Update       func(*U) *client.Optional[string]
	EmptyIsUnset bool
}

type Attributes[M, V, E, C, U any] []Attribute[M, V, E, C, U]

// Configurable lists the attributes a configuration sets, in the order messages list them.
func (t Attributes[M, V, E, C, U]) Configurable() []string {
	var out []string
	for _, a := range t {
		if a.Kind != KindComputed {
			out = append(out, a.Name)
		}
	}
	return out
}

// Overwritable lists the attributes whose values an adopting item overwrites: the texts, not the
// identity or the references (which the item must match to adopt), nor the custom fields.
func (t Attributes[M, V, E, C, U]) Overwritable() []string {
	var out []string
	for _, a := range t {
		if a.Kind == KindText || a.Kind == KindOptionalText {
			out = append(out, a.Name)
		}
	}
	return out
}

// ByName finds an attribute.
func (t Attributes[M, V, E, C, U]) ByName(name string) (Attribute[M, V, E, C, U], bool) {
	for _, a := range t {
		if a.Name == name {
			return a, true
		}
	}
	return Attribute[M, V, E, C, U]{}, false
}

// ID is the entity's id ("" until it is created).
func (t Attributes[M, V, E, C, U]) ID(v *V) string {
	a, _ := t.ByName("id")
	return *a.Text(v)
}

// ByMember finds the attribute of an API member.
func (t Attributes[M, V, E, C, U]) ByMember(member string) (Attribute[M, V, E, C, U], bool) {
	for _, a := range t {
		if a.Member == member {
			return a, true
		}
	}
	return Attribute[M, V, E, C, U]{}, false
}

// fromModel reads a single resource's model (custom fields apart: they are decoded).
func (t Attributes[M, V, E, C, U]) fromModel(m *M, v *V) {
	for _, a := range t {
		switch {
		case a.Optional != nil:
			*a.Optional(v) = a.Model(m).ValueStringPointer()
		case a.Text != nil:
			*a.Text(v) = a.Model(m).ValueString()
		case a.Number != nil:
			*a.Number(v) = a.ModelNumber(m).ValueInt64()
		}
	}
}

// toModel writes values to a single resource's model (custom fields apart: they are rendered); an
// unset optional value is null.
func (t Attributes[M, V, E, C, U]) toModel(v *V, m *M) {
	for _, a := range t {
		switch {
		case a.Optional != nil:
			*a.Model(m) = types.StringPointerValue(*a.Optional(v))
		case a.Text != nil && !a.Required && a.Kind != KindComputed && *a.Text(v) == "":
			*a.Model(m) = types.StringNull()
		case a.Text != nil:
			*a.Model(m) = types.StringValue(*a.Text(v))
		case a.Number != nil:
			*a.ModelNumber(m) = types.Int64Value(*a.Number(v))
		}
	}
}

// fromEntity reads the optional texts of an entity from the API. An empty text is unset: no
// configuration can hold one (strings given must not be empty), so reading it as set would plan a
// change, and an update, of a value that is no different.
func (t Attributes[M, V, E, C, U]) fromEntity(e *E, v *V) {
	for _, a := range t {
		if a.Optional != nil {
			s := *a.Entity(e)
			if s != nil && *s == "" {
				s = nil
			}
			*a.Optional(v) = s
		}
	}
}

// toCreate writes the optional texts to a create body: unset ones are left out.
func (t Attributes[M, V, E, C, U]) toCreate(v *V, c *C) {
	for _, a := range t {
		if a.Optional != nil {
			*a.Create(c) = *a.Optional(v)
		}
	}
}

// toUpdate writes the optional texts to an update body: unset ones are cleared.
func (t Attributes[M, V, E, C, U]) toUpdate(v *V, u *U) {
	for _, a := range t {
		if a.Optional == nil {
			continue
		}
		if s := *a.Optional(v); s == nil && a.EmptyIsUnset {
			*a.Update(u) = client.Set("")
		} else {
			*a.Update(u) = client.SetOrNull(s)
		}
	}
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

// ReferenceAttributes describes each attribute of a reference once.
var ReferenceAttributes = Attributes[ReferenceModel, ReferenceValues, client.Reference, client.ReferenceCreate, client.ReferenceUpdate]{
	{Name: "source", Member: "source", Kind: KindComponentRef, Required: true, Doc: "Id of the source component.",
		Model: func(m *ReferenceModel) *types.String { return &m.Source }, Text: func(v *ReferenceValues) *string { return &v.Source }},
	{Name: "target", Member: "target", Kind: KindComponentRef, Required: true, Doc: "Id of the target component, in any workspace.",
		Model: func(m *ReferenceModel) *types.String { return &m.Target }, Text: func(v *ReferenceValues) *string { return &v.Target }},
	{Name: "type", Member: "type", Kind: KindType, Required: true, Doc: "Reference type from the model of the source's workspace.",
		ModelNumber: func(m *ReferenceModel) *types.Int64 { return &m.Type }, Number: func(v *ReferenceValues) *int64 { return &v.Type },
		Example: "`data.ardoq_reference_type.depends_on.type` (a reference type by name)"},
	// The API cannot take a null displayText: "" is no display text.
	{Name: "display_text", Member: "displayText", Kind: KindOptionalText, EmptyIsUnset: true, Doc: "Label shown on the reference in views.",
		Model: func(m *ReferenceModel) *types.String { return &m.DisplayText }, Optional: func(v *ReferenceValues) **string { return &v.DisplayText },
		Entity: func(e *client.Reference) **string { return &e.DisplayText }, Create: func(b *client.ReferenceCreate) **string { return &b.DisplayText },
		Update: func(b *client.ReferenceUpdate) *client.Optional[string] { return &b.DisplayText }},
	{Name: "description", Member: "description", Kind: KindOptionalText, Doc: "Description of the reference.",
		Model: func(m *ReferenceModel) *types.String { return &m.Description }, Optional: func(v *ReferenceValues) **string { return &v.Description },
		Entity: func(e *client.Reference) **string { return &e.Description }, Create: func(b *client.ReferenceCreate) **string { return &b.Description },
		Update: func(b *client.ReferenceUpdate) *client.Optional[string] { return &b.Description }},
	{Name: "custom_fields", Member: "customFields", Kind: KindCustomFields, Doc: "As for components.",
		Fields: func(v *ReferenceValues) *map[string]fields.Value { return &v.CustomFields }},

	{Name: "id", Member: "_id", Kind: KindComputed, InBatch: true, Doc: "the reference's id",
		Model: func(m *ReferenceModel) *types.String { return &m.ID }, Text: func(v *ReferenceValues) *string { return &v.ID }},
	{Name: "version", Member: "_version", Kind: KindComputed, InBatch: true, Doc: "its `_version`, which updates send as `ifVersionMatch`",
		ModelNumber: func(m *ReferenceModel) *types.Int64 { return &m.Version }, Number: func(v *ReferenceValues) *int64 { return &v.Version }},
	{Name: "root_workspace", Member: "rootWorkspace", Kind: KindComputed, InBatch: true, Doc: "its workspace, the source's",
		Model: func(m *ReferenceModel) *types.String { return &m.RootWorkspace }, Text: func(v *ReferenceValues) *string { return &v.RootWorkspace }},
	{Name: "target_workspace", Member: "targetWorkspace", Kind: KindComputed, InBatch: true, Doc: "the target's workspace",
		Model: func(m *ReferenceModel) *types.String { return &m.TargetWorkspace }, Text: func(v *ReferenceValues) *string { return &v.TargetWorkspace }},
	{Name: "created", Member: "_meta.created", Kind: KindComputed, Doc: "when it was created",
		Model: func(m *ReferenceModel) *types.String { return &m.Created }, Text: func(v *ReferenceValues) *string { return &v.Created }},
	{Name: "last_updated", Member: "_meta.lastUpdated", Kind: KindComputed, Doc: "when it was last changed",
		Model: func(m *ReferenceModel) *types.String { return &m.LastUpdated }, Text: func(v *ReferenceValues) *string { return &v.LastUpdated }},
}
