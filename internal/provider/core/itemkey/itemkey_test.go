package itemkey

import (
	"maps"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// References between the same two components are numbered in the order of their ids, whatever order
// they come in; a target whose key is not known is keyed by its id.
func TestReferences(t *testing.T) {
	keys := map[string]string{"c1": "APP-1", "c2": "APP-2", "f9": "INF-9"}
	refs := []client.Reference{{ID: "r3", Source: "c1", Target: "c2"}, {ID: "r1", Source: "c1", Target: "c2"}, {ID: "r2", Source: "c2", Target: "c1"},
		{ID: "r4", Source: "c1", Target: "f9"}, {ID: "r5", Source: "c1", Target: "gone"}}
	got := References(refs, func(id string) string { return keys[id] })
	want := map[string]string{"r1": "APP-1 -> APP-2", "r3": "APP-1 -> APP-2 #2", "r2": "APP-2 -> APP-1", "r4": "APP-1 -> INF-9", "r5": "APP-1 -> gone"}
	if !maps.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if k := Component(&client.Component{ID: "c7"}); k != "c7" {
		t.Errorf("a component without a key is keyed %q, want its id", k)
	}
}
