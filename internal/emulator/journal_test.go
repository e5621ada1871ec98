package emulator

import (
	"strings"
	"testing"
)

func comp(id string) *Component { return &Component{ID: id} }

func seqs(cs []change) []uint64 {
	var out []uint64
	for _, c := range cs {
		out = append(out, c.seq)
	}
	return out
}

// The journal keeps the latest limit changes and says when some after a point were dropped.
func TestJournal_bounded(t *testing.T) {
	j := newJournal(3)
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		j.add(change{kind: changeCreated, comp: comp(id)})
	}
	if got, dropped := j.since(0); len(got) != 3 || got[0].seq != 3 || got[2].seq != 5 || !dropped {
		t.Errorf("since(0) = %v, dropped %v; want [3 4 5], dropped", seqs(got), dropped)
	}
	if got, dropped := j.since(2); len(got) != 3 || dropped {
		t.Errorf("since(2) = %v, dropped %v; want [3 4 5], nothing dropped", seqs(got), dropped)
	}
	if got, dropped := j.since(5); len(got) != 0 || dropped {
		t.Errorf("since(5) = %v, dropped %v; want none", seqs(got), dropped)
	}
	if len(j.entries) != 3 {
		t.Errorf("holds %d entries, want 3", len(j.entries))
	}
}

// A staged journal numbers on from its parent and reaches it only on commit.
func TestJournal_stageCommit(t *testing.T) {
	j := newJournal(10)
	j.add(change{kind: changeCreated, comp: comp("a")})
	staged := j.stage()
	staged.add(change{kind: changeUpdated, comp: comp("a")})
	if got, _ := j.since(0); len(got) != 1 {
		t.Fatalf("before commit: %v", seqs(got))
	}
	j.commit(staged)
	if got, _ := j.since(0); len(got) != 2 || got[1].seq != 2 || got[1].kind != changeUpdated {
		t.Errorf("after commit: %v", seqs(got))
	}
}

func TestNetChanges(t *testing.T) {
	a, b, c, d := comp("a"), comp("b"), comp("c"), comp("d")
	net := netChanges([]change{
		{kind: changeCreated, comp: a}, {kind: changeUpdated, comp: a},
		{kind: changeUpdated, comp: b}, {kind: changeDeleted, comp: b},
		{kind: changeCreated, comp: c}, {kind: changeDeleted, comp: c},
		{kind: changeUpdated, comp: d}, {kind: changeCascaded, comp: d, cause: "b"},
	})
	for id, want := range map[string]netChange{
		"a": {kind: changeCreated, created: true}, "b": {kind: changeDeleted},
		"c": {kind: changeDeleted, created: true}, "d": {kind: changeCascaded, cause: "b"},
	} {
		got := net[id]
		if got == nil || got.kind != want.kind || got.created != want.created || got.cause != want.cause {
			t.Errorf("%s: %+v, want %+v", id, got, want)
		}
	}
}

// Every write path records: creates and updates, a delete and what it cascades to, with its cause; a
// failed batch records nothing, a successful one all it did.
func TestJournal_recordsWrites(t *testing.T) {
	s, err := New(WithDeterministicIDs())
	if err != nil {
		t.Fatal(err)
	}
	const ws, typ = "5eed0000000000000000b001", "p1700000000001"
	parent, err := s.SeedComponent(ComponentSeed{Name: "parent", RootWorkspace: ws, TypeID: typ})
	if err != nil {
		t.Fatal(err)
	}
	child, err := s.SeedComponent(ComponentSeed{Name: "child", RootWorkspace: ws, TypeID: typ, Parent: &parent.ID})
	if err != nil {
		t.Fatal(err)
	}
	other, _ := s.SeedComponent(ComponentSeed{Name: "other", RootWorkspace: ws, TypeID: typ})
	ref, err := s.SeedReference(ReferenceSeed{Source: other.ID, Target: child.ID, Type: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.MutateComponent(other.ID, func(c *Component) { c.Name = "other2" }); err != nil {
		t.Fatal(err)
	}
	s.Remove(parent.ID)
	got, _ := s.st.journal.since(0)
	want := []struct {
		id    string
		kind  changeKind
		cause string
	}{
		{parent.ID, changeCreated, ""}, {child.ID, changeCreated, ""}, {other.ID, changeCreated, ""}, {ref.ID, changeCreated, ""},
		{other.ID, changeUpdated, ""}, {parent.ID, changeDeleted, ""}, {child.ID, changeCascaded, parent.ID}, {ref.ID, changeCascaded, parent.ID},
	}
	if len(got) != len(want) {
		t.Fatalf("%d changes, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if got[i].id() != w.id || got[i].kind != w.kind || got[i].cause != w.cause {
			t.Errorf("change %d: %s %v cause %q, want %s %v cause %q", i, got[i].id(), got[i].kind, got[i].cause, w.id, w.kind, w.cause)
		}
	}
	if b := got[4].beforeComp; b == nil || b.Name != "other" || got[4].comp.Name != "other2" {
		t.Errorf("an update keeps the entity as it was before it: %+v", b)
	}
	if got[6].comp.Name != "child" {
		t.Errorf("a deleted component is kept as it was: %+v", got[6].comp)
	}

	before := s.st.journal.seq
	if _, err := s.runBatch(&batchRequest{Components: &opsGroup{Delete: []deleteOp{{ID: other.ID}, {ID: "nope"}}}}); err == nil {
		t.Fatal("the batch should fail")
	}
	if s.st.journal.seq != before {
		t.Errorf("a failed batch recorded %d changes", s.st.journal.seq-before)
	}
}

// When changes after the mark were dropped to keep the journal's bound, the change view says so.
func TestJournal_droppedShown(t *testing.T) {
	s, err := New(WithDeterministicIDs())
	if err != nil {
		t.Fatal(err)
	}
	s.st.journal = newJournal(2)
	for _, name := range []string{"a", "b", "c"} {
		if _, err := s.SeedComponent(ComponentSeed{Name: name, RootWorkspace: "5eed0000000000000000b001", TypeID: "p1700000000001"}); err != nil {
			t.Fatal(err)
		}
	}
	page, err := s.renderPage(true, false, "")
	if err != nil {
		t.Fatal(err)
	}
	if d := s.pageData(true, false, ""); !d.Dropped || len(d.Changes) != 1 || len(d.Changes[0].Rows) != 2 || !strings.Contains(string(page), "Older changes were dropped") {
		t.Errorf("dropped %v, changes listed: %+v", d.Dropped, d.Changes)
	}
}
