// Package convert turns values into text and back: tftypes objects and maps, attribute paths and types as
// configuration writes them, sorted keys, optional text. It knows nothing of Ardoq or of the provider.
package convert

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// ElementsOf returns the attributes of an object or the elements of a map.
func ElementsOf(v tftypes.Value) (map[string]tftypes.Value, bool) {
	if !v.Type().Is(tftypes.Object{}) && !v.Type().Is(tftypes.Map{}) {
		return nil, false
	}
	var elems map[string]tftypes.Value
	if err := v.As(&elems); err != nil {
		return nil, false
	}
	return elems, true
}

// ElementsOrNil is ElementsOf for a value that may be null, unknown or of no type: nil then.
func ElementsOrNil(v tftypes.Value) map[string]tftypes.Value {
	if v.Type() == nil || v.IsNull() || !v.IsKnown() {
		return nil
	}
	elems, _ := ElementsOf(v)
	return elems
}

// PathText writes an attribute path as configuration does: components["api"].custom_fields["cost"].
func PathText(p path.Path) string {
	var b strings.Builder
	for i, step := range p.Steps() {
		switch s := step.(type) {
		case path.PathStepAttributeName:
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(string(s))
		case path.PathStepElementKeyString:
			fmt.Fprintf(&b, "[%q]", string(s))
		}
	}
	return b.String()
}

// TypeText names a value's type the way Terraform users write types.
func TypeText(t tftypes.Type) string {
	switch {
	case t == nil:
		return "nothing"
	case t.Is(tftypes.Object{}):
		return "an object"
	case t.Is(tftypes.Map{}):
		return "a map"
	case t.Is(tftypes.List{}), t.Is(tftypes.Tuple{}), t.Is(tftypes.Set{}):
		return "a list"
	case tftypes.String.Is(t):
		return "a string"
	case tftypes.Number.Is(t):
		return "a number"
	case tftypes.Bool.Is(t):
		return "a boolean"
	}
	return t.String()
}

// TextValue writes s as a value of type t where s reads as one (a number, true or false), and as a
// string otherwise (the type then changes, which Terraform shows).
func TextValue(s string, t tftypes.Type) tftypes.Value {
	switch {
	case tftypes.Number.Is(t):
		if f, _, err := big.ParseFloat(s, 10, 512, big.ToNearestEven); err == nil {
			return tftypes.NewValue(tftypes.Number, f)
		}
	case tftypes.Bool.Is(t):
		if s == "true" || s == "false" {
			return tftypes.NewValue(tftypes.Bool, s == "true")
		}
	}
	return tftypes.NewValue(tftypes.String, s)
}

// StringListValue builds a list, set or tuple (as t is) of strings.
func StringListValue(t tftypes.Type, list []string) tftypes.Value {
	elems := make([]tftypes.Value, len(list))
	types := make([]tftypes.Type, len(list))
	for i, s := range list {
		elems[i], types[i] = tftypes.NewValue(tftypes.String, s), tftypes.String
	}
	switch {
	case t.Is(tftypes.List{}):
		return tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, elems)
	case t.Is(tftypes.Set{}):
		return tftypes.NewValue(tftypes.Set{ElementType: tftypes.String}, elems)
	}
	return tftypes.NewValue(tftypes.Tuple{ElementTypes: types}, elems)
}

// ObjectOrMap builds a map when the prior value was one and every element still has its element
// type, and an object otherwise.
func ObjectOrMap(prior tftypes.Type, elems map[string]tftypes.Value) tftypes.Value {
	if m, isMap := prior.(tftypes.Map); isMap {
		same := true
		for _, v := range elems {
			same = same && v.Type().Equal(m.ElementType)
		}
		if same {
			return tftypes.NewValue(m, elems)
		}
	}
	types := make(map[string]tftypes.Type, len(elems))
	for k, v := range elems {
		types[k] = v.Type()
	}
	return tftypes.NewValue(tftypes.Object{AttributeTypes: types}, elems)
}

// ScalarText renders a known string, number or boolean as text.
func ScalarText(v tftypes.Value) (string, bool) {
	switch {
	case tftypes.String.Is(v.Type()):
		var s string
		err := v.As(&s)
		return s, err == nil
	case tftypes.Number.Is(v.Type()):
		var f big.Float
		if v.As(&f) != nil {
			return "", false
		}
		return f.Text('f', -1), true
	case tftypes.Bool.Is(v.Type()):
		var b bool
		if v.As(&b) != nil {
			return "", false
		}
		return strconv.FormatBool(b), true
	}
	return "", false
}

// Plural is n with the noun, in the singular for one: Plural(1, "entity", "entities") is "1 entity",
// Plural(3, "entity", "entities") "3 entities".
func Plural(n int, singular, plural string) string {
	if n == 1 {
		return "1 " + singular
	}
	return strconv.Itoa(n) + " " + plural
}

// TextOf is a pointer's string, "" for nil.
func TextOf(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
