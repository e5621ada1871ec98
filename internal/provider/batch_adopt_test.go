package provider

import (
	"encoding/json"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
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
	plan := batchItems{Components: map[string]batchComponent{
		"api":   {RootWorkspace: w1, TypeID: "t", Name: "API", CustomFields: map[string]string{"external_id": "api", "cost": "12.5"}},
		"twin":  {RootWorkspace: w1, TypeID: "t", Name: "Twin", CustomFields: map[string]string{"external_id": "twin"}},
		"new":   {RootWorkspace: w1, TypeID: "t", Name: "New", CustomFields: map[string]string{"external_id": "nothing"}},
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
			Components: map[string]batchComponent{
				"a_kid": {RootWorkspace: w1, TypeID: "t", Name: "Child", Parent: "z_api", CustomFields: map[string]string{"external_id": "kid"}},
				"z_api": {RootWorkspace: w1, TypeID: "t", Name: "API", Parent: "5eed0000000000000000c0de", CustomFields: map[string]string{"external_id": "api"}},
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
			plan: batchItems{Components: map[string]batchComponent{"api": {RootWorkspace: w1}}, References: map[string]batchReference{
				"in_w1": {Source: "api", Target: "api", Type: 1, CustomFields: map[string]string{"external_id": "e"}},
				"in_w2": {Source: "5eed0000000000000000c002", Target: "api", Type: 1, CustomFields: map[string]string{"external_id": "e"}},
			}}}
		got, diags := matchAdoptions(in)
		if diags.HasError() || got.References["in_w1"].ID != "r1" || got.References["in_w2"].ID != "r2" {
			t.Fatalf("%v %+v", diags, got.References)
		}
	})
}

// After an apply, an upsert that matched comes back as an update without a batchId; it is put under
// the item whose values it has, comparing the workspace of its source for real.
func TestBatchAdoptedReferenceKeyComparesTheSourceWorkspace(t *testing.T) {
	w1, w2 := "5eed0000000000000000b001", "5eed0000000000000000b002"
	planned := batchItems{Components: map[string]batchComponent{"a1": {RootWorkspace: w1}, "a2": {RootWorkspace: w2}},
		References: map[string]batchReference{
			"from_w1": {Source: "a1", Target: "a2", Type: 1, CustomFields: map[string]string{"external_id": "e"}},
			"from_w2": {Source: "a2", Target: "a1", Type: 1, CustomFields: map[string]string{"external_id": "e"}},
		}}
	ids := map[string]string{"a1": "c1", "a2": "c2"}
	uniqueBy := []string{"source.rootWorkspace", "customFields.external_id"}
	updated := &client.Reference{ID: "r", RootWorkspace: w2, Source: "c2", Target: "c1", Type: 1, CustomFields: client.CustomFields{"external_id": "e"}}
	if key, ok := adoptedReferenceKey(updated, []string{"from_w1", "from_w2"}, planned, ids, uniqueBy); !ok || key != "from_w2" {
		t.Fatalf("got %q %v", key, ok)
	}
}

// One response with all three ways a new item comes back: created, adopted at plan (an update of the id
// the plan matched, here under a renamed key), and an upsert that matched at apply (an update of an id
// nobody planned, put under the item with its values).
func TestBatchMergeResultsCopesWithCreatesAdoptionsAndUpserts(t *testing.T) {
	ws := "5eed0000000000000000b001"
	item := func(name, ext string) batchComponent {
		return batchComponent{RootWorkspace: ws, TypeID: "t", Name: name, CustomFields: map[string]string{"external_id": ext}}
	}
	prior := batchItems{Components: map[string]batchComponent{"old": {ID: "x1", Version: 2, RootWorkspace: ws, TypeID: "t", Name: "A"}}}
	planned := batchItems{Components: map[string]batchComponent{"new": item("A", "a"), "made": item("M", "m"), "late": item("L", "l")}}
	keys := batchOpKeys{componentCreates: []string{"made"}, componentUpserts: []string{"late"}, componentUpdates: []string{"new"},
		adopted: batchMatches{Components: map[string]batchMatch{"new": {ID: "x1", Version: 2}}}}
	entity := func(id, name, ext string) *client.Component {
		return &client.Component{ID: id, Version: 3, RootWorkspace: ws, TypeID: "t", Name: name, CustomFields: client.CustomFields{"external_id": ext}}
	}
	resp := &client.BatchResponse{Components: client.ComponentResults{
		Created: []client.Created[client.Component]{{ID: "c1", BatchID: "component:made", Body: entity("c1", "M", "m")}},
		Updated: []client.Updated[client.Component]{{ID: "x1", Body: entity("x1", "A", "a")}, {ID: "x9", Body: entity("x9", "L", "l")}},
	}}
	result := batchItems{Components: map[string]batchComponent{}, References: map[string]batchReference{}}
	if err := mergeBatchResults(resp, keys, prior, planned, result, adoption{components: []string{"rootWorkspace", "customFields.external_id"}}); err != nil {
		t.Fatal(err)
	}
	if result.Components["new"].ID != "x1" || result.Components["made"].ID != "c1" || result.Components["late"].ID != "x9" || len(result.Components) != 3 {
		t.Fatalf("%+v", result.Components)
	}
}

// Apply stops when the entity the plan showed an item taking over is not the one it would take over now.
func TestBatchCheckPlannedAdoptions(t *testing.T) {
	plan := batchRaw{"computed_components": computedComponents(map[string]batchComponent{"a": {ID: "x1"}, "kept": {ID: "k1"}, "fresh": {}}, nil)}
	prior := batchItems{Components: map[string]batchComponent{"kept": {ID: "k1"}}}
	if diags := checkPlannedAdoptions(plan, prior, batchMatches{Components: map[string]batchMatch{"a": {ID: "x1"}}}); diags.HasError() {
		t.Fatal(diags)
	}
	diags := checkPlannedAdoptions(plan, prior, batchMatches{Components: map[string]batchMatch{"a": {ID: "x2", Name: "Other", TypeID: "t"}}})
	expectErrors(t, diags, map[string]string{`components["a"]`: `the plan showed this item taking over x1, but in Ardoq it now matches component x2 ("Other")`})
	diags = checkPlannedAdoptions(plan, prior, batchMatches{})
	expectErrors(t, diags, map[string]string{`components["a"]`: `now matches nothing it can take over`})
}
