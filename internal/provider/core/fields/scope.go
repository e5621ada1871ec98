package fields

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

// Scope is what an entity's custom fields are checked and typed against: its workspace's model
// (nil when not known, and then nothing is checked) and the fields its type allows (nil when the type
// is not known). Without a model, typing may use the definitions of other models (ardoq_batch's other
// workspaces); a field defined nowhere is sent as written.
type Scope struct {
	Model    *client.WorkspaceContext
	Allowed  []string
	TypeName string
	Typing   []*client.WorkspaceContext
}

func ComponentScope(model *client.WorkspaceContext, typeID string) Scope {
	typ, ok := wsmodel.ComponentTypeOf(model, typeID)
	if !ok {
		return Scope{Model: model}
	}
	return Scope{Model: model, Allowed: typ.CustomFields, TypeName: typ.Name}
}

func ReferenceScope(model *client.WorkspaceContext, typ int64) Scope {
	t, ok := wsmodel.ReferenceTypeOf(model, typ)
	if !ok {
		return Scope{Model: model}
	}
	return Scope{Model: model, Allowed: t.CustomFields, TypeName: t.Name}
}

// Field finds a Field's definition.
func (s Scope) Field(apiKey string) (client.Field, bool) {
	models := s.Typing
	if s.Model != nil {
		models = []*client.WorkspaceContext{s.Model}
	}
	for _, m := range models {
		if i := slices.IndexFunc(m.CustomFields, func(f client.Field) bool { return f.APIKey == apiKey }); i >= 0 {
			return m.CustomFields[i], true
		}
	}
	return client.Field{}, false
}

// Problem says why a field cannot be set on the entity, with the fields that can ("" when it can).
func (s Scope) Problem(f client.Field, known bool, apiKey string) (summary, problem string) {
	switch {
	case s.Model == nil:
	case !known && s.Allowed == nil:
		keys := make([]string, 0, len(s.Model.CustomFields))
		for _, def := range s.Model.CustomFields {
			keys = append(keys, def.APIKey)
		}
		return "Unknown Custom Field", fmt.Sprintf("workspace %s has no custom field %q%s. Its fields you can set: %s.", s.Model.RootWorkspace,
			apiKey, closestKeys(apiKey, s.settable(keys)), listOrNone(s.settable(keys)))
	case !known:
		return "Unknown Custom Field", fmt.Sprintf("the workspace has no custom field %q%s. Fields you can set on %q: %s.", apiKey,
			closestKeys(apiKey, s.settable(s.Allowed)), s.TypeName, listOrNone(s.settable(s.Allowed)))
	case s.Allowed != nil && !slices.Contains(s.Allowed, apiKey):
		return "Custom Field Not Allowed on Type", fmt.Sprintf("custom field %q is not allowed on type %q. Fields you can set on it: %s.", apiKey,
			s.TypeName, listOrNone(s.settable(s.Allowed)))
	case f.Calculated:
		return "Calculated Custom Field", fmt.Sprintf("custom field %q is calculated by Ardoq and cannot be set; remove it.", apiKey)
	case f.ReadOnly:
		return "Read-Only Custom Field", fmt.Sprintf("custom field %q is read-only and cannot be set; remove it.", apiKey)
	}
	return "", ""
}

