// Package listing lets the resources of one run read their workspaces' list pages, which carry a page of
// entities per request, instead of one request per entity: Shared for the refresh of single resources,
// Whole for the already-made searches of a provider process.
package listing

import (
	"context"
	"iter"
	"sync"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Shared lets the single resources of one provider process refresh from their workspace's list pages,
// which carry a page of entities per request, instead of one GET each.
//
// How many requests a refresh sends follows from the configuration and the org, not from timing: the
// first StartAfter-1 reads of a workspace are GETs; the StartAfter-th starts the workspace's listing, and
// it and every later read wait until the listing has brought their entity or ended. The listing reads
// every page of the workspace, up to listingMaxHeld entities (a workspace far bigger than what the
// configuration manages is not listed further; reads of what it did not bring are GETs). An entity is held
// until its read takes it, then dropped. A read whose entity the listing did not bring
// (moved to another workspace, deleted) is a GET. Whatever the listing brought is dropped as soon as the
// provider writes anything: a listing only answers the reads of a refresh, which Terraform runs before
// any change. A listing with reads waiting ends when they have all gone (Terraform stopped the run).
type Shared[T any] struct {
	pages  func(ctx context.Context, workspace string) iter.Seq2[client.Page[T], error]
	idOf   func(*T) string
	writes func() uint64 // the client's write count: a change means what was listed may be stale

	mu         sync.Mutex
	workspaces map[string]*workspaceListing[T]
}

const (
	StartAfter     = 3      // the read of a workspace that starts its listing; the reads before it are GETs
	listingMaxHeld = 20_000 // entities a listing brings at most: past this it fetches no further page
)

type workspaceListing[T any] struct {
	reads         int
	listed        int
	started       bool
	ended         bool
	writesAtStart uint64
	waiting       int                // reads waiting for the next page
	cancel        context.CancelFunc // cancels the listing's request
	held          map[string]*T      // listed and not yet read
	arrived       chan struct{}      // closed when the next page has arrived (or the listing ended)
}

// NewShared returns the shared listing of pages.
func NewShared[T any](pages func(context.Context, string) iter.Seq2[client.Page[T], error], idOf func(*T) string, writes func() uint64) *Shared[T] {
	return &Shared[T]{pages: pages, idOf: idOf, writes: writes, workspaces: map[string]*workspaceListing[T]{}}
}

// Lookup returns the entity if the listing of its workspace brought it; otherwise the caller reads it
// on its own.
func (s *Shared[T]) Lookup(ctx context.Context, workspace, id string) (*T, bool) {
	if workspace == "" {
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.workspace(workspace)
	w.reads++
	if !w.started {
		if w.reads < StartAfter {
			return nil, false
		}
		s.start(ctx, workspace, w)
	}
	for w.held[id] == nil && !w.ended {
		if s.writes() != w.writesAtStart {
			w.end()
			break
		}
		arrived := w.arrived
		w.waiting++
		s.mu.Unlock()
		stopped := false
		select {
		case <-arrived:
		case <-ctx.Done():
			stopped = true
		}
		s.mu.Lock()
		if w.waiting--; stopped {
			if w.waiting == 0 {
				w.end() // nobody is left to serve: the run stopped
			}
			return nil, false
		}
	}
	e, ok := w.held[id]
	if !ok || s.writes() != w.writesAtStart {
		return nil, false
	}
	delete(w.held, id)
	return e, true
}

func (s *Shared[T]) workspace(id string) *workspaceListing[T] {
	w := s.workspaces[id]
	if w == nil {
		w = &workspaceListing[T]{held: map[string]*T{}, arrived: make(chan struct{})}
		s.workspaces[id] = w
	}
	return w
}

// start starts the listing of a workspace; its request outlives the read that started it, which may be
// cancelled while others still wait.
func (s *Shared[T]) start(ctx context.Context, workspace string, w *workspaceListing[T]) {
	w.started, w.writesAtStart = true, s.writes()
	listing, cancel := context.WithCancel(context.WithoutCancel(ctx))
	w.cancel = cancel
	go s.list(listing, workspace, w)
}

// list fetches the workspace's pages, to the last.
func (s *Shared[T]) list(ctx context.Context, workspace string, w *workspaceListing[T]) {
	for page, err := range s.pages(ctx, workspace) {
		s.mu.Lock()
		if w.ended || s.writes() != w.writesAtStart {
			w.end()
			s.mu.Unlock()
			return
		}
		if err != nil {
			s.mu.Unlock()
			break // what the earlier pages brought is served; the rest is read on its own
		}
		for i := range page.Values {
			w.held[s.idOf(&page.Values[i])] = &page.Values[i]
		}
		w.listed += len(page.Values)
		w.wake()
		full := w.listed >= listingMaxHeld
		s.mu.Unlock()
		if full {
			break
		}
	}
	s.mu.Lock()
	w.ended = true // what is held stays until read
	w.wake()
	w.cancel()
	s.mu.Unlock()
}

// wake tells the reads waiting that a page arrived.
func (w *workspaceListing[T]) wake() {
	close(w.arrived)
	w.arrived = make(chan struct{})
}

// end stops the listing, cancels its request, and drops what it holds.
func (w *workspaceListing[T]) end() {
	if !w.ended {
		w.ended = true
		w.wake()
	}
	w.held = map[string]*T{}
	if w.cancel != nil {
		w.cancel()
	}
}
