package batch

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// The same custom field values go through ardoq_component, ardoq_reference and ardoq_batch (as a
// component item and as a reference item): each must accept or refuse them alike, with the same
// message, send the same JSON, and render what Ardoq then holds as the same Terraform value.

const agreeWorkspace = "5eed0000000000000000b001"

func agreeModel(f client.Field) map[string]*client.WorkspaceContext {
	return map[string]*client.WorkspaceContext{agreeWorkspace: {RootWorkspace: agreeWorkspace,
		ComponentTypes: []client.ComponentType{{TypeID: "t", Name: "App", CustomFields: []string{"f"}}},
		ReferenceTypes: []client.ReferenceType{{Type: 1, Name: "Uses", CustomFields: []string{"f"}}},
		CustomFields:   []client.Field{f},
	}}
}

// agreeResult is what one resource made of a case.
type agreeResult struct {
	sent     string // the JSON of the custom fields sent
	problem  string // summary and message of the error, without the attribute path
	rendered tftypes.Value
}

func fieldsObject(kv ...any) tftypes.Value {
	attrs := map[string]tftypes.Value{}
	for i := 0; i+1 < len(kv); i += 2 {
		attrs[kv[i].(string)] = kv[i+1].(tftypes.Value)
	}
	return tfObject(attrs)
}

