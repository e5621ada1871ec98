package batch

import (
	"context"
	"maps"
	"strings"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// Items Ardoq deletes along with a component outside the batch during the same apply. An item whose
// parent, source or target changes away from such a component (to a value read from another resource)
// may lose its entity before the batch applies: Terraform replaces that component by deleting it first,
// and Ardoq deletes the descendants of a deleted component and the references touching them. The plan
// of values known only at apply leaves those items' ids unknown (plan_unknown.go); the plan with every
// value known reads them, and makes again what Ardoq took along, as the refresh does with a lost item.

// exposure is what the batch's items hang on outside it, from the prior state: the items re-pointed away
// from an outside component, with those components' ids, and what depends on each component item in
// Ardoq (its children, and the references touching it), which Ardoq deletes along with it.
type exposure struct {
	roots      map[string][]string // item ("components/key") -> the outside components it no longer points at
	workspaces map[string]string   // those components' workspaces, by id
	dependents map[string][]string // component item -> the items whose parent, source or target it is in state
}

// exposedItems finds the exposure of prior's items; repointed says whether an item's parent, source or
// target (attr) may stand for another component at apply than its prior value. What depends on what is
// read only when some item is exposed.
func exposedItems(prior batchItems, repointed func(kind, key, attr string) bool) exposure {
	e := exposure{roots: map[string][]string{}, workspaces: map[string]string{}}
	var byID map[string]string // prior component items by id: a parent, source or target in state may be either
	item := func(ref string) (string, bool) {
		if _, isKey := prior.Components[ref]; isKey {
			return ref, true
		}
		if byID == nil {
			byID = map[string]string{}
			for k, c := range prior.Components {
				if c.ID != "" {
					byID[c.ID] = k
				}
			}
		}
		key, isItem := byID[ref]
		return key, isItem
	}
	root := func(kind, key, attr, ref, workspace string) {
		if ref == "" || !repointed(kind, key, attr) {
			return
		}
		if _, inBatch := item(ref); !inBatch {
			e.roots[kind+"/"+key] = append(e.roots[kind+"/"+key], ref)
			e.workspaces[ref] = workspace
		}
	}
	walkEnds(prior, root)
	if len(e.roots) == 0 {
		return e
	}
	e.dependents = map[string][]string{}
	walkEnds(prior, func(kind, key, _, ref, _ string) {
		if ref == "" {
			return
		}
		if owner, inBatch := item(ref); inBatch {
			e.dependents["components/"+owner] = append(e.dependents["components/"+owner], kind+"/"+key)
		}
	})
	return e
}

// walkEnds calls f with every parent, source and target of prior's items that have an entity, and the
// workspace it is in.
func walkEnds(prior batchItems, f func(kind, key, attr, ref, workspace string)) {
	for k, c := range prior.Components {
		if c.ID != "" {
			f("components", k, "parent", c.Parent, c.RootWorkspace)
		}
	}
	for k, r := range prior.References {
		if r.ID != "" {
			f("references", k, "source", r.Source, r.RootWorkspace)
			f("references", k, "target", r.Target, r.TargetWorkspace)
		}
	}
}

// all is every exposed item: the roots and, transitively, what depends on them.
func (e exposure) all() map[string]bool {
	out := map[string]bool{}
	var add func(item string)
	add = func(item string) {
		if out[item] {
			return
		}
		out[item] = true
		for _, d := range e.dependents[item] {
			add(d)
		}
	}
	for item := range e.roots {
		add(item)
	}
	return out
}

// withoutTakenAlong returns prior without the exposed items the plan keeps that Ardoq deleted along with
// a component they no longer point at (gone, and that component gone too, or the item of the batch they
// hung on taken along so): the plan creates them again. An item that vanished on its own stays, and
// still fails the apply.
func (r *batchResource) withoutTakenAlong(ctx context.Context, prior, plan batchItems) (batchItems, error) {
	e := exposedItems(prior, func(kind, key, attr string) bool {
		if kind == "components" {
			c, kept := plan.Components[key]
			return kept && c.Parent != prior.Components[key].Parent
		}
		ref, kept := plan.References[key]
		p := prior.References[key]
		return kept && (attr == "source" && ref.Source != p.Source || attr == "target" && ref.Target != p.Target)
	})
	if len(e.roots) == 0 {
		return prior, nil
	}
	read := batchItems{Components: map[string]entity.ComponentValues{}, References: map[string]entity.ReferenceValues{}}
	for id, ws := range e.workspaces {
		read.Components["outside/"+id] = entity.ComponentValues{ID: id, RootWorkspace: ws}
	}
	for item := range e.all() {
		kind, key := splitItem(item)
		if kind == "components" {
			read.Components[item] = prior.Components[key]
		} else {
			read.References[item] = prior.References[key]
		}
	}
	components, references, err := readBatchEntities(ctx, r.data.Client, read)
	if err != nil {
		return prior, err
	}
	gone := func(item string) bool { // only what was read can be gone: an item of state without a workspace is not
		if c, ok := read.Components[item]; ok {
			return c.RootWorkspace != "" && components[c.ID] == nil
		}
		ref := read.References[item]
		return ref.RootWorkspace != "" && references[ref.ID] == nil
	}
	replaced, taken := replacedItems(prior, plan), map[string]bool{}
	var take func(item string)
	take = func(item string) {
		if taken[item] || !gone(item) {
			return
		}
		taken[item] = true
		for _, d := range e.dependents[item] {
			take(d)
		}
	}
	for item, outside := range e.roots {
		for _, id := range outside {
			if gone("outside/" + id) {
				take(item)
			}
		}
	}
	out := batchItems{Components: maps.Clone(prior.Components), References: maps.Clone(prior.References)}
	for item := range taken {
		kind, key := splitItem(item)
		_, kept := plan.Components[key]
		if kind == "references" {
			_, kept = plan.References[key]
		}
		if !kept || replaced[item] {
			continue // deleted, or made anew, by the request anyway: its delete is dropped at apply (dropGoneDeletes)
		}
		if kind == "components" {
			delete(out.Components, key)
		} else {
			delete(out.References, key)
		}
	}
	return out, nil
}

// splitItem splits "components/key" into its kind and key.
func splitItem(item string) (kind, key string) {
	kind, key, _ = strings.Cut(item, "/")
	return kind, key
}