// settable leaves out of keys the fields Ardoq settles (calculated or read-only), which no one can set.
func (s Scope) settable(keys []string) []string {
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if f, ok := s.Field(k); !ok || !SettledByArdoq(f) {
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
func encodeField(v Value, f client.Field, known bool) (any, string) {
	if !known {
		return v.Natural(), ""
	}
	switch f.Type {
	case "Number":
		n, ok := parseNumber(v.Text) // a number, or a string of one
		if !ok {
			return nil, v.String() + " is not a number"
		}
		return json.Number(n.Text('f', -1)), ""
	case "Checkbox":
		if v.Text != "true" && v.Text != "false" { // a boolean, or a string of one
			return nil, v.String() + " is not true or false"
		}
		return v.Text == "true", ""
	case "SelectMultipleList":
		var list []string
		if v.Kind != ListField || json.Unmarshal([]byte(v.Text), &list) != nil {
			return nil, fmt.Sprintf("%s is not a list of strings among the options %q", v, f.Options)
		}
		for _, s := range list {
			if !slices.Contains(f.Options, s) {
				return nil, fmt.Sprintf("%q is not one of the options %q", s, f.Options)
			}
		}
		return list, ""
	}
	if v.Kind == ListField {
		return nil, v.String() + " is not a string"
	}
	return v.Text, checkStringField(f, v.Text)
}

// Natural is the value as written: a string, a number, a boolean or a list of strings.
func (v Value) Natural() any {
	switch v.Kind {
	case NumberField:
		return json.Number(v.Text)
	case BoolField:
		return v.Text == "true"
	case ListField:
		var list []string
		_ = json.Unmarshal([]byte(v.Text), &list)
		return list
	}
	return v.Text
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

// Check checks an ardoq_component's or ardoq_reference's planned custom fields at plan
// time, as ardoq_batch checks its items' (values not known yet are left for apply). prior is the state's
// (null on create): a calculated or read-only value kept as imported is accepted.
func Check(planned, prior types.Dynamic, scope Scope) diag.Diagnostics {
	values, _, diags := Decode(path.Root("custom_fields"), DynamicValue(planned))
	if diags.HasError() {
		return diags
	}
	was, _, _ := Decode(path.Root("custom_fields"), DynamicValue(prior))
	_, d := Encode(path.Root("custom_fields"), values, was, scope)
	diags.Append(d...)
	var cleared []string
	for key := range was {
		if _, kept := values[key]; !kept {
			cleared = append(cleared, key)
		}
	}
	if cleared = scope.settable(cleared); len(cleared) > 0 {
		slices.Sort(cleared)
		diags.AddAttributeWarning(path.Root("custom_fields"), clearedSummary(len(cleared)), clearedDetail(cleared))
	}
	return diags
}

// clearedSummary is the title of the warning of a plan that clears n custom fields.
func clearedSummary(n int) string {
	if n == 1 {
		return "Custom Field Will Be Cleared in Ardoq"
	}
	return "Custom Fields Will Be Cleared in Ardoq"
}

// clearedDetail says which fields a plan clears, in the singular for one.
func clearedDetail(cleared []string) string {
	if len(cleared) == 1 {
		return fmt.Sprintf("This plan clears the custom field %s in Ardoq: the state holds it (Terraform set it, or an import "+
			"recorded it) and the configuration does not name it. To keep it, name it in custom_fields with its value.", wsmodel.QuotedList(cleared))
	}
	return fmt.Sprintf("This plan clears the custom fields %s in Ardoq: the state holds them (Terraform set them, or an import "+
		"recorded them) and the configuration does not name them. To keep them, name them in custom_fields with their values.", wsmodel.QuotedList(cleared))
}

// ScopeLookup finds the scope an ardoq_component's or ardoq_reference's custom fields are typed by
// when they are sent (the workspace's model, read once per run); it is called only when there are
// values to send.
type ScopeLookup func() (Scope, error)

// EncodeWith encodes a single resource's custom fields, looking their scope up only when there are
// values to type. A value prior holds already (prior is what Ardoq held at the refresh) is not sent:
// the update's version guard fails it if Ardoq changed since.
func EncodeWith(lookup ScopeLookup, values, prior map[string]Value) (client.CustomFields, diag.Diagnostics) {
	values, prior = Changed(values, prior)
	var scope Scope
	if len(values) > 0 {
		s, err := lookup()
		if err != nil {
			var diags diag.Diagnostics
			diagnostics.AddClientError(&diags, "Unable to Read Workspace Context", err)
			return nil, diags
		}
		scope = s
	}
	return Encode(path.Root("custom_fields"), values, prior, scope)
}

// Changed leaves out of values, and of prior, the values prior holds already: what is left of values is
// to be sent, and a key of prior that values lack is still to be cleared.
func Changed(values, prior map[string]Value) (changed, priorLeft map[string]Value) {
	changed, priorLeft = make(map[string]Value, len(values)), make(map[string]Value, len(prior))
	for key, v := range values {
		if was, held := prior[key]; !held || !was.Means(v) {
			changed[key] = v
		}
	}
	for key, was := range prior {
		if v, kept := values[key]; !kept || !was.Means(v) {
			priorLeft[key] = was
		}
	}
	return changed, priorLeft
}
