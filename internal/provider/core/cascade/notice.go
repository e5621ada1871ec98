package cascade

import (
	"context"
	"maps"
	"slices"
	"sort"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

// Deleting is what one resource's plan deletes, and what else the same resource does in the same change.
// It is all a notice goes by, with what Ardoq holds: what other resources of the plan do is not known to
// the provider (DESIGN.md, "What the provider knows").
type Deleting struct {
	Components map[string]string // the ids of the components it deletes -> their workspaces
	// Own is what the resource itself does in the same change: the references it deletes (they count as
	// deleted), and the parents, sources and targets it sets.
	Own  Input
	Kept map[string]string // id -> how the notice names the resource's own item that keeps it
}

// Along is what the deletes take along in Ardoq, besides what the resource deletes itself.
type Along struct {
	components []client.Component
	references []client.Reference
	// DeletedToo counts the entities taken along that the resource deletes itself too.
	DeletedToo int
	kept       map[string]string // id -> the resource's own item that keeps it
	readings   []*Reading
}

// Empty reports whether the deletes take nothing along.
func (a Along) Empty() bool { return len(a.components) == 0 && len(a.references) == 0 }

// Find reads what the deletes take along, from the process's readings of their workspaces (one each).
// A component the reading does not hold is left to the apply's guard, which looks again. An error means
// a workspace could not be read: nothing was checked (NotChecked).
func Find(ctx context.Context, readings *Readings, del Deleting) (Along, error) {
	var a Along
	if len(del.Components) == 0 {
		return a, nil
	}
	starts := map[*Reading][]string{}
	byWorkspace := map[string][]string{}
	for id, ws := range del.Components {
		byWorkspace[ws] = append(byWorkspace[ws], id)
	}
	for _, ws := range slices.Sorted(maps.Keys(byWorkspace)) {
		reading, err := readings.Of(ctx, ws)
		if err != nil {
			return Along{}, err
		}
		ids := byWorkspace[ws]
		sort.Strings(ids)
		for _, id := range ids {
			if reading.Holds(id) {
				starts[reading] = append(starts[reading], id)
			}
		}
		if len(starts[reading]) > 0 {
			a.readings = append(a.readings, reading)
		}
	}
	moves := Input{NewParent: del.Own.NewParent, NewEndpoints: del.Own.NewEndpoints}
	_, allReferences := a.along(starts, moves)
	a.kept = map[string]string{}
	for id, item := range del.Kept {
		a.kept[id] = item
	}
	a.components, a.references = a.along(starts, Input{NewParent: del.Own.NewParent, NewEndpoints: del.Own.NewEndpoints,
		DeleteReferences: del.Own.DeleteReferences})
	a.DeletedToo = len(allReferences) - len(a.references)
	return a, nil
}

// along walks every reading from its starts; a reference between two workspaces read is listed once.
func (a Along) along(starts map[*Reading][]string, in Input) ([]client.Component, []client.Reference) {
	var components []client.Component
	var references []client.Reference
	seen := map[string]bool{}
	for _, reading := range a.readings {
		lost := reading.Along(starts[reading], in)
		components = append(components, lost.Components()...)
		for _, ref := range lost.References() {
			if !seen[ref.ID] {
				seen[ref.ID] = true
				references = append(references, ref)
			}
		}
	}
	return components, references
}

// Announced is what a plan records of the notice for the apply's guard: each entity taken along, at the
// version the reading saw.
func (a Along) Announced() *Announced {
	out := &Announced{Components: map[string]int64{}, References: map[string]int64{}}
	for _, c := range a.components {
		out.Components[c.ID] = c.Version
	}
	for _, r := range a.references {
		out.References[r.ID] = r.Version
	}
	return out
}

// Counts says how much is taken along: "1 descendant component and 2 references".
func (a Along) Counts() string { return counts(len(a.components), len(a.references)) }

// List lists what is taken along, up to ListedEntities by name (references as "Payments → Orders DB
// (Depends on)"), one a line, with who made and last changed each, and each kept item of the resource's
// own said so. typeNames names a workspace's reference types.
func (a Along) List(ctx context.Context, typeNames func(context.Context, string) map[int64]string) string {
	held := map[string]string{}
	for id, res := range a.kept {
		held[id] = res + " in this configuration"
	}
	names := map[string]map[int64]string{}
	labels := map[string]string{}
	for i, ref := range a.references {
		if i == ListedEntities {
			break
		}
		ws := ref.RootWorkspace
		if _, read := names[ws]; !read && typeNames != nil {
			names[ws] = typeNames(ctx, ws)
		}
		labels[ref.ID] = wsmodel.ReferenceLabel(a.name(ref.Source), a.name(ref.Target), names[ws][ref.Type])
	}
	return entityLines(Lost{components: a.components, references: a.references}, labels, held, nil)
}

// name is a component's name in whichever reading holds it, or its id.
func (a Along) name(id string) string {
	for _, r := range a.readings {
		if r.Holds(id) {
			return r.Name(id)
		}
	}
	return id
}
