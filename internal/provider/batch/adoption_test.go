package batch

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

func TestAdoptionNotice(t *testing.T) {
	text := func(s string) *string { return &s }
	handMade := &client.Component{ID: "c1", ComponentKey: "APP-16", Name: "Billing (hand-made)", RootWorkspace: "ws", TypeID: "t",
		Description: text("written by hand"), Color: text("#fff"),
		CustomFields: client.CustomFields{"external_id": "bill-1", "cost": json.Number("12"), "owner": "team-a"}}
	planned := batchItems{Components: map[string]entity.ComponentValues{
		"billing": {RootWorkspace: "ws", TypeID: "t", Name: "Billing", Color: text("#fff"),
			CustomFields: strs("external_id", "bill-1", "cost", "12.0")},
		"same": {RootWorkspace: "ws", TypeID: "t", Name: "Same", Description: text("new")},
	}}
	same := &client.Component{ID: "c2", Name: "Same", RootWorkspace: "ws", TypeID: "t"}
	adopted := batchMatches{Components: map[string]batchMatch{"billing": componentMatch(handMade), "same": componentMatch(same)}}

	summary, notice := adoptionNotice(planned, batchOpKeys{adopted: adopted})
	if summary != "Adoption Writes 2 of 2 Entities" || !strings.Contains(notice, "takes over 2 entities") ||
		!strings.Contains(notice, "0 entities already hold their items' values and are not written; 2 entities are updated") {
		t.Errorf("want the count of entities written:\n%s\n%s", summary, notice)
	}
	for _, want := range []string{`components["billing"] takes over APP-16`, `name "Billing (hand-made)" becomes "Billing"`,
		`description "written by hand" is unset`} {
		if !strings.Contains(notice, want) {
			t.Errorf("the notice lacks %q:\n%s", want, notice)
		}
	}
	for _, unwanted := range []string{"color", "cost", "owner", `components["same"]`} {
		if strings.Contains(notice, unwanted) {
			t.Errorf("the notice must not mention %q (unchanged, the same number, unmanaged, or only set):\n%s", unwanted, notice)
		}
	}
	only := batchOpKeys{adopted: batchMatches{Components: map[string]batchMatch{"same": componentMatch(same)}}}
	if _, got := adoptionNotice(batchItems{Components: map[string]entity.ComponentValues{"same": planned.Components["same"]}}, only); strings.Contains(got, "same") {
		t.Errorf("an adoption that only sets values is no loss, got %q", got)
	}
	only.componentsAsIs = []string{"same"}
	if summary, got := adoptionNotice(batchItems{Components: map[string]entity.ComponentValues{"same": {RootWorkspace: "ws", TypeID: "t",
		Name: "Same"}}}, only); summary != "Adoption Writes Nothing" || !strings.Contains(got, "1 entity already holds its item's values and is not written") {
		t.Errorf("an adoption of an entity that holds the item's values writes nothing: %q\n%s", summary, got)
	}
}

// A component adopted as it is hides nothing of a reference item with the same key that adoption writes.
func TestAdoptionNotice_keysOfEachKindApart(t *testing.T) {
	text := func(s string) *string { return &s }
	component := &client.Component{ID: "c1", Name: "X", RootWorkspace: "ws", TypeID: "t"}
	reference := &client.Reference{ID: "r1", Source: "c1", Target: "c2", Type: 1, Description: text("by hand")}
	planned := batchItems{
		Components: map[string]entity.ComponentValues{"x": {RootWorkspace: "ws", TypeID: "t", Name: "X"}},
		References: map[string]entity.ReferenceValues{"x": {Source: "x", Target: "c2", Type: 1}}}
	keys := batchOpKeys{componentsAsIs: []string{"x"}, adopted: batchMatches{
		Components: map[string]batchMatch{"x": componentMatch(component)}, References: map[string]batchMatch{"x": referenceMatch(reference)}}}
	if _, notice := adoptionNotice(planned, keys); !strings.Contains(notice, `references["x"] takes over reference r1: description "by hand" is unset`) {
		t.Errorf("the reference's overwrite is not said:\n%s", notice)
	}
}
