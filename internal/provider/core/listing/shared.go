// Package listing lets the resources of one run read their workspaces' list pages, which carry a page of
// entities per request, instead of one request per entity: Shared for the refresh of single resources,
// Whole for the already-made searches of a provider process.
package listing

import (
	"context"
	"iter"
	"sync"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Shared lets the single resources of one run refresh from their workspace's list pages, which
// carry a page of entities per request, instead of one GET each.
//
// A read waits for the listing only while a page it may be on is already on its way (and the listing
// has served reads, or is fetching one of its first two pages), for two pages at most: a GET would take
// about as long. What a page brought is served from memory, anything else is read on its own. The
// listing of a workspace starts once a few of its entities have been read, and fetches a page only while
// it has served at least as many reads as it has fetched pages (plus listingLead): a workspace far bigger
// than what the run manages costs a few pages, never more requests than the GETs it replaces. Whatever
// the listing brought is dropped as soon as the provider writes anything: a listing only ever answers
// the reads of a refresh, which Terraform runs before any change.
//
// A listing outlives the read that started it, but not without bound: each page must arrive within
// pageBound (core/detach's StopBound: two request timeouts), and once the reads waiting for a page have all gone (Terraform
// stopped the run) the listing ends and its request is cancelled.
type Shared[T any] struct {
	pages     func(ctx context.Context, workspace string) iter.Seq2[client.Page[T], error]
	idOf      func(*T) string
	writes    func() uint64 // the client's write count: a change means what was listed may be stale
	pageBound time.Duration // how long a page may take
	// StartsAlso is called when the listing of a workspace starts: the component listing prefetches the
	// references' of the same workspace.
	StartsAlso func(ctx context.Context, workspace string)

	mu         sync.Mutex
	workspaces map[string]*workspaceListing[T]
}

const (
	StartAfter     = 3      // reads (or searches) of a workspace served one by one before its listing starts
	listingLead    = 2      // pages the listing may fetch beyond the reads it has served
	listingMaxHeld = 20_000 // entities held but not yet read: past this the listing stops
	listingIdle    = 30 * time.Second
	listingWaits   = 2 // pages a read waits for before it reads on its own
)

type workspaceListing[T any] struct {
	reads, pages, hits int
	started, ended     bool
	writesAtStart      uint64
	waiting            int                // reads waiting for the page being fetched
	cancel             context.CancelFunc // cancels the listing's request
	watchdog           *time.Timer        // cancels a page that takes longer than pageBound
	held               map[string]*T      // listed and not yet read
	wake               chan struct{}      // a read was served: the listing may fetch further
	fetching           chan struct{}      // closed when the page being fetched has arrived; nil between pages
}

// NewShared returns the shared listing of pages; pageBound is how long a page may take.
func NewShared[T any](pages func(context.Context, string) iter.Seq2[client.Page[T], error], idOf func(*T) string, writes func() uint64,
	pageBound time.Duration) *Shared[T] {
	return &Shared[T]{pages: pages, idOf: idOf, writes: writes, pageBound: pageBound, workspaces: map[string]*workspaceListing[T]{}}
}

// Lookup returns the entity if the listing of its workspace brought it; otherwise the caller reads it
// on its own (it may be on a page not fetched yet, or gone from Ardoq).
func (s *Shared[T]) Lookup(ctx context.Context, workspace, id string) (*T, bool) {
	if workspace == "" {
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.workspace(workspace)
	w.reads++
	if !w.started && w.reads >= StartAfter && !w.ended {
		s.start(ctx, workspace, w)
		if s.StartsAlso != nil {
			s.StartsAlso(ctx, workspace)
		}
		return nil, false // this read does not wait: the first page is only now asked for
	}
	for waits := 0; waits < listingWaits && w.held[id] == nil && w.fetching != nil && (w.hits > 0 || w.pages < listingWaits); waits++ {
		if s.writes() != w.writesAtStart { // what is on its way will be dropped
			w.end()
			break
		}
		arrived := w.fetching
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
	if !ok {
		return nil, false
	}
	delete(w.held, id)
	if s.writes() != w.writesAtStart {
		w.end()
		return nil, false
	}
	w.hits++
	select {
	case w.wake <- struct{}{}:
	default:
	}
	return e, true
}

// Prefetch starts the listing of a workspace before its first read: Terraform refreshes references after
// the components they hang on, so their listing can be on its way while the components are read. With no
// read it fetches listingLead + 1 pages at most.
func (s *Shared[T]) Prefetch(ctx context.Context, workspace string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if w := s.workspace(workspace); !w.started && !w.ended {
		s.start(ctx, workspace, w)
	}
}

func (s *Shared[T]) workspace(id string) *workspaceListing[T] {
	w := s.workspaces[id]
	if w == nil {
		w = &workspaceListing[T]{held: map[string]*T{}, wake: make(chan struct{}, 1)}
		s.workspaces[id] = w
	}
	return w
}

func (s *Shared[T]) start(ctx context.Context, workspace string, w *workspaceListing[T]) {
	w.started, w.writesAtStart, w.fetching = true, s.writes(), make(chan struct{})
	listing, cancel := context.WithCancel(context.WithoutCancel(ctx))
	w.cancel, w.watchdog = cancel, time.AfterFunc(s.pageBound, cancel)
	go s.list(listing, workspace, w)
}

// list fetches the workspace's pages while they pay for themselves.
func (s *Shared[T]) list(ctx context.Context, workspace string, w *workspaceListing[T]) {
	for page, err := range s.pages(ctx, workspace) {
		s.mu.Lock()
		w.watchdog.Stop()
		if err != nil || w.ended || s.writes() != w.writesAtStart {
			w.end()
			s.mu.Unlock()
			return
		}
		for i := range page.Values {
			w.held[s.idOf(&page.Values[i])] = &page.Values[i]
		}
		w.pages++
		w.arrived()
		if len(w.held) > listingMaxHeld {
			w.end()
		}
		for !w.ended && w.pages > w.hits+listingLead {
			if !s.waitForReads(w) {
				w.end()
			}
		}
		ended := w.ended
		if !ended {
			w.fetching = make(chan struct{})
			w.watchdog.Reset(s.pageBound)
		}
		s.mu.Unlock()
		if ended {
			return
		}
	}
	s.mu.Lock()
	w.ended = true // the last page: what is held stays until read
	w.arrived()
	w.cancel()
	s.mu.Unlock()
}

// arrived wakes the reads waiting for the page being fetched.
func (w *workspaceListing[T]) arrived() {
	if w.fetching != nil {
		close(w.fetching)
		w.fetching = nil
	}
}

// waitForReads waits, with s.mu released, until a read is served or the run goes idle.
func (s *Shared[T]) waitForReads(w *workspaceListing[T]) bool {
	s.mu.Unlock()
	defer s.mu.Lock()
	select {
	case <-w.wake:
		return true
	case <-time.After(listingIdle):
		return false
	}
}

// end stops the listing, cancels its request, and drops what it holds.
func (w *workspaceListing[T]) end() {
	w.ended = true
	w.held = map[string]*T{}
	w.arrived()
	if w.cancel != nil {
		w.cancel()
	}
}
