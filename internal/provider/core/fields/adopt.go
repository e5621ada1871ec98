package fields

import (
	"context"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
)

// Adopted is what an import of ardoq_component or ardoq_reference records in custom_fields, and so what
// -generate-config-out writes: the Settable fields, each in its natural type. Null when there is none,
// or when the model is not known.
func Adopted(api client.CustomFields, scope Scope) types.Dynamic {
	v := Natural(Settable(api, scope))
	if v.IsNull() {
		return types.DynamicNull()
	}
	d, err := types.DynamicType.ValueFromTerraform(context.Background(), v)
	if value, ok := d.(types.Dynamic); ok && err == nil {
		return value
	}
	return types.DynamicNull()
}

// Settable is every field the entity holds a value for that a configuration can set (defined in scope's
// model, allowed on the type, neither calculated nor read-only), each in the kind its definition gives it
// (a number, a boolean, a list of strings, or a string). An empty string or list is no value. Nil when
// the model is not known. ardoq_batch's whole-workspace import and ardoq-export take the same fields.
func Settable(api client.CustomFields, scope Scope) map[string]Value {
	if scope.Model == nil {
		return nil
	}
	out := map[string]Value{}
	for key, raw := range api {
		f, known := scope.Field(key)
		if !known || SettledByArdoq(f) || (scope.Allowed != nil && !slices.Contains(scope.Allowed, key)) {
			continue
		}
		v, ok := APIValue(raw)
		if !ok || v.Text == "" || (v.Kind == ListField && v.Text == "[]") {
			continue
		}
		out[key] = typedAs(v, f)
	}
	return out
}

// Natural writes values as an object of their natural types (a list as HCL's list literal, a tuple), or
// null when there are none.
func Natural(values map[string]Value) tftypes.Value {
	if len(values) == 0 {
		return tftypes.NewValue(tftypes.DynamicPseudoType, nil)
	}
	out := make(map[string]tftypes.Value, len(values))
	for key, v := range values {
		out[key] = v.as(v.NaturalType())
	}
	return convert.ObjectOrMap(tftypes.Object{}, out)
}

// typedAs is v in the kind f's type writes it as, where v reads as one (Ardoq's "12" of a Number field
// is the number 12); otherwise v as Ardoq gave it.
func typedAs(v Value, f client.Field) Value {
	switch f.Type {
	case "Number":
		if _, ok := parseNumber(v.Text); ok && v.Kind != ListField {
			return Value{Text: CanonicalNumber(v.Text), Kind: NumberField}
		}
	case "Checkbox":
		if v.Text == "true" || v.Text == "false" {
			return Value{Text: v.Text, Kind: BoolField}
		}
	}
	return v
}
