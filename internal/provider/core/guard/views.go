package guard

import (
	"context"
	"sort"
	"sync"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/detach"
)

// Views lets the component deletes of one run share the cascade guard's reading of their
// workspace. A destroy of many ardoq_component would otherwise cost three look-ups per component
// (children, references from, references to). The first perComponentLookups deletes of a workspace
// still look up on their own; after that the guard reads the whole workspace once (three listings) and
// judges the following deletes by it, minus what this run has deleted since. A reading serves for
// cascadeViewLifetime at most, and only while the client has sent nothing but deletes since it started:
// after a create, update, move or batch of this run, deletes look up again or wait for a new reading. What a view cannot see is what someone
// else adds in Ardoq during those seconds, the same race a look-up has between its answer and the
// delete, over a longer window. A refusal is never given on a view: it looks again with fresh look-ups
// (guardDeletes).
type Views struct {
	client *client.Client
	now    func() time.Time

	mu         sync.Mutex
	deleted    map[string]bool // ids this run deleted, components and references
	workspaces map[string]*cascadeView
	planned    map[string]*planReading // readings for plan-time notices, one per workspace (plan.go)
}

// cascadeViewLifetime is how long one reading of a workspace judges deletes.
const cascadeViewLifetime = 5 * time.Second

type cascadeView struct {
	guarded int               // component deletes of the workspace guarded in this run
	reading *workspaceReading // the latest reading, done or on its way
}

// workspaceReading is one reading of a workspace: its components and the references from or to it.
type workspaceReading struct {
	ready  chan struct{} // closed when the reading is done
	at     time.Time
	writes uint64 // the client's writes besides deletes when the reading started
	err    error

	components map[string]client.Component
	children   map[string][]string           // parent id -> child ids
	touching   map[string][]client.Reference // component id -> references from or to it
}

func NewViews(c *client.Client) *Views {
	return &Views{client: c, now: time.Now, deleted: map[string]bool{}, workspaces: map[string]*cascadeView{}}
}

// DeletedByRun records an entity this run deleted (or found gone), so that readings taken before stop
// counting it.
func (v *Views) DeletedByRun(id string) {
	if v == nil {
		return
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.deleted[id] = true
}

// Lost says what deleting the component would take along, judged by a reading of its workspace. ok is
// false when no reading can judge it (the workspace's first deletes, a failed reading, one that this
// run's own writes or its age made stale, a component the reading does not show in that workspace):
// the caller looks up instead.
func (v *Views) Lost(ctx context.Context, id, workspace string) (lost Lost, ok bool) {
	if v == nil || workspace == "" {
		return Lost{}, false
	}
	v.mu.Lock()
	w := v.workspaces[workspace]
	if w == nil {
		w = &cascadeView{}
		v.workspaces[workspace] = w
	}
	w.guarded++
	if w.guarded <= PerComponentLookups {
		v.mu.Unlock()
		return Lost{}, false
	}
	r := w.reading
	if r == nil || done(r) && !v.fresh(r) {
		r = &workspaceReading{ready: make(chan struct{}), at: v.now(), writes: v.client.WritesBesidesDeletes()}
		w.reading = r
		// bounded: one request timeout after the delete that started it stops waiting (core/detach)
		detached, cancel := detach.Context(ctx, v.client.RequestTimeout())
		go func() {
			defer cancel()
			v.read(detached, workspace, r)
		}()
	}
	v.mu.Unlock()
	select {
	case <-r.ready:
	case <-ctx.Done():
		return Lost{}, false
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	c, listed := r.components[id]
	if r.err != nil || !v.fresh(r) || !listed || c.RootWorkspace != workspace {
		return Lost{}, false
	}
	return r.lost(id, v.deleted), true
}

func done(r *workspaceReading) bool {
	select {
	case <-r.ready:
		return true
	default:
		return false
	}
}

// fresh says whether a reading may judge a delete now: it succeeded (or is on its way), is younger than
// cascadeViewLifetime, and this run has written nothing besides deletes since it started.
func (v *Views) fresh(r *workspaceReading) bool {
	return (!done(r) || r.err == nil) && v.now().Sub(r.at) < cascadeViewLifetime && v.client.WritesBesidesDeletes() == r.writes
}

// read lists the workspace's components and the references from or to it into r, then closes ready.
// A failed reading keeps nothing of what it got.
func (v *Views) read(ctx context.Context, workspace string, r *workspaceReading) {
	slice := orgSlice{components: map[string]client.Component{}, references: map[string]client.Reference{}}
	err := slice.addWorkspace(ctx, v.client, workspace)
	children := map[string][]string{}
	touching := map[string][]client.Reference{}
	for id, c := range slice.components {
		if c.Parent != nil {
			children[*c.Parent] = append(children[*c.Parent], id)
		}
	}
	for _, ref := range slice.references {
		touching[ref.Source] = append(touching[ref.Source], ref)
		if ref.Target != ref.Source {
			touching[ref.Target] = append(touching[ref.Target], ref)
		}
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if r.err = err; err == nil {
		r.components, r.children, r.touching = slice.components, children, touching
	}
	close(r.ready)
}

// lost walks the component's descendants in the reading, leaving out what the run deleted, and collects
// the references touching any of them: what Ardoq would delete with it.
func (r *workspaceReading) lost(id string, deleted map[string]bool) Lost {
	var lost Lost
	seen := map[string]bool{id: true}
	queue := []string{id}
	for len(queue) > 0 {
		parent := queue[0]
		queue = queue[1:]
		kids := append([]string(nil), r.children[parent]...)
		sort.Strings(kids)
		for _, kid := range kids {
			if deleted[kid] || seen[kid] {
				continue
			}
			seen[kid] = true
			queue = append(queue, kid)
			lost.components = append(lost.components, r.components[kid])
		}
	}
	listed := map[string]bool{}
	for component := range seen {
		for _, ref := range r.touching[component] {
			if !deleted[ref.ID] && !listed[ref.ID] {
				listed[ref.ID] = true
				lost.references = append(lost.references, ref)
			}
		}
	}
	sort.Slice(lost.references, func(i, j int) bool { return lost.references[i].ID < lost.references[j].ID })
	return lost
}
