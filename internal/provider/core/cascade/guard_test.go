package cascade

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
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
	ids := func(l Lost) string {
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
		in   Input
		want string
	}{
		{"leaf with nothing touching it", Input{DeleteComponents: map[string]bool{"c2": true}}, ""},
		{"subtree and the references touching it", Input{DeleteComponents: map[string]bool{"p": true}}, "c1,c2,g,r-in,r-out"},
		{"what the request deletes itself is not lost", Input{
			DeleteComponents: map[string]bool{"p": true, "c1": true, "c2": true, "g": true},
			DeleteReferences: map[string]bool{"r-out": true, "r-in": true}}, ""},
		{"children moved away and references re-pointed by the request are kept", Input{
			DeleteComponents: map[string]bool{"p": true},
			NewParent:        map[string]string{"c1": "component:new", "c2": ""},
			NewEndpoints:     map[string][2]string{"r-out": {"component:new", "o"}}}, ""},
		{"a child moved below another deleted component is still lost", Input{
			DeleteComponents: map[string]bool{"c1": true},
			NewParent:        map[string]string{"c2": "g"}}, "g,c2,r-in"},
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
	var lost Lost
	for i := range int64(10) {
		lost.components = append(lost.components, client.Component{ID: "id" + convert.Itoa(i), Name: "C" + convert.Itoa(i), ComponentKey: "APP-" + convert.Itoa(i)})
	}
	lost.references = append(lost.references, client.Reference{ID: "r1", Type: 2, Source: "p", Target: "x"})
	msg := cascadeRefusal(`component "P"`, lost, map[string]string{"r1": "P → X (Depends on)"}, nil, nil, "The component was not deleted.",
		[]string{WayReplace, WayUnordered})
	for _, want := range []string{"10 descendant components and 1 reference", `component "C0" (APP-0, id id0)`, "and 3 more",
		"create_before_destroy", "allow_cascade_delete", "ARDOQ_ALLOW_CASCADE_DELETE", "The component was not deleted", "depends_on",
		"give them another parent (or source and target), in Ardoq or in the configuration that manages them"} {
		if !strings.Contains(msg, want) {
			t.Errorf("refusal lacks %q:\n%s", want, msg)
		}
	}
}

// A refusal lists only the ways out that apply: none for replacements or unordered deletes unless the
// caller says so, the keep way for what the configuration keeps, the outside way for the rest; and it names
// references by their ends and type, and what keeps them. No message holds a placeholder for a name.
func TestCascadeRefusal_waysThatApply(t *testing.T) {
	lost := Lost{references: []client.Reference{{ID: "r1", Source: "s", Target: "p"}, {ID: "r2", Source: "o", Target: "p"}}}
	labels := map[string]string{"r1": "Lab service → CRM (Depends on)", "r2": "Other → CRM (Depends on)"}
	both := cascadeRefusal(`component "CRM"`, lost, labels, map[string]string{"r1": `ardoq_batch item references["svc_crm"]`}, nil, "Not deleted.", nil)
	for _, want := range []string{`reference Lab service → CRM (Depends on) (id r1), kept by ardoq_batch item references["svc_crm"]`,
		"reference Other → CRM (Depends on) (id r2)\n", wayKeep, wayOutside, allowCascade} {
		if !strings.Contains(both, want) {
			t.Errorf("refusal lacks %q:\n%s", want, both)
		}
	}
	outside := cascadeRefusal(`component "CRM"`, lost, labels, map[string]string{}, nil, "Not deleted.", nil)
	for _, unwanted := range []string{"create_before_destroy", "depends_on", wayKeep, "-target"} {
		if strings.Contains(outside, unwanted) {
			t.Errorf("refusal of what no resource manages holds %q:\n%s", unwanted, outside)
		}
	}
	for _, msg := range []string{both, outside, WayReplace, WayUnordered, wayEither, cascadeRefusal("x", lost, labels, nil, nil, "", []string{WayReplace, WayUnordered})} {
		if strings.Contains(msg, "<") || strings.Contains(msg, "ardoq_batch.") || strings.Contains(msg, "ardoq_component.") {
			t.Errorf("a guard message holds a placeholder or a made-up address:\n%s", msg)
		}
	}
}

