package listing

import (
	"context"
	"iter"
	"sync"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Whole answers the already-made searches of one provider process (core/recovery) from one listing of
// each workspace, every page of it, instead of one search per create: the plan walk and the apply walk of
// `terraform apply` each list a workspace once, however many components they create in it.
//
// What the process's own creates and updates wrote is left out of those searches by its claims, so one
// listing serves every search of the process, taken before or after its writes. A delete is different: the
// listing may still hold what was deleted, so once the process has deleted anything the next searches list
// again.
//
// The first searches of a workspace go on their own (a plan that adds one or two components never lists);
// the StartAfter-th lists the workspace, every page, while the searches after it wait. A workspace of more
// than listingMaxHeld entities is not held: its searches go on their own. Nor is a listing that failed
// tried again: the searches go on their own, each failing or not by itself.
type Whole[T any] struct {
	pages   func(ctx context.Context, workspace string) iter.Seq2[client.Page[T], error]
	deletes func() uint64 // the deletes the process has sent so far

	mu         sync.Mutex
	workspaces map[string]*wholeWorkspace[T]
}

type wholeWorkspace[T any] struct {
	searches int  // every search of the workspace
	waiting  int  // searches on their own since the last listing could serve them
	tooBig   bool // a listing failed or stopped before the last page: searches go on their own
	listing  *wholeListing[T]
}

type wholeListing[T any] struct {
	done      chan struct{} // closed when the listing has ended
	values    []T           // every entity of the workspace, once complete
	complete  bool
	deletesAt uint64
}

func NewWhole[T any](pages func(context.Context, string) iter.Seq2[client.Page[T], error], deletes func() uint64) *Whole[T] {
	return &Whole[T]{pages: pages, deletes: deletes, workspaces: map[string]*wholeWorkspace[T]{}}
}

// All returns every entity of the workspace, from the process's listing of it; false means the caller
// searches on its own.
func (s *Whole[T]) All(ctx context.Context, workspace string) ([]T, bool) {
	if workspace == "" {
		return nil, false
	}
	s.mu.Lock()
	w := s.workspaces[workspace]
	if w == nil {
		w = &wholeWorkspace[T]{}
		s.workspaces[workspace] = w
	}
	w.searches++
	l := w.listing
	switch usable := l != nil && l.deletesAt == s.deletes(); {
	case w.tooBig:
		s.mu.Unlock()
		return nil, false
	case usable:
		s.mu.Unlock()
	case w.waiting+1 < StartAfter:
		w.waiting++
		s.mu.Unlock()
		return nil, false
	default:
		l = &wholeListing[T]{done: make(chan struct{}), deletesAt: s.deletes()}
		w.listing, w.waiting = l, 0
		s.mu.Unlock()
		s.list(ctx, workspace, w, l)
	}
	select {
	case <-l.done:
	case <-ctx.Done():
		return nil, false
	}
	if !l.complete || s.deletes() != l.deletesAt {
		return nil, false
	}
	return l.values, true
}

// list fetches the workspace's pages while they pay for themselves, on the context of the search that
// started it: should that search be stopped, the searches waiting for it go on their own.
func (s *Whole[T]) list(ctx context.Context, workspace string, w *wholeWorkspace[T], l *wholeListing[T]) {
	defer close(l.done)
	var values []T
	for page, err := range s.pages(ctx, workspace) {
		if err == nil && page.Last {
			l.values, l.complete = append(values, page.Values...), true
			return
		}
		values = append(values, page.Values...)
		s.mu.Lock()
		stop := err != nil || len(values) > listingMaxHeld
		w.tooBig = stop
		s.mu.Unlock()
		if stop {
			return
		}
	}
	s.mu.Lock()
	w.tooBig = true // the pages ended without a last one
	s.mu.Unlock()
}
