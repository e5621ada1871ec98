package batch

import "strings"

// Items Ardoq deletes along with a component outside the batch during the same apply. An item whose
// parent, source or target changes away from such a component (to a value read from another resource)
// may lose its entity before the batch applies: Terraform replaces that component by deleting it first,
// and Ardoq deletes the descendants of a deleted component and the references touching them. The plan
// of values known only at apply leaves those items' ids unknown (plan_unknown.go); the plan with every
// value known plans them as Ardoq holds them then.

// exposure is what the batch's items hang on outside it, from the prior state: the items re-pointed away
// from an outside component, with those components' ids, and what depends on each component item in
// Ardoq (its children, and the references touching it), which Ardoq deletes along with it.
type exposure struct {
	roots      map[string][]string // item ("components/key") -> the outside components it no longer points at
	workspaces map[string]string   // those components' workspaces, by id
	dependents map[string][]string // component item -> the items whose parent, source or target it is in state
}

// exposedItems finds the exposure of prior's items; repointed says whether an item's parent, source or
// target (attr) may stand for another component at apply than its prior value.
func exposedItems(prior batchItems, repointed func(kind, key, attr string) bool) exposure {
	e := exposure{roots: map[string][]string{}, workspaces: map[string]string{}, dependents: map[string][]string{}}
	byID := map[string]string{}
	for k, c := range prior.Components {
		if c.ID != "" {
			byID[c.ID] = k
		}
	}
	hangsOn := func(kind, key, attr, ref, workspace string) {
		if ref == "" {
			return
		}
		if _, isKey := prior.Components[ref]; !isKey {
			if owner, isItem := byID[ref]; isItem {
				ref = owner
			}
		}
		if _, isKey := prior.Components[ref]; isKey {
			e.dependents["components/"+ref] = append(e.dependents["components/"+ref], kind+"/"+key)
			return
		}
		if repointed(kind, key, attr) {
			e.roots[kind+"/"+key] = append(e.roots[kind+"/"+key], ref)
			e.workspaces[ref] = workspace
		}
	}
	for k, c := range prior.Components {
		if c.ID != "" {
			hangsOn("components", k, "parent", c.Parent, c.RootWorkspace)
		}
	}
	for k, r := range prior.References {
		if r.ID != "" {
			hangsOn("references", k, "source", r.Source, r.RootWorkspace)
			hangsOn("references", k, "target", r.Target, r.TargetWorkspace)
		}
	}
	return e
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

// splitItem splits "components/key" into its kind and key.
func splitItem(item string) (kind, key string) {
	kind, key, _ = strings.Cut(item, "/")
	return kind, key
}
