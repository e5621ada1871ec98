// Package fields is the one custom-field codec of ardoq_component, ardoq_reference and ardoq_batch: values are decoded
// from Terraform (Decode), checked and typed for the API by each field's definition
// (Encode, with the checks in scope.go), read back keeping the configuration's
// way of writing them (FromAPI) and rendered in the configuration's shape (Render).
//
// A value may be written as Terraform would convert it to the field's type: a Number field takes a
// number or a string of decimal text ("12"), a Checkbox field a boolean or "true"/"false", text fields
// a string, number or boolean. It is sent typed, and state keeps it as written.
//
// The rule (Description says it to users): state holds the keys Terraform manages, and Terraform
// changes exactly those; the prior state decides what the plan shows and what an update clears. A null
// value is the same as leaving the key out; removing a key that state holds clears that field on
// update; a key state never held is never cleared. An import of ardoq_component or ardoq_reference
// records every settable field the entity holds (Adopted), so that -generate-config-out writes them;
// the single resources keep that record under a configuration without custom_fields (single/adoption.go).
// ardoq_batch's import records none. A state that holds a calculated or read-only value (an import of
// an earlier version recorded every field) keeps it without sending it, and dropping it clears nothing
// (Encode).
package fields

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
)

const Description = "Custom field values keyed by the field's API key, in their natural HCL types (`cost = 1200`, " +
	"`critical = true`), checked at plan against the workspace's fields. Only the keys the state holds are managed; each " +
	"field type's form, and what an import records, are in the guide [Custom fields](../guides/custom-fields)."

// Kind is what a custom field value is written as.
type Kind uint8

const (
	StringField Kind = iota
	NumberField
	BoolField
	ListField
)

// Value is one custom field value as all three resources hold it: a string, number or boolean
// as text (a number in decimal, a boolean as true or false), or a list of strings as JSON, with what
// it is written as. It is comparable, so values compare with ==.
type Value struct {
	Text string
	Kind Kind
}

func (v Value) String() string {
	if v.Kind == StringField {
		return strconv.Quote(v.Text)
	}
	return v.Text
}

// fieldValueOf reads a known, non-null Terraform value; ok is false for anything but a string, number,
// boolean or list of strings.
func fieldValueOf(v tftypes.Value) (Value, bool) {
	if s, ok := convert.ScalarText(v); ok {
		kind := StringField
		switch {
		case tftypes.Number.Is(v.Type()):
			kind = NumberField
		case tftypes.Bool.Is(v.Type()):
			kind = BoolField
		}
		return Value{Text: s, Kind: kind}, true
	}
	if !v.Type().Is(tftypes.List{}) && !v.Type().Is(tftypes.Tuple{}) && !v.Type().Is(tftypes.Set{}) {
		return Value{}, false
	}
	var elems []tftypes.Value
	if v.As(&elems) != nil {
		return Value{}, false
	}
	list := make([]string, 0, len(elems))
	for _, e := range elems {
		var s string
		if !tftypes.String.Is(e.Type()) || !e.IsKnown() || e.IsNull() || e.As(&s) != nil {
			return Value{}, false
		}
		list = append(list, s)
	}
	return ListValue(list), true
}

func ListValue(list []string) Value {
	b, _ := json.Marshal(list)
	return Value{Text: string(b), Kind: ListField}
}

// Decode reads a custom_fields value at p: keys with null values are left out, and known is
// false when some value is not known yet (its key is left out too).
func Decode(p path.Path, v tftypes.Value) (fields map[string]Value, known bool, diags diag.Diagnostics) {
	if v.Type() == nil || v.IsNull() {
		return nil, true, nil
	}
	if !v.IsKnown() {
		return nil, false, nil
	}
	elems, ok := convert.ElementsOf(v)
	if !ok {
		diags.AddAttributeError(p, "Invalid Custom Fields", fmt.Sprintf("%s must be an object of values by field API key, for example "+
			"{ owner = \"team-a\", cost = 12 }; got %s.", convert.PathText(p), convert.TypeText(v.Type())))
		return nil, true, diags
	}
	known = true
	fields = make(map[string]Value, len(elems))
	for key, value := range elems {
		switch {
		case value.IsNull():
		case !value.IsFullyKnown():
			known = false
		default:
			fv, ok := fieldValueOf(value)
			if !ok {
				diags.AddAttributeError(p.AtMapKey(key), "Invalid Custom Field Value", fmt.Sprintf("%s must be a string, number, boolean "+
					"or list of strings; got %s.", convert.PathText(p.AtMapKey(key)), convert.TypeText(value.Type())))
				continue
			}
			fields[key] = fv
		}
	}
	return fields, known, diags
}

