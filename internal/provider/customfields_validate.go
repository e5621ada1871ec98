package provider

import (
	"encoding/json"
	"fmt"
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

var userIDPattern = regexp.MustCompile(`^[0-9a-f]{24}$`)

// fieldScope is what an entity's custom fields are checked and typed against: its workspace's model
// (nil when not known, and then nothing is checked) and the fields its type allows (nil when the type
// is not known). Without a model, typing may use the definitions of other models (ardoq_batch's other
// workspaces); a field defined nowhere is sent as written.
type fieldScope struct {
	model    *client.WorkspaceContext
	allowed  []string
	typeName string
	typing   []*client.WorkspaceContext
}

func componentFieldScope(model *client.WorkspaceContext, typeID string) fieldScope {
	typ, ok := wsmodel.ComponentTypeOf(model, typeID)
	if !ok {
		return fieldScope{model: model}
	}
	return fieldScope{model: model, allowed: typ.CustomFields, typeName: typ.Name}
}

func referenceFieldScope(model *client.WorkspaceContext, typ int64) fieldScope {
	t, ok := wsmodel.ReferenceTypeOf(model, typ)
	if !ok {
		return fieldScope{model: model}
	}
	return fieldScope{model: model, allowed: t.CustomFields, typeName: t.Name}
}

// field finds a field's definition.
func (s fieldScope) field(apiKey string) (client.Field, bool) {
	models := s.typing
	if s.model != nil {
		models = []*client.WorkspaceContext{s.model}
	}
	for _, m := range models {
		if i := slices.IndexFunc(m.CustomFields, func(f client.Field) bool { return f.APIKey == apiKey }); i >= 0 {
			return m.CustomFields[i], true
		}
	}
	return client.Field{}, false
}

// problem says why a field cannot be set on the entity, with the fields that can ("" when it can).
func (s fieldScope) problem(f client.Field, known bool, apiKey string) (summary, problem string) {
	switch {
	case s.model == nil:
	case !known && s.allowed == nil:
		keys := make([]string, 0, len(s.model.CustomFields))
		for _, def := range s.model.CustomFields {
			keys = append(keys, def.APIKey)
		}
		return "Unknown Custom Field", fmt.Sprintf("workspace %s has no custom field %q%s. Its fields you can set: %s.", s.model.RootWorkspace,
			apiKey, closestKeys(apiKey, s.settable(keys)), listOrNone(s.settable(keys)))
	case !known:
		return "Unknown Custom Field", fmt.Sprintf("the workspace has no custom field %q%s. Fields you can set on %q: %s.", apiKey,
			closestKeys(apiKey, s.settable(s.allowed)), s.typeName, listOrNone(s.settable(s.allowed)))
	case s.allowed != nil && !slices.Contains(s.allowed, apiKey):
		return "Custom Field Not Allowed on Type", fmt.Sprintf("custom field %q is not allowed on type %q. Fields you can set on it: %s.", apiKey,
			s.typeName, listOrNone(s.settable(s.allowed)))
	case f.Calculated:
		return "Calculated Custom Field", fmt.Sprintf("custom field %q is calculated by Ardoq and cannot be set; remove it.", apiKey)
	case f.ReadOnly:
		return "Read-Only Custom Field", fmt.Sprintf("custom field %q is read-only and cannot be set; remove it.", apiKey)
	}
	return "", ""
}

// settable leaves out of keys the fields Ardoq settles (calculated or read-only), which no one can set.
func (s fieldScope) settable(keys []string) []string {
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if f, ok := s.field(k); !ok || !settledByArdoq(f) {
			out = append(out, k)
		}
	}
	return out
}

func listOrNone(keys []string) string {
	if len(keys) == 0 {
		return "none"
	}
	return strings.Join(keys, ", ")
}

// closestKeys is `; closest: "cost"` for a misspelt key, or "" when no key comes close.
func closestKeys(key string, keys []string) string {
	if near := wsmodel.ClosestNames(key, keys); len(near) > 0 {
		return "; closest: " + wsmodel.QuotedList(near)
	}
	return ""
}

