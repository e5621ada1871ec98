package listing

import (
	"context"
	"iter"
	"sync"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Reads is how the resources of one provider process read Ardoq: a refresh from its workspace's shared
// listing (Shared), the already-made searches from one listing of each workspace (Whole), and each
// component's workspace, which never changes for an id.
type Reads struct {
	client     *client.Client
	components *Shared[client.Component]
	references *Shared[client.Reference]
	Whole      *Whole[client.Component] // the already-made searches' listing of each workspace
	workspaces sync.Map                 // component id -> its workspace, as read or written in this run
}

// NewReads returns the reads of a provider process talking to Ardoq through c.
func NewReads(c *client.Client) *Reads {
	componentPages := func(ctx context.Context, ws string) iter.Seq2[client.Page[client.Component], error] {
		return c.ComponentPages(ctx, client.ComponentFilter{RootWorkspace: ws})
	}
	return &Reads{
		client:     c,
		components: NewShared(componentPages, func(e *client.Component) string { return e.ID }, c.Writes),
		references: NewShared(func(ctx context.Context, ws string) iter.Seq2[client.Page[client.Reference], error] {
			return c.ReferencePages(ctx, client.ReferenceFilter{RootWorkspace: ws})
		}, func(e *client.Reference) string { return e.ID }, c.Writes),
		Whole: NewWhole(componentPages, func() uint64 { return deletes(c) }),
	}
}

// Component reads a component for a refresh: from its workspace's shared listing when that already
// brought it, otherwise on its own.
func (r *Reads) Component(ctx context.Context, workspace, id string) (*client.Component, error) {
	if c, ok := r.components.Lookup(ctx, workspace, id); ok {
		return c, nil
	}
	return r.client.GetComponent(ctx, id)
}

// Reference reads a reference for a refresh, like Component; workspace is its source's.
func (r *Reads) Reference(ctx context.Context, workspace, id string) (*client.Reference, error) {
	if ref, ok := r.references.Lookup(ctx, workspace, id); ok {
		return ref, nil
	}
	return r.client.GetReference(ctx, id)
}

// RememberWorkspace notes a component's workspace.
func (r *Reads) RememberWorkspace(c *client.Component) {
	r.workspaces.Store(c.ID, c.RootWorkspace)
}

// ComponentWorkspace is a component's workspace: known from this run if a component resource read or
// wrote it, otherwise read from Ardoq (and remembered).
func (r *Reads) ComponentWorkspace(ctx context.Context, id string) (string, error) {
	if ws, ok := r.workspaces.Load(id); ok {
		if s, isString := ws.(string); isString {
			return s, nil
		}
	}
	c, err := r.client.GetComponent(ctx, id)
	if err != nil {
		return "", err
	}
	r.RememberWorkspace(c)
	return c.RootWorkspace, nil
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
