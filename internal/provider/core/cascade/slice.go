package cascade

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"sort"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// orgSlice is the part of the org around the components to delete: enough to find their descendants
// and the references touching them.
type orgSlice struct {
	components map[string]client.Component
	references map[string]client.Reference
}

func newOrgSlice() orgSlice {
	return orgSlice{components: map[string]client.Component{}, references: map[string]client.Reference{}}
}

// Input is a planned change as far as the cascade is concerned. Entities the same request
// moves (a child given another parent, a reference another source or target) are judged by where the
// request puts them; batchIds of new components never match an existing id.
type Input struct {
	DeleteComponents map[string]bool      // component ids the same request deletes explicitly
	DeleteReferences map[string]bool      // reference ids the same request deletes explicitly
	NewParent        map[string]string    // component id -> parent after the request ("" for none)
	NewEndpoints     map[string][2]string // reference id -> source and target after the request
	// Seen is the version the plan saw of each component the request deletes, where the caller knows it:
	// one Ardoq holds at another version is not deleted (Deletes).
	Seen map[string]int64
	from []string // where the walk starts, when not at every delete (Reading.Along)
}

// Lost is what Ardoq would delete along with the deletes, although the request does not delete it.
type Lost struct {
	components []client.Component
	references []client.Reference
}

func (l Lost) Empty() bool { return len(l.components) == 0 && len(l.references) == 0 }

// Components are the components taken along, in the order found (breadth first, by id).
func (l Lost) Components() []client.Component { return l.components }

// References are the references taken along, by id.
func (l Lost) References() []client.Reference { return l.references }

