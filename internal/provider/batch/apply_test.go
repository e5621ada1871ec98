package batch

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// After an apply, an upsert that matched comes back as an update without a batchId; it is put under
// the item whose values it has, comparing the workspace of its source for real.
func TestBatchAdoptedReferenceKeyComparesTheSourceWorkspace(t *testing.T) {
	w1, w2 := "5eed0000000000000000b001", "5eed0000000000000000b002"
	planned := batchItems{Components: map[string]entity.ComponentValues{"a1": {RootWorkspace: w1}, "a2": {RootWorkspace: w2}},
		References: map[string]entity.ReferenceValues{
			"from_w1": {Source: "a1", Target: "a2", Type: 1, CustomFields: strs("external_id", "e")},
			"from_w2": {Source: "a2", Target: "a1", Type: 1, CustomFields: strs("external_id", "e")},
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
	item := func(name, ext string) entity.ComponentValues {
		return entity.ComponentValues{RootWorkspace: ws, TypeID: "t", Name: name, CustomFields: strs("external_id", ext)}
	}
	prior := batchItems{Components: map[string]entity.ComponentValues{"old": {ID: "x1", Version: 2, RootWorkspace: ws, TypeID: "t", Name: "A"}}}
	planned := batchItems{Components: map[string]entity.ComponentValues{"new": item("A", "a"), "made": item("M", "m"), "late": item("L", "l")}}
	keys := batchOpKeys{componentCreates: []string{"made"}, componentUpserts: []string{"late"}, componentUpdates: []string{"new"},
		adopted: batchMatches{Components: map[string]batchMatch{"new": {ID: "x1", Version: 2}}}}
	madeComponent := func(id, name, ext string) *client.Component {
		return &client.Component{ID: id, Version: 3, RootWorkspace: ws, TypeID: "t", Name: name, CustomFields: client.CustomFields{"external_id": ext}}
	}
	resp := &client.BatchResponse{Components: client.ComponentResults{
		Created: []client.Created[client.Component]{{ID: "c1", BatchID: "component:made", Body: madeComponent("c1", "M", "m")}},
		Updated: []client.Updated[client.Component]{{ID: "x1", Body: madeComponent("x1", "A", "a")}, {ID: "x9", Body: madeComponent("x9", "L", "l")}},
	}}
	result := batchItems{Components: map[string]entity.ComponentValues{}, References: map[string]entity.ReferenceValues{}}
	if err := mergeBatchResults(resp, keys, prior, planned, result, adoption{components: []string{"rootWorkspace", "customFields.external_id"}}); err != nil {
		t.Fatal(err)
	}
	if result.Components["new"].ID != "x1" || result.Components["made"].ID != "c1" || result.Components["late"].ID != "x9" || len(result.Components) != 3 {
		t.Fatalf("%+v", result.Components)
	}
}

// Apply stops when the entity the plan showed an item taking over is not the one it would take over now.
func TestBatchCheckPlannedAdoptions(t *testing.T) {
	plan := batchRaw{"computed_components": computedComponents(map[string]entity.ComponentValues{"a": {ID: "x1"}, "kept": {ID: "k1"}, "fresh": {}}, nil, tftypes.Value{})}
	prior := batchItems{Components: map[string]entity.ComponentValues{"kept": {ID: "k1"}}}
	if diags := checkPlannedAdoptions(plan, prior, batchMatches{Components: map[string]batchMatch{"a": {ID: "x1"}}}); diags.HasError() {
		t.Fatal(diags)
	}
	diags := checkPlannedAdoptions(plan, prior, batchMatches{Components: map[string]batchMatch{"a": {ID: "x2", Name: "Other", TypeID: "t"}}})
	expectErrors(t, diags, map[string]string{`components["a"]`: `the plan showed this item taking over x1, but in Ardoq it now matches component x2 ("Other")`})
	diags = checkPlannedAdoptions(plan, prior, batchMatches{})
	expectErrors(t, diags, map[string]string{`components["a"]`: `now matches nothing it can take over`})
}

func TestBatchErrorPath(t *testing.T) {
	keys := batchOpKeys{componentCreates: []string{"a", "b"}, componentUpserts: []string{"u"}, componentUpdates: []string{"c"}, referenceCreates: []string{"r"}}
	cases := map[string][4]string{
		"components.create[1]: customFields.cost: Number field needs a number": {"components", "b", "custom_fields", "cost"},
		"components.upsert[0]: uniqueBy [rootWorkspace name] matches 2":        {"components", "u", "", ""},
		"components.update[0]: version mismatch: ...":                          {"components", "c", "", ""},
		"components.create[0]: parent: component \"x\" does not exist":         {"components", "a", "parent", ""},
		"references.create[0]: type: reference type 9 is not in the model":     {"references", "r", "type", ""},
	}
	for msg, want := range cases {
		kind, key, attr, field, ok := batchErrorPath(msg, keys)
		if !ok || [4]string{kind, key, attr, field} != want {
			t.Errorf("%s -> %v %v %v %v %v", msg, kind, key, attr, field, ok)
		}
	}
	if _, _, _, _, ok := batchErrorPath("components.create[7]: x", keys); ok {
		t.Error("an index out of range must not map")
	}
}
