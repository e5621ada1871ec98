package moves

import (
	"context"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// Of two contradicting plans for one entity, the second is told, whichever it is; a batch planned before
// any single resource is read only once one is.
func TestPlans_theSecondOfTwoContradictingPlansFails(t *testing.T) {
	destroyed := Planned{Destroyed: true, Resource: "ardoq_component", Name: "Payments"}
	kept := Planned{Resource: "ardoq_batch", Item: ItemPath{Kind: "components", Key: "payments"}}
	entries := func(read *int) func() []BatchEntry {
		return func() []BatchEntry { *read++; return []BatchEntry{{ID: "c1", Planned: kept}} }
	}

	p := NewPlans()
	var read int
	if c := p.Batch(entries(&read)); c != nil || read != 0 {
		t.Fatalf("a batch planned alone is read later: conflicts %v, read %d times", c, read)
	}
	if b, conflict := p.Single("c1", destroyed); !conflict || b.Item != kept.Item || read != 1 {
		t.Fatalf("single after batch: conflict %v with %+v, batch read %d times", conflict, b, read)
	}

	p = NewPlans()
	read = 0
	if _, conflict := p.Single("c1", destroyed); conflict {
		t.Fatal("a single plan alone conflicts")
	}
	if c := p.Batch(entries(&read)); len(c) != 1 || c[0].Single.Name != "Payments" || c[0].ID != "c1" {
		t.Fatalf("batch after single: %+v", c)
	}

	p = NewPlans()
	if _, conflict := p.Single("c1", Planned{Resource: "ardoq_component"}); conflict {
		t.Fatal("a kept single conflicts alone")
	}
	if c := p.Batch(entries(&read)); len(c) != 0 {
		t.Fatalf("both keeping is no move conflict: %+v", c)
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
