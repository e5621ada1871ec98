package moves

import (
	"context"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// Of two contradicting plans for one entity, the second is told, whichever it is.
func TestPlans_theSecondOfTwoContradictingPlansFails(t *testing.T) {
	destroyed := Planned{Destroyed: true, Resource: "ardoq_component", Name: "Payments"}
	kept := []BatchEntity{{ID: "c1", Item: ItemPath{Kind: "components", Key: "payments"}}}

	p := NewPlans()
	if c := p.Batch(kept); c != nil {
		t.Fatalf("a batch planned alone conflicts: %v", c)
	}
	if b, conflict := p.Single("c1", destroyed); !conflict || b.Item != kept[0].Item || b.Resource != "ardoq_batch" {
		t.Fatalf("single after batch: conflict %v with %+v", conflict, b)
	}

	p = NewPlans()
	if _, conflict := p.Single("c1", destroyed); conflict {
		t.Fatal("a single plan alone conflicts")
	}
	if c := p.Batch(kept); len(c) != 1 || c[0].Single.Name != "Payments" || c[0].ID != "c1" || c[0].Batch.Item != kept[0].Item {
		t.Fatalf("batch after single: %+v", c)
	}

	p = NewPlans()
	if _, conflict := p.Single("c1", Planned{Resource: "ardoq_component"}); conflict {
		t.Fatal("a kept single conflicts alone")
	}
	if c := p.Batch(kept); len(c) != 0 {
		t.Fatalf("both keeping is no move conflict: %+v", c)
	}

	p = NewPlans()
	deleted := []BatchEntity{{ID: "c1", Destroyed: true, Item: ItemPath{Kind: "components", Key: "payments"}, Name: "Payments"}}
	p.Batch(deleted)
	if b, conflict := p.Single("c1", Planned{Resource: "ardoq_component"}); !conflict || b.Name != "Payments" || !b.Destroyed {
		t.Fatalf("a single keeping what a batch deletes: conflict %v with %+v", conflict, b)
	}
}

// The error of a reference moving between ardoq_reference and ardoq_batch without a removed block names
// the reference by its ends' names and its type, on both sides, with its id.
func TestMoveConflictNamesAReferenceByItsEnds(t *testing.T) {
	org := providertest.NewEmulatedOrg(t)
	ctx := context.Background()
	made := func(name string) string {
		c, err := org.Client.CreateComponent(ctx, client.ComponentCreate{RootWorkspace: org.WS, Name: name, TypeID: org.Typ})
		if err != nil {
			t.Fatal(err)
		}
		return c.ID
	}
	source, target := made("Alpha svc"), made("Beta svc")
	refType := org.Wctx.ReferenceTypes[0]
	want := `"Alpha svc → Beta svc (` + refType.Name + `)"`
	names := wsmodel.NewContexts(org.Client).Names(ctx)
	single := Planned{Resource: "ardoq_reference", Name: source + " → " + target, StateSource: source, StateTarget: target, StateType: refType.Type}
	batch := Planned{Resource: "ardoq_batch", Name: "a → b", Item: ItemPath{Kind: "references", Key: "a_b"}}
	for _, destroyed := range []bool{true, false} {
		single.Destroyed, batch.Destroyed = destroyed, !destroyed
		_, detail := MoveConflict(names, "5eed0000000000000000aaaa", single, batch)
		if !strings.Contains(detail, want) || !strings.Contains(detail, "5eed0000000000000000aaaa") || strings.Contains(detail, source) {
			t.Errorf("single destroyed %v: want the reference named %s with its id, not its ends' ids:\n%s", destroyed, want, detail)
		}
		if strings.Contains(detail, "<") || !strings.Contains(detail, "destroy = false") {
			t.Errorf("single destroyed %v: want the removed block described with no placeholder:\n%s", destroyed, detail)
		}
	}
}
