// Package providerdata is what Configure hands to every resource and data source: the client, and what
// the features of one provider process share (workspace models, claims, listings, the cascade guard's
// readings). Nothing is kept beyond the process: what the plan walk learnt, the apply walk asks again.
package providerdata

import (
	"context"
	"fmt"
	"iter"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/listing"
)

// Data is what Configure hands to every resource and data source.
type Data struct {
	Client             *client.Client
	Contexts           *Contexts
	AllowCascadeDelete bool // let Ardoq delete what a component delete takes along (core/guard)
	PreventDuplicates  bool // a new entity Ardoq already holds fails the plan instead of warning (core/recovery)
	// deletions the plan summary does not count fail the plan instead of warning (core/deletions)
	PreventImplicitDeletions bool

	meMu    sync.Mutex
	me      string // e-mail of the token's user (core/recovery), once meKnown
	meKnown bool
	madeMu  sync.Mutex
	made    map[string]bool // ids read (false) or created (true) in this run (core/recovery)

	workspaces sync.Map // component id -> its workspace, as read or written in this run

	listedComponents *listing.Shared[client.Component] // refresh from list pages (core/listing)
	listedReferences *listing.Shared[client.Reference]
	WholeWorkspaces  *listing.Whole[client.Component] // the already-made searches' listing of each workspace (core/listing)
	Cascade          *cascade.Readings                // the plan-time readings of workspaces for the cascade notices
	Plans            *Plans                           // what this run's plans destroy and keep (plans.go)
	DestroyHint      diagnostics.DestroyHintOnce      // the first model-check error of the process says how to destroy past it
}

// New returns the data of a provider configured with c.
func New(c *client.Client, allowCascadeDelete bool) *Data {
	d := &Data{
		Client: c, Contexts: newContextCache(c), AllowCascadeDelete: allowCascadeDelete, Cascade: cascade.NewReadings(c),
		Plans: newPlans(),
		listedComponents: listing.NewShared(func(ctx context.Context, ws string) iter.Seq2[client.Page[client.Component], error] {
			return c.ComponentPages(ctx, client.ComponentFilter{RootWorkspace: ws})
		}, func(e *client.Component) string { return e.ID }, c.Writes),
		listedReferences: listing.NewShared(func(ctx context.Context, ws string) iter.Seq2[client.Page[client.Reference], error] {
			return c.ReferencePages(ctx, client.ReferenceFilter{RootWorkspace: ws})
		}, func(e *client.Reference) string { return e.ID }, c.Writes),
		WholeWorkspaces: listing.NewWhole(func(ctx context.Context, ws string) iter.Seq2[client.Page[client.Component], error] {
			return c.ComponentPages(ctx, client.ComponentFilter{RootWorkspace: ws})
		}, func() uint64 { return deletes(c) }),
	}
	return d
}

// ReadComponent reads a component for a refresh: from its workspace's shared listing when that
// already brought it, otherwise on its own.
func (d *Data) ReadComponent(ctx context.Context, workspace, id string) (*client.Component, error) {
	if c, ok := d.listedComponents.Lookup(ctx, workspace, id); ok {
		return c, nil
	}
	return d.Client.GetComponent(ctx, id)
}

// ReadReference reads a reference for a refresh, like ReadComponent; workspace is its source's.
func (d *Data) ReadReference(ctx context.Context, workspace, id string) (*client.Reference, error) {
	if r, ok := d.listedReferences.Lookup(ctx, workspace, id); ok {
		return r, nil
	}
	return d.Client.GetReference(ctx, id)
}

// RememberWorkspace notes a component's workspace, which never changes for an id.
func (d *Data) RememberWorkspace(c *client.Component) {
	d.workspaces.Store(c.ID, c.RootWorkspace)
}

// ComponentWorkspace is a component's workspace: known from this run if a component resource read or
// wrote it, otherwise read from Ardoq (and remembered).
func (d *Data) ComponentWorkspace(ctx context.Context, id string) (string, error) {
	if ws, ok := d.workspaces.Load(id); ok {
		if s, isString := ws.(string); isString {
			return s, nil
		}
	}
	c, err := d.Client.GetComponent(ctx, id)
	if err != nil {
		return "", err
	}
	d.RememberWorkspace(c)
	return c.RootWorkspace, nil
}

// From extracts the configured provider data; nil means "not configured yet".
func From(data any, diags *diag.Diagnostics) *Data {
	if data == nil {
		return nil
	}
	pd, ok := data.(*Data)
	if !ok {
		diags.AddError("Unexpected Provider Data Type",
			fmt.Sprintf("Expected *providerdata.Data, got %T. This is a bug in the provider; please report it.", data))
		return nil
	}
	return pd
}

// CallerEmail is the e-mail of the token's user, read once per provider run (GET /me).
func (d *Data) CallerEmail(ctx context.Context) (string, error) {
	d.meMu.Lock()
	defer d.meMu.Unlock()
	if !d.meKnown {
		info, err := d.Client.Me(ctx)
		if err != nil {
			return "", err
		}
		d.me, d.meKnown = info.User.Email, true
	}
	return d.me, nil
}

// Claim remembers an id that a resource of this run read, so that no lost-answer search (or
// core/recovery's already-made search) takes it for its own.
func (d *Data) Claim(id string) {
	d.remember(id, false)
}

// ClaimCreated remembers an id that a create of this run made, which claim's searches skip too; and
// nothing an earlier run made can hang from it (core/recovery).
func (d *Data) ClaimCreated(id string) { d.remember(id, true) }

func (d *Data) remember(id string, created bool) {
	d.madeMu.Lock()
	defer d.madeMu.Unlock()
	if d.made == nil {
		d.made = map[string]bool{}
	}
	d.made[id] = d.made[id] || created
}

func (d *Data) Claimed(id string) bool {
	d.madeMu.Lock()
	defer d.madeMu.Unlock()
	_, ok := d.made[id]
	return ok
}

// CreatedHere reports whether a create of this run (this provider process) made id.
func (d *Data) CreatedHere(id string) bool {
	d.madeMu.Lock()
	defer d.madeMu.Unlock()
	return d.made[id]
}

// CheckCredentials asks Ardoq whose token this is (GET /me), once per provider process: the answer also
// serves the already-made searches (CallerEmail). A failed check is not kept.
func (d *Data) CheckCredentials(ctx context.Context) error {
	_, err := d.CallerEmail(ctx)
	return err
}

// deletes is how many DELETE requests c has started, or more while another write is being started: a
// listing compares it before and after, and more only costs it a listing again.
func deletes(c *client.Client) uint64 {
	for {
		adds := c.WritesBesidesDeletes()
		writes := c.Writes()
		if c.WritesBesidesDeletes() == adds {
			return writes - adds
		}
	}
}
