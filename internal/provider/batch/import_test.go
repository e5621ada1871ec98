package batch

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// An import takes every attribute of each keyed entity and no custom field, not even the key field:
// an import takes over none (core/fields), so an item without custom_fields plans no change.
func TestBatchImportTakesEveryAttribute(t *testing.T) {
	ws, outside := "5eed0000000000000000b001", "5eed0000000000000000c0ff"
	comps := []client.Component{
		{ID: "c1", Version: 4, ComponentKey: "APP-1", RootWorkspace: ws, TypeID: "p1", Name: "API", Description: sp("hand-made"),
			CustomFields: client.CustomFields{"external_id": "api", "cost": json.Number("12.50"), "critical": true, "regions": []any{"eu", "us"}, "owner": nil}},
		{ID: "c2", Version: 1, RootWorkspace: ws, TypeID: "p2", Name: "DB", Parent: sp("c1"), Color: sp("#fff"),
			CustomFields: client.CustomFields{"external_id": "db"}},
		{ID: "c3", Version: 1, RootWorkspace: ws, TypeID: "p2", Name: "Child of an outsider", Parent: sp(outside),
			CustomFields: client.CustomFields{"external_id": "kid"}},
		{ID: outside, Version: 1, RootWorkspace: ws, TypeID: "p1", Name: "Not keyed"},
	}
	refs := []client.Reference{{ID: "r1", Version: 2, RootWorkspace: ws, TargetWorkspace: ws, Source: "c1", Target: "c2", Type: 2,
		DisplayText: sp(""), Description: sp("uses"), CustomFields: client.CustomFields{"external_id": json.Number("7")}}}
	got, err := importedBatch(ws, "external_id", comps, refs)
	if err != nil {
		t.Fatal(err)
	}
	num := func(f float64) tftypes.Value { return tftypes.NewValue(tftypes.Number, f) }
	wantComponents := tfObject(map[string]tftypes.Value{
		"api": tfObject(map[string]tftypes.Value{"root_workspace": str(ws), "type_id": str("p1"), "name": str("API"), "description": str("hand-made")}),
		"db": tfObject(map[string]tftypes.Value{"root_workspace": str(ws), "type_id": str("p2"), "name": str("DB"), "parent": str("api"),
			"color": str("#fff")}),
		"kid": tfObject(map[string]tftypes.Value{"root_workspace": str(ws), "type_id": str("p2"), "name": str("Child of an outsider"),
			"parent": str(outside)}),
	})
	if !got.components.Equal(wantComponents) {
		t.Errorf("components\n%s\nwant\n%s", got.components, wantComponents)
	}
	wantReferences := tfObject(map[string]tftypes.Value{"7": tfObject(map[string]tftypes.Value{"source": str("api"), "target": str("db"),
		"type": num(2), "description": str("uses")})})
	if !got.references.Equal(wantReferences) {
		t.Errorf("references\n%s\nwant\n%s", got.references, wantReferences)
	}
	if c := got.items.Components["api"]; c.ID != "c1" || c.Version != 4 || c.ComponentKey != "APP-1" || len(c.CustomFields) != 0 {
		t.Errorf("computed values of api: %+v", c)
	}

	t.Run("nothing keyed is no items", func(t *testing.T) {
		got, _ := importedBatch(ws, "nothing_has_it", comps, refs)
		if !got.components.IsNull() || !got.references.IsNull() {
			t.Fatalf("%s %s", got.components, got.references)
		}
	})
	t.Run("duplicate keys are an error for references too", func(t *testing.T) {
		twice := append(refs, client.Reference{ID: "r2", Source: "c2", Target: "c1", Type: 1, CustomFields: client.CustomFields{"external_id": "7"}})
		if _, err := importedBatch(ws, "external_id", comps, twice); err == nil || !strings.Contains(err.Error(), `two references of workspace `+ws+` have external_id = "7"`) {
			t.Fatalf("got %v", err)
		}
		twice2 := append(comps, client.Component{ID: "c9", RootWorkspace: ws, TypeID: "p1", Name: "Again", CustomFields: client.CustomFields{"external_id": "db"}})
		if _, err := importedBatch(ws, "external_id", twice2, refs); err == nil || !strings.Contains(err.Error(), `two components of workspace`) {
			t.Fatalf("got %v", err)
		}
	})
}

