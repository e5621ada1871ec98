package provider

import (
	"context"
	"sort"
	"sync"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// cascadeViews lets the component deletes of one run share the cascade guard's reading of their
// workspace. A destroy of many ardoq_component would otherwise cost three look-ups per component
// (children, references from, references to). The first perComponentLookups deletes of a workspace
// still look up on their own; after that the guard reads the whole workspace once (three listings) and
// judges the following deletes by it, minus what this run has deleted since. A view serves for
// cascadeViewLifetime at most, and only while the client has sent nothing but deletes since it was
// read: a create, update, move or batch of this run drops it. What a view cannot see is what someone
// else adds in Ardoq during those seconds, the same race a look-up has between its answer and the
// delete, over a longer window. A refusal is never given on a view: it looks again with fresh look-ups
// (guardDeletes).
type cascadeViews struct {
	client *client.Client
	now    func() time.Time

	mu         sync.Mutex
	deleted    map[string]bool // ids this run deleted, components and references
	workspaces map[string]*cascadeView
}

// cascadeViewLifetime is how long one reading of a workspace judges deletes.
const cascadeViewLifetime = 5 * time.Second

type cascadeView struct {
	guarded int           // component deletes of the workspace guarded in this run
	ready   chan struct{} // closed when the reading below is done
	at      time.Time
	writes  uint64 // the client's writes besides deletes when the reading started
	err     error

	components map[string]client.Component
	children   map[string][]string           // parent id -> child ids
	touching   map[string][]client.Reference // component id -> references from or to it
}

func newCascadeViews(c *client.Client) *cascadeViews {
	return &cascadeViews{client: c, now: time.Now, deleted: map[string]bool{}, workspaces: map[string]*cascadeView{}}
}

// deletedByRun records an entity this run deleted (or found gone), so that views read before stop
// counting it.
func (v *cascadeViews) deletedByRun(id string) {
	if v == nil {
		return
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.deleted[id] = true
}

// lost says what deleting the component would take along, judged by a view of its workspace; ok is
// false while the workspace has had too few deletes for a view to pay, and the caller looks up instead.
func (v *cascadeViews) lost(ctx context.Context, id, workspace string) (lost lostEntities, ok bool, err error) {
	if v == nil || workspace == "" {
		return lostEntities{}, false, nil
	}
	v.mu.Lock()
	w := v.workspaces[workspace]
	if w == nil {
		w = &cascadeView{}
		v.workspaces[workspace] = w
	}
	w.guarded++
	if w.guarded <= perComponentLookups {
		v.mu.Unlock()
		return lostEntities{}, false, nil
	}
	if w.ready == nil || v.stale(w) {
		w.ready, w.at, w.writes, w.err = make(chan struct{}), v.now(), v.client.WritesBesidesDeletes(), nil
		go v.read(context.WithoutCancel(ctx), workspace, w, w.ready)
	}
	ready := w.ready
	v.mu.Unlock()
	select {
	case <-ready:
	case <-ctx.Done():
		return lostEntities{}, true, ctx.Err()
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if w.err != nil {
		err := w.err
		w.ready = nil // the next delete reads again
		return lostEntities{}, true, err
	}
	return w.lost(id, v.deleted), true, nil
}

// stale says whether the view is too old, or this run may have added or moved something since.
func (v *cascadeViews) stale(w *cascadeView) bool {
	select {
	case <-w.ready:
	default:
		return false // being read: the deletes waiting for it share it
	}
	return w.err != nil || v.now().Sub(w.at) >= cascadeViewLifetime || v.client.WritesBesidesDeletes() != w.writes
}

// read lists the workspace's components and the references from or to it into w, then closes ready.
func (v *cascadeViews) read(ctx context.Context, workspace string, w *cascadeView, ready chan struct{}) {
	slice := orgSlice{components: map[string]client.Component{}, references: map[string]client.Reference{}}
	err := slice.addWorkspace(ctx, v.client, workspace)
	children := map[string][]string{}
	touching := map[string][]client.Reference{}
	for id, c := range slice.components {
		if c.Parent != nil {
			children[*c.Parent] = append(children[*c.Parent], id)
		}
	}
	for _, r := range slice.references {
		touching[r.Source] = append(touching[r.Source], r)
		if r.Target != r.Source {
			touching[r.Target] = append(touching[r.Target], r)
		}
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if w.ready == ready {
		w.components, w.children, w.touching, w.err = slice.components, children, touching, err
	}
	close(ready)
}

// lost walks the component's descendants in the view, leaving out what the run deleted, and collects
// the references touching any of them: what Ardoq would delete with it.
func (w *cascadeView) lost(id string, deleted map[string]bool) lostEntities {
	var lost lostEntities
	seen := map[string]bool{id: true}
	queue := []string{id}
	for len(queue) > 0 {
		parent := queue[0]
		queue = queue[1:]
		kids := append([]string(nil), w.children[parent]...)
		sort.Strings(kids)
		for _, kid := range kids {
			if deleted[kid] || seen[kid] {
				continue
			}
			seen[kid] = true
			queue = append(queue, kid)
			lost.components = append(lost.components, w.components[kid])
		}
	}
	listed := map[string]bool{}
	for component := range seen {
		for _, r := range w.touching[component] {
			if !deleted[r.ID] && !listed[r.ID] {
				listed[r.ID] = true
				lost.references = append(lost.references, r)
			}
		}
	}
	sort.Slice(lost.references, func(i, j int) bool { return lost.references[i].ID < lost.references[j].ID })
	return lost
}
