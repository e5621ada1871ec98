package batch

import (
	"fmt"
	"slices"
	"testing"
)

// The moves check draws nothing from an item whose id a plan leaves unknown: its entity is neither kept
// nor destroyed yet.
func TestPlannedEntries_unknownIDsNeitherKeptNorDestroyed(t *testing.T) {
	s := NewServer(nil)
	prior := unknownPlanPrior()
	components, references := unknownPlanItems()
	components["b"]["parent"] = unknownText
	plan := batchRaw{"components": itemsValue(components), "references": itemsValue(references)}
	items, _, _ := plan.planned()
	computed, _, _ := plannedWithUnknowns(prior, items, unknownsOf(plan), adoptionOf(plan))
	priorValue, d := s.dynamic(prior.value(s.typ, batchRaw{"id": str("batch-1"), "deletions": noDeletions()}))
	plannedValue, d2 := s.dynamic(plan.value(s.typ, computed))
	if d != nil || d2 != nil {
		t.Fatal(d, d2)
	}
	var got []string
	for _, e := range s.plannedEntries(priorValue, plannedValue) {
		got = append(got, fmt.Sprintf("%s %v", e.ID, e.Planned.Destroyed))
	}
	slices.Sort(got)
	if want := []string{"id-a false", "id-ay false"}; !slices.Equal(got, want) {
		t.Fatalf("entries %v, want %v", got, want)
	}
}
