package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Custom fields are a Dynamic attribute so values keep their native HCL types:
// custom_fields = { owner = "team-a", cost = 12.5, critical = true, regions = ["eu", "us"] }.
// Only the keys in the configuration are managed; the mappers below read and write just those keys.

const customFieldsDescription = "Custom field values keyed by the field's API key, with native types: strings for Text, TextArea, " +
	"Email, Url, DateTime, List and User fields, numbers for Number fields, booleans for Checkbox fields and lists of strings for " +
	"SelectMultipleList fields. Only the keys given here are managed: fields set in Ardoq but absent here cause no diff, and " +
	"removing a key clears that field in Ardoq. Keys and values are checked at plan time against the workspace's field definitions."

// customFieldEntries returns the keys and values of a custom_fields value (an object or a map).
func customFieldEntries(v types.Dynamic) (map[string]attr.Value, bool) {
	if v.IsNull() || v.IsUnknown() || v.IsUnderlyingValueNull() || v.IsUnderlyingValueUnknown() {
		return nil, false
	}
	switch u := v.UnderlyingValue().(type) {
	case types.Object:
		return u.Attributes(), true
	case types.Map:
		return u.Elements(), true
	}
	return nil, false
}

// customFieldsToAPI converts the planned custom fields for the API, with nil for every key the prior
// state managed and the plan no longer has (so it is cleared).
func customFieldsToAPI(planned, prior types.Dynamic) (client.CustomFields, diag.Diagnostics) {
	var diags diag.Diagnostics
	out := client.CustomFields{}
	if !planned.IsNull() && !planned.IsUnknown() {
		if _, ok := customFieldEntries(planned); !ok && !planned.IsUnderlyingValueNull() {
			diags.AddAttributeError(path.Root("custom_fields"), "Invalid Custom Fields",
				"custom_fields must be an object or map of field API keys to values, for example { owner = \"team-a\", cost = 12 }.")
			return nil, diags
		}
	}
	entries, _ := customFieldEntries(planned)
	for key, value := range entries {
		v, err := attrToAPI(value)
		if err != nil {
			diags.AddAttributeError(path.Root("custom_fields").AtMapKey(key), "Invalid Custom Field Value", err.Error())
			continue
		}
		out[key] = v
	}
	priorEntries, _ := customFieldEntries(prior)
	for key := range priorEntries {
		if _, kept := entries[key]; !kept {
			out[key] = nil
		}
	}
	return out, diags
}

func attrToAPI(v attr.Value) (any, error) {
	if v.IsNull() {
		return nil, nil
	}
	if v.IsUnknown() {
		return nil, fmt.Errorf("the value is not known yet")
	}
	switch x := v.(type) {
	case types.String:
		return x.ValueString(), nil
	case types.Bool:
		return x.ValueBool(), nil
	case types.Number:
		return json.Number(x.ValueBigFloat().Text('g', -1)), nil
	case types.Int64:
		return x.ValueInt64(), nil
	case types.Float64:
		return x.ValueFloat64(), nil
	case types.Dynamic:
		return attrToAPI(x.UnderlyingValue())
	case types.Tuple:
		return stringsOf(x.Elements())
	case types.List:
		return stringsOf(x.Elements())
	case types.Set:
		return stringsOf(x.Elements())
	}
	return nil, fmt.Errorf("custom field values are strings, numbers, booleans or lists of strings, not %s", v.Type(context.Background()))
}

func stringsOf(elems []attr.Value) ([]string, error) {
	out := make([]string, 0, len(elems))
	for _, e := range elems {
		s, ok := e.(types.String)
		if d, isDyn := e.(types.Dynamic); isDyn {
			s, ok = d.UnderlyingValue().(types.String)
		}
		if !ok || s.IsNull() || s.IsUnknown() {
			return nil, fmt.Errorf("list values must be known strings (SelectMultipleList options)")
		}
		out = append(out, s.ValueString())
	}
	return out, nil
}

