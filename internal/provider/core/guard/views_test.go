package guard

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

// The guard's shared readings of a workspace: they start after the workspace's first look-ups, see a
// child and a reference that would be lost, forget what the run deleted, and are read again when the
// run writes something besides a delete or after cascadeViewLifetime.
func TestCascadeViews(t *testing.T) {
	srv := openapitest.Start(t)
	newClient := func() *client.Client {
		c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "views-test/1", RequestsPerSecond: -1})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	c, someoneElse := newClient(), newClient()
	ctx := context.Background()
	const ws, app = "5eed0000000000000000b001", "p1700000000001"
	create := func(c *client.Client, name string, parent *string) string {
		t.Helper()
		comp, err := c.CreateComponent(ctx, client.ComponentCreate{Name: name, RootWorkspace: ws, TypeID: app, Parent: parent})
		if err != nil {
			t.Fatal(err)
		}
		return comp.ID
	}
	var leaves []string
	for i := range 6 {
		leaves = append(leaves, create(c, fmt.Sprint("Leaf ", i), nil))
	}
	parent := create(c, "Parent", nil)
	create(c, "Child", &parent)
	ref, err := c.CreateReference(ctx, client.ReferenceCreate{Source: leaves[5], Target: leaves[4], Type: 2})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	views := NewViews(c)
	views.now = func() time.Time { return now }
	readings := func() int { return strings.Count(fmt.Sprint(srv.Requests()), "targetWorkspace") }
	srv.ResetRequests()

	for i := range PerComponentLookups {
		if _, viewed := views.Lost(ctx, leaves[i], ws); viewed {
			t.Fatalf("delete %d used a view; the first %d look up on their own", i+1, PerComponentLookups)
		}
	}
	lost, viewed := views.Lost(ctx, parent, ws)
	if !viewed || len(lost.components) != 1 || lost.components[0].Name != "Child" {
		t.Fatalf("the parent's delete: viewed %t, lost %+v; want its child", viewed, lost)
	}
	if lost, _ := views.Lost(ctx, leaves[4], ws); len(lost.references) != 1 || lost.references[0].ID != ref.ID {
		t.Fatalf("a leaf with a reference: lost %+v", lost)
	}
	views.DeletedByRun(ref.ID)
	if lost, _ := views.Lost(ctx, leaves[4], ws); !lost.Empty() {
		t.Fatalf("the reference the run deleted still counts: %+v", lost)
	}
	if readings() != 1 {
		t.Fatalf("%d readings of the workspace, want 1", readings())
	}

	create(someoneElse, "Unseen child", &leaves[3]) // within the lifetime, and not by this client: not seen
	if lost, _ := views.Lost(ctx, leaves[3], ws); !lost.Empty() || readings() != 1 {
		t.Fatalf("lost %+v after %d readings; the view was still fresh", lost, readings())
	}
	now = now.Add(cascadeViewLifetime)
	if lost, _ := views.Lost(ctx, leaves[3], ws); len(lost.components) != 1 || readings() != 2 {
		t.Fatalf("an old view served: lost %+v, %d readings", lost, readings())
	}
	create(c, "Child of this run", &leaves[2])
	if lost, _ := views.Lost(ctx, leaves[2], ws); len(lost.components) != 1 || readings() != 3 {
		t.Fatalf("a view from before this run's create served: lost %+v, %d readings", lost, readings())
	}
	if err := c.DeleteComponent(ctx, leaves[0]); err != nil {
		t.Fatal(err)
	}
	views.DeletedByRun(leaves[0])
	if _, _ = views.Lost(ctx, leaves[1], ws); readings() != 3 {
		t.Fatalf("a delete made the guard read the workspace again (%d readings)", readings())
	}
	if _, viewed := views.Lost(ctx, leaves[1], "5eed0000000000000000b002"); viewed {
		t.Fatal("a component the reading does not show in that workspace was judged by it")
	}
}

// A reading that fails judges nothing: the deletes waiting for it look up on their own.
func TestCascadeViews_failedReading(t *testing.T) {
	org, err := emulator.New()
	if err != nil {
		t.Fatal(err)
	}
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Has("targetWorkspace") {
			http.Error(w, "unavailable", http.StatusBadRequest)
			return
		}
		org.ServeHTTP(w, r)
	}))
	defer api.Close()
	c, err := client.New(client.Config{BaseURL: api.URL, Token: org.Token(), Org: org.OrgLabel(), UserAgent: "views-test/1", RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	comp, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "Lonely", RootWorkspace: "5eed0000000000000000b001", TypeID: "p1700000000001"})
	if err != nil {
		t.Fatal(err)
	}
	views := NewViews(c)
	var wg sync.WaitGroup
	for range PerComponentLookups + 5 {
		wg.Go(func() {
			if _, viewed := views.Lost(ctx, comp.ID, comp.RootWorkspace); viewed {
				t.Error("a failed reading judged a delete")
			}
		})
	}
	wg.Wait()
}
