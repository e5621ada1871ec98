// Package entity describes each entity of Ardoq once: a table of its attributes (ComponentAttributes,
// ReferenceAttributes) with the models and values every feature maps through, the one mapper from the
// API to each single resource's state, the checks of ids and texts, resource identity, and the elements
// of the plural data sources. The features (single resources, ardoq_batch, data sources, list resources)
// use it; it imports none of them.
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

// Same reports whether two values configure the same entity; sameRef compares component references.
func (t Attributes[M, V, E, C, U]) Same(x, y *V, sameRef func(a, b string) bool) bool {
	for _, a := range t {
		switch a.Kind {
		case KindComputed:
		case KindComponentRef:
			if !sameRef(*a.Text(x), *a.Text(y)) {
				return false
			}
		case KindText, KindIdentity:
			if *a.Text(x) != *a.Text(y) {
				return false
			}
		case KindType:
			if *a.Number(x) != *a.Number(y) {
				return false
			}
		case KindOptionalText:
			if !EqualPointers(*a.Optional(x), *a.Optional(y)) {
				return false
			}
		case KindCustomFields:
			if !fields.Equal(*a.Fields(x), *a.Fields(y)) {
				return false
			}
		}
	}
	return true
}

func EqualPointers(a, b *string) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}

// refFromAPI writes a component id as the configuration did: the item key that stands for it, the id
// itself, or (after a change in Ardoq) the key of whichever item now has that id; ids are the
// components of ardoq_batch's item keys.
func refFromAPI(apiID *string, configured string, ids map[string]string) string {
	if apiID == nil {
		return ""
	}
	if configured != "" && (ids[configured] == *apiID || configured == *apiID) {
		return configured
	}
	for key, id := range ids {
		if id == *apiID {
			return key
		}
	}
	return *apiID
}
