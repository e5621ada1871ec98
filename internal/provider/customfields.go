package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"regexp"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
)

// The one custom-field codec of ardoq_component, ardoq_reference and ardoq_batch: values are decoded
// from Terraform (decodeFields), checked and typed for the API by each field's definition
// (encodeFields, with the checks in customfields_validate.go), read back keeping the configuration's
// way of writing them (fieldsFromAPI) and rendered in the configuration's shape (renderFields).
//
// A value may be written as Terraform would convert it to the field's type: a Number field takes a
// number or a string of decimal text ("12"), a Checkbox field a boolean or "true"/"false", text fields
// a string, number or boolean. It is sent typed, and state keeps it as written.
//
// The one rule, after a create and after an import alike: state holds exactly the keys the
// configuration manages, and Terraform changes exactly those. custom_fields is Optional and not
// Computed, so the planned value is the configuration; the prior state decides what the plan shows
// and what an update clears. An import cannot know the configuration it will meet, and anything it
// recorded would show as removed under a configuration without custom_fields (and be cleared by the
// update), so an import records none: custom_fields is null after an import (and absent from every
// item of an ardoq_batch import, and from the list resources' results), as in a configuration that
// never had it; a configuration naming fields then plans them as added and the update sends exactly
// those. This is the Google provider's rule for its non-authoritative labels (empty after an import).
// Optional+Computed would let an import record every field, but a configuration naming some would
// then plan the others as removed while nothing clears them, and removing a key could clear nothing.
// A null value is the same as leaving the key out; removing a key that state holds (one Terraform
// set) clears that field on update; a key Terraform never set is never cleared. A state written by an
// import before this rule holds every field: its calculated and read-only values are kept without
// being sent, and dropping them clears nothing (encodeFields).

const customFieldsDescription = "Custom field values keyed by the field's API key, in their natural types: strings for Text, " +
	"TextArea, Email, Url, DateTime, List and User fields, numbers for Number fields, booleans for Checkbox fields and lists of " +
	"strings for SelectMultipleList fields. A value Terraform converts to the field's type is accepted too, and sent typed: " +
	"`\"12.5\"` for a Number field, `\"true\"` for a Checkbox field, `12` for a Text field. Keys and values are checked at plan " +
	"time against the workspace's field definitions; calculated and read-only fields cannot be set. Only the keys given here " +
	"are managed, by one rule after a create and after an import: fields set in Ardoq but absent here (or `null`) cause no " +
	"diff and are never sent, and removing a key Terraform set clears that field in Ardoq. An import takes over no custom " +
	"field and records none, so a configuration without them plans no change and nothing is cleared, and one naming fields " +
	"plans them as added, whatever Ardoq holds, and sends exactly those values on apply (Ardoq keeps every other field). " +
	"The data sources read every field an entity has. Every field type's HCL form, DateTime's format included, is in " +
	"[Custom field values](component#custom-field-values) on the `ardoq_component` page."

// fieldKind is what a custom field value is written as.
type fieldKind uint8

const (
	stringField fieldKind = iota
	numberField
	boolField
	listField
)

// fieldValue is one custom field value as all three resources hold it: a string, number or boolean
// as text (a number in decimal, a boolean as true or false), or a list of strings as JSON, with what
// it is written as. It is comparable, so values compare with ==.
type fieldValue struct {
	text string
	kind fieldKind
}

func (v fieldValue) String() string {
	if v.kind == stringField {
		return strconv.Quote(v.text)
	}
	return v.text
}

// fieldValueOf reads a known, non-null Terraform value; ok is false for anything but a string, number,
// boolean or list of strings.
func fieldValueOf(v tftypes.Value) (fieldValue, bool) {
	if s, ok := convert.ScalarText(v); ok {
		kind := stringField
		switch {
		case v.Type().Is(tftypes.Number):
			kind = numberField
		case v.Type().Is(tftypes.Bool):
			kind = boolField
		}
		return fieldValue{text: s, kind: kind}, true
	}
	if !v.Type().Is(tftypes.List{}) && !v.Type().Is(tftypes.Tuple{}) && !v.Type().Is(tftypes.Set{}) {
		return fieldValue{}, false
	}
	var elems []tftypes.Value
	if v.As(&elems) != nil {
		return fieldValue{}, false
	}
	list := make([]string, 0, len(elems))
	for _, e := range elems {
		var s string
		if !e.Type().Is(tftypes.String) || !e.IsKnown() || e.IsNull() || e.As(&s) != nil {
			return fieldValue{}, false
		}
		list = append(list, s)
	}
	return listValue(list), true
}