// TestCheckCascade_requests pins the guard's cost: three small lists for a childless component, and
// the workspace's three listings (whatever their number) for many deletes or a component with children.
func TestCheckCascade_requests(t *testing.T) {
	org := providertest.NewEmulatedOrg(t)
	srv, c, ws, wctx := org.Srv, org.Client, org.WS, org.Wctx
	ctx := context.Background()
	create := func(name string, parent *string) string {
		made, err := c.CreateComponent(ctx, client.ComponentCreate{Name: name, RootWorkspace: ws, TypeID: wctx.ComponentTypes[0].TypeID, Parent: parent})
		if err != nil {
			t.Fatal(err)
		}
		return made.ID
	}
	parent := create("Parent", nil)
	child := create("Child", &parent)
	pointedAt := create("Pointed At", nil)
	if _, err := c.CreateReference(ctx, client.ReferenceCreate{Source: parent, Target: pointedAt, Type: wctx.ReferenceTypes[0].Type}); err != nil {
		t.Fatal(err)
	}
	leaves := map[string]string{}
	for i := range int64(10) {
		leaves[create("Leaf "+convert.Itoa(i), nil)] = ws
	}
	tests := []struct {
		name     string
		deletes  map[string]string
		requests int
		lost     int
	}{
		{"one childless component", map[string]string{child: ws}, 3, 0},
		{"one childless component with a reference to it", map[string]string{pointedAt: ws}, 3, 1},
		{"a component with children", map[string]string{parent: ws}, 3 + 3, 2}, // the look-ups run at once, then the workspace
		{"many components of one workspace", leaves, 3, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv.ResetRequests()
			lost, _, err := checkCascade(ctx, c, tc.deletes, Input{})
			if err != nil {
				t.Fatal(err)
			}
			if got := len(srv.Requests()); got != tc.requests {
				t.Errorf("the guard sent %d requests, want %d", got, tc.requests)
			}
			if got := len(lost.components) + len(lost.references); got != tc.lost {
				t.Errorf("the guard found %d entities to lose, want %d", got, tc.lost)
			}
		})
	}
}

// The guard at apply: allow_cascade_delete lets the cascade happen with a warning; otherwise what the plan
// announced goes along when Ardoq still holds it at the announced version, and anything else refuses the
// delete, saying why: not announced (a plan that announced nothing, or one added since), or changed since.
func TestGuardDeletes(t *testing.T) {
	org := providertest.NewEmulatedOrg(t)
	c, ws, wctx := org.Client, org.WS, org.Wctx
	ctx := context.Background()
	typ := wctx.ComponentTypes[0].TypeID
	parent, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "Parent", RootWorkspace: ws, TypeID: typ})
	if err != nil {
		t.Fatal(err)
	}
	child, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "Child", RootWorkspace: ws, TypeID: typ, Parent: &parent.ID})
	if err != nil {
		t.Fatal(err)
	}
	notice := Notice{Summary: "Refused", What: "the parent", NotSent: "Not deleted.", Ways: []string{WayReplace}}
	deletes := map[string]string{parent.ID: ws}
	deletesWith := func(announced *Announced) (bool, diag.Diagnostics) {
		var diags diag.Diagnostics
		return Deletes(ctx, &diags, c, false, deletes, Input{}, announced, notice), diags
	}

	var diags diag.Diagnostics
	if !Deletes(ctx, &diags, c, true, deletes, Input{}, nil, notice) || diags.HasError() || diags.WarningsCount() != 1 ||
		!strings.Contains(diags[0].Detail(), `"Child"`) {
		t.Fatalf("with allow_cascade_delete the delete goes ahead with a warning naming the child, got %v", diags)
	}
	if ok, diags := deletesWith(nil); ok || !diags.HasError() || diags[0].Summary() != "Refused" {
		t.Fatalf("a plan that announced nothing: the delete is refused, got %v", diags)
	}
	if ok, diags := deletesWith(&Announced{}); ok || !strings.Contains(diags[0].Detail(), `"Child"`) ||
		!strings.Contains(diags[0].Detail(), "not in this plan's notice") {
		t.Fatalf("a child the plan did not announce refuses the delete, saying so, got %v", diags)
	}
	announced := &Announced{Components: map[string]int64{child.ID: child.Version}}
	if ok, diags := deletesWith(announced); !ok || len(diags) != 0 {
		t.Fatalf("what the plan announced, unchanged, goes along: got %v", diags)
	}
	if _, err := c.UpdateComponent(ctx, child.ID, client.IfVersion(child.Version), client.ComponentUpdate{Description: client.Set("DO NOT DELETE")}); err != nil {
		t.Fatal(err)
	}
	if ok, diags := deletesWith(announced); ok || !strings.Contains(diags[0].Detail(),
		fmt.Sprintf("changed in Ardoq since the plan (version %d then, %d now)", child.Version, child.Version+1)) {
		t.Fatalf("a child changed since the plan refuses the delete, naming the versions, got %v", diags)
	}
}
