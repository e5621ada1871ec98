package entity_test

import (
	"encoding/json"
	"math/big"
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
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

// The component's mappers, in both directions: the API to the model (ComponentFromAPI), and the model to
// the create and update bodies (ToCreate, ToUpdate), the state read back given as the plan. An update sends
// the custom fields that differ from the prior state's, and clears those the prior state managed alone.
func TestComponentMappers(t *testing.T) {
	parent := "5eed0000000000000000c001"
	for _, tc := range []struct {
		name       string
		api        client.Component
		prior      types.Dynamic // which custom fields the state manages
		was        types.Dynamic // the custom fields of the state an update starts from
		want       entity.ComponentModel
		wantCreate string
		wantUpdate string
	}{{
		name: "every attribute set",
		api: client.Component{ID: "c1", Version: 4, Meta: client.Meta{Created: "t0", LastUpdated: "t1", CreatedByEmail: "ada@example.com", LastModifiedByEmail: "bo@example.com"}, Name: "CRM", RootWorkspace: "w1",
			TypeID: "p1", Type: "Application", ComponentKey: "APP-1", Parent: &parent, Description: ptr("d"), Color: ptr("#fff"),
			Shape: ptr("s"), Icon: ptr("i"), Image: ptr("m"), CustomFields: client.CustomFields{"owner": "x", "cost": json.Number("3")}},
		prior: object(map[string]attr.Value{"owner": types.StringValue("y")}),
		was:   object(map[string]attr.Value{"owner": types.StringValue("y"), "gone": types.StringValue("z")}),
		want: entity.ComponentModel{ID: types.StringValue("c1"), Name: types.StringValue("CRM"), RootWorkspace: types.StringValue("w1"),
			TypeID: types.StringValue("p1"), Parent: types.StringValue(parent), Description: types.StringValue("d"),
			Color: types.StringValue("#fff"), Shape: types.StringValue("s"), Icon: types.StringValue("i"), Image: types.StringValue("m"),
			CustomFields: object(map[string]attr.Value{"owner": types.StringValue("x")}), ComponentKey: types.StringValue("APP-1"),
			TypeName: types.StringValue("Application"), Version: types.Int64Value(4), MetaModel: entity.MetaModel{Created: types.StringValue("t0"),
				LastUpdated: types.StringValue("t1"), CreatedBy: types.StringValue("ada@example.com"), LastModifiedBy: types.StringValue("bo@example.com")}},
		wantCreate: `{"name":"CRM","rootWorkspace":"w1","typeId":"p1","parent":"5eed0000000000000000c001","description":"d","color":"#fff",` +
			`"shape":"s","icon":"i","image":"m","customFields":{"owner":"x"}}`,
		wantUpdate: `{"name":"CRM","parent":"5eed0000000000000000c001","description":"d","color":"#fff","shape":"s","icon":"i",` +
			`"image":"m","customFields":{"gone":null,"owner":"x"}}`,
	}, {
		name:  "a top-level component with nothing optional: null in the model, left out of a create, cleared by an update",
		api:   client.Component{ID: "c2", Version: 1, Name: "Web", RootWorkspace: "w1", TypeID: "p1", Description: ptr(""), Color: ptr("")},
		prior: types.DynamicNull(),
		was:   types.DynamicNull(),
		want: entity.ComponentModel{ID: types.StringValue("c2"), Name: types.StringValue("Web"), RootWorkspace: types.StringValue("w1"),
			TypeID: types.StringValue("p1"), Parent: types.StringNull(), Description: types.StringNull(), Color: types.StringNull(),
			Shape: types.StringNull(), Icon: types.StringNull(), Image: types.StringNull(), CustomFields: types.DynamicNull(),
			ComponentKey: types.StringValue(""), TypeName: types.StringValue(""), Version: types.Int64Value(1),
			MetaModel: entity.MetaModel{Created: types.StringValue(""), LastUpdated: types.StringValue(""), CreatedBy: types.StringValue(""),
				LastModifiedBy: types.StringValue("")}},
		wantCreate: `{"name":"Web","rootWorkspace":"w1","typeId":"p1"}`,
		wantUpdate: `{"name":"Web","parent":null,"description":null,"color":null,"shape":null,"icon":null,"image":null}`,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			got := entity.ComponentFromAPI(&tc.api, tc.prior, false)
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("ComponentFromAPI:\ngot  %+v\nwant %+v", got, tc.want)
			}
			create, diags := got.ToCreate(scopeOf(fields.Scope{}))
			checkBody(t, "create", create, diags, tc.wantCreate)
			was := got
			was.CustomFields = tc.was
			update, diags := got.ToUpdate(was, scopeOf(fields.Scope{}))
			checkBody(t, "update", update, diags, tc.wantUpdate)
		})
	}
}

