package cascade

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
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
	for i := range 10 {
		lost.components = append(lost.components, client.Component{ID: "id" + strconv.Itoa(i), Name: "C" + strconv.Itoa(i), ComponentKey: "APP-" + strconv.Itoa(i)})
	}
	lost.references = append(lost.references, client.Reference{ID: "r1", Type: 2, Source: "p", Target: "x"})
	msg := cascadeRefusal(`component "P"`, lost, map[string]string{"r1": "P → X (Depends on)"}, nil, nil, "The component was not deleted.",
		defaultWays([]string{WayReplace}, lost, nil))
	for _, want := range []string{"10 descendant components and 1 reference", `component "C0" (APP-0, id id0)`, "and 3 more",
		"create_before_destroy", "allow_cascade_delete", "ARDOQ_ALLOW_CASCADE_DELETE", "The component was not deleted", "depends_on",
		"give them another parent (or source and target), in Ardoq or in the configuration that manages them"} {
		if !strings.Contains(msg, want) {
			t.Errorf("refusal lacks %q:\n%s", want, msg)
		}
	}
}

// A refusal lists only the ways out that apply: none for replacements unless the caller says so, the keep way for what the configuration keeps, the outside way for the rest; and it names
// references by their ends and type, and what keeps them. No message holds a placeholder for a name.
func TestCascadeRefusal_waysThatApply(t *testing.T) {
	lost := Lost{references: []client.Reference{{ID: "r1", Source: "s", Target: "p"}, {ID: "r2", Source: "o", Target: "p"}}}
	labels := map[string]string{"r1": "Lab service → CRM (Depends on)", "r2": "Other → CRM (Depends on)"}
	held := map[string]string{"r1": `ardoq_batch item references["svc_crm"]`}
	both := cascadeRefusal(`component "CRM"`, lost, labels, held, nil, "Not deleted.", defaultWays(nil, lost, held))
	for _, want := range []string{`reference Lab service → CRM (Depends on) (id r1), kept by ardoq_batch item references["svc_crm"]`,
		"reference Other → CRM (Depends on) (id r2)\n", wayKeep, wayOutside, allowCascade} {
		if !strings.Contains(both, want) {
			t.Errorf("refusal lacks %q:\n%s", want, both)
		}
	}
	outside := cascadeRefusal(`component "CRM"`, lost, labels, map[string]string{}, nil, "Not deleted.", defaultWays(nil, lost, map[string]string{}))
	for _, unwanted := range []string{"create_before_destroy", wayKeep} {
		if strings.Contains(outside, unwanted) {
			t.Errorf("refusal of what no resource manages holds %q:\n%s", unwanted, outside)
		}
	}
	if allowed := cascadeRefusal("x", lost, labels, nil, nil, "", allowedWays(nil, lost, nil)); strings.Contains(allowed, allowCascade) ||
		!strings.Contains(allowed, wayPlanAgain) {
		t.Errorf("a refusal under allow_cascade_delete must offer a new plan, not the setting it has:\n%s", allowed)
	}
	for _, msg := range []string{both, outside, WayReplace, wayUnordered, wayEither, cascadeRefusal("x", lost, labels, nil, nil, "", defaultWays([]string{WayReplace}, lost, nil))} {
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
	for i := range 10 {
		leaves[create("Leaf "+strconv.Itoa(i), nil)] = ws
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

// The guard at apply. By default anything Ardoq would take along refuses the delete, each entity named with
// who made and last changed it, whatever the plan announced. With allow_cascade_delete what the plan
// announced goes along when Ardoq still holds it at the announced version (and is reported once the
// delete is done), and anything else refuses the delete, saying why: not announced (a plan that announced
// nothing, or one added since), or changed since.
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
	deletesWith := func(allow bool, announced *Announced) (Taken, bool, diag.Diagnostics) {
		var diags diag.Diagnostics
		taken, ok := Deletes(ctx, &diags, c, allow, deletes, Input{}, announced, notice)
		return taken, ok, diags
	}
	announced := &Announced{Components: map[string]int64{child.ID: child.Version}}

	for _, a := range []*Announced{nil, {}, announced} {
		if _, ok, diags := deletesWith(false, a); ok || !diags.HasError() || diags[0].Summary() != "Refused" ||
			!strings.Contains(diags[0].Detail(), `"Child"`) || !strings.Contains(diags[0].Detail(), "allow_cascade_delete") ||
			!strings.Contains(diags[0].Detail(), "depends_on") {
			t.Fatalf("by default a child still there refuses the delete, whatever the plan announced (%v), got %v", a, diags)
		}
	}
	if _, ok, diags := deletesWith(true, nil); ok || !diags.HasError() || !strings.Contains(diags[0].Detail(), `"Child"`) {
		t.Fatalf("allow_cascade_delete with a plan that announced nothing: the delete is refused, got %v", diags)
	}
	if _, ok, diags := deletesWith(true, &Announced{}); ok || !strings.Contains(diags[0].Detail(), "not in this plan's notice") {
		t.Fatalf("allow_cascade_delete: a child the plan did not announce refuses the delete, saying so, got %v", diags)
	}
	taken, ok, diags := deletesWith(true, announced)
	if !ok || len(diags) != 0 {
		t.Fatalf("allow_cascade_delete: what the plan announced, unchanged, goes along: got %v", diags)
	}
	taken.Report(&diags)
	if diags.WarningsCount() != 1 || !strings.Contains(diags[0].Detail(), `"Child"`) {
		t.Fatalf("what went along is reported once the delete is done, got %v", diags)
	}
	if _, err := c.UpdateComponent(ctx, child.ID, client.IfVersion(child.Version), client.ComponentUpdate{Description: client.Set("DO NOT DELETE")}); err != nil {
		t.Fatal(err)
	}
	if _, ok, diags := deletesWith(true, announced); ok || !strings.Contains(diags[0].Detail(),
		fmt.Sprintf("changed in Ardoq since the plan (version %d then, %d now)", child.Version, child.Version+1)) {
		t.Fatalf("a child changed since the plan refuses the delete, naming the versions, got %v", diags)
	}
}

// A refusal names who made and who last changed each entity, and when, as Ardoq's meta says.
func TestOrigin(t *testing.T) {
	made := client.Meta{Created: "2026-11-20T09:00:00Z", CreatedByName: "Ada", CreatedByEmail: "ada@example.com",
		LastUpdated: "2026-11-20T09:00:00Z", LastModifiedByName: "Ada", LastModifiedByEmail: "ada@example.com"}
	if got, want := Origin(made), ", made by Ada (ada@example.com) at 2026-11-20T09:00:00Z"; got != want {
		t.Errorf("Origin(never changed) = %q, want %q", got, want)
	}
	changed := made
	changed.LastUpdated, changed.LastModifiedByName, changed.LastModifiedByEmail = "2026-11-27T10:00:00Z", "Bob", "bob@example.com"
	if got, want := Origin(changed), ", made by Ada (ada@example.com) at 2026-11-20T09:00:00Z, last changed by Bob (bob@example.com) at 2026-11-27T10:00:00Z"; got != want {
		t.Errorf("Origin(changed) = %q, want %q", got, want)
	}
	if got := Origin(client.Meta{}); got != "" {
		t.Errorf("Origin(no meta) = %q, want nothing", got)
	}
}
