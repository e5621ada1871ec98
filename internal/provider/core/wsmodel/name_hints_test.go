package wsmodel

import (
	"slices"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

func TestClosestNames(t *testing.T) {
	names := []string{"Applications", "Application Integrations", "Infrastructure", "Business Capabilities", "Data Platform"}
	for _, tc := range []struct {
		want string
		out  []string
	}{
		{"Aplications", []string{"Applications", "Application Integrations"}},  // a typo
		{"applications", []string{"Applications", "Application Integrations"}}, // case
		{"Infra", []string{"Infrastructure"}},                                  // the start of a name
		{"Capabilities", []string{"Business Capabilities"}},                    // a part of it
		{"business capability", []string{"Business Capabilities"}},
		{"zzz", nil},
		{"", nil},
	} {
		if got := ClosestNames(tc.want, names); !slices.Equal(got, tc.out) {
			t.Errorf("closestNames(%q) = %q, want %q", tc.want, got, tc.out)
		}
	}
	many := []string{"App 1", "App 2", "App 3", "App 4"}
	if got := ClosestNames("App", many); len(got) != maxSuggestions {
		t.Errorf("at most %d suggestions: %q", maxSuggestions, got)
	}
}

func TestNameHint(t *testing.T) {
	for _, tc := range []struct {
		want  string
		names []string
		hint  string
	}{
		{"Aplications", []string{"Infrastructure", "Applications"}, `; closest: "Applications"`},
		{"zzz", []string{"B", "A"}, `; none is close. The workspaces are: "A", "B"`},
		{"zzz", strings.Fields("g f e d c b a"), `; none of the 7 workspaces is close ("a", "b", "c", ...)`},
		{"zzz", nil, "; Ardoq has no workspaces"},
	} {
		if got := nameHint(tc.want, "workspaces", tc.names); got != tc.hint {
			t.Errorf("nameHint(%q, %q) = %q, want %q", tc.want, tc.names, got, tc.hint)
		}
	}
}

func TestComponentTypeHint(t *testing.T) {
	wctx := &client.WorkspaceContext{ComponentTypes: []client.ComponentType{
		{TypeID: "p1700000000001", Name: "Application"}, {TypeID: "p1700000000002", Name: "Application Module"},
		{TypeID: "p1700000000003", Name: "Server"},
	}}
	for typeID, hint := range map[string]string{
		// A name where the id belongs.
		"Application": `Closest: "Application" (type_id p1700000000001), "Application Module" (type_id p1700000000002).`,
		// An id with a character missing; ids sharing a prefix are not "close" by that alone.
		"p170000000003":  `Closest: "Server" (type_id p1700000000003).`,
		"p1700000000030": "Its types are: Application (p1700000000001), Application Module (p1700000000002), Server (p1700000000003).",
		"p0000":          "Its types are: Application (p1700000000001), Application Module (p1700000000002), Server (p1700000000003).",
	} {
		if got := ComponentTypeHint(wctx, typeID); got != hint {
			t.Errorf("componentTypeHint(%q) = %q, want %q", typeID, got, hint)
		}
	}
}

// The list resources' type_name (terraform query): a type name that matches nothing.
func TestTypeNameHints(t *testing.T) {
	wctx := &client.WorkspaceContext{
		ComponentTypes: []client.ComponentType{{TypeID: "p1", Name: "Application"}, {TypeID: "p2", Name: "Server"}},
		ReferenceTypes: []client.ReferenceType{{Type: 1, Name: "Depends on"}, {Type: 2, Name: "Runs on"}},
	}
	for got, want := range map[string]string{
		ComponentTypeNameHint(wctx, "application"): `Closest: "Application".`,
		ComponentTypeNameHint(wctx, "Nope"):        "Its types are: Application (p1), Server (p2).",
		ReferenceTypeNameHint(wctx, "depends-on"):  `Closest: "Depends on".`,
		ReferenceTypeNameHint(wctx, "Stores data"): "Its reference types are: Depends on (1), Runs on (2).",
	} {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}