// Encode checks values against scope and types them for the API. prior are the values the entity
// had (nil for a create): a key it had that values lack is sent as null, which clears the field.
func Encode(p path.Path, values, prior map[string]Value, scope Scope) (client.CustomFields, diag.Diagnostics) {
	var diags diag.Diagnostics
	out := client.CustomFields{}
	for _, key := range slices.Sorted(maps.Keys(values)) {
		at := p.AtMapKey(key)
		f, known := scope.Field(key)
		if was, managed := prior[key]; managed && known && SettledByArdoq(f) && was.Means(values[key]) {
			continue // a calculated or read-only value state holds, unchanged (an earlier version's import recorded it): nothing to send
		}
		if summary, problem := scope.Problem(f, known, key); problem != "" {
			diags.AddAttributeError(at, summary, convert.PathText(at)+": "+problem)
			continue
		}
		v, problem := encodeField(values[key], f, known)
		if problem != "" {
			diags.AddAttributeError(at, "Invalid Custom Field Value", fmt.Sprintf("%s: custom field %q (%s): %s.", convert.PathText(at), key, f.Type, problem))
			continue
		}
		out[key] = v
	}
	for key := range prior {
		if f, known := scope.Field(key); known && SettledByArdoq(f) {
			continue // Ardoq sets it: dropping it from the configuration only stops managing it
		}
		if _, kept := values[key]; !kept {
			out[key] = nil
		}
	}
	return out, diags
}

// SettledByArdoq is a field no client writes: calculated, or read-only.
func SettledByArdoq(f client.Field) bool { return f.Calculated || f.ReadOnly }

// APIValue reads a value from the API; ok is false when there is none.
func APIValue(v any) (Value, bool) {
	switch x := v.(type) {
	case nil:
		return Value{}, false
	case string:
		return Value{Text: x}, true
	case bool:
		return Value{Text: strconv.FormatBool(x), Kind: BoolField}, true
	case json.Number:
		return Value{Text: CanonicalNumber(x.String()), Kind: NumberField}, true
	case float64:
		return Value{Text: strconv.FormatFloat(x, 'f', -1, 64), Kind: NumberField}, true
	case []any:
		list := make([]string, len(x))
		for i, e := range x {
			s, ok := e.(string)
			if !ok {
				b, _ := json.Marshal(e)
				s = string(b)
			}
			list[i] = s
		}
		return ListValue(list), true
	}
	b, _ := json.Marshal(v)
	return Value{Text: string(b)}, true
}

// FromAPI reads the configured keys back from what Ardoq holds, keeping a configured value where
// Ardoq's means the same ("12" for 12); a key without a value in Ardoq is left out.
func FromAPI(api client.CustomFields, configured map[string]Value) map[string]Value {
	if configured == nil {
		return nil
	}
	out := make(map[string]Value, len(configured))
	for key, want := range configured {
		got, ok := APIValue(api[key])
		if !ok {
			continue
		}
		if want.Means(got) {
			got = want
		}
		out[key] = got
	}
	return out
}

// AllFromAPI reads every field an entity has a value for, as the data sources show them.
func AllFromAPI(api client.CustomFields) map[string]Value {
	out := map[string]Value{}
	for key, v := range api {
		if fv, ok := APIValue(v); ok {
			out[key] = fv
		}
	}
	return out
}

// Means reports whether o, what Ardoq holds, is the value v stands for: the same text (so "12" Means
// 12 and "true" Means true), the same number where either is one ("12.50" Means 12.5), or the same
// instant where v is a date-time and o one in the form Ardoq gives DateTime values, UTC with
// milliseconds ("2024-03-01T09:00:00.000Z" for "2024-03-01T10:00:00+01:00"). The field's type is not
// known here, so a Text field holding a date-time that Ardoq's form replaced is taken as unchanged too.
func (v Value) Means(o Value) bool {
	switch {
	case v == o:
		return true
	case (v.Kind == ListField) != (o.Kind == ListField):
		return false
	case v.Text == o.Text:
		return true
	case v.Kind == NumberField || o.Kind == NumberField:
		a, okA := parseNumber(v.Text)
		b, okB := parseNumber(o.Text)
		return okA && okB && a.Cmp(b) == 0
	case v.Kind == StringField && o.Kind == StringField && ardoqDateTime.MatchString(o.Text):
		a, errA := time.Parse(time.RFC3339Nano, v.Text)
		b, errB := time.Parse(time.RFC3339Nano, o.Text)
		return errA == nil && errB == nil && a.Equal(b)
	}
	return false
}

