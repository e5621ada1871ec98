package batch

import (
	"fmt"
	"slices"
	"testing"
)

// The moves check draws nothing from an item whose id a plan leaves unknown: its entity is neither kept
// nor destroyed yet.
func TestPlannedEntities_unknownIDsNeitherKeptNorDestroyed(t *testing.T) {
	s := NewServer(nil)
	prior := unknownPlanPrior()
	components, references := unknownPlanItems()
	components["b"]["parent"] = unknownText
	plan := batchRaw{"components": itemsValue(components), "references": itemsValue(references)}
	items, _, _ := plan.planned()
	computed, _, _ := plannedWithUnknowns(prior, items, unknownsOf(plan), adoptionOf(plan))
	var got []string
	for _, e := range plannedEntities(batchRawOf(plan.value(s.typ, computed))) {
		got = append(got, fmt.Sprintf("%s %v", e.ID, e.Destroyed))
	}
	slices.Sort(got)
	if want := []string{"id-a false", "id-ay false"}; !slices.Equal(got, want) {
		t.Fatalf("entries %v, want %v", got, want)
	}
}