// customFieldsFromAPI maps the API's custom fields to state. Normally only the keys of the prior (or
// planned) value are kept, each in the shape of its prior value, so a tuple stays a tuple and a map a
// map. After an import (importAll) every field the entity has is taken, and none at all is null.
func customFieldsFromAPI(api client.CustomFields, prior types.Dynamic, importAll bool) types.Dynamic {
	if importAll {
		var keys []string
		for k, v := range api {
			if v != nil {
				keys = append(keys, k)
			}
		}
		if len(keys) == 0 {
			return types.DynamicNull()
		}
		return objectOf(api, keys, nil)
	}
	if prior.IsNull() || prior.IsUnderlyingValueNull() {
		return prior
	}
	if m, ok := prior.UnderlyingValue().(types.Map); ok {
		elemType := m.ElementType(context.Background())
		elems := make(map[string]attr.Value, len(m.Elements()))
		for k, like := range m.Elements() {
			elems[k] = apiToAttr(api[k], like)
		}
		if v, diags := types.MapValue(elemType, elems); !diags.HasError() {
			return types.DynamicValue(v)
		}
	}
	entries, ok := customFieldEntries(prior)
	if !ok {
		return types.DynamicNull()
	}
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	return objectOf(api, keys, entries)
}

// objectOf builds an object value of the given keys, each shaped like its entry in like (if any).
func objectOf(api client.CustomFields, keys []string, like map[string]attr.Value) types.Dynamic {
	sort.Strings(keys)
	attrTypes := make(map[string]attr.Type, len(keys))
	attrs := make(map[string]attr.Value, len(keys))
	for _, k := range keys {
		v := apiToAttr(api[k], like[k])
		attrTypes[k] = v.Type(context.Background())
		attrs[k] = v
	}
	return types.DynamicValue(types.ObjectValueMust(attrTypes, attrs))
}

// apiToAttr converts one API value, in the shape of like when given (nil means "infer").
func apiToAttr(v any, like attr.Value) attr.Value {
	if d, ok := like.(types.Dynamic); ok {
		like = d.UnderlyingValue()
	}
	if v == nil {
		if like != nil {
			return nullOf(like)
		}
		return types.StringNull()
	}
	switch x := v.(type) {
	case string:
		return types.StringValue(x)
	case bool:
		return types.BoolValue(x)
	case json.Number:
		f, _, err := big.ParseFloat(x.String(), 10, 512, big.ToNearestEven)
		if err != nil {
			return types.StringValue(x.String())
		}
		return types.NumberValue(f)
	case float64:
		return types.NumberValue(big.NewFloat(x))
	case []any:
		elems := make([]attr.Value, len(x))
		elemTypes := make([]attr.Type, len(x))
		for i, e := range x {
			s, ok := e.(string)
			if !ok {
				b, _ := json.Marshal(e)
				s = string(b)
			}
			elems[i], elemTypes[i] = types.StringValue(s), types.StringType
		}
		switch like.(type) {
		case types.List:
			return types.ListValueMust(types.StringType, elems)
		case types.Set:
			return types.SetValueMust(types.StringType, elems)
		}
		return types.TupleValueMust(elemTypes, elems)
	}
	b, _ := json.Marshal(v)
	return types.StringValue(string(b))
}

func nullOf(like attr.Value) attr.Value {
	switch l := like.(type) {
	case types.Bool:
		return types.BoolNull()
	case types.Number:
		return types.NumberNull()
	case types.List:
		return types.ListNull(l.ElementType(context.Background()))
	case types.Set:
		return types.SetNull(l.ElementType(context.Background()))
	case types.Tuple:
		return types.TupleNull(l.ElementTypes(context.Background()))
	case basetypes.ObjectValue:
		return types.ObjectNull(l.AttributeTypes(context.Background()))
	}
	return types.StringNull()
}
