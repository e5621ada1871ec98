package provider

import (
	"fmt"
	"net/mail"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

var userIDPattern = regexp.MustCompile(`^[0-9a-f]{24}$`)

// validateCustomFields checks planned custom fields against a workspace's definitions: the key must
// exist, be allowed for the entity's type, be writable, and its value must fit the field's type.
func validateCustomFields(planned types.Dynamic, defs []client.Field, allowed []string, typeName string) diag.Diagnostics {
	var diags diag.Diagnostics
	entries, ok := customFieldEntries(planned)
	if !ok {
		return diags
	}
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		at := path.Root("custom_fields").AtMapKey(key)
		idx := slices.IndexFunc(defs, func(f client.Field) bool { return f.APIKey == key })
		if idx < 0 {
			diags.AddAttributeError(at, "Unknown Custom Field",
				fmt.Sprintf("The workspace has no custom field with API key %q. Fields allowed on %q: %s.", key, typeName, strings.Join(allowed, ", ")))
			continue
		}
		f := defs[idx]
		switch {
		case !slices.Contains(allowed, key):
			diags.AddAttributeError(at, "Custom Field Not Allowed on Type",
				fmt.Sprintf("Custom field %q is not allowed on type %q. Fields allowed on it: %s.", key, typeName, strings.Join(allowed, ", ")))
		case f.Calculated:
			diags.AddAttributeError(at, "Calculated Custom Field",
				fmt.Sprintf("Custom field %q is calculated by Ardoq and cannot be set; remove it from custom_fields.", key))
		case f.ReadOnly:
			diags.AddAttributeError(at, "Read-Only Custom Field",
				fmt.Sprintf("Custom field %q is read-only and cannot be set; remove it from custom_fields.", key))
		default:
			if msg := checkFieldValue(f, entries[key]); msg != "" {
				diags.AddAttributeError(at, "Invalid Custom Field Value", fmt.Sprintf("Custom field %q (%s): %s.", key, f.Type, msg))
			}
		}
	}
	return diags
}

// checkFieldValue returns what is wrong with a value for a field, or "" (unknown and null values pass).
func checkFieldValue(f client.Field, v attr.Value) string {
	if d, ok := v.(types.Dynamic); ok {
		v = d.UnderlyingValue()
	}
	if v == nil || v.IsNull() || v.IsUnknown() {
		return ""
	}
	str, isStr := v.(types.String)
	switch f.Type {
	case "Number":
		if _, ok := v.(types.Number); !ok {
			return "needs a number, for example 12.5"
		}
	case "Checkbox":
		if _, ok := v.(types.Bool); !ok {
			return "needs true or false"
		}
	case "SelectMultipleList":
		values, err := attrToAPI(v)
		list, ok := values.([]string)
		if err != nil || !ok {
			return fmt.Sprintf("needs a list of strings among %q", f.Options)
		}
		for _, s := range list {
			if !slices.Contains(f.Options, s) {
				return fmt.Sprintf("%q is not one of the options %q", s, f.Options)
			}
		}
	default:
		if !isStr {
			return "needs a string"
		}
		return checkStringField(f, str.ValueString())
	}
	return ""
}

func checkStringField(f client.Field, s string) string {
	switch f.Type {
	case "List":
		if !slices.Contains(f.Options, s) {
			return fmt.Sprintf("%q is not one of the options %q", s, f.Options)
		}
	case "DateTime":
		if _, err := time.Parse(time.RFC3339, s); err != nil {
			return fmt.Sprintf("%q is not an ISO-8601 date-time such as 2024-01-31T12:00:00Z", s)
		}
	case "Email":
		if _, err := mail.ParseAddress(s); err != nil || strings.ContainsAny(s, "<> ") {
			return fmt.Sprintf("%q is not an email address", s)
		}
	case "User":
		if !userIDPattern.MatchString(s) {
			return fmt.Sprintf("%q is not a user id (24 hexadecimal characters)", s)
		}
	}
	return ""
}