func listValue(list []string) fieldValue {
	b, _ := json.Marshal(list)
	return fieldValue{text: string(b), kind: listField}
}

// decodeFields reads a custom_fields value at p: keys with null values are left out, and known is
// false when some value is not known yet (its key is left out too).
func decodeFields(p path.Path, v tftypes.Value) (fields map[string]fieldValue, known bool, diags diag.Diagnostics) {
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
	fields = make(map[string]fieldValue, len(elems))
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

// encodeFields checks values against scope and types them for the API. prior are the values the entity
// had (nil for a create): a key it had that values lack is sent as null, which clears the field.
func encodeFields(p path.Path, values, prior map[string]fieldValue, scope fieldScope) (client.CustomFields, diag.Diagnostics) {
	var diags diag.Diagnostics
	out := client.CustomFields{}
	for _, key := range convert.SortedKeys(values) {
		at := p.AtMapKey(key)
		f, known := scope.field(key)
		if was, managed := prior[key]; managed && known && settledByArdoq(f) && was.means(values[key]) {
			continue // a calculated or read-only value state holds, unchanged (an earlier version's import recorded it): nothing to send
		}
		if summary, problem := scope.problem(f, known, key); problem != "" {
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
		if f, known := scope.field(key); known && settledByArdoq(f) {
			continue // Ardoq sets it: dropping it from the configuration only stops managing it
		}
		if _, kept := values[key]; !kept {
			out[key] = nil
		}
	}
	return out, diags
}

// settledByArdoq is a field no client writes: calculated, or read-only.
func settledByArdoq(f client.Field) bool { return f.Calculated || f.ReadOnly }

// apiFieldValue reads a value from the API; ok is false when there is none.
func apiFieldValue(v any) (fieldValue, bool) {
	switch x := v.(type) {
	case nil:
		return fieldValue{}, false
	case string:
		return fieldValue{text: x}, true
	case bool:
		return fieldValue{text: strconv.FormatBool(x), kind: boolField}, true
	case json.Number:
		return fieldValue{text: canonicalNumber(x.String()), kind: numberField}, true
	case float64:
		return fieldValue{text: strconv.FormatFloat(x, 'f', -1, 64), kind: numberField}, true
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
		return listValue(list), true
	}
	b, _ := json.Marshal(v)
	return fieldValue{text: string(b)}, true
}

// fieldsFromAPI reads the configured keys back from what Ardoq holds, keeping a configured value where
// Ardoq's means the same ("12" for 12); a key without a value in Ardoq is left out.
func fieldsFromAPI(api client.CustomFields, configured map[string]fieldValue) map[string]fieldValue {
	if configured == nil {
		return nil
	}
	out := make(map[string]fieldValue, len(configured))
	for key, want := range configured {
		got, ok := apiFieldValue(api[key])
		if !ok {
			continue
		}
		if want.means(got) {
			got = want
		}
		out[key] = got
	}
	return out
}

// allFieldsFromAPI reads every field an entity has a value for, as the data sources show them.
func allFieldsFromAPI(api client.CustomFields) map[string]fieldValue {
	out := map[string]fieldValue{}
	for key, v := range api {
		if fv, ok := apiFieldValue(v); ok {
			out[key] = fv
		}
	}
	return out
}

// means reports whether o, what Ardoq holds, is the value v stands for: the same text (so "12" means
// 12 and "true" means true), the same number where either is one ("12.50" means 12.5), or the same
// instant where v is a date-time and o one in the form Ardoq gives DateTime values, UTC with
// milliseconds ("2024-03-01T09:00:00.000Z" for "2024-03-01T10:00:00+01:00"). The field's type is not
// known here, so a Text field holding a date-time that Ardoq's form replaced is taken as unchanged too.
func (v fieldValue) means(o fieldValue) bool {
	switch {
	case v == o:
		return true
	case (v.kind == listField) != (o.kind == listField):
		return false
	case v.text == o.text:
		return true
	case v.kind == numberField || o.kind == numberField:
		a, okA := parseNumber(v.text)
		b, okB := parseNumber(o.text)
		return okA && okB && a.Cmp(b) == 0
	case v.kind == stringField && o.kind == stringField && ardoqDateTime.MatchString(o.text):
		a, errA := time.Parse(time.RFC3339Nano, v.text)
		b, errB := time.Parse(time.RFC3339Nano, o.text)
		return errA == nil && errB == nil && a.Equal(b)
	}
	return false
}

// ardoqDateTime is the form Ardoq gives DateTime values in.
var ardoqDateTime = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`)

// parseNumber reads decimal text as Terraform converts a string to a number.
func parseNumber(s string) (*big.Float, bool) {
	f, _, err := big.ParseFloat(s, 10, 512, big.ToNearestEven)
	if err != nil || f.IsInf() {
		return nil, false
	}
	return f, true
}

func canonicalNumber(s string) string {
	if f, ok := parseNumber(s); ok {
		return f.Text('f', -1)
	}
	return s
}

// fieldsEqual compares two sets of values as written.
func fieldsEqual(a, b map[string]fieldValue) bool { return maps.Equal(a, b) }

// renderFields writes what Ardoq holds (fields, by fieldsFromAPI) in the shape of prior, the configured
// value: a value as configured is kept exactly, another is written in the configured type where it
// reads as one (drift shows on that key), and a key without a value is null.
func renderFields(prior tftypes.Value, fields map[string]fieldValue) tftypes.Value {
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

// everyField writes every field an entity has in its natural type (a list as HCL's list literal, a
// tuple), or null when it has none: what the data sources show.
func everyField(api client.CustomFields) tftypes.Value {
	all := allFieldsFromAPI(api)
	if len(all) == 0 {
		return tftypes.NewValue(tftypes.DynamicPseudoType, nil)
	}
	out := make(map[string]tftypes.Value, len(all))
	for key, v := range all {
		out[key] = v.as(v.naturalType())
	}
	return convert.ObjectOrMap(tftypes.Object{}, out)
}

func (v fieldValue) naturalType() tftypes.Type {
	switch v.kind {
	case numberField:
		return tftypes.Number
	case boolField:
		return tftypes.Bool
	case listField:
		return tftypes.Tuple{}
	}
	return tftypes.String
}

// as writes v as a value of type t where it reads as one, and as its natural type otherwise.
func (v fieldValue) as(t tftypes.Type) tftypes.Value {
	if v.kind == listField {
		var list []string
		_ = json.Unmarshal([]byte(v.text), &list)
		return convert.StringListValue(t, list)
	}
	if t.Is(tftypes.String) || t.Is(tftypes.Number) || t.Is(tftypes.Bool) {
		return convert.TextValue(v.text, t)
	}
	return convert.TextValue(v.text, v.naturalType())
}

func nonEmpty(cf client.CustomFields) client.CustomFields {
	if len(cf) == 0 {
		return nil
	}
	return cf
}

// dynamicValue is a single resource's custom_fields as the Terraform value the codec reads.
func dynamicValue(d types.Dynamic) tftypes.Value {
	v, err := d.ToTerraformValue(context.Background())
	if err != nil {
		return tftypes.NewValue(tftypes.DynamicPseudoType, nil)
	}
	return v
}

// configuredFields are the values of a single resource's custom_fields, as far as they are readable.
func configuredFields(d types.Dynamic) map[string]fieldValue {
	fields, _, _ := decodeFields(path.Empty(), dynamicValue(d))
	return fields
}

// renderDynamic is renderFields for a single resource's custom_fields (only the keys prior holds, so
// null after an import), or everyField for a data source (all).
func renderDynamic(prior types.Dynamic, fields map[string]fieldValue, api client.CustomFields, all bool) types.Dynamic {
	v := everyField(api)
	if !all {
		v = renderFields(dynamicValue(prior), fields)
	}
	out, err := types.DynamicType.ValueFromTerraform(context.Background(), v)
	if d, ok := out.(types.Dynamic); ok && err == nil {
		return d
	}
	return prior
}
