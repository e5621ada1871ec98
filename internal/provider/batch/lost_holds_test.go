package batch

import (
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// A lost batch's update took effect when the entity holds what it set at a newer version, however far
// the version moved; a version one up holding other values is someone else's change.
func TestTallyWrites_byValuesHeld(t *testing.T) {
	desc := "new"
	body := client.ComponentUpdate{Name: client.Set("Renamed"), Description: client.Set(desc), Parent: client.Null[string](),
		CustomFields: client.CustomFields{"cost": 12, "gone": nil}}
	tests := []struct {
		name string
		now  client.Component
		took bool
	}{
		{"two versions on, holding the values sent", client.Component{ID: "c1", Version: 5, Name: "Renamed", Description: &desc,
			CustomFields: client.CustomFields{"cost": float64(12)}}, true},
		{"one version on, holding other values", client.Component{ID: "c1", Version: 4, Name: "Someone else's", Description: &desc,
			CustomFields: client.CustomFields{"cost": float64(12)}}, false},
		{"one version on, a field cleared by the update still set", client.Component{ID: "c1", Version: 4, Name: "Renamed",
			Description: &desc, CustomFields: client.CustomFields{"cost": float64(12), "gone": "x"}}, false},
		{"at the version sent for", client.Component{ID: "c1", Version: 3, Name: "Renamed", Description: &desc,
			CustomFields: client.CustomFields{"cost": float64(12)}}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &batchCheck{created: map[string]string{}}
			updates := []sentUpdate[client.Component]{{"c1", int64(3), func(c client.Component) bool { return componentHolds(c, body, b.resolve) }}}
			updated, _ := tallyWrites(b, map[string]client.Component{"c1": tc.now}, func(c client.Component) int64 { return c.Version }, updates, nil)
			if got := b.took == 1; got != tc.took || len(updated) != 1 {
				t.Errorf("took = %v (%d updated), want %v", got, len(updated), tc.took)
			}
		})
	}
}

func TestReferenceHolds(t *testing.T) {
	text := "uses"
	body := client.ReferenceUpdate{Target: client.Set("batch:new"), DisplayText: client.Set(text), Description: client.Null[string]()}
	b := &batchCheck{created: map[string]string{"batch:new": "c9"}}
	resolve := func(ref string) (string, bool) {
		id, ok := b.created[ref]
		return id, ok
	}
	if !referenceHolds(client.Reference{Source: "c1", Target: "c9", DisplayText: &text}, body, resolve) {
		t.Error("the reference holds what was sent, its target named by batchId")
	}
	if referenceHolds(client.Reference{Source: "c1", Target: "c8", DisplayText: &text}, body, resolve) {
		t.Error("another target does not hold what was sent")
	}
}
