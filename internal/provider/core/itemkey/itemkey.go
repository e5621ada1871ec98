// Package itemkey names a workspace's entities as ardoq_batch items, the one way ardoq-export writes them
// and `terraform import ardoq_batch.x <workspace id>` reads them, so that the exported configuration and
// the imported state have the same keys: a component by its component key (APP-12), a reference by its
// ends' component keys ("APP-12 -> APP-40"), with " #2", " #3"... for further references between the
// same two components, in the order of their ids.
package itemkey

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Component is a component's item key: its component key, or its id where Ardoq gave it none.
func Component(c *client.Component) string {
	if c.ComponentKey != "" {
		return c.ComponentKey
	}
	return c.ID
}

// References keys every reference (by id). keyOf gives a component's item key by its id; a target
// outside the components it knows (another workspace's) is keyed by what keyOf says of it, its id
// when it says "".
func References(refs []client.Reference, keyOf func(id string) string) map[string]string {
	end := func(id string) string {
		if k := keyOf(id); k != "" {
			return k
		}
		return id
	}
	byEnds := map[string][]string{}
	for _, r := range refs {
		base := end(r.Source) + " -> " + end(r.Target)
		byEnds[base] = append(byEnds[base], r.ID)
	}
	out := make(map[string]string, len(refs))
	for base, ids := range byEnds {
		slices.Sort(ids)
		for i, id := range ids {
			out[id] = base
			if i > 0 {
				out[id] = fmt.Sprintf("%s #%d", base, i+1)
			}
		}
	}
	return out
}

// ReadForeignTargets reads the targets of refs that are not among the components known (by id): those in
// other workspaces, whose keys References needs. A workspace holding more than listAfter of them is read
// from its list pages (a request per 100 components) instead of one GET per target; a target a reference
// names no workspace for, or that its workspace's listing lacks, is read on its own.
func ReadForeignTargets(ctx context.Context, c *client.Client, refs []client.Reference, known map[string]bool) (map[string]*client.Component, error) {
	byWorkspace := map[string]map[string]bool{}
	for _, r := range refs {
		if !known[r.Target] {
			if byWorkspace[r.TargetWorkspace] == nil {
				byWorkspace[r.TargetWorkspace] = map[string]bool{}
			}
			byWorkspace[r.TargetWorkspace][r.Target] = true
		}
	}
	out := map[string]*client.Component{}
	for _, ws := range slices.Sorted(maps.Keys(byWorkspace)) {
		if ws == "" || len(byWorkspace[ws]) <= listAfter {
			continue
		}
		listed, err := c.ListComponents(ctx, client.ComponentFilter{RootWorkspace: ws})
		if err != nil {
			return nil, fmt.Errorf("listing workspace %s: %w", ws, err)
		}
		for i := range listed {
			if byWorkspace[ws][listed[i].ID] {
				out[listed[i].ID] = &listed[i]
			}
		}
	}
	for _, ws := range slices.Sorted(maps.Keys(byWorkspace)) {
		for _, id := range slices.Sorted(maps.Keys(byWorkspace[ws])) {
			if out[id] != nil {
				continue
			}
			comp, err := c.GetComponent(ctx, id)
			if err != nil {
				return nil, fmt.Errorf("reading component %s: %w", id, err)
			}
			out[id] = comp
		}
	}
	return out, nil
}

// listAfter is how many targets in one workspace ReadForeignTargets reads one by one: past it, listing the
// workspace costs fewer requests.
const listAfter = 3

// Describe says how keys are made, for error messages and docs.
const Describe = "components keyed by their component key (APP-12), references by their ends' (\"APP-12 -> APP-40\", " +
	"then \"APP-12 -> APP-40 #2\"... for more between the same two, in the order of their ids)"
