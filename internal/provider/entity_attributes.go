package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// Each entity's attributes are described once, in a table (componentAttributes in component_model.go,
// referenceAttributes in reference_model.go): ardoq_component's and ardoq_reference's models map
// through it, and so do ardoq_batch's decoding, comparison, rendering, computed values and description,
// and the configurable attributes of the single resources' schemas (schemaAttributes).

// attributeKind says how an attribute's value is held, compared and sent.
type attributeKind uint8

const (
	textAttribute         attributeKind = iota // a string every entity has, sent on create and update (name)
	identityAttribute                          // a string sent on create only: changing it re-creates the entity
	componentRefAttribute                      // a component id; in ardoq_batch also the key of a component item ("" for none)
	typeAttribute                              // a reference's type: a whole number sent on create only
	optionalTextAttribute                      // a string that may be unset
	customFieldsAttribute                      // custom field values (core/fields)
	computedAttribute                          // assigned by Ardoq
)

// entityAttribute is one attribute of an entity. M is the single resource's model, V the values
// both it and ardoq_batch map through, and E, C and U the API's entity and its create and update
// bodies. Which accessors are set depends on the kind.
type entityAttribute[M, V, E, C, U any] struct {
	name     string // Terraform attribute
	member   string // API member, as error messages name it
	kind     attributeKind
	required bool
	inBatch  bool   // a computed value ardoq_batch keeps in its computed maps
	oid      bool   // an Ardoq id, whose form the single resource's schema checks (component references always are)
	doc      string // markdown, for ardoq_batch's description and the single resource's schema
	example  string // an expression giving the value, shown in the single resource's description only

	model       func(*M) *types.String // string-valued kinds
	modelNumber func(*M) *types.Int64  // number-valued kinds
	text        func(*V) *string       // text, identity, reference and computed strings ("" for none)
	number      func(*V) *int64        // type, and computed numbers
	fields      func(*V) *map[string]fields.Value

	// Optional texts are mapped to and from the API through the table too; emptyIsUnset is for a
	// member the API cannot clear with null: it reads "" as unset and clears with "".
	optional     func(*V) **string
	entity       func(*E) **string
	create       func(*C) **string
	update       func(*U) *client.Optional[string]
	emptyIsUnset bool
}

type entityAttributes[M, V, E, C, U any] []entityAttribute[M, V, E, C, U]

// configurable lists the attributes a configuration sets, in the order messages list them.
func (t entityAttributes[M, V, E, C, U]) configurable() []string {
	var out []string
	for _, a := range t {
		if a.kind != computedAttribute {
			out = append(out, a.name)
		}
	}
	return out
}

// overwritable lists the attributes whose values an adopting item overwrites: the texts, not the
// identity or the references (which the item must match to adopt), nor the custom fields.
func (t entityAttributes[M, V, E, C, U]) overwritable() []string {
	var out []string
	for _, a := range t {
		if a.kind == textAttribute || a.kind == optionalTextAttribute {
			out = append(out, a.name)
		}
	}
	return out
}

// byName finds an attribute.
func (t entityAttributes[M, V, E, C, U]) byName(name string) (entityAttribute[M, V, E, C, U], bool) {
	for _, a := range t {
		if a.name == name {
			return a, true
		}
	}
	return entityAttribute[M, V, E, C, U]{}, false
}

// id is the entity's id ("" until it is created).
func (t entityAttributes[M, V, E, C, U]) id(v *V) string {
	a, _ := t.byName("id")
	return *a.text(v)
}

// byMember finds the attribute of an API member.
func (t entityAttributes[M, V, E, C, U]) byMember(member string) (entityAttribute[M, V, E, C, U], bool) {
	for _, a := range t {
		if a.member == member {
			return a, true
		}
	}
	return entityAttribute[M, V, E, C, U]{}, false
}

// fromModel reads a single resource's model (custom fields apart: they are decoded).
func (t entityAttributes[M, V, E, C, U]) fromModel(m *M, v *V) {
	for _, a := range t {
		switch {
		case a.optional != nil:
			*a.optional(v) = a.model(m).ValueStringPointer()
		case a.text != nil:
			*a.text(v) = a.model(m).ValueString()
		case a.number != nil:
			*a.number(v) = a.modelNumber(m).ValueInt64()
		}
	}
}

// toModel writes values to a single resource's model (custom fields apart: they are rendered); an
// unset optional value is null.
func (t entityAttributes[M, V, E, C, U]) toModel(v *V, m *M) {
	for _, a := range t {
		switch {
		case a.optional != nil:
			*a.model(m) = types.StringPointerValue(*a.optional(v))
		case a.text != nil && !a.required && a.kind != computedAttribute && *a.text(v) == "":
			*a.model(m) = types.StringNull()
		case a.text != nil:
			*a.model(m) = types.StringValue(*a.text(v))
		case a.number != nil:
			*a.modelNumber(m) = types.Int64Value(*a.number(v))
		}
	}
}

// fromEntity reads the optional texts of an entity from the API.
func (t entityAttributes[M, V, E, C, U]) fromEntity(e *E, v *V) {
	for _, a := range t {
		if a.optional != nil {
			s := *a.entity(e)
			if a.emptyIsUnset && s != nil && *s == "" {
				s = nil
			}
			*a.optional(v) = s
		}
	}
}

// toCreate writes the optional texts to a create body: unset ones are left out.
func (t entityAttributes[M, V, E, C, U]) toCreate(v *V, c *C) {
	for _, a := range t {
		if a.optional != nil {
			*a.create(c) = *a.optional(v)
		}
	}
}

// toUpdate writes the optional texts to an update body: unset ones are cleared.
func (t entityAttributes[M, V, E, C, U]) toUpdate(v *V, u *U) {
	for _, a := range t {
		if a.optional == nil {
			continue
		}
		if s := *a.optional(v); s == nil && a.emptyIsUnset {
			*a.update(u) = client.Set("")
		} else {
			*a.update(u) = client.SetOrNull(s)
		}
	}
}

// same reports whether two values configure the same entity; sameRef compares component references.
func (t entityAttributes[M, V, E, C, U]) same(x, y *V, sameRef func(a, b string) bool) bool {
	for _, a := range t {
		switch a.kind {
		case computedAttribute:
		case componentRefAttribute:
			if !sameRef(*a.text(x), *a.text(y)) {
				return false
			}
		case textAttribute, identityAttribute:
			if *a.text(x) != *a.text(y) {
				return false
			}
		case typeAttribute:
			if *a.number(x) != *a.number(y) {
				return false
			}
		case optionalTextAttribute:
			if !eqPtr(*a.optional(x), *a.optional(y)) {
				return false
			}
		case customFieldsAttribute:
			if !fields.Equal(*a.fields(x), *a.fields(y)) {
				return false
			}
		}
	}
	return true
}

func eqPtr(a, b *string) bool { return (a == nil && b == nil) || (a != nil && b != nil && *a == *b) }

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
