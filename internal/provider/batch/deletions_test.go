package batch

import (
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

func deletionsFixture() (prior, plan batchItems, keys batchOpKeys) {
	prior = batchItems{
		Components: map[string]entity.ComponentValues{
			"a": {ID: "ca", Name: "Payments", RootWorkspace: "ws", TypeID: "t1", ComponentKey: "APP-1"},
			"b": {ID: "cb", Name: "Orders DB", RootWorkspace: "ws", TypeID: "t1"},
			"c": {ID: "cc", Name: "Gone", RootWorkspace: "ws", TypeID: "t9"},
		},
		References: map[string]entity.ReferenceValues{
			"ab": {ID: "rab", Source: "a", Target: "b", Type: 2, RootWorkspace: "ws"},
			"ax": {ID: "rax", Source: "ca", Target: "elsewhere", Type: 7, RootWorkspace: "ws"},
		},
	}
	plan = batchItems{Components: map[string]entity.ComponentValues{"a": prior.Components["a"], "b": {Name: "Orders DB", RootWorkspace: "ws", TypeID: "t2"}}}
	keys = batchOpKeys{componentDeletes: []string{"b", "c"}, referenceDeletes: []string{"ab", "ax"}}
	return prior, plan, keys
}

// The deletions are the prior items behind the request's deletes, named from the state alone (the plan
// and apply walks must agree), components first; a key still planned is a replacement.
func TestPlannedDeletions(t *testing.T) {
	prior, plan, keys := deletionsFixture()
	got := plannedDeletions(prior, keys, plan)
	want := []string{"component b Orders DB cb ws true", "component c Gone cc ws false",
		"reference ab Payments → Orders DB rab ws false", "reference ax Payments → elsewhere rax ws false"}
	if len(got) != len(want) {
		t.Fatalf("got %d deletions, want %d: %+v", len(got), len(want), got)
	}
	for i, d := range got {
		if line := strings.Join([]string{d.kind, d.key, d.name, d.id, d.workspace, map[bool]string{true: "true", false: "false"}[d.replaced]}, " "); line != want[i] {
			t.Errorf("deletion %d: got %q, want %q", i, line, want[i])
		}
	}
	if all := destroyDeletions(prior); len(all) != 5 || all[0].key != "a" || all[3].key != "ab" {
		t.Errorf("a destroy deletes every item, components first: %+v", all)
	}
	if v := deletionsValue(nil); !v.IsKnown() || v.IsNull() || deletionsText(v) != "nothing" {
		t.Errorf("no deletions is an empty list, got %s", v)
	}
}

// An apply whose request deletes other items than its plan said is refused before anything is sent; an
// unknown planned value (items known only at apply) is not compared.
func TestCheckPlannedDeletions(t *testing.T) {
	prior, plan, keys := deletionsFixture()
	planned := deletionsValue(plannedDeletions(prior, keys, plan))
	if d := checkPlannedDeletions(planned, planned); d.HasError() {
		t.Fatalf("the same deletions are refused: %v", d)
	}
	if d := checkPlannedDeletions(unknownDeletions(), planned); d.HasError() {
		t.Fatalf("unknown planned deletions are refused: %v", d)
	}
	keys.componentDeletes = []string{"c"}
	d := checkPlannedDeletions(planned, deletionsValue(plannedDeletions(prior, keys, plan)))
	if !d.HasError() || !strings.Contains(d[0].Detail(), `component "b", component "c"`) || !strings.Contains(d[0].Detail(), "Nothing was changed") {
		t.Fatalf("changed deletions are not refused with both lists: %v", d)
	}
}

// Each deleted item is named with its key, name, type name, workspace name and id; what could not be
// looked up by its id.
func TestDeletedNamesLine(t *testing.T) {
	prior, plan, keys := deletionsFixture()
	dels := plannedDeletions(prior, keys, plan)
	names := deletedNames{workspaces: map[string]string{"ws": "Architecture"}, models: map[string]*client.WorkspaceContext{"ws": {
		ComponentTypes: []client.ComponentType{{TypeID: "t1", Name: "Application"}},
		ReferenceTypes: []client.ReferenceType{{Type: 2, Name: "Depends on"}}}}}
	want := []string{
		`components["b"]: "Orders DB" (Application, workspace "Architecture"), id cb: replaced (its type or workspace changes), so Ardoq deletes it and the apply creates it again with a new id`,
		`components["c"]: "Gone" (type t9, workspace "Architecture"), id cc`,
		`references["ab"]: Payments → Orders DB (Depends on), workspace "Architecture", id rab`,
		`references["ax"]: Payments → elsewhere (type 7), workspace "Architecture", id rax`,
	}
	for i, d := range dels {
		if got := names.line(d); got != want[i] {
			t.Errorf("line %d:\ngot  %s\nwant %s", i, got, want[i])
		}
	}
	if got := (deletedNames{}).line(dels[1]); got != `components["c"]: "Gone" (type t9, workspace ws), id cc` {
		t.Errorf("without look-ups: %s", got)
	}
}
