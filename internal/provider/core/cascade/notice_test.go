package cascade

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

// What two deleted components take along, from what Ardoq holds and what the deleting resource does
// itself: its own kept item is listed as kept there, its own deleted reference counts as deleted too, and
// everything else is listed by name, with no claim about other resources of the plan. The announcement
// carries each listed entity's version.
func TestFind(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "cascade-test/1", RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	const ws, app = "5eed0000000000000000b001", "p1700000000001"
	create := func(name string, parent *string) string {
		t.Helper()
		comp, err := c.CreateComponent(ctx, client.ComponentCreate{Name: name, RootWorkspace: ws, TypeID: app, Parent: parent})
		if err != nil {
			t.Fatal(err)
		}
		return comp.ID
	}
	reference := func(source, target string) string {
		t.Helper()
		r, err := c.CreateReference(ctx, client.ReferenceCreate{Source: source, Target: target, Type: 2})
		if err != nil {
			t.Fatal(err)
		}
		return r.ID
	}
	svc, mod := create("Lab service", nil), create("Module", nil)
	child, kept, outside := create("Child", &svc), create("Kept child", &svc), create("Outside", nil)
	own, in := reference(svc, mod), reference(outside, svc)
	readings := NewReadings(c)
	typeNames := func(context.Context, string) map[int64]string { return map[int64]string{2: "Runs on"} }

	along, err := Find(ctx, readings, Deleting{Components: map[string]string{svc: ws, mod: ws}, Own: Input{DeleteReferences: map[string]bool{own: true}},
		Kept: map[string]string{kept: `this ardoq_batch's components["kept"]`}})
	if err != nil {
		t.Fatal(err)
	}
	if along.Counts() != "2 descendant components and 1 reference" || along.DeletedToo != 1 {
		t.Fatalf("counts %q, deleted too %d; want both children and the outside reference, and 1 deleted too", along.Counts(), along.DeletedToo)
	}
	list := along.List(ctx, typeNames)
	for _, want := range []string{`component "Child" (APP-3, id ` + child + "), made by ", `, kept by this ardoq_batch's components["kept"] in this configuration`,
		"reference Outside → Lab service (Runs on) (id " + in + "), made by "} {
		if !strings.Contains(list, want) {
			t.Errorf("the list lacks %q:\n%s", want, list)
		}
	}
	if strings.Contains(list, own) || strings.Contains(list, "not destroyed") {
		t.Errorf("the list names what the resource deletes itself, or claims what other resources do:\n%s", list)
	}
	if a := along.Announced(); a.Components[child] != 1 || a.References[in] != 1 || len(a.Components) != 2 || len(a.References) != 1 {
		t.Errorf("announced %+v, want both children and the outside reference at version 1", a)
	}
	if a, err := Find(ctx, readings, Deleting{Components: map[string]string{mod: ws}, Own: Input{DeleteReferences: map[string]bool{own: true}}}); err != nil || !a.Empty() {
		t.Errorf("deleting a component with nothing below it and only its own reference takes along %s (%v)", a.Counts(), err)
	}
}

// The plan-time readings: one per workspace and process, whatever the number of destroys and their
// order; a reading that fails is an error for the notice (which fails closed) and is not kept.
func TestReadings_onePerWorkspaceAndFailuresNotKept(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "cascade-test/1", RequestsPerSecond: -1,
		MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	const ws = "5eed0000000000000000b001"
	readings := NewReadings(c)
	srv.ResetRequests()
	for range 5 {
		if _, err := Find(ctx, readings, Deleting{Components: map[string]string{"c1": ws}}); err != nil {
			t.Fatal(err)
		}
	}
	if got := len(srv.Requests()); got != 3 {
		t.Errorf("five notices in one workspace sent %d requests, want its three listings once", got)
	}
	readings = NewReadings(c)
	srv.FailNext(http.MethodGet, "/components", http.StatusBadRequest)
	if _, err := Find(ctx, readings, Deleting{Components: map[string]string{"c1": ws}}); err == nil {
		t.Fatal("a failed reading must be an error, not an empty notice")
	}
	if _, err := Find(ctx, readings, Deleting{Components: map[string]string{"c1": ws}}); err != nil {
		t.Fatalf("a failed reading is not kept: the next notice reads again, got %v", err)
	}
}
