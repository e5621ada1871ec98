// Package itemkey names a workspace's entities as ardoq_batch items, the one way ardoq-export writes them
// and `terraform import ardoq_batch.x <workspace id>` reads them, so that the exported configuration and
// the imported state have the same keys: a component by its component key (APP-12), a reference by its
// ends' component keys ("APP-12 -> APP-40"), with " #2", " #3"... for further references between the
// same two components, in the order of their ids.
package itemkey

import (
	"fmt"
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

// ForeignTargets are the targets of refs that are not among the components known (by id): those
// in other workspaces, whose keys References needs.
func ForeignTargets(refs []client.Reference, known map[string]bool) []string {
	var out []string
	for _, r := range refs {
		if !known[r.Target] && !slices.Contains(out, r.Target) {
			out = append(out, r.Target)
		}
	}
	slices.Sort(out)
	return out
}

// Describe says how keys are made, for error messages and docs.
const Describe = "components keyed by their component key (APP-12), references by their ends' (\"APP-12 -> APP-40\", " +
	"then \"APP-12 -> APP-40 #2\"... for more between the same two, in the order of their ids)"