func dynamicOf(t *testing.T, v tftypes.Value) types.Dynamic {
	t.Helper()
	d, err := types.DynamicType.ValueFromTerraform(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	return d.(types.Dynamic)
}

func sentJSON(cf client.CustomFields) string {
	b, _ := json.Marshal(cf)
	return string(b)
}

// problemOf is the one error expected at custom_fields["f"] (of an item, for ardoq_batch), without its path.
func problemOf(t *testing.T, diags diag.Diagnostics, at string) string {
	t.Helper()
	if !diags.HasError() {
		return ""
	}
	if len(diags) != 1 {
		t.Fatalf("want one error, got %v", diags)
	}
	d := diags[0]
	p := d.(diag.DiagnosticWithPath).Path()
	if convert.PathText(p) != at || !strings.HasPrefix(d.Detail(), at+": ") {
		t.Fatalf("error at %s (%q), want it at %s", convert.PathText(p), d.Detail(), at)
	}
	return d.Summary() + ": " + strings.TrimPrefix(d.Detail(), at+": ")
}

func fieldOf(t *testing.T, v tftypes.Value, key string) tftypes.Value {
	t.Helper()
	return convert.ElementsOrNil(v)[key]
}

func viaComponent(t *testing.T, model map[string]*client.WorkspaceContext, prior, configured tftypes.Value, api any) agreeResult {
	scope := scopeOf(fields.ComponentScope(model[agreeWorkspace], "t"))
	plan := entity.ComponentModel{Name: types.StringValue("C"), RootWorkspace: types.StringValue(agreeWorkspace), TypeID: types.StringValue("t"),
		CustomFields: dynamicOf(t, configured)}
	var out agreeResult
	var diags diag.Diagnostics
	if prior.IsNull() {
		body, d := plan.ToCreate(scope)
		out.sent, diags = sentJSON(body.CustomFields), d
	} else {
		old := plan
		old.CustomFields = dynamicOf(t, prior)
		body, d := plan.ToUpdate(old, scope)
		out.sent, diags = sentJSON(body.CustomFields), d
	}
	if out.problem = problemOf(t, diags, `custom_fields["f"]`); out.problem != "" {
		return agreeResult{problem: out.problem}
	}
	state := entity.ComponentFromAPI(&client.Component{CustomFields: client.CustomFields{"f": api}}, plan.CustomFields, false)
	out.rendered = fieldOf(t, fields.DynamicValue(state.CustomFields), "f")
	return out
}

func viaReference(t *testing.T, model map[string]*client.WorkspaceContext, prior, configured tftypes.Value, api any) agreeResult {
	scope := scopeOf(fields.ReferenceScope(model[agreeWorkspace], 1))
	plan := entity.ReferenceModel{Source: types.StringValue("5eed0000000000000000c001"), Target: types.StringValue("5eed0000000000000000c002"),
		Type: types.Int64Value(1), CustomFields: dynamicOf(t, configured)}
	var out agreeResult
	var diags diag.Diagnostics
	if prior.IsNull() {
		body, d := plan.ToCreate(scope)
		out.sent, diags = sentJSON(body.CustomFields), d
	} else {
		old := plan
		old.CustomFields = dynamicOf(t, prior)
		body, d := plan.ToUpdate(old, scope)
		out.sent, diags = sentJSON(body.CustomFields), d
	}
	if out.problem = problemOf(t, diags, `custom_fields["f"]`); out.problem != "" {
		return agreeResult{problem: out.problem}
	}
	state := entity.ReferenceFromAPI(&client.Reference{CustomFields: client.CustomFields{"f": api}}, plan.CustomFields, false)
	out.rendered = fieldOf(t, fields.DynamicValue(state.CustomFields), "f")
	return out
}

// viaBatch runs the fields through an ardoq_batch with a component item "c" and a reference item "r".
func viaBatch(t *testing.T, model map[string]*client.WorkspaceContext, prior, configured tftypes.Value, api any) (component, reference agreeResult) {
	items := func(configured tftypes.Value) batchRaw {
		return batchRaw{
			"components": fieldsObject("c", fieldsObject("root_workspace", str(agreeWorkspace), "type_id", str("t"), "name", str("C"),
				"custom_fields", configured)),
			"references": fieldsObject("r", fieldsObject("source", str("c"), "target", str("c"), "type", tftypes.NewValue(tftypes.Number, 1),
				"custom_fields", configured)),
		}
	}
	state := items(configured)
	planned, _, diags := state.planned()
	if diags.HasError() {
		t.Fatal(diags)
	}
	in := batchPlanInput{plan: planned, models: model}
	if !prior.IsNull() {
		in.prior, _, _ = items(prior).planned()
		c, r := in.prior.Components["c"], in.prior.References["r"]
		c.ID, c.Version, r.ID, r.Version, r.RootWorkspace = "c1", 1, "r1", 1, agreeWorkspace
		in.prior.Components["c"], in.prior.References["r"] = c, r
	}
	request, _, diags := planBatch(in)
	var componentDiags, referenceDiags diag.Diagnostics
	for _, d := range diags {
		if convert.PathText(d.(diag.DiagnosticWithPath).Path())[:10] == "components" {
			componentDiags.Append(d)
		} else {
			referenceDiags.Append(d)
		}
	}
	component.problem = problemOf(t, componentDiags, `components["c"].custom_fields["f"]`)
	reference.problem = problemOf(t, referenceDiags, `references["r"].custom_fields["f"]`)
	if diags.HasError() {
		return component, reference
	}
	if prior.IsNull() {
		component.sent, reference.sent = sentJSON(request.Components.Create[0].Body.CustomFields), sentJSON(request.References.Create[0].Body.CustomFields)
	} else {
		component.sent, reference.sent = sentJSON(request.Components.Update[0].Body.CustomFields), sentJSON(request.References.Update[0].Body.CustomFields)
	}
	ids := map[string]string{"c": "c1"}
	refreshed := batchItems{
		Components: map[string]entity.ComponentValues{"c": entity.ComponentValuesFrom(&client.Component{ID: "c1", RootWorkspace: agreeWorkspace, TypeID: "t",
			Name: "C", CustomFields: client.CustomFields{"f": api}}, planned.Components["c"], ids)},
		References: map[string]entity.ReferenceValues{"r": entity.ReferenceValuesFrom(&client.Reference{ID: "r1", Source: "c1", Target: "c1", Type: 1,
			CustomFields: client.CustomFields{"f": api}}, planned.References["r"], ids)},
	}
	rendered := renderRefreshed(state, refreshed)
	component.rendered = fieldOf(t, fieldOf(t, fieldOf(t, rendered["components"], "c"), "custom_fields"), "f")
	reference.rendered = fieldOf(t, fieldOf(t, fieldOf(t, rendered["references"], "r"), "custom_fields"), "f")
	return component, reference
}

func TestCustomFieldsAgreeAcrossResources(t *testing.T) {
	number := client.Field{APIKey: "f", Type: "Number"}
	checkbox := client.Field{APIKey: "f", Type: "Checkbox"}
	text := client.Field{APIKey: "f", Type: "Text"}
	multi := client.Field{APIKey: "f", Type: "SelectMultipleList", Options: []string{"eu", "us"}}
	list := client.Field{APIKey: "f", Type: "List", Options: []string{"plan", "live"}}
	dateTime := client.Field{APIKey: "f", Type: "DateTime"}
	num := func(f float64) tftypes.Value { return tftypes.NewValue(tftypes.Number, f) }
	boolean := func(b bool) tftypes.Value { return tftypes.NewValue(tftypes.Bool, b) }
	stringList := func(ss ...string) tftypes.Value { return convert.StringListValue(tftypes.List{}, ss) }
	none := tftypes.NewValue(tftypes.DynamicPseudoType, nil)

	cases := []struct {
		name     string
		field    client.Field
		prior    tftypes.Value // the custom fields an update starts from; null for a create
		value    tftypes.Value // f as configured
		api      any           // what Ardoq holds for f afterwards
		sent     string
		problem  string
		rendered tftypes.Value // nil: the value as configured
	}{
		{name: "a number", field: number, value: num(12.5), api: json.Number("12.5"), sent: `{"f":12.5}`},
		{name: "a string of a number is sent as a number and kept as written", field: number, value: str("12.50"), api: json.Number("12.5"), sent: `{"f":12.5}`},
		{name: "a changed number shows in the type written", field: number, value: str("12"), api: json.Number("13"), sent: `{"f":12}`, rendered: str("13")},
		{name: "text that is no number", field: number, value: str("twelve"),
			problem: `Invalid Custom Field Value: custom field "f" (Number): "twelve" is not a number.`},
		{name: "a boolean for a number", field: number, value: boolean(true), problem: `Invalid Custom Field Value: custom field "f" (Number): true is not a number.`},
		{name: "a boolean", field: checkbox, value: boolean(true), api: true, sent: `{"f":true}`},
		{name: "a string of a boolean", field: checkbox, value: str("false"), api: false, sent: `{"f":false}`},
		{name: "text that is no boolean", field: checkbox, value: str("yes"), problem: `Invalid Custom Field Value: custom field "f" (Checkbox): "yes" is not true or false.`},
		{name: "a number for text is sent as a string", field: text, value: num(12), api: "12", sent: `{"f":"12"}`},
		{name: "a boolean for text", field: text, value: boolean(true), api: "true", sent: `{"f":"true"}`},
		{name: "text changed in Ardoq", field: text, value: str("team-a"), api: "team-b", sent: `{"f":"team-a"}`, rendered: str("team-b")},
		{name: "a list for text", field: text, value: tuple("eu"), problem: `Invalid Custom Field Value: custom field "f" (Text): ["eu"] is not a string.`},
		{name: "a tuple of options", field: multi, value: tuple("eu", "us"), api: []any{"eu", "us"}, sent: `{"f":["eu","us"]}`},
		{name: "a list of options changed in Ardoq", field: multi, value: stringList("eu"), api: []any{"us"}, sent: `{"f":["eu"]}`, rendered: stringList("us")},
		{name: "a string for a multi-select", field: multi, value: str("eu"),
			problem: `Invalid Custom Field Value: custom field "f" (SelectMultipleList): "eu" is not a list of strings among the options ["eu" "us"].`},
		{name: "an option that is not one", field: multi, value: tuple("mars"),
			problem: `Invalid Custom Field Value: custom field "f" (SelectMultipleList): "mars" is not one of the options ["eu" "us"].`},
		{name: "a date-time Ardoq gives back in UTC is kept as written", field: dateTime, value: str("2024-03-01T10:00:00+01:00"),
			api: "2024-03-01T09:00:00.000Z", sent: `{"f":"2024-03-01T10:00:00+01:00"}`},
		{name: "text holding another form of the same instant is drift", field: text, value: str("2024-03-01T10:00:00+01:00"),
			api: "2024-03-01T09:00:00Z", sent: `{"f":"2024-03-01T10:00:00+01:00"}`, rendered: str("2024-03-01T09:00:00Z")},
		{name: "a date-time changed in Ardoq", field: dateTime, value: str("2024-03-01T10:00:00+01:00"), api: "2024-03-02T09:00:00.000Z",
			sent: `{"f":"2024-03-01T10:00:00+01:00"}`, rendered: str("2024-03-02T09:00:00.000Z")},
		{name: "a list value", field: list, value: str("live"), api: "live", sent: `{"f":"live"}`},
		{name: "not an option", field: list, value: str("dead"), problem: `Invalid Custom Field Value: custom field "f" (List): "dead" is not one of the options ["plan" "live"].`},
		{name: "a calculated field", field: client.Field{APIKey: "f", Type: "Number", Calculated: true}, value: num(1),
			problem: `Calculated Custom Field: custom field "f" is calculated by Ardoq and cannot be set; remove it.`},
		{name: "a calculated value a state of an earlier import holds is kept without being sent", field: client.Field{APIKey: "f", Type: "Number",
			Calculated: true}, prior: fieldsObject("f", num(1), "gone", str("x")), value: num(1), api: json.Number("1"), sent: `{"gone":null}`},
		{name: "an update clears a removed key", field: text, prior: fieldsObject("f", str("a"), "gone", str("x")), value: str("b"), api: "b",
			sent: `{"f":"b","gone":null}`},
		{name: "an update leaves a key that was null alone", field: number, prior: fieldsObject("f", str("1"), "unmanaged", tftypes.NewValue(tftypes.String, nil)),
			value: str("2"), api: json.Number("2"), sent: `{"f":2}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			prior := tc.prior
			if prior.Type() == nil {
				prior = none
			}
			model := agreeModel(tc.field)
			configured := fieldsObject("f", tc.value)
			want := agreeResult{sent: tc.sent, problem: tc.problem, rendered: tc.rendered}
			if want.problem == "" && want.rendered.Type() == nil {
				want.rendered = tc.value
			}
			if want.problem != "" {
				want.sent = ""
			}
			batchComponent, batchReference := viaBatch(t, model, prior, configured, tc.api)
			for name, got := range map[string]agreeResult{
				"ardoq_component": viaComponent(t, model, prior, configured, tc.api), "ardoq_reference": viaReference(t, model, prior, configured, tc.api),
				"ardoq_batch component": batchComponent, "ardoq_batch reference": batchReference,
			} {
				if got.sent != want.sent || got.problem != want.problem || !got.rendered.Equal(want.rendered) {
					t.Errorf("%s: sent %s, problem %q, rendered %v\nwant sent %s, problem %q, rendered %v", name, got.sent, got.problem,
						got.rendered, want.sent, want.problem, want.rendered)
				}
			}
		})
	}
}

// A create never sends a null: there is nothing to clear.
func TestCustomFieldsCreateSendsNoNulls(t *testing.T) {
	model := agreeModel(client.Field{APIKey: "f", Type: "Text"})
	configured := fieldsObject("f", str("x"), "unset", tftypes.NewValue(tftypes.String, nil))
	none := tftypes.NewValue(tftypes.DynamicPseudoType, nil)
	batchComponent, batchReference := viaBatch(t, model, none, configured, "x")
	for name, got := range map[string]agreeResult{
		"ardoq_component": viaComponent(t, model, none, configured, "x"), "ardoq_reference": viaReference(t, model, none, configured, "x"),
		"ardoq_batch component": batchComponent, "ardoq_batch reference": batchReference,
	} {
		if got.sent != `{"f":"x"}` {
			t.Errorf("%s sent %s", name, got.sent)
		}
	}
}

func scopeOf(s fields.Scope) fields.ScopeLookup {
	return func() (fields.Scope, error) { return s, nil }
}
