package emulator

// The change journal: what the API and the Go controls changed, for the page's change view (page.go). The
// store records every write in it (putComponent, putReference, deleteReference, deleteComponent); a batch
// records into a staged journal of its working copy, committed only when the batch succeeds.

// changeKind says what happened to an entity.
type changeKind int

const (
	changeCreated  changeKind = iota + 1
	changeUpdated             // any write to an existing entity, also one that changes nothing
	changeDeleted             // deleted by a request (or Remove) naming or matching it
	changeCascaded            // deleted because a component it is below, or a component it touches, was deleted
)

func (k changeKind) String() string {
	switch k {
	case changeCreated:
		return "created"
	case changeUpdated:
		return "updated"
	case changeDeleted:
		return "deleted"
	case changeCascaded:
		return "cascade"
	}
	return "unchanged"
}

// change is one write. The entity is what it became, or for a delete what it was: entities are never
// changed in place, so keeping the pointers keeps those versions, and an update's diff costs nothing
// until the page draws it.
type change struct {
	seq        uint64
	kind       changeKind
	comp       *Component
	ref        *Reference
	beforeComp *Component // changeUpdated: the entity as it was before this write
	beforeRef  *Reference
	cause      string // changeCascaded: the id of the component whose delete took this entity along
}

func (c change) id() string {
	if c.comp != nil {
		return c.comp.ID
	}
	return c.ref.ID
}

// defaultJournalLimit is how many of the latest changes the journal keeps.
const defaultJournalLimit = 10_000

// journal is a ring of the latest limit changes, numbered from 1.
type journal struct {
	limit   int
	seq     uint64   // changes ever recorded; the last one's number
	entries []change // a ring once full: entries[start] is the oldest
	start   int
}

func newJournal(limit int) *journal {
	return &journal{limit: max(limit, 1)}
}

func (j *journal) add(c change) {
	j.seq++
	c.seq = j.seq
	if len(j.entries) < j.limit {
		j.entries = append(j.entries, c)
		return
	}
	j.entries[j.start] = c
	j.start = (j.start + 1) % j.limit
}

// since returns the changes numbered after seq that the journal still holds, oldest first, and whether
// some after seq were already dropped to keep the bound.
func (j *journal) since(seq uint64) (out []change, dropped bool) {
	n := len(j.entries)
	for i := range n {
		c := j.entries[(j.start+i)%n]
		if c.seq > seq {
			out = append(out, c)
		}
	}
	oldest := j.seq - uint64(n) + 1 // the number of the oldest change held (j.seq+1 when empty)
	return out, oldest > seq+1
}

// stage returns an empty journal that numbers on from this one, for a batch's working copy.
func (j *journal) stage() *journal {
	return &journal{limit: j.limit, seq: j.seq}
}

// commit adds the changes of a staged journal (stage) and returns j.
func (j *journal) commit(staged *journal) *journal {
	if staged == nil || staged == j {
		return j
	}
	for _, c := range staged.entries {
		j.add(c)
	}
	return j
}

// record adds a change to the store's journal, if it keeps one (not while a seed is loading). An update
// is recorded before the store replaces the entity (putComponent, putReference), so the one stored is
// the entity as it was.
func (s *store) record(kind changeKind, comp *Component, ref *Reference, cause string) {
	if s.journal == nil {
		return
	}
	c := change{kind: kind, comp: comp, ref: ref, cause: cause}
	if kind == changeUpdated && comp != nil {
		c.beforeComp = s.components[comp.ID]
	}
	if kind == changeUpdated && ref != nil {
		c.beforeRef = s.references[ref.ID]
	}
	s.journal.add(c)
}

// requestedDelete records that a delete operation named an entity an earlier cascade of the same batch
// had already removed: the batch answers it as deleted, so the page shows it as asked for, not as a cascade.
func (s *store) requestedDelete(id string) {
	if s.journal == nil {
		return
	}
	if c, ok := s.journal.last(id); ok && c.kind == changeCascaded {
		s.record(changeDeleted, c.comp, c.ref, "")
	}
}

// last returns the newest change of an entity the journal holds.
func (j *journal) last(id string) (change, bool) {
	n := len(j.entries)
	for i := n - 1; i >= 0; i-- {
		if c := j.entries[(j.start+i)%n]; c.id() == id {
			return c, true
		}
	}
	return change{}, false
}

// netChange is what happened to one entity since a point in the journal, with the entity as it is last
// known: created (maybe updated after), updated, deleted or deleted by cascade (maybe created after the
// point: created then says so). An entity that existed at the point keeps how it was then, for the diff.
type netChange struct {
	kind       changeKind
	created    bool // created after the point (and maybe deleted since)
	comp       *Component
	ref        *Reference
	beforeComp *Component // as it was at the point, when its first change since was an update
	beforeRef  *Reference
	cause      string
}

// netChanges folds changes (oldest first) into one netChange per entity id.
func netChanges(changes []change) map[string]*netChange {
	out := map[string]*netChange{}
	for _, c := range changes {
		n, ok := out[c.id()]
		if !ok {
			n = &netChange{kind: c.kind, created: c.kind == changeCreated, beforeComp: c.beforeComp, beforeRef: c.beforeRef}
			out[c.id()] = n
		}
		n.comp, n.ref = c.comp, c.ref
		switch {
		case c.kind == changeDeleted || c.kind == changeCascaded:
			n.kind, n.cause = c.kind, c.cause
		case n.created:
			n.kind = changeCreated
		default:
			n.kind = changeUpdated
		}
	}
	return out
}
