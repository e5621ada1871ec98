package provider

import (
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

// customFieldsJSON is the element attribute that stands for custom_fields.
const customFieldsJSON = "custom_fields_json"

// itemAttributes is the schema of one element; noun names the entity in descriptions.
func itemAttributes[M, V, E, C, U any](t entityAttributes[M, V, E, C, U], noun string) map[string]schema.Attribute {
	out := map[string]schema.Attribute{}
	for _, a := range t {
		switch {
		case a.kind == customFieldsAttribute:
			out[customFieldsJSON] = computedString("Custom fields as a JSON object; `jsondecode()` gives them back with their native types.")
		case a.modelNumber != nil:
			out[a.name] = computedInt64(asSentence(a.doc, noun))
		default:
			out[a.name] = computedString(asSentence(a.doc, noun))
		}
	}
	return out
}

// itemValue is one element: the model's values, and the custom fields as JSON.
func itemValue[M, V, E, C, U any](t entityAttributes[M, V, E, C, U], m *M, customFields types.String) (types.Object, diag.Diagnostics) {
	attrTypes, values := map[string]attr.Type{}, map[string]attr.Value{}
	for _, a := range t {
		switch {
		case a.kind == customFieldsAttribute:
			attrTypes[customFieldsJSON], values[customFieldsJSON] = types.StringType, customFields
		case a.modelNumber != nil:
			attrTypes[a.name], values[a.name] = types.Int64Type, *a.modelNumber(m)
		default:
			attrTypes[a.name], values[a.name] = types.StringType, *a.model(m)
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
