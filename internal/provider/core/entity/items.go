package entity

import (
	"maps"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// The elements of ardoq_components and ardoq_references come from the entity's table too: every attribute
// of the entity, computed, with the custom fields as JSON (a list's elements share one type, and custom
// fields differ by type). A field added to the table appears in them with no further edit.

// CustomFieldsJSON is the element attribute that stands for custom_fields.
const CustomFieldsJSON = "custom_fields_json"

// ItemAttributes is the schema of one element; noun names the entity in descriptions.
func ItemAttributes[M, V, E, C, U any](t Attributes[M, V, E, C, U], noun string) map[string]schema.Attribute {
	out := map[string]schema.Attribute{}
	for _, a := range t {
		switch {
		case a.Kind == KindCustomFields:
			out[CustomFieldsJSON] = schema.StringAttribute{Computed: true, MarkdownDescription: "Custom fields as a JSON object; `jsondecode()` gives them back with their native types."}
		case a.ModelNumber != nil:
			out[a.Name] = schema.Int64Attribute{Computed: true, MarkdownDescription: asSentence(a.Doc, noun)}
		default:
			out[a.Name] = schema.StringAttribute{Computed: true, MarkdownDescription: asSentence(a.Doc, noun)}
		}
	}
	return out
}

// LookupAttributes is the schema of a single-entity data source (ardoq_component, ardoq_reference): its
// lookups (the id and the filters, given), and every other attribute of the table, computed.
func LookupAttributes[M, V, E, C, U any](t Attributes[M, V, E, C, U], noun string, lookups map[string]schema.Attribute) map[string]schema.Attribute {
	out := maps.Clone(lookups)
	for _, a := range t {
		if _, given := out[a.Name]; given {
			continue
		}
		switch {
		case a.Kind == KindCustomFields:
			out[a.Name] = schema.DynamicAttribute{Computed: true,
				MarkdownDescription: "Every custom field the " + noun + " has, with native types; null when it has none."}
		case a.ModelNumber != nil:
			out[a.Name] = schema.Int64Attribute{Computed: true, MarkdownDescription: asSentence(a.Doc, noun)}
		default:
			out[a.Name] = schema.StringAttribute{Computed: true, MarkdownDescription: asSentence(a.Doc, noun)}
		}
	}
	return out
}

// ItemValue is one element: the model's values, and the custom fields as JSON.
func ItemValue[M, V, E, C, U any](t Attributes[M, V, E, C, U], m *M, customFields types.String) (types.Object, diag.Diagnostics) {
	attrTypes, values := map[string]attr.Type{}, map[string]attr.Value{}
	for _, a := range t {
		switch {
		case a.Kind == KindCustomFields:
			attrTypes[CustomFieldsJSON], values[CustomFieldsJSON] = types.StringType, customFields
		case a.ModelNumber != nil:
			attrTypes[a.Name], values[a.Name] = types.Int64Type, *a.ModelNumber(m)
		default:
			attrTypes[a.Name], values[a.Name] = types.StringType, *a.Model(m)
		}
	}
	return types.ObjectValue(attrTypes, values)
}

// asSentence makes a table's doc, which may be a fragment of ardoq_batch's prose ("when it was created"),
// a sentence ("When the component was created.").
func asSentence(doc, noun string) string {
	if doc == "" {
		return doc
	}
	doc = pronoun.ReplaceAllStringFunc(doc, func(p string) string {
		if p == "its" {
			return "the " + noun + "'s"
		}
		return "the " + noun
	})
	doc = strings.ToUpper(doc[:1]) + doc[1:]
	if !strings.HasSuffix(doc, ".") {
		doc += "."
	}
	return doc
}

var pronoun = regexp.MustCompile(`\bits?\b`)
