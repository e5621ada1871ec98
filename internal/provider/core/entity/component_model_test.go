package entity_test

import (
	"encoding/json"
	"math/big"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

func ptr[T any](v T) *T { return &v }

func object(attrs map[string]attr.Value) types.Dynamic {
	typesOf := map[string]attr.Type{}
	for k, v := range attrs {
		typesOf[k] = v.Type(nil) //nolint:staticcheck // primitive types ignore the context
	}
	return types.DynamicValue(types.ObjectValueMust(typesOf, attrs))
}

// entriesOf reads the keys and values of a custom_fields value.
func entriesOf(v types.Dynamic) (map[string]attr.Value, bool) {
	switch u := v.UnderlyingValue().(type) {
	case types.Object:
		return u.Attributes(), !u.IsNull()
	case types.Map:
		return u.Elements(), !u.IsNull()
	}
	return nil, false
}

// scopeOf is a field scope lookup that finds s.
func scopeOf(s fields.Scope) fields.ScopeLookup {
	return func() (fields.Scope, error) { return s, nil }
}

func TestComponentFromAPI(t *testing.T) {
	api := &client.Component{ID: "a", Version: 3, Name: "N", RootWorkspace: "w", TypeID: "t", Type: "App", ComponentKey: "APP-1",
		Description: ptr("d"), CustomFields: client.CustomFields{"cost": json.Number("12.5"), "owner": "x", "regions": []any{"eu"}, "unmanaged": "y"},
		Meta: client.Meta{Created: "c", LastUpdated: "u"}}
	prior := object(map[string]attr.Value{
		"cost":    types.NumberValue(big.NewFloat(1)),
		"regions": types.TupleValueMust([]attr.Type{types.StringType}, []attr.Value{types.StringValue("us")}),
		"gone":    types.StringValue("was set"),
	})
	m := entity.ComponentFromAPI(api, prior, false)
	if m.Parent.IsNull() != true || m.Color.IsNull() != true || m.Description.ValueString() != "d" || m.Version.ValueInt64() != 3 || m.TypeName.ValueString() != "App" {
		t.Fatalf("scalars: %+v", m)
	}
	got, _ := entriesOf(m.CustomFields)
	if len(got) != 3 {
		t.Fatalf("only managed keys are kept: %v", got)
	}
	if n := got["cost"].(types.Number).ValueBigFloat(); n.Cmp(big.NewFloat(12.5)) != 0 {
		t.Fatalf("cost %v", n)
	}
	if _, isTuple := got["regions"].(types.Tuple); !isTuple {
		t.Fatalf("a tuple in config stays a tuple: %T", got["regions"])
	}
	if !got["gone"].IsNull() {
		t.Fatalf("a managed key cleared in the app is null: %v", got["gone"])
	}
	read := entity.ComponentFromAPI(api, types.DynamicNull(), true)
	if all, _ := entriesOf(read.CustomFields); len(all) != 4 {
		t.Fatalf("a data source reads every field: %v", all)
	}
	if none := entity.ComponentFromAPI(&client.Component{}, types.DynamicNull(), true); !none.CustomFields.IsNull() {
		t.Fatal("no fields at all is null, not {}")
	}
	if unset := entity.ComponentFromAPI(api, types.DynamicNull(), false); !unset.CustomFields.IsNull() {
		t.Fatal("custom_fields unset in config, or after an import, stays null")
	}
}

// After an import (custom_fields null in state) an update sends exactly the keys the plan names, and
// clears nothing: no key was managed before.
func TestComponentToUpdate_afterImport(t *testing.T) {
	imported := entity.ComponentFromAPI(&client.Component{ID: "a", Name: "N", CustomFields: client.CustomFields{"owner": "x", "cost": json.Number("3")}},
		types.DynamicNull(), false)
	if !imported.CustomFields.IsNull() {
		t.Fatalf("an import records no custom field: %v", imported.CustomFields)
	}
	for _, tc := range []struct {
		name   string
		fields types.Dynamic
		want   string
	}{
		{"none configured", types.DynamicNull(), `{}`},
		{"some configured", object(map[string]attr.Value{"owner": types.StringValue("x")}), `{"owner":"x"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plan := entity.ComponentModel{Name: types.StringValue("N"), CustomFields: tc.fields}
			upd, diags := plan.ToUpdate(imported, scopeOf(fields.Scope{}))
			if diags.HasError() {
				t.Fatal(diags)
			}
			if b, _ := json.Marshal(upd.CustomFields); string(b) != tc.want {
				t.Fatalf("customFields %s, want %s", b, tc.want)
			}
		})
	}
}

func TestComponentToUpdate(t *testing.T) {
	prior := entity.ComponentModel{CustomFields: object(map[string]attr.Value{"owner": types.StringValue("a"), "cost": types.NumberValue(big.NewFloat(2))})}
	plan := entity.ComponentModel{Name: types.StringValue("n"), Parent: types.StringNull(), Description: types.StringValue("d"),
		CustomFields: object(map[string]attr.Value{"owner": types.StringValue("b"), "critical": types.BoolValue(true),
			"regions": types.ListValueMust(types.StringType, []attr.Value{types.StringValue("eu")})})}
	upd, diags := plan.ToUpdate(prior, scopeOf(fields.Scope{}))
	if diags.HasError() {
		t.Fatal(diags)
	}
	b, _ := json.Marshal(upd)
	want := `{"name":"n","parent":null,"description":"d","color":null,"shape":null,"icon":null,"image":null,"customFields":{"cost":null,"critical":true,"owner":"b","regions":["eu"]}}`
	if string(b) != want {
		t.Fatalf("got  %s\nwant %s", b, want)
	}
	create, _ := plan.ToCreate(scopeOf(fields.Scope{}))
	b, _ = json.Marshal(create)
	if want := `{"name":"n","rootWorkspace":"","typeId":"","description":"d","customFields":{"critical":true,"owner":"b","regions":["eu"]}}`; string(b) != want {
		t.Fatalf("create got  %s\nwant %s", b, want)
	}
}

func TestReferenceDisplayTextMapping(t *testing.T) {
	for _, tc := range []struct {
		api    *string
		isNull bool
	}{{nil, true}, {ptr(""), true}, {ptr("x"), false}} {
		m := entity.ReferenceFromAPI(&client.Reference{DisplayText: tc.api}, types.DynamicNull(), false)
		if m.DisplayText.IsNull() != tc.isNull {
			t.Fatalf("%v -> %v", tc.api, m.DisplayText)
		}
	}
	upd, _ := entity.ReferenceModel{DisplayText: types.StringNull(), Description: types.StringNull()}.ToUpdate(entity.ReferenceModel{}, scopeOf(fields.Scope{}))
	b, _ := json.Marshal(upd)
	if string(b) != `{"source":"","target":"","displayText":"","description":null}` {
		t.Fatalf("clearing display text sends \"\": %s", b)
	}
}

// An empty optional text reads as unset: no configuration can hold "", so reading it as set would plan a
// change of a value that is no different.
func TestFromAPI_emptyTextIsUnset(t *testing.T) {
	c := entity.ComponentFromAPI(&client.Component{Description: ptr(""), Color: ptr("")}, types.DynamicNull(), false)
	if !c.Description.IsNull() || !c.Color.IsNull() {
		t.Errorf("description %s, color %s: want null", c.Description, c.Color)
	}
	r := entity.ReferenceFromAPI(&client.Reference{Description: ptr("")}, types.DynamicNull(), false)
	if !r.Description.IsNull() {
		t.Errorf("reference description %s: want null", r.Description)
	}
}
