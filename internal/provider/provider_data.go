package provider

import (
	"context"
	"fmt"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// providerData is what Configure hands to every resource and data source.
type providerData struct {
	client   *client.Client
	contexts *contextCache
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
// resources in one workspace costs one request.
type contextCache struct {
	client *client.Client
	mu     sync.Mutex
	byID   map[string]*contextEntry
}

type contextEntry struct {
	once sync.Once
	ctx  *client.WorkspaceContext
	err  error
}

func newContextCache(c *client.Client) *contextCache {
	return &contextCache{client: c, byID: map[string]*contextEntry{}}
}

func (cc *contextCache) get(ctx context.Context, workspaceID string) (*client.WorkspaceContext, error) {
	cc.mu.Lock()
	e, ok := cc.byID[workspaceID]
	if !ok {
		e = &contextEntry{}
		cc.byID[workspaceID] = e
	}
	cc.mu.Unlock()
	e.once.Do(func() { e.ctx, e.err = cc.client.GetWorkspaceContext(ctx, workspaceID) })
	return e.ctx, e.err
}