// ardoq_batch's component values: from the API written as the configuration writes them, and their bodies
// naming the parent as the request does.
func TestComponentValuesMappers(t *testing.T) {
	parent := "5eed0000000000000000c001"
	api := client.Component{ID: "c2", Version: 2, Meta: client.Meta{Created: "t0", LastUpdated: "t1", CreatedByEmail: "ada@example.com", LastModifiedByEmail: "bo@example.com"}, Name: "Web", RootWorkspace: "w1",
		TypeID: "p1", Type: "Application", ComponentKey: "APP-2", Parent: &parent, Description: ptr(""), Icon: ptr("i"),
		CustomFields: client.CustomFields{"owner": "x", "cost": json.Number("3")}}
	byKey := func(ref string) string { return "batch:" + ref }
	for _, tc := range []struct {
		name       string
		want       entity.ComponentValues // the configuration
		ids        map[string]string
		wantParent string
		wantCreate string
		wantUpdate string
	}{{
		name: "parent written as its item's key", want: entity.ComponentValues{Parent: "app"}, ids: map[string]string{"app": parent},
		wantParent: "app",
		wantCreate: `{"name":"Web","rootWorkspace":"w1","typeId":"p1","parent":"batch:app","icon":"i"}`,
		wantUpdate: `{"name":"Web","parent":"batch:app","description":null,"color":null,"shape":null,"icon":"i","image":null}`,
	}, {
		name: "parent written as its id", want: entity.ComponentValues{Parent: parent}, ids: map[string]string{"app": parent},
		wantParent: parent,
		wantCreate: `{"name":"Web","rootWorkspace":"w1","typeId":"p1","parent":"batch:` + parent + `","icon":"i"}`,
		wantUpdate: `{"name":"Web","parent":"batch:` + parent + `","description":null,"color":null,"shape":null,"icon":"i","image":null}`,
	}, {
		name: "parent moved in Ardoq to another item's component", want: entity.ComponentValues{Parent: "app"},
		ids: map[string]string{"app": "other", "db": parent}, wantParent: "db",
		wantCreate: `{"name":"Web","rootWorkspace":"w1","typeId":"p1","parent":"batch:db","icon":"i"}`,
		wantUpdate: `{"name":"Web","parent":"batch:db","description":null,"color":null,"shape":null,"icon":"i","image":null}`,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			tc.want.CustomFields = map[string]fields.Value{"owner": {Text: "y"}}
			v := entity.ComponentValuesFrom(&api, tc.want, tc.ids)
			want := entity.ComponentValues{ID: "c2", ComponentKey: "APP-2", TypeName: "Application", Version: 2,
				RootWorkspace: "w1", TypeID: "p1", Name: "Web", Parent: tc.wantParent, Icon: ptr("i"),
				CustomFields: map[string]fields.Value{"owner": {Text: "x"}}}
			if !reflect.DeepEqual(v, want) {
				t.Fatalf("ComponentValuesFrom:\ngot  %+v\nwant %+v", v, want)
			}
			checkBody(t, "create", v.CreateBody(byKey, nil), nil, tc.wantCreate)
			checkBody(t, "update", v.UpdateBody(byKey, nil), nil, tc.wantUpdate)
			if !v.Same(v, func(a, b string) bool { return a == b }) {
				t.Error("values differ from themselves")
			}
		})
	}
}

// Same compares every configurable value, and only those.
func TestComponentValuesSame(t *testing.T) {
	base := entity.ComponentValues{RootWorkspace: "w", TypeID: "p", Name: "n", Parent: "a", Description: ptr("d"),
		CustomFields: map[string]fields.Value{"k": {Text: "v"}}}
	equal := func(a, b string) bool { return a == b }
	for name, change := range map[string]func(*entity.ComponentValues){
		"root_workspace": func(v *entity.ComponentValues) { v.RootWorkspace = "w2" },
		"type_id":        func(v *entity.ComponentValues) { v.TypeID = "p2" },
		"name":           func(v *entity.ComponentValues) { v.Name = "n2" },
		"parent":         func(v *entity.ComponentValues) { v.Parent = "b" },
		"description":    func(v *entity.ComponentValues) { v.Description = nil },
		"color":          func(v *entity.ComponentValues) { v.Color = ptr("c") },
		"shape":          func(v *entity.ComponentValues) { v.Shape = ptr("s") },
		"icon":           func(v *entity.ComponentValues) { v.Icon = ptr("i") },
		"image":          func(v *entity.ComponentValues) { v.Image = ptr("m") },
		"custom_fields":  func(v *entity.ComponentValues) { v.CustomFields = nil },
	} {
		changed := base
		change(&changed)
		if base.Same(changed, equal) || changed.Same(base, equal) {
			t.Errorf("a change of %s is not seen", name)
		}
	}
	assigned := base
	assigned.ID, assigned.Version, assigned.ComponentKey, assigned.TypeName = "c", 3, "K", "T"
	if !base.Same(assigned, equal) {
		t.Error("what Ardoq assigned is compared")
	}
	if !base.Same(entity.ComponentValues{RootWorkspace: "w", TypeID: "p", Name: "n", Parent: "id-of-a", Description: ptr("d"),
		CustomFields: map[string]fields.Value{"k": {Text: "v"}}}, func(a, b string) bool { return a == "a" && b == "id-of-a" }) {
		t.Error("parents are compared by sameRef")
	}
}

// checkBody compares a request body's JSON with want.
func checkBody(t *testing.T, what string, body any, diags diag.Diagnostics, want string) {
	t.Helper()
	if diags.HasError() {
		t.Fatalf("%s: %v", what, diags)
	}
	if b, _ := json.Marshal(body); string(b) != want {
		t.Errorf("%s body\ngot  %s\nwant %s", what, b, want)
	}
}
