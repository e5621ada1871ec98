package batch

import (
	"encoding/json"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

func TestBatchMatchAdoptions(t *testing.T) {
	w1, w2 := "5eed0000000000000000b001", "5eed0000000000000000b002"
	listed := []client.Component{
		{ID: "c1", Version: 3, ComponentKey: "APP-1", RootWorkspace: w1, TypeID: "t", Name: "API", CustomFields: client.CustomFields{"external_id": "api", "cost": json.Number("12.50")}},
		{ID: "c2", Version: 1, RootWorkspace: w1, TypeID: "t", Name: "Twin", CustomFields: client.CustomFields{"external_id": "twin"}},
		{ID: "c3", Version: 1, RootWorkspace: w1, TypeID: "t", Name: "Twin", CustomFields: client.CustomFields{"external_id": "twin"}},
		{ID: "c4", Version: 1, RootWorkspace: w1, TypeID: "t", Name: "Child", Parent: sp("c1"), CustomFields: client.CustomFields{"external_id": "kid"}},
		{ID: "c5", Version: 1, RootWorkspace: w1, TypeID: "t", Name: "Child", CustomFields: client.CustomFields{"external_id": "kid"}},
	}
	plan := batchItems{Components: map[string]entity.ComponentValues{
		"api":   {RootWorkspace: w1, TypeID: "t", Name: "API", CustomFields: strs("external_id", "api", "cost", "12.5")},
		"twin":  {RootWorkspace: w1, TypeID: "t", Name: "Twin", CustomFields: strs("external_id", "twin")},
		"new":   {RootWorkspace: w1, TypeID: "t", Name: "New", CustomFields: strs("external_id", "nothing")},
		"nokey": {RootWorkspace: w1, TypeID: "t", Name: "API"},
	}}
	in := adoptionLookup{plan: plan, components: listed, adopt: adoption{components: []string{"rootWorkspace", "customFields.external_id"}}}
	got, diags := matchAdoptions(in)
	expectErrors(t, diags, map[string]string{`components["twin"]`: `adopt_components_by matches 2 components in Ardoq: component c2 ("Twin"), component c3 ("Twin")`})
	if m := got.Components["api"]; m.ID != "c1" || m.Version != 3 || m.ComponentKey != "APP-1" || len(got.Components) != 1 {
		t.Fatalf("matches %+v", got.Components)
	}
	t.Run("numbers compare by value; items without a value of uniqueBy do not adopt", func(t *testing.T) {
		in.adopt.components = []string{"rootWorkspace", "customFields.cost"}
		if got, diags := matchAdoptions(in); diags.HasError() || got.Components["api"].ID != "c1" || len(got.Components) != 1 {
			t.Fatal(diags, got.Components)
		}
	})
	t.Run("a parent that is adopted too is matched by its id", func(t *testing.T) {
		in := adoptionLookup{components: listed, adopt: adoption{components: []string{"parent", "customFields.external_id"}}, plan: batchItems{
			Components: map[string]entity.ComponentValues{
				"a_kid": {RootWorkspace: w1, TypeID: "t", Name: "Child", Parent: "z_api", CustomFields: strs("external_id", "kid")},
				"z_api": {RootWorkspace: w1, TypeID: "t", Name: "API", Parent: "5eed0000000000000000c0de", CustomFields: strs("external_id", "api")},
			}}}
		in.components = append(in.components, client.Component{ID: "c0", RootWorkspace: w1, TypeID: "t", Name: "API", Parent: sp("5eed0000000000000000c0de"),
			CustomFields: client.CustomFields{"external_id": "api"}})
		got, diags := matchAdoptions(in)
		if diags.HasError() || got.Components["z_api"].ID != "c0" || len(got.Components) != 1 {
			t.Fatalf("%v %+v", diags, got.Components) // c0's children are none, so the kid matches nothing (not c4, whose parent is c1)
		}
	})
	t.Run("references compare their source's workspace", func(t *testing.T) {
		refs := []client.Reference{
			{ID: "r1", Version: 2, RootWorkspace: w1, Source: "c1", Target: "c2", Type: 1, CustomFields: client.CustomFields{"external_id": "e"}},
			{ID: "r2", Version: 4, RootWorkspace: w2, Source: "x1", Target: "x2", Type: 1, CustomFields: client.CustomFields{"external_id": "e"}},
		}
		in := adoptionLookup{references: refs, workspaceOf: map[string]string{"5eed0000000000000000c002": w2},
			adopt: adoption{references: []string{"source.rootWorkspace", "customFields.external_id"}},
			plan: batchItems{Components: map[string]entity.ComponentValues{"api": {RootWorkspace: w1}}, References: map[string]entity.ReferenceValues{
				"in_w1": {Source: "api", Target: "api", Type: 1, CustomFields: strs("external_id", "e")},
				"in_w2": {Source: "5eed0000000000000000c002", Target: "api", Type: 1, CustomFields: strs("external_id", "e")},
			}}}
		got, diags := matchAdoptions(in)
		if diags.HasError() || got.References["in_w1"].ID != "r1" || got.References["in_w2"].ID != "r2" {
			t.Fatalf("%v %+v", diags, got.References)
		}
	})
}
