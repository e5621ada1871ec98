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
