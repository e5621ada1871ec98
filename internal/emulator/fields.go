package emulator

import (
	"fmt"
	"maps"
	"net/mail"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

var userIDPattern = regexp.MustCompile(`^[0-9a-f]{24}$`)

// canon renders a scalar custom field value so that equal values (after typing) compare equal.
func canon(v any) string {
	switch x := v.(type) {
	case string:
		return "s:" + x
	case float64:
		return "n:" + strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		return "b:" + strconv.FormatBool(x)
	default:
		return fmt.Sprintf("?:%v", x)
	}
}

func (m *Model) field(apiKey string) (*Field, bool) {
	for i := range m.Fields {
		if m.Fields[i].APIKey == apiKey {
			return &m.Fields[i], true
		}
	}
	return nil, false
}

func (m *Model) componentType(typeID string) (*ComponentType, bool) {
	for i := range m.ComponentTypes {
		if m.ComponentTypes[i].TypeID == typeID {
			return &m.ComponentTypes[i], true
		}
	}
	return nil, false
}

func (m *Model) referenceType(t int64) (*ReferenceType, bool) {
	for i := range m.ReferenceTypes {
		if m.ReferenceTypes[i].Type == t {
			return &m.ReferenceTypes[i], true
		}
	}
	return nil, false
}

// checkCustomFields validates values (nil means "clear") against the field definitions of a model and the
// keys allowed for the entity's type. It returns the values with numbers normalised to float64.
func checkCustomFields(m *Model, allowed []string, typeName string, values map[string]any) (map[string]any, error) {
	out := make(map[string]any, len(values))
	for _, key := range slices.Sorted(maps.Keys(values)) {
		v := values[key]
		f, ok := m.field(key)
		if !ok {
			return nil, fmt.Errorf("customFields.%s: unknown custom field; the workspace context lists the fields that exist", key)
		}
		if !slices.Contains(allowed, key) {
			return nil, fmt.Errorf("customFields.%s: field is not allowed on type %q", key, typeName)
		}
		if f.Calculated {
			return nil, fmt.Errorf("customFields.%s: field is calculated and cannot be set", key)
		}
		if f.ReadOnly {
			return nil, fmt.Errorf("customFields.%s: field is read-only and cannot be set", key)
		}
		if v == nil {
			out[key] = nil
			continue
		}
		norm, err := checkValue(f, v)
		if err != nil {
			return nil, fmt.Errorf("customFields.%s: %w", key, err)
		}
		out[key] = norm
	}
	return out, nil
}

func checkValue(f *Field, v any) (any, error) {
	str, isStr := v.(string)
	switch f.Type {
	case "Text", "TextArea":
		if !isStr {
			return nil, fmt.Errorf("%s field needs a string, got %s", f.Type, jsonKind(v))
		}
	case "Number":
		n, ok := toFloat(v)
		if !ok {
			return nil, fmt.Errorf("%s field needs a number, got %s", f.Type, jsonKind(v))
		}
		return n, nil
	case "Checkbox":
		if _, ok := v.(bool); !ok {
			return nil, fmt.Errorf("%s field needs a boolean, got %s", f.Type, jsonKind(v))
		}
	case "DateTime":
		if !isStr {
			return nil, fmt.Errorf("%s field needs an ISO-8601 string, got %s", f.Type, jsonKind(v))
		}
		if _, err := time.Parse(time.RFC3339, str); err != nil {
			return nil, fmt.Errorf("%s field needs an ISO-8601 date-time such as 2024-01-31T12:00:00Z, got %q", f.Type, str)
		}
	case "Email":
		if _, err := mail.ParseAddress(str); !isStr || err != nil || strings.ContainsAny(str, "<> ") {
			return nil, fmt.Errorf("%s field needs an email address, got %v", f.Type, v)
		}
	case "Url":
		if !isStr || str == "" || strings.ContainsAny(str, " \t\n") {
			return nil, fmt.Errorf("%s field needs a URL string, got %v", f.Type, v)
		}
	case "User":
		if !isStr || !userIDPattern.MatchString(str) {
			return nil, fmt.Errorf("%s field needs a user id (24 hex characters), got %v", f.Type, v)
		}
	case "List":
		if !isStr || !slices.Contains(f.Options, str) {
			return nil, fmt.Errorf("%s field needs one of %s, got %v", f.Type, quoteAll(f.Options), v)
		}
	case "SelectMultipleList":
		arr, ok := v.([]any)
		if !ok {
			return nil, fmt.Errorf("%s field needs an array of strings, got %s", f.Type, jsonKind(v))
		}
		for _, e := range arr {
			s, ok := e.(string)
			if !ok || !slices.Contains(f.Options, s) {
				return nil, fmt.Errorf("%s field needs values among %s, got %v", f.Type, quoteAll(f.Options), e)
			}
		}
	default:
		return nil, fmt.Errorf("field has unsupported type %q", f.Type)
	}
	return v, nil
}

// coerceFilter interprets a filter string (query parameter, alias or match criterion) by the field's type.
func coerceFilter(f *Field, s string) (any, error) {
	switch f.Type {
	case "Number":
		n, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("customFields.%s is a Number field; %q is not a number", f.APIKey, s)
		}
		return n, nil
	case "Checkbox":
		b, err := strconv.ParseBool(s)
		if err != nil {
			return nil, fmt.Errorf("customFields.%s is a Checkbox field; use true or false, not %q", f.APIKey, s)
		}
		return b, nil
	default:
		return s, nil
	}
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	}
	return 0, false
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case float64, int, int64:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