// ardoqDateTime is the form Ardoq gives DateTime values in (FACTS.md §custom-fields).
var ardoqDateTime = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`)

// parseNumber reads decimal text as Terraform converts a string to a number.
func parseNumber(s string) (*big.Float, bool) {
	f, _, err := big.ParseFloat(s, 10, 512, big.ToNearestEven)
	if err != nil || f.IsInf() {
		return nil, false
	}
	return f, true
}

func CanonicalNumber(s string) string {
	if f, ok := parseNumber(s); ok {
		return f.Text('f', -1)
	}
	return s
}

// Equal compares two sets of values as written.
func Equal(a, b map[string]Value) bool { return maps.Equal(a, b) }

// Render writes what Ardoq holds (fields, by fieldsFromAPI) in the shape of prior, the configured
// value: a value as configured is kept exactly, another is written in the configured type where it
// reads as one (drift shows on that key), and a key without a value is null.
func Render(prior tftypes.Value, fields map[string]Value) tftypes.Value {
	priorFields := convert.ElementsOrNil(prior)
	if priorFields == nil {
		return prior
	}
	out := make(map[string]tftypes.Value, len(priorFields))
	for key, pv := range priorFields {
		v, ok := fields[key]
		if !ok {
			out[key] = tftypes.NewValue(pv.Type(), nil)
			continue
		}
		if pv.IsKnown() && !pv.IsNull() {
			if was, ok := fieldValueOf(pv); ok && was == v {
				out[key] = pv
				continue
			}
		}
		out[key] = v.as(pv.Type())
	}
	return convert.ObjectOrMap(prior.Type(), out)
}

// everyField writes every field an entity has in its natural type, or null when it has none: what the
// data sources show.
func everyField(api client.CustomFields) tftypes.Value { return Natural(AllFromAPI(api)) }

func (v Value) NaturalType() tftypes.Type {
	switch v.Kind {
	case NumberField:
		return tftypes.Number
	case BoolField:
		return tftypes.Bool
	case ListField:
		return tftypes.Tuple{}
	}
	return tftypes.String
}

// as writes v as a value of type t where it reads as one, and as its natural type otherwise.
func (v Value) as(t tftypes.Type) tftypes.Value {
	if v.Kind == ListField {
		var list []string
		_ = json.Unmarshal([]byte(v.Text), &list)
		return convert.StringListValue(t, list)
	}
	if tftypes.String.Is(t) || tftypes.Number.Is(t) || tftypes.Bool.Is(t) {
		return convert.TextValue(v.Text, t)
	}
	return convert.TextValue(v.Text, v.NaturalType())
}

func NonEmpty(cf client.CustomFields) client.CustomFields {
	if len(cf) == 0 {
		return nil
	}
	return cf
}

// DynamicValue is a single resource's custom_fields as the Terraform value the codec reads.
func DynamicValue(d types.Dynamic) tftypes.Value {
	v, err := d.ToTerraformValue(context.Background())
	if err != nil {
		return tftypes.NewValue(tftypes.DynamicPseudoType, nil)
	}
	return v
}

// Configured are the values of a single resource's custom_fields, as far as they are readable.
func Configured(d types.Dynamic) map[string]Value {
	fields, _, _ := Decode(path.Empty(), DynamicValue(d))
	return fields
}

// RenderDynamic is renderFields for a single resource's custom_fields (only the keys prior holds, so
// null after an import), or everyField for a data source (all).
func RenderDynamic(prior types.Dynamic, fields map[string]Value, api client.CustomFields, all bool) types.Dynamic {
	v := everyField(api)
	if !all {
		v = Render(DynamicValue(prior), fields)
	}
	out, err := types.DynamicType.ValueFromTerraform(context.Background(), v)
	if d, ok := out.(types.Dynamic); ok && err == nil {
		return d
	}
	return prior
}
