package provider

import (
	"context"
	"fmt"
	"iter"
	"maps"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/singleflight"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/guard"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/listing"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/memo"
)

// providerData is what Configure hands to every resource and data source.
type providerData struct {
	client             *client.Client
	contexts           *contextCache
	allowCascadeDelete bool // let Ardoq delete what a component delete takes along (see cascade_guard.go)
	preventDuplicates  bool // a new entity Ardoq already holds fails the plan instead of warning (already_made.go)

	meMu    sync.Mutex
	me      string // e-mail of the token's user (lost_answer.go), once meKnown
	meKnown bool
	madeMu  sync.Mutex
	made    map[string]bool // ids read (false) or created (true) in this run (lost_answer.go)

	workspaces sync.Map // component id -> its workspace, as read or written in this run

	listedComponents *listing.Shared[client.Component] // refresh from list pages (core/listing)
	listedReferences *listing.Shared[client.Reference]
	smallWorkspaces  *listing.SmallWorkspaces[client.Component] // already-made searches from one list page (core/listing)
	memo             *memo.Memo                                 // what this terraform command's plan walk learnt (core/memo)
	cascadeViews     *guard.Views                               // the cascade guard's readings of workspaces, shared by this run's deletes
}

func newProviderData(c *client.Client, allowCascadeDelete bool) *providerData {
	d := &providerData{
		client: c, contexts: newContextCache(c), allowCascadeDelete: allowCascadeDelete, memo: memo.New(), cascadeViews: guard.NewViews(c),
		listedComponents: listing.NewShared(func(ctx context.Context, ws string) iter.Seq2[client.Page[client.Component], error] {
			return c.ComponentPages(ctx, client.ComponentFilter{RootWorkspace: ws})
		}, func(e *client.Component) string { return e.ID }, c.Writes),
		listedReferences: listing.NewShared(func(ctx context.Context, ws string) iter.Seq2[client.Page[client.Reference], error] {
			return c.ReferencePages(ctx, client.ReferenceFilter{RootWorkspace: ws})
		}, func(e *client.Reference) string { return e.ID }, c.Writes),
		smallWorkspaces: listing.NewSmallWorkspaces(func(ctx context.Context, ws string) iter.Seq2[client.Page[client.Component], error] {
			return c.ComponentPages(ctx, client.ComponentFilter{RootWorkspace: ws})
		}, c.Writes),
	}
	d.listedComponents.StartsAlso = d.listedReferences.Prefetch
	return d
}

// readComponent reads a component for a refresh: from its workspace's shared listing when that
// already brought it, otherwise on its own.
func (d *providerData) readComponent(ctx context.Context, workspace, id string) (*client.Component, error) {
	if c, ok := d.listedComponents.Lookup(ctx, workspace, id); ok {
		return c, nil
	}
	return d.client.GetComponent(ctx, id)
}

// readReference reads a reference for a refresh, like readComponent; workspace is its source's.
func (d *providerData) readReference(ctx context.Context, workspace, id string) (*client.Reference, error) {
	if r, ok := d.listedReferences.Lookup(ctx, workspace, id); ok {
		return r, nil
	}
	return d.client.GetReference(ctx, id)
}

// rememberWorkspace notes a component's workspace, which never changes for an id.
func (d *providerData) rememberWorkspace(c *client.Component) {
	d.workspaces.Store(c.ID, c.RootWorkspace)
}

// componentWorkspace is a component's workspace: known from this run if a component resource read or
// wrote it, otherwise read from Ardoq (and remembered).
func (d *providerData) componentWorkspace(ctx context.Context, id string) (string, error) {
	if ws, ok := d.workspaces.Load(id); ok {
		if s, isString := ws.(string); isString {
			return s, nil
		}
	}
	c, err := d.client.GetComponent(ctx, id)
	if err != nil {
		return "", err
	}
	d.rememberWorkspace(c)
	return c.RootWorkspace, nil
}

// providerDataFrom extracts the configured provider data; nil means "not configured yet".
func providerDataFrom(data any, diags *diag.Diagnostics) *providerData {
	if data == nil {
		return nil
	}
	pd, ok := data.(*providerData)
	if !ok {
		diags.AddError("Unexpected Provider Data Type",
			fmt.Sprintf("Expected *providerData, got %T. This is a bug in the provider; please report it.", data))
		return nil
	}
	return pd
}

