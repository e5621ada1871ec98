package provider

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
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
	views := newCascadeViews(c)
	views.now = func() time.Time { return now }
	readings := func() int { return strings.Count(fmt.Sprint(srv.Requests()), "targetWorkspace") }
	srv.ResetRequests()

	for i := range perComponentLookups {
		if _, viewed, _ := views.lost(ctx, leaves[i], ws); viewed {
			t.Fatalf("delete %d used a view; the first %d look up on their own", i+1, perComponentLookups)
		}
	}
	lost, viewed, err := views.lost(ctx, parent, ws)
	if !viewed || err != nil || len(lost.components) != 1 || lost.components[0].Name != "Child" {
		t.Fatalf("the parent's delete: viewed %t, err %v, lost %+v; want its child", viewed, err, lost)
	}
	if lost, _, _ := views.lost(ctx, leaves[4], ws); len(lost.references) != 1 || lost.references[0].ID != ref.ID {
		t.Fatalf("a leaf with a reference: lost %+v", lost)
	}
	views.deletedByRun(ref.ID)
	if lost, _, _ := views.lost(ctx, leaves[4], ws); !lost.empty() {
		t.Fatalf("the reference the run deleted still counts: %+v", lost)
	}
	if readings() != 1 {
		t.Fatalf("%d readings of the workspace, want 1", readings())
	}

	create(someoneElse, "Unseen child", &leaves[3]) // within the lifetime, and not by this client: not seen
	if lost, _, _ := views.lost(ctx, leaves[3], ws); !lost.empty() || readings() != 1 {
		t.Fatalf("lost %+v after %d readings; the view was still fresh", lost, readings())
	}
	now = now.Add(cascadeViewLifetime)
	if lost, _, _ := views.lost(ctx, leaves[3], ws); len(lost.components) != 1 || readings() != 2 {
		t.Fatalf("an old view served: lost %+v, %d readings", lost, readings())
	}
	create(c, "Child of this run", &leaves[2])
	if lost, _, _ := views.lost(ctx, leaves[2], ws); len(lost.components) != 1 || readings() != 3 {
		t.Fatalf("a view from before this run's create served: lost %+v, %d readings", lost, readings())
	}
	if err := c.DeleteComponent(ctx, leaves[0]); err != nil {
		t.Fatal(err)
	}
	views.deletedByRun(leaves[0])
	if _, _, _ = views.lost(ctx, leaves[1], ws); readings() != 3 {
		t.Fatalf("a delete made the guard read the workspace again (%d readings)", readings())
	}
}
