package providerdata

import (
	"context"
	"maps"
	"sync"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/singleflight"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Contexts fetches each workspace context once per provider run: plan-time validation of many
// resources in one workspace costs one request. Only successes are kept, so a transient failure is
// retried by the next caller; concurrent callers share one request, which does not stop when the
// caller that started it gives up.
type Contexts struct {
	client *client.Client
	flight singleflight.Group
	mu     sync.Mutex
	byID   map[string]*client.WorkspaceContext
	listed []string // every workspace of the org, once all has listed them
}

func newContextCache(c *client.Client) *Contexts {
	return &Contexts{client: c, byID: map[string]*client.WorkspaceContext{}}
}

func (cc *Contexts) Get(ctx context.Context, workspaceID string) (*client.WorkspaceContext, error) {
	cc.mu.Lock()
	cached, ok := cc.byID[workspaceID]
	cc.mu.Unlock()
	if ok {
		return cached, nil
	}
	ch := cc.flight.DoChan(workspaceID, cc.fetch(context.WithoutCancel(ctx), workspaceID))
	select {
	case res := <-ch:
		wctx, _ := res.Val.(*client.WorkspaceContext)
		return wctx, res.Err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Prefetch starts reading a workspace's context, unless it is read or being read, without waiting for it:
// a later Get finds it, or joins the request.
func (cc *Contexts) Prefetch(ctx context.Context, workspaceID string) {
	cc.mu.Lock()
	_, ok := cc.byID[workspaceID]
	cc.mu.Unlock()
	if !ok {
		cc.flight.DoChan(workspaceID, cc.fetch(context.WithoutCancel(ctx), workspaceID))
	}
}

// fetch reads a workspace's context and keeps it if it was read.
func (cc *Contexts) fetch(ctx context.Context, workspaceID string) func() (any, error) {
	return func() (any, error) {
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
	cc.mu.Lock()
	ids := cc.listed
	cc.mu.Unlock()
	if ids == nil {
		shared := context.WithoutCancel(ctx)
		ch := cc.flight.DoChan("\x00list", func() (any, error) {
			all, err := cc.client.ListWorkspaces(shared, client.WorkspaceFilter{})
			if err != nil {
				return nil, err
			}
			listed := make([]string, 0, len(all))
			for _, w := range all {
				listed = append(listed, w.ID)
			}
			cc.mu.Lock()
			cc.listed = listed
			cc.mu.Unlock()
			return listed, nil
		})
		select {
		case res := <-ch:
			if res.Err != nil {
				return nil, res.Err
			}
			ids, _ = res.Val.([]string)
		case <-ctx.Done():
			return nil, ctx.Err()
		}
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

// ListedAll says whether All has listed the org's workspaces in this run.
func (cc *Contexts) ListedAll() bool {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	return cc.listed != nil
}
