package cascadenotice

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/guard"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// What two deleted components take along: a child the plan keeps elsewhere is listed as kept there, a
// child another resource destroys and the deleting resource's own references count as deleted too, and
// an outside reference to a deleted component is named by its ends.
func TestFind(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "cascadenotice-test/1", RequestsPerSecond: -1})
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
	destroyed, kept, outside := create("Destroyed child", &svc), create("Kept child", &svc), create("Outside", nil)
	own, in := reference(svc, mod), reference(outside, svc)
	data := providerdata.New(c, false)
	data.Plans.Single(destroyed, providerdata.Planned{Destroyed: true, Resource: "ardoq_component"})

	along := Find(ctx, data, Deleting{Components: map[string]string{svc: ws, mod: ws}, Own: guard.Input{DeleteReferences: map[string]bool{own: true}},
		Kept: map[string]string{kept: `this ardoq_batch's components["kept"]`}}, 10*time.Millisecond)
	if along.Counts() != "1 descendant component and 1 reference" || along.DeletedToo != 2 {
		t.Fatalf("counts %q, deleted too %d; want the kept child and the outside reference, and 2 deleted too", along.Counts(), along.DeletedToo)
	}
	list := along.List(ctx, data)
	for _, want := range []string{`component "Kept child" (`, `id ` + kept + `): kept by this ardoq_batch's components["kept"] in this configuration`,
		"reference Outside → Lab service (Runs on) (id " + in + "): not destroyed by this plan"} {
		if !strings.Contains(list, want) {
			t.Errorf("the list lacks %q:\n%s", want, list)
		}
	}
	if strings.Contains(list, "Destroyed child") || strings.Contains(list, own) {
		t.Errorf("the list names what the plan deletes:\n%s", list)
	}
	if a := Find(ctx, data, Deleting{Components: map[string]string{mod: ws}, Own: guard.Input{DeleteReferences: map[string]bool{own: true}}}, 0); !a.Empty() {
		t.Errorf("deleting a component with nothing below it and only its own reference takes along %s", a.Counts())
	}
}