// encodeField types a value for the API by its field's definition (known is false without one: the
// value goes as written), or says why the value does not convert to the field's type.
func encodeField(v fieldValue, f client.Field, known bool) (any, string) {
	if !known {
		return v.natural(), ""
	}
	switch f.Type {
	case "Number":
		n, ok := parseNumber(v.text) // a number, or a string of one
		if !ok {
			return nil, v.String() + " is not a number"
		}
		return json.Number(n.Text('f', -1)), ""
	case "Checkbox":
		if v.text != "true" && v.text != "false" { // a boolean, or a string of one
			return nil, v.String() + " is not true or false"
		}
		return v.text == "true", ""
	case "SelectMultipleList":
		var list []string
		if v.kind != listField || json.Unmarshal([]byte(v.text), &list) != nil {
			return nil, fmt.Sprintf("%s is not a list of strings among the options %q", v, f.Options)
		}
		for _, s := range list {
			if !slices.Contains(f.Options, s) {
				return nil, fmt.Sprintf("%q is not one of the options %q", s, f.Options)
			}
		}
		return list, ""
	}
	if v.kind == listField {
		return nil, v.String() + " is not a string"
	}
	return v.text, checkStringField(f, v.text)
}

// natural is the value as written: a string, a number, a boolean or a list of strings.
func (v fieldValue) natural() any {
	switch v.kind {
	case numberField:
		return json.Number(v.text)
	case boolField:
		return v.text == "true"
	case listField:
		var list []string
		_ = json.Unmarshal([]byte(v.text), &list)
		return list
	}
	return v.text
}

func checkStringField(f client.Field, s string) string {
	switch f.Type {
	case "List":
		if !slices.Contains(f.Options, s) {
			return fmt.Sprintf("%q is not one of the options %q", s, f.Options)
		}
	case "DateTime":
		if _, err := time.Parse(time.RFC3339, s); err != nil {
			return fmt.Sprintf("%q is not an RFC 3339 date-time: a date, T, a time with seconds and a zone, such as "+
				"2024-01-31T12:00:00Z or 2024-01-31T13:00:00+01:00 (for a day alone, midnight UTC: 2024-01-31T00:00:00Z)", s)
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

// checkCustomFields checks an ardoq_component's or ardoq_reference's planned custom fields at plan
// time, as ardoq_batch checks its items' (values not known yet are left for apply). prior is the state's
// (null on create): a calculated or read-only value kept as imported is accepted.
func checkCustomFields(planned, prior types.Dynamic, scope fieldScope) diag.Diagnostics {
	values, _, diags := decodeFields(path.Root("custom_fields"), dynamicValue(planned))
	if diags.HasError() {
		return diags
	}
	was, _, _ := decodeFields(path.Root("custom_fields"), dynamicValue(prior))
	_, d := encodeFields(path.Root("custom_fields"), values, was, scope)
	diags.Append(d...)
	var cleared []string
	for key := range was {
		if _, kept := values[key]; !kept {
			cleared = append(cleared, key)
		}
	}
	if cleared = scope.settable(cleared); len(cleared) > 0 {
		slices.Sort(cleared)
		diags.AddAttributeWarning(path.Root("custom_fields"), "Custom Fields Cleared in Ardoq", fmt.Sprintf("This plan clears the custom fields %s in "+
			"Ardoq: the state holds them and the configuration no longer names them, and removing a key clears the field. If they "+
			"are in the state because an earlier version of this provider imported the resource (it recorded every field the "+
			"entity had; an import now takes over none), name the fields to keep them, or run terraform state rm and import the "+
			"resource again.", wsmodel.QuotedList(cleared)))
	}
	return diags
}

// fieldScopeLookup finds the scope an ardoq_component's or ardoq_reference's custom fields are typed by
// when they are sent (the workspace's model, read once per run); it is called only when there are
// values to send.
type fieldScopeLookup func() (fieldScope, error)

// encodeWith encodes a single resource's custom fields, looking their scope up only when there are
// values to type.
func encodeWith(lookup fieldScopeLookup, values, prior map[string]fieldValue) (client.CustomFields, diag.Diagnostics) {
	var scope fieldScope
	if len(values) > 0 {
		s, err := lookup()
		if err != nil {
			var diags diag.Diagnostics
			diagnostics.AddClientError(&diags, "Unable to Read Workspace Context", err)
			return nil, diags
		}
		scope = s
	}
	return encodeFields(path.Root("custom_fields"), values, prior, scope)
}
