package cascade

import (
	"context"
	"sync"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Readings are a provider process's readings of workspaces for the notices a plan gives of what Ardoq
// deletes along with a component: one reading of a workspace (its components, and the references from or
// to it: three listings), taken by the first destroy planned in it and used by every later one. A plan
// walk writes nothing, so every plan of the walk sees the same org, whatever the order Terraform plans in.
// A reading that fails is not kept: the next destroy reads again (and its notice says whether it could).
type Readings struct {
	client *client.Client

	mu         sync.Mutex
	workspaces map[string]*workspaceReading
}

type workspaceReading struct {
	mu      sync.Mutex // held while the workspace is read: later plans wait for that reading
	reading *Reading
}

// NewReadings returns the plan-time readings of a provider process.
func NewReadings(c *client.Client) *Readings {
	return &Readings{client: c, workspaces: map[string]*workspaceReading{}}
}

// Reading is one reading of a workspace.
type Reading struct{ slice orgSlice }

// Of is the process's reading of the workspace, read now if no plan has read it yet.
func (r *Readings) Of(ctx context.Context, workspace string) (*Reading, error) {
	r.mu.Lock()
	w := r.workspaces[workspace]
	if w == nil {
		w = &workspaceReading{}
		r.workspaces[workspace] = w
	}
	r.mu.Unlock()
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.reading == nil {
		slice := newOrgSlice()
		if err := slice.addWorkspace(ctx, r.client, workspace); err != nil {
			return nil, err
		}
		w.reading = &Reading{slice: slice}
	}
	return w.reading, nil
}

// Holds reports whether the reading lists the component in the workspace it was read for.
func (r *Reading) Holds(id string) bool {
	_, ok := r.slice.components[id]
	return ok
}

// Along is what deleting the components ids would make Ardoq delete with them: their descendants and
// every reference touching any of them, as in (the same request's other deletes and moves) leaves them.
// in.DeleteComponents and in.DeleteReferences are not listed; the walk starts at ids alone.
func (r *Reading) Along(ids []string, in Input) Lost {
	if len(ids) == 0 {
		return Lost{}
	}
	in.from = ids
	return cascadeOf(r.slice, in)
}

// Name is a component's name, or its id when the reading does not hold it (a reference's end in
// another workspace).
func (r *Reading) Name(id string) string {
	if c, ok := r.slice.components[id]; ok {
		return c.Name
	}
	return id
}
