package fields

import (
	"encoding/json"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// An import records the fields a configuration can set, each in its definition's type: not the
// calculated, read-only, undefined or disallowed ones, nor empty values.
func TestAdopted(t *testing.T) {
	model := &client.WorkspaceContext{RootWorkspace: "w", CustomFields: []client.Field{
		{APIKey: "cost", Type: "Number"}, {APIKey: "critical", Type: "Checkbox"}, {APIKey: "regions", Type: "SelectMultipleList"},
		{APIKey: "owner", Type: "Text"}, {APIKey: "notes", Type: "TextArea"}, {APIKey: "tags", Type: "SelectMultipleList"},
		{APIKey: "score", Type: "Number", Calculated: true}, {APIKey: "imported", Type: "Text", ReadOnly: true},
		{APIKey: "elsewhere", Type: "Text"},
	}}
	scope := Scope{Model: model, Allowed: []string{"cost", "critical", "regions", "owner", "notes", "tags", "score", "imported", "stray"}}
	api := client.CustomFields{"cost": json.Number("12.50"), "critical": "true", "regions": []any{"eu", "us"}, "owner": "team-a",
		"notes": "", "tags": []any{}, "score": json.Number("3"), "imported": "x", "elsewhere": "not allowed", "stray": "undefined"}
	got, err := Adopted(api, scope).ToTerraformValue(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	want := tftypes.NewValue(tftypes.Object{AttributeTypes: map[string]tftypes.Type{"cost": tftypes.Number, "critical": tftypes.Bool,
		"regions": tftypes.Tuple{ElementTypes: []tftypes.Type{tftypes.String, tftypes.String}}, "owner": tftypes.String}},
		map[string]tftypes.Value{"cost": tftypes.NewValue(tftypes.Number, 12.5), "critical": tftypes.NewValue(tftypes.Bool, true),
			"regions": tftypes.NewValue(tftypes.Tuple{ElementTypes: []tftypes.Type{tftypes.String, tftypes.String}},
				[]tftypes.Value{tftypes.NewValue(tftypes.String, "eu"), tftypes.NewValue(tftypes.String, "us")}),
			"owner": tftypes.NewValue(tftypes.String, "team-a")})
	if !got.Equal(want) {
		t.Errorf("Adopted = %s, want %s", got, want)
	}
	if !Adopted(api, Scope{}).IsNull() || !Adopted(client.CustomFields{"notes": ""}, scope).IsNull() {
		t.Error("without a model, or without a value, an import records no field")
	}
}

// An update sends only what Ardoq does not hold already, and still clears a dropped key.
func TestChanged(t *testing.T) {
	prior := map[string]Value{"cost": {Text: "12", Kind: NumberField}, "owner": {Text: "a"}, "gone": {Text: "x"}}
	values := map[string]Value{"cost": {Text: "12.0"}, "owner": {Text: "b"}, "new": {Text: "n"}}
	changed, left := Changed(values, prior)
	if len(changed) != 2 || changed["owner"].Text != "b" || changed["new"].Text != "n" {
		t.Errorf("changed = %v, want owner and new", changed)
	}
	if _, ok := left["cost"]; ok || len(left) != 2 {
		t.Errorf("prior left = %v, want owner and gone", left)
	}
}
