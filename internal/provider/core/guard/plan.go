package guard

import (
	"context"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/detach"
)

// Reading is one reading of a workspace (its components, and the references from or to it) for the
// notices a plan gives of what Ardoq deletes along with a component. A plan walk writes nothing, so
// every destroy the process plans in a workspace shares one reading of it (Views.PlanReading).
type Reading struct{ slice orgSlice }

type planReading struct {
	ready   chan struct{}
	reading *Reading
	err     error
}

// PlanReading is the process's one reading of the workspace for plan-time notices: three listings,
// taken by the first destroy planned in it and shared by every later one. A failed reading is not kept.
func (v *Views) PlanReading(ctx context.Context, workspace string) (*Reading, error) {
	v.mu.Lock()
	if v.planned == nil {
		v.planned = map[string]*planReading{}
	}
	r := v.planned[workspace]
	if r == nil {
		r = &planReading{ready: make(chan struct{})}
		v.planned[workspace] = r
		// bounded: one request timeout after the plan that started it stops waiting (core/detach)
		detached, cancel := detach.Context(ctx, v.client.RequestTimeout())
		go func() {
			defer cancel()
			slice := orgSlice{components: map[string]client.Component{}, references: map[string]client.Reference{}}
			err := slice.addWorkspace(detached, v.client, workspace)
			v.mu.Lock()
			defer v.mu.Unlock()
			if r.err = err; err != nil {
				delete(v.planned, workspace)
			} else {
				r.reading = &Reading{slice: slice}
			}
			close(r.ready)
		}()
	}
	v.mu.Unlock()
	select {
	case <-r.ready:
		return r.reading, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Holds reports whether the reading lists the component in the workspace it was read for.
func (r *Reading) Holds(id string) bool {
	_, ok := r.slice.components[id]
	return ok
}

// Along is what deleting the components ids would make Ardoq delete with them: their descendants and
// every reference touching any of them, as in (the plan's other deletes and moves) leaves them.
// in.DeleteComponents and in.DeleteReferences are not listed; the walk starts at ids alone.
func (r *Reading) Along(ids []string, in Input) Lost {
	if len(ids) == 0 {
		return Lost{}
	}
	in.from = ids
	return cascadeOf(r.slice, in)
}

// Components are the components lost, in the order found (breadth first, by id).
func (l Lost) Components() []client.Component { return l.components }

// References are the references lost, by id.
func (l Lost) References() []client.Reference { return l.references }

// Name is a component's name, or its id when the reading does not hold it (a reference's end in
// another workspace).
func (r *Reading) Name(id string) string {
	if c, ok := r.slice.components[id]; ok {
		return c.Name
	}
	return id
}
