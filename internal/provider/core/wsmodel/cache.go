package wsmodel

import (
	"context"
	"maps"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/detach"
)

// Contexts fetches each workspace context once per provider run: plan-time validation of many
// resources in one workspace costs one request. Only successes are kept, so a transient failure is
// retried by the next caller; concurrent callers share one request, which does not stop when the
// caller that started it gives up, but ends once every caller waiting for it has gone (Terraform
// stopped the run), and within core/detach's bound in any case.
type Contexts struct {
	client *client.Client
	mu     sync.Mutex
	byID   map[string]*client.WorkspaceContext
	listed []string          // every workspace of the org, once list has listed them
	names  map[string]string // their names by id, from the same list
	flying map[string]*flight
}

// flight is one shared fetch: its result once done is closed, and how many callers wait for it.
type flight struct {
	done    chan struct{}
	val     any
	err     error
	waiting int
	cancel  context.CancelFunc
}

// NewContexts is an empty cache reading through c.
func NewContexts(c *client.Client) *Contexts {
	return &Contexts{client: c, byID: map[string]*client.WorkspaceContext{}, flying: map[string]*flight{}}
}

// share runs fetch once for key among concurrent callers, on a context detached from ctx's cancellation
// (core/detach). With wait, the caller waits for the result and counts as waiting; a fetch whose every
// waiter gave up is cancelled and forgotten, so the next caller starts afresh.
func (cc *Contexts) share(ctx context.Context, key string, wait bool, fetch func(context.Context) (any, error)) (any, error) {
	cc.mu.Lock()
	f := cc.flying[key]
	if f == nil {
		detached, cancel := detach.Context(ctx, cc.client.RequestTimeout())
		f = &flight{done: make(chan struct{}), cancel: cancel}
		cc.flying[key] = f
		go func() {
			val, err := fetch(detached)
			cc.mu.Lock()
			f.val, f.err = val, err
			if cc.flying[key] == f {
				delete(cc.flying, key)
			}
			cc.mu.Unlock()
			cancel()
			close(f.done)
		}()
	}
	if !wait {
		cc.mu.Unlock()
		return nil, nil
	}
	f.waiting++
	cc.mu.Unlock()
	select {
	case <-f.done:
		return f.val, f.err
	case <-ctx.Done():
		cc.mu.Lock()
		if f.waiting--; f.waiting == 0 {
			f.cancel()
			if cc.flying[key] == f {
				delete(cc.flying, key)
			}
		}
		cc.mu.Unlock()
		return nil, ctx.Err()
	}
}

func (cc *Contexts) Get(ctx context.Context, workspaceID string) (*client.WorkspaceContext, error) {
	cc.mu.Lock()
	cached, ok := cc.byID[workspaceID]
	cc.mu.Unlock()
	if ok {
		return cached, nil
	}
	val, err := cc.share(ctx, workspaceID, true, cc.fetch(workspaceID))
	wctx, _ := val.(*client.WorkspaceContext)
	return wctx, err
}

// Prefetch starts reading a workspace's context, unless it is read or being read, without waiting for it:
// a later Get finds it, or joins the request.
func (cc *Contexts) Prefetch(ctx context.Context, workspaceID string) {
	cc.mu.Lock()
	_, ok := cc.byID[workspaceID]
	cc.mu.Unlock()
	if !ok {
		_, _ = cc.share(ctx, workspaceID, false, cc.fetch(workspaceID))
	}
}

// fetch reads a workspace's context and keeps it if it was read.
func (cc *Contexts) fetch(workspaceID string) func(context.Context) (any, error) {
	return func(ctx context.Context) (any, error) {
		wctx, err := cc.client.GetWorkspaceContext(ctx, workspaceID)
		if err == nil {
			cc.mu.Lock()
			cc.byID[workspaceID] = wctx
			cc.mu.Unlock()
		}
		return wctx, err
	}
}

// Loaded is every workspace context read so far in this provider run, by workspace id.
func (cc *Contexts) Loaded() map[string]*client.WorkspaceContext {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	return maps.Clone(cc.byID)
}

// All reads the context of every workspace of the org, by workspace id: one list of the workspaces per
// run, then each context through get (so at most once per run, a few at a time). A workspace deleted
// meanwhile is left out.
func (cc *Contexts) All(ctx context.Context) (map[string]*client.WorkspaceContext, error) {
	ids, err := cc.list(ctx)
	if err != nil {
		return nil, err
	}
	var mu sync.Mutex
	out := make(map[string]*client.WorkspaceContext, len(ids))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(4)
	for _, id := range ids {
		g.Go(func() error {
			wctx, err := cc.Get(gctx, id)
			if client.IsNotFound(err) {
				return nil
			}
			if err != nil {
				return err
			}
			mu.Lock()
			out[id] = wctx
			mu.Unlock()
			return nil
		})
	}
	return out, g.Wait()
}

// list lists the org's workspaces once per run, keeping their names.
func (cc *Contexts) list(ctx context.Context) ([]string, error) {
	cc.mu.Lock()
	ids := cc.listed
	cc.mu.Unlock()
	if ids != nil {
		return ids, nil
	}
	val, err := cc.share(ctx, "\x00list", true, func(ctx context.Context) (any, error) {
		all, err := cc.client.ListWorkspaces(ctx, client.WorkspaceFilter{})
		if err != nil {
			return nil, err
		}
		listed := make([]string, 0, len(all))
		names := make(map[string]string, len(all))
		for _, w := range all {
			listed = append(listed, w.ID)
			names[w.ID] = w.Name
		}
		cc.mu.Lock()
		cc.listed, cc.names = listed, names
		cc.mu.Unlock()
		return listed, nil
	})
	ids, _ = val.([]string)
	return ids, err
}

// ListedAll says whether All has listed the org's workspaces in this run.
func (cc *Contexts) ListedAll() bool {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	return cc.listed != nil
}