// The whole-workspace import keys components by component key and references by their ends' keys
// (a target in another workspace by its key, its id kept as the item's target), and records every
// settable custom field in its natural type: calculated and read-only fields, fields the type does not
// allow and empty values are left out.
func TestBatchImportWholeWorkspace(t *testing.T) {
	ws := "5eed0000000000000000b001"
	model := &client.WorkspaceContext{
		ComponentTypes: []client.ComponentType{{TypeID: "p1", Name: "App", CustomFields: []string{"cost", "regions", "calc", "note"}},
			{TypeID: "p2", Name: "Module"}},
		ReferenceTypes: []client.ReferenceType{{Type: 2, Name: "Uses", CustomFields: []string{"note"}}},
		CustomFields: []client.Field{{APIKey: "cost", Type: "Number"}, {APIKey: "regions", Type: "SelectMultipleList"},
			{APIKey: "calc", Type: "Number", Calculated: true}, {APIKey: "note", Type: "Text"}, {APIKey: "other", Type: "Text"}},
	}
	comps := []client.Component{
		{ID: "c1", Version: 3, ComponentKey: "APP-1", RootWorkspace: ws, TypeID: "p1", Name: "API", Color: sp("#d53a7b"), Shape: sp("rect"),
			CustomFields: client.CustomFields{"cost": "12", "regions": []any{"eu"}, "calc": json.Number("3"), "note": "", "other": "x"}},
		{ID: "c2", Version: 1, ComponentKey: "APP-2", RootWorkspace: ws, TypeID: "p2", Name: "Worker", Parent: sp("c1"), Icon: sp("cog"), Image: sp("")},
	}
	refs := []client.Reference{
		{ID: "r2", RootWorkspace: ws, Source: "c2", Target: "c1", Type: 2, CustomFields: client.CustomFields{"note": "hot"}},
		{ID: "r1", RootWorkspace: ws, Source: "c2", Target: "c1", Type: 2, DisplayText: sp("")},
		{ID: "r3", RootWorkspace: ws, Source: "c1", Target: "f9", Type: 2},
	}
	got := workspaceItems(model, comps, refs, map[string]string{"c1": "APP-1", "c2": "APP-2", "f9": "OTH-9"})
	num := func(f float64) tftypes.Value { return tftypes.NewValue(tftypes.Number, f) }
	wantComponents := tfObject(map[string]tftypes.Value{
		"APP-1": tfObject(map[string]tftypes.Value{"root_workspace": str(ws), "type_id": str("p1"), "name": str("API"), "color": str("#d53a7b"),
			"shape": str("rect"), "custom_fields": tfObject(map[string]tftypes.Value{"cost": num(12),
				"regions": tftypes.NewValue(tftypes.Tuple{ElementTypes: []tftypes.Type{tftypes.String}}, []tftypes.Value{str("eu")})})}),
		"APP-2": tfObject(map[string]tftypes.Value{"root_workspace": str(ws), "type_id": str("p2"), "name": str("Worker"), "parent": str("APP-1"),
			"icon": str("cog")}),
	})
	if !got.components.Equal(wantComponents) {
		t.Errorf("components\n%s\nwant\n%s", got.components, wantComponents)
	}
	wantReferences := tfObject(map[string]tftypes.Value{
		"APP-2 -> APP-1":    tfObject(map[string]tftypes.Value{"source": str("APP-2"), "target": str("APP-1"), "type": num(2)}),
		"APP-2 -> APP-1 #2": tfObject(map[string]tftypes.Value{"source": str("APP-2"), "target": str("APP-1"), "type": num(2), "custom_fields": tfObject(map[string]tftypes.Value{"note": str("hot")})}),
		"APP-1 -> OTH-9":    tfObject(map[string]tftypes.Value{"source": str("APP-1"), "target": str("f9"), "type": num(2)}),
	})
	if !got.references.Equal(wantReferences) {
		t.Errorf("references\n%s\nwant\n%s", got.references, wantReferences)
	}
	if c := got.items.Components["APP-1"]; c.ID != "c1" || c.Version != 3 || len(c.CustomFields) != 2 {
		t.Errorf("APP-1's values: %+v", c)
	}
}

// An import by a field warns of what it left out, and says how to take it; nothing left out, no warning.
func TestBatchImportLeftOut(t *testing.T) {
	diags := leftOut("5eed0000000000000000b001", "external_id", 2700, 1)
	if len(diags) != 1 || !strings.Contains(diags[0].Detail(), "left out 2700 components and 1 reference without it") ||
		!strings.Contains(diags[0].Detail(), `import the whole workspace with "5eed0000000000000000b001"`) {
		t.Fatalf("got %v", diags)
	}
	if diags := leftOut("5eed0000000000000000b001", "external_id", 0, 0); len(diags) != 0 {
		t.Fatalf("nothing left out warned: %v", diags)
	}
}
