package listing

import (
	"context"
	"iter"
	"sync"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// SmallWorkspaces answers the already-made searches of a plan (the single resources' warnIfComponentMade) from one list page of
// their workspace when the whole workspace fits on it: a plan that adds many components to a new or small
// workspace costs one request instead of one search each. The first searches of a workspace go on their
// own (a plan that adds one or two components never lists), the StartAfter-th asks for the first
// page, and the searches after it wait for that page: if it is the workspace's last, they are answered from
// it; otherwise they search on their own, having waited no longer than their own search would take. What
// the page brought is not used once the provider has written anything.
type SmallWorkspaces[T any] struct {
	pages  func(ctx context.Context, workspace string) iter.Seq2[client.Page[T], error]
	writes func() uint64
	bound  time.Duration // how long the page may take, past the search that asked for it (core/detach's StopBound)

	mu         sync.Mutex
	workspaces map[string]*workspacePage[T]
}

type workspacePage[T any] struct {
	searches int
	arrived  chan struct{} // closed when the first page has arrived (or could not be read)
	values   []T
	whole    bool // the page was the workspace's last: values is every entity it holds
	writesAt uint64
}

func NewSmallWorkspaces[T any](pages func(context.Context, string) iter.Seq2[client.Page[T], error], writes func() uint64,
	bound time.Duration) *SmallWorkspaces[T] {
	return &SmallWorkspaces[T]{pages: pages, writes: writes, bound: bound, workspaces: map[string]*workspacePage[T]{}}
}

// All returns every entity of the workspace when one list page holds them all; false means the caller
// searches on its own.
func (s *SmallWorkspaces[T]) All(ctx context.Context, workspace string) ([]T, bool) {
	if workspace == "" {
		return nil, false
	}
	s.mu.Lock()
	w := s.workspaces[workspace]
	if w == nil {
		w = &workspacePage[T]{}
		s.workspaces[workspace] = w
	}
	w.searches++
	if w.arrived == nil {
		if w.searches >= StartAfter {
			w.arrived, w.writesAt = make(chan struct{}), s.writes()
			detached, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.bound)
			go func() {
				defer cancel()
				s.firstPage(detached, workspace, w)
			}()
		}
		s.mu.Unlock()
		return nil, false
	}
	s.mu.Unlock()
	select {
	case <-w.arrived:
	case <-ctx.Done():
		return nil, false
	}
	if !w.whole || s.writes() != w.writesAt {
		return nil, false
	}
	return w.values, true
}

func (s *SmallWorkspaces[T]) firstPage(ctx context.Context, workspace string, w *workspacePage[T]) {
	defer close(w.arrived)
	for page, err := range s.pages(ctx, workspace) {
		if err == nil {
			w.values, w.whole = page.Values, page.Last
		}
		return
	}
}
