package provider

import (
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

func TestCascadeOf(t *testing.T) {
	ptr := func(s string) *string { return &s }
	slice := orgSlice{
		components: map[string]client.Component{
			"p":  {ID: "p", Name: "Parent"},
			"c1": {ID: "c1", Name: "Child 1", Parent: ptr("p")},
			"c2": {ID: "c2", Name: "Child 2", Parent: ptr("p")},
			"g":  {ID: "g", Name: "Grandchild", Parent: ptr("c1")},
			"o":  {ID: "o", Name: "Other"},
		},
		references: map[string]client.Reference{
			"r-out":   {ID: "r-out", Source: "p", Target: "o"},
			"r-in":    {ID: "r-in", Source: "o", Target: "g"},
			"r-apart": {ID: "r-apart", Source: "o", Target: "o"},
		},
	}
	ids := func(l lostEntities) string {
		var out []string
		for _, c := range l.components {
			out = append(out, c.ID)
		}
		for _, r := range l.references {
			out = append(out, r.ID)
		}
		return strings.Join(out, ",")
	}
	tests := []struct {
		name string
		in   cascadeInput
		want string
	}{
		{"leaf with nothing touching it", cascadeInput{deleteComponents: map[string]bool{"c2": true}}, ""},
		{"subtree and the references touching it", cascadeInput{deleteComponents: map[string]bool{"p": true}}, "c1,c2,g,r-in,r-out"},
		{"what the request deletes itself is not lost", cascadeInput{
			deleteComponents: map[string]bool{"p": true, "c1": true, "c2": true, "g": true},
			deleteReferences: map[string]bool{"r-out": true, "r-in": true}}, ""},
		{"children moved away and references re-pointed by the request are kept", cascadeInput{
			deleteComponents: map[string]bool{"p": true},
			newParent:        map[string]string{"c1": "component:new", "c2": ""},
			newEndpoints:     map[string][2]string{"r-out": {"component:new", "o"}}}, ""},
		{"a child moved below another deleted component is still lost", cascadeInput{
			deleteComponents: map[string]bool{"c1": true},
			newParent:        map[string]string{"c2": "g"}}, "g,c2,r-in"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := ids(cascadeOf(slice, tc.in)); got != tc.want {
				t.Errorf("cascadeOf = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCascadeRefusal_listsAHandfulAndCounts(t *testing.T) {
	var lost lostEntities
	for i := range int64(10) {
		lost.components = append(lost.components, client.Component{ID: "id" + itoa(i), Name: "C" + itoa(i), ComponentKey: "APP-" + itoa(i)})
	}
	lost.references = append(lost.references, client.Reference{ID: "r1", Type: 2, Source: "p", Target: "x"})
	msg := cascadeRefusal(`component "P"`, lost, map[string]string{"p": "P"}, componentCascadeRecipe)
	for _, want := range []string{"10 descendant components and 1 reference", `component "C0" (APP-0, id id0)`, "and 3 more",
		"create_before_destroy", "allow_cascade_delete", "ARDOQ_ALLOW_CASCADE_DELETE", "Nothing was deleted"} {
		if !strings.Contains(msg, want) {
			t.Errorf("refusal lacks %q:\n%s", want, msg)
		}
	}
}
