// Package cascadenotice finds at plan time what Ardoq deletes along with the components a plan deletes
// (their descendants, and every reference touching them) that no resource of the plan deletes, and lists
// it: the notice of ardoq_component's destroy and of ardoq_batch's update and destroy. It judges by one
// reading of each workspace per provider process (core/guard's PlanReading) and by what the other
// resources of this plan say they do with those entities (providerdata.Plans). The apply's cascade guard
// still decides whether a delete is sent.
package cascadenotice

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/deletions"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/guard"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// Deleting is what one resource's plan deletes, and what else it does in the same change.
type Deleting struct {
	Components map[string]string // the ids of the components it deletes -> their workspaces
	// Own is what the resource itself does in the same change: the references it deletes (they count as
	// deleted too), and the parents, sources and targets it sets.
	Own  guard.Input
	Kept map[string]string // id -> how the notice names the resource's own item that keeps it
}

// Along is what the deletes take along in Ardoq that the plan does not delete.
type Along struct {
	components []client.Component
	references []client.Reference
	// DeletedToo counts the entities taken along that this plan deletes too (by the same resource or another).
	DeletedToo int
	kept       map[string]string // id -> the resource of this configuration that keeps it
	readings   []*guard.Reading
}

// Empty reports whether the deletes take nothing along that the plan does not delete.
func (a Along) Empty() bool { return len(a.components) == 0 && len(a.references) == 0 }

// Find reads what the deletes take along (the workspaces' readings are shared by the whole provider
// process), waits up to settle, once nothing else is planned or read, for the plans of this run to say
// what they do with it, and keeps what no plan deletes. A component the reading does not hold is left to
// the apply's cascade guard, which looks again and refuses what it cannot check.
func Find(ctx context.Context, data *providerdata.Data, del Deleting, settle time.Duration) Along {
	var a Along
	if data.CascadeViews == nil || len(del.Components) == 0 {
		return a
	}
	starts := map[*guard.Reading][]string{}
	byWorkspace := map[string][]string{}
	for id, ws := range del.Components {
		byWorkspace[ws] = append(byWorkspace[ws], id)
	}
	for _, ws := range convert.SortedKeys(byWorkspace) {
		reading, err := data.CascadeViews.PlanReading(ctx, ws)
		if err != nil {
			continue
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
	moves := guard.Input{NewParent: del.Own.NewParent, NewEndpoints: del.Own.NewEndpoints}
	allComponents, allReferences := a.along(starts, moves)
	if len(allComponents)+len(allReferences) == 0 {
		return a
	}
	var pending []string // what other resources of this plan may say something about
	for _, id := range idsOf(allComponents, allReferences) {
		if _, own := del.Kept[id]; !own && !del.Own.DeleteReferences[id] {
			pending = append(pending, id)
		}
	}
	data.Plans.Settle(ctx, pending, settle)
	in := guard.Input{DeleteComponents: map[string]bool{}, DeleteReferences: map[string]bool{}, NewParent: map[string]string{},
		NewEndpoints: map[string][2]string{}}
	for id, ends := range del.Own.NewEndpoints {
		in.NewEndpoints[id] = ends
	}
	for id, parent := range del.Own.NewParent {
		in.NewParent[id] = parent
	}
	for id := range del.Own.DeleteReferences {
		in.DeleteReferences[id] = true
	}
	a.kept = map[string]string{}
	for id, item := range del.Kept {
		a.kept[id] = item
	}
	for _, c := range allComponents {
		if _, own := del.Kept[c.ID]; own {
			continue
		}
		if p, ok := data.Plans.Of(c.ID); ok && p.Destroyed {
			in.DeleteComponents[c.ID] = true
		} else if ok {
			in.NewParent[c.ID], a.kept[c.ID] = p.Parent, p.Resource
		}
	}
	for _, ref := range allReferences {
		if _, own := del.Kept[ref.ID]; own || in.DeleteReferences[ref.ID] {
			continue
		}
		if p, ok := data.Plans.Of(ref.ID); ok && p.Destroyed {
			in.DeleteReferences[ref.ID] = true
		} else if ok {
			in.NewEndpoints[ref.ID], a.kept[ref.ID] = [2]string{p.Source, p.Target}, p.Resource
		}
	}
	a.components, a.references = a.along(starts, in)
	for _, c := range allComponents {
		if in.DeleteComponents[c.ID] {
			a.DeletedToo++
		}
	}
	for _, ref := range allReferences {
		if in.DeleteReferences[ref.ID] {
			a.DeletedToo++
		}
	}
	return a
}

// along walks every reading from its starts; a reference between two workspaces read is listed once.
func (a Along) along(starts map[*guard.Reading][]string, in guard.Input) ([]client.Component, []client.Reference) {
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

func idsOf(components []client.Component, references []client.Reference) []string {
	var ids []string
	for _, c := range components {
		ids = append(ids, c.ID)
	}
	for _, ref := range references {
		ids = append(ids, ref.ID)
	}
	return ids
}

// Counts says how much is taken along: "1 descendant component and 2 references".
func (a Along) Counts() string {
	var counts []string
	if n := len(a.components); n > 0 {
		counts = append(counts, deletions.Plural(n, "descendant component", "descendant components"))
	}
	if n := len(a.references); n > 0 {
		counts = append(counts, deletions.Plural(n, "reference", "references"))
	}
	return strings.Join(counts, " and ")
}

// List lists what is taken along, up to guard.ListedEntities by name (references as "Payments → Orders DB
// (Depends on)"), each with what this configuration does with it, one a line.
func (a Along) List(ctx context.Context, data *providerdata.Data) string {
	var b strings.Builder
	status := func(id string) string {
		if res, ok := a.kept[id]; ok {
			return "kept by " + res + " in this configuration"
		}
		return "not destroyed by this plan (declared in another configuration, or not managed by Terraform)"
	}
	shown := 0
	for _, d := range a.components {
		if shown < guard.ListedEntities {
			fmt.Fprintf(&b, "  - component %q (%s, id %s): %s\n", d.Name, convert.FirstNonEmpty(d.ComponentKey, "no key"), d.ID, status(d.ID))
		}
		shown++
	}
	typeNames := map[string]map[int64]string{}
	for _, ref := range a.references {
		if shown < guard.ListedEntities {
			label := deletions.ReferenceLabel(a.name(ref.Source), a.name(ref.Target), referenceTypeName(ctx, data, typeNames, ref))
			fmt.Fprintf(&b, "  - reference %s (id %s): %s\n", label, ref.ID, status(ref.ID))
		}
		shown++
	}
	if shown > guard.ListedEntities {
		fmt.Fprintf(&b, "  - and %d more\n", shown-guard.ListedEntities)
	}
	return b.String()
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

// referenceTypeName names a reference's type by the model of the workspace it lives in (read once per
// provider process); "" when the model cannot be read, and the reference is named without its type.
func referenceTypeName(ctx context.Context, data *providerdata.Data, names map[string]map[int64]string, ref client.Reference) string {
	ws := ref.RootWorkspace
	if _, read := names[ws]; !read {
		names[ws] = map[int64]string{}
		if wctx, err := data.Contexts.Get(ctx, ws); err == nil {
			for _, t := range wctx.ReferenceTypes {
				names[ws][t.Type] = t.Name
			}
		}
	}
	return names[ws][ref.Type]
}