// cascadeOf computes the entities of the slice that the deletes would take along.
func cascadeOf(slice orgSlice, in Input) Lost {
	parentOf := func(c client.Component) string {
		if p, moved := in.NewParent[c.ID]; moved {
			return p
		}
		if c.Parent == nil {
			return ""
		}
		return *c.Parent
	}
	children := map[string][]string{}
	for id, c := range slice.components {
		if p := parentOf(c); p != "" {
			children[p] = append(children[p], id)
		}
	}
	gone := map[string]bool{}
	var lost Lost
	queue := in.from
	if queue == nil {
		queue = slices.Sorted(maps.Keys(in.DeleteComponents))
	}
	for _, id := range queue {
		gone[id] = true
	}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		kids := children[id]
		sort.Strings(kids)
		for _, kid := range kids {
			if gone[kid] {
				continue
			}
			gone[kid] = true
			queue = append(queue, kid)
			if !in.DeleteComponents[kid] {
				lost.components = append(lost.components, slice.components[kid])
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(slice.references)) {
		r := slice.references[id]
		if in.DeleteReferences[id] {
			continue
		}
		source, target := r.Source, r.Target
		if ends, moved := in.NewEndpoints[id]; moved { // "" is an endpoint the request leaves as it is
			source, target = cmp.Or(ends[0], source), cmp.Or(ends[1], target)
		}
		if gone[source] || gone[target] {
			lost.references = append(lost.references, r)
		}
	}
	return lost
}

// Thresholds of loadOrgSlice, in components: past either, reading the workspace (three listings) costs
// fewer requests than looking the components up one by one (three small requests each).
const (
	PerComponentLookups = 3  // deletes of one workspace looked up on their own
	subtreeLookups      = 30 // components below them looked up level by level
)

// loadOrgSlice reads what cascadeOf needs about the given components (id -> workspace): for a few
// components, their subtree level by level (children, references from and to each, in one round trip a
// level); for more, or a bigger subtree, or when the request moves a component below one of them
// (movedInto), every component of their workspace and every reference from or to it. Which reading is
// taken depends on the deletes and on what Ardoq holds, nothing else.
func loadOrgSlice(ctx context.Context, c *client.Client, deletes map[string]string, movedInto map[string]bool, seen map[string]int64) (orgSlice, error) {
	slice := newOrgSlice()
	byWorkspace := map[string][]string{}
	for id, ws := range deletes {
		byWorkspace[ws] = append(byWorkspace[ws], id)
	}
	for _, ws := range slices.Sorted(maps.Keys(byWorkspace)) {
		ids := byWorkspace[ws]
		sort.Strings(ids)
		whole := len(ids) > PerComponentLookups
		for _, id := range ids {
			whole = whole || movedInto[id]
		}
		if !whole {
			small, err := slice.addSubtrees(ctx, c, ids, seen)
			if err != nil {
				return slice, err
			}
			whole = !small
		}
		if whole {
			if err := slice.addWorkspace(ctx, c, ws); err != nil {
				return slice, err
			}
		}
	}
	return slice, nil
}

// addSubtrees looks the components and their descendants up level by level: the children of each, and
// the references from and to each, all of a level at once; with the first level, the components of ids
// whose version the plan saw, to compare (one already gone is left out). It gives up (small false) once
// more than subtreeLookups components are found below them, and the caller reads the workspace instead.
func (s orgSlice) addSubtrees(ctx context.Context, c *client.Client, ids []string, seen map[string]int64) (small bool, err error) {
	level, found := ids, 0
	for first := true; len(level) > 0; first = false {
		var mu sync.Mutex
		var next []string
		g, gctx := errgroup.WithContext(ctx)
		for _, id := range level {
			if _, compare := seen[id]; compare && first {
				g.Go(func() error {
					comp, err := c.GetComponent(gctx, id)
					if client.IsNotFound(err) {
						return nil
					}
					mu.Lock()
					defer mu.Unlock()
					if err == nil {
						s.components[id] = *comp
					}
					return err
				})
			}
			g.Go(func() error {
				kids, err := c.ListComponents(gctx, client.ComponentFilter{Parent: id})
				mu.Lock()
				defer mu.Unlock()
				for _, kid := range kids {
					s.components[kid.ID] = kid
					next = append(next, kid.ID)
				}
				return err
			})
			for _, f := range []client.ReferenceFilter{{Source: id}, {Target: id}} {
				g.Go(func() error {
					refs, err := c.ListReferences(gctx, f)
					mu.Lock()
					defer mu.Unlock()
					for _, r := range refs {
						s.references[r.ID] = r
					}
					return err
				})
			}
		}
		if err := g.Wait(); err != nil {
			return false, err
		}
		if found += len(next); found > subtreeLookups {
			return false, nil
		}
		sort.Strings(next)
		level = next
	}
	return true, nil
}

// addWorkspace reads every component of the workspace and every reference from or to it: three
// listings, run at once.
func (s orgSlice) addWorkspace(ctx context.Context, c *client.Client, ws string) error {
	g, gctx := errgroup.WithContext(ctx)
	var mu sync.Mutex
	g.Go(func() error {
		comps, err := c.ListComponents(gctx, client.ComponentFilter{RootWorkspace: ws})
		mu.Lock()
		defer mu.Unlock()
		for _, comp := range comps {
			s.components[comp.ID] = comp
		}
		return err
	})
	for _, f := range []client.ReferenceFilter{{RootWorkspace: ws}, {TargetWorkspace: ws}} {
		g.Go(func() error {
			refs, err := c.ListReferences(gctx, f)
			mu.Lock()
			defer mu.Unlock()
			for _, r := range refs {
				s.references[r.ID] = r
			}
			return err
		})
	}
	return g.Wait()
}

// checkCascade loads the slice and returns what the deletes would take along, and the components to
// delete that Ardoq holds at another version than in.Seen.
func checkCascade(ctx context.Context, c *client.Client, deletes map[string]string, in Input) (Lost, []Changed, error) {
	if len(deletes) == 0 {
		return Lost{}, nil, nil
	}
	movedInto := map[string]bool{}
	for _, parent := range in.NewParent {
		movedInto[parent] = true
	}
	slice, err := loadOrgSlice(ctx, c, deletes, movedInto, in.Seen)
	if err != nil {
		return Lost{}, nil, err
	}
	var changed []Changed
	for _, id := range slices.Sorted(maps.Keys(in.Seen)) {
		if now, held := slice.components[id]; held && now.Version != in.Seen[id] {
			changed = append(changed, Changed{Now: now, Seen: in.Seen[id]})
		}
	}
	explicit := in.DeleteComponents
	in.DeleteComponents = make(map[string]bool, len(deletes)+len(explicit))
	for id := range explicit {
		in.DeleteComponents[id] = true
	}
	for id := range deletes {
		in.DeleteComponents[id] = true
	}
	in.from = slices.Sorted(maps.Keys(deletes))
	return cascadeOf(slice, in), changed, nil
}

// Changed is a component to delete that Ardoq holds at another version than the plan saw.
type Changed struct {
	Now  client.Component // as Ardoq holds it now
	Seen int64            // the version the plan saw
}