// contextCache fetches each workspace context once per provider run: plan-time validation of many
// resources in one workspace costs one request. Only successes are kept, so a transient failure is
// retried by the next caller; concurrent callers share one request, which does not stop when the
// caller that started it gives up.
type contextCache struct {
	client *client.Client
	flight singleflight.Group
	mu     sync.Mutex
	byID   map[string]*client.WorkspaceContext
	listed []string // every workspace of the org, once all has listed them
}

func newContextCache(c *client.Client) *contextCache {
	return &contextCache{client: c, byID: map[string]*client.WorkspaceContext{}}
}

func (cc *contextCache) get(ctx context.Context, workspaceID string) (*client.WorkspaceContext, error) {
	cc.mu.Lock()
	cached, ok := cc.byID[workspaceID]
	cc.mu.Unlock()
	if ok {
		return cached, nil
	}
	shared := context.WithoutCancel(ctx)
	ch := cc.flight.DoChan(workspaceID, func() (any, error) {
		wctx, err := cc.client.GetWorkspaceContext(shared, workspaceID)
		if err == nil {
			cc.mu.Lock()
			cc.byID[workspaceID] = wctx
			cc.mu.Unlock()
		}
		return wctx, err
	})
	select {
	case res := <-ch:
		wctx, _ := res.Val.(*client.WorkspaceContext)
		return wctx, res.Err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// loaded is every workspace context read so far in this provider run, by workspace id.
func (cc *contextCache) loaded() map[string]*client.WorkspaceContext {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	return maps.Clone(cc.byID)
}

// all reads the context of every workspace of the org, by workspace id: one list of the workspaces per
// run, then each context through get (so at most once per run, a few at a time). A workspace deleted
// meanwhile is left out.
func (cc *contextCache) all(ctx context.Context) (map[string]*client.WorkspaceContext, error) {
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
			wctx, err := cc.get(gctx, id)
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

// callerEmail is the e-mail of the token's user, read once per provider run (GET /me).
func (d *providerData) callerEmail(ctx context.Context) (string, error) {
	d.meMu.Lock()
	defer d.meMu.Unlock()
	if !d.meKnown {
		info, err := d.client.Me(ctx)
		if err != nil {
			return "", err
		}
		d.me, d.meKnown = info.User.Email, true
	}
	return d.me, nil
}

// claim remembers an id that a resource of this run read, so that no lost-answer search (or
// already_made.go's) takes it for its own.
func (d *providerData) claim(id string) { d.remember(id, false) }

// claimCreated remembers an id that a create of this run made, which claim's searches skip too; and
// nothing an earlier run made can hang from it (already_made.go).
func (d *providerData) claimCreated(id string) { d.remember(id, true) }

func (d *providerData) remember(id string, created bool) {
	d.madeMu.Lock()
	defer d.madeMu.Unlock()
	if d.made == nil {
		d.made = map[string]bool{}
	}
	d.made[id] = d.made[id] || created
}

func (d *providerData) claimed(id string) bool {
	d.madeMu.Lock()
	defer d.madeMu.Unlock()
	_, ok := d.made[id]
	return ok
}

// createdHere reports whether a create of this run (this provider process) made id.
func (d *providerData) createdHere(id string) bool {
	d.madeMu.Lock()
	defer d.madeMu.Unlock()
	return d.made[id]
}

// checkCredentials asks Ardoq whose token this is (GET /me), once per terraform command: the apply walk
// of `terraform apply` is a new provider process, configured right after the plan walk's check passed for
// the same configuration (a plan walk that failed it ends the command). A token revoked in between fails
// the first request with Ardoq's answer.
func (d *providerData) checkCredentials(ctx context.Context) error {
	key := memo.Key(d.client, "credentials-checked", nil)
	if d.memo.Seen(key) {
		return nil
	}
	if _, err := d.callerEmail(ctx); err != nil {
		return err
	}
	d.memo.Note(key)
	return nil
}
