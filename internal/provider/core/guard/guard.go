// Package guard is the cascade guard. Ardoq deletes a component's descendants and every reference
// touching any of them along with it. The guard looks, before any request that changes the org, for what
// such a delete would take that the plan does not delete itself, and refuses it unless
// allow_cascade_delete is set.
package guard

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"golang.org/x/sync/errgroup"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
)

// orgSlice is the part of the org around the components to delete: enough to find their descendants
// and the references touching them.
type orgSlice struct {
	components map[string]client.Component
	references map[string]client.Reference
}

// Input is a planned change as far as the cascade is concerned. Entities the same request
// moves (a child given another parent, a reference another source or target) are judged by where the
// request puts them; batchIds of new components never match an existing id.
type Input struct {
	DeleteComponents map[string]bool      // component ids deleted explicitly
	DeleteReferences map[string]bool      // reference ids deleted explicitly
	NewParent        map[string]string    // component id -> parent after the request ("" for none)
	NewEndpoints     map[string][2]string // reference id -> source and target after the request
	from             []string             // where the walk starts, when not at every delete (Reading.Along)
}

// Lost is what Ardoq would delete although the plan does not.
type Lost struct {
	components []client.Component
	references []client.Reference
}

func (l Lost) Empty() bool { return len(l.components) == 0 && len(l.references) == 0 }

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
		queue = convert.SortedKeys(in.DeleteComponents)
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
	for _, id := range convert.SortedKeys(slice.references) {
		r := slice.references[id]
		if in.DeleteReferences[id] {
			continue
		}
		source, target := r.Source, r.Target
		if ends, moved := in.NewEndpoints[id]; moved { // "" is an endpoint the request leaves as it is
			source, target = convert.FirstNonEmpty(ends[0], source), convert.FirstNonEmpty(ends[1], target)
		}
		if gone[source] || gone[target] {
			lost.references = append(lost.references, r)
		}
	}
	return lost
}

// PerComponentLookups is how many components of one workspace are checked with filtered lists
// (children, references from, references to: three small requests each) before the guard reads the
// whole workspace instead (three listings, whatever the number of deletes).
const PerComponentLookups = 3

// loadOrgSlice reads what cascadeOf needs about the given components (id -> workspace): for a few
// childless components, their references; otherwise, or when the request moves a component below one
// of them (movedInto), every component of their workspace and every reference from or to it.
func loadOrgSlice(ctx context.Context, c *client.Client, deletes map[string]string, movedInto map[string]bool) (orgSlice, error) {
	slice := orgSlice{components: map[string]client.Component{}, references: map[string]client.Reference{}}
	byWorkspace := map[string][]string{}
	for id, ws := range deletes {
		byWorkspace[ws] = append(byWorkspace[ws], id)
	}
	for _, ws := range convert.SortedKeys(byWorkspace) {
		ids := byWorkspace[ws]
		sort.Strings(ids)
		whole := len(ids) > PerComponentLookups
		for _, id := range ids {
			whole = whole || movedInto[id]
		}
		if !whole {
			hasChildren, err := slice.addLookUps(ctx, c, ids)
			if err != nil {
				return slice, err
			}
			whole = hasChildren
		}
		if whole {
			if err := slice.addWorkspace(ctx, c, ws); err != nil {
				return slice, err
			}
		}
	}
	return slice, nil
}

// addLookUps runs the small look-ups of a few components at once (their children, the references from
// and to them), so a delete waits for one round trip, not three. With a child among them, the caller
// reads the whole workspace instead.
func (s orgSlice) addLookUps(ctx context.Context, c *client.Client, ids []string) (hasChildren bool, err error) {
	g, gctx := errgroup.WithContext(ctx)
	var mu sync.Mutex
	var children atomic.Bool
	for _, id := range ids {
		g.Go(func() error {
			kids, err := c.ListComponents(gctx, client.ComponentFilter{Parent: id})
			if len(kids) > 0 {
				children.Store(true)
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
	err = g.Wait()
	return children.Load(), err
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

// checkCascade loads the slice and returns what the deletes would take along.
func checkCascade(ctx context.Context, c *client.Client, deletes map[string]string, in Input) (Lost, error) {
	if len(deletes) == 0 {
		return Lost{}, nil
	}
	movedInto := map[string]bool{}
	for _, parent := range in.NewParent {
		movedInto[parent] = true
	}
	slice, err := loadOrgSlice(ctx, c, deletes, movedInto)
	if err != nil {
		return Lost{}, err
	}
	in.DeleteComponents = make(map[string]bool, len(deletes))
	for id := range deletes {
		in.DeleteComponents[id] = true
	}
	return cascadeOf(slice, in), nil
}

// Notice is how a guarded delete is named in its refusal or warning.
type Notice struct {
	Summary string            // the refusal's summary
	What    string            // `component "Payments" (APP-12, id ...)`
	Names   map[string]string // component id -> name, for the references listed
	NotSent string            // what the refusal left undone: "The component was not deleted."
	Recipe  string            // the first way to proceed
}

// Deletes runs the cascade check for deletes. What would be lost is refused (an error, and false)
// unless allow is set, in which case it is listed in a warning and the delete goes ahead. A refusal is
// only given after a second look a moment later (see cascadeRecheckPause).
func Deletes(ctx context.Context, diags *diag.Diagnostics, c *client.Client, allow bool, deletes map[string]string, in Input, n Notice) bool {
	lost, err := checkCascade(ctx, c, deletes, in)
	if err == nil && !lost.Empty() && !allow {
		pause(ctx, cascadeRecheckPause)
		lost, err = checkCascade(ctx, c, deletes, in)
	}
	switch {
	case err != nil:
		diags.AddError("Unable to Check What the Delete Would Take Along", diagnostics.ClientErrorDetail(err)+" "+n.NotSent)
		return false
	case lost.Empty():
		return true
	case allow:
		diags.AddWarning("Ardoq Deletes Dependents Too", cascadeListing(n.What, lost, n.Names)+"\nallow_cascade_delete is set, so the "+
			"delete goes ahead and Ardoq deletes these with it.")
		return true
	}
	diags.AddError(n.Summary, cascadeRefusal(n.What, lost, n.Names, n.NotSent, n.Recipe))
	return false
}

// ListedEntities shows at most this many lost entities by name; the rest are counted.
const ListedEntities = 8

// How to proceed after a refusal, in ardoq_component and in ardoq_batch.
const (
	ComponentRecipe = "  - if the component is being replaced because its type_id changed, add lifecycle { create_before_destroy = true } " +
		"to it: dependents that refer to it in the configuration move to the new component before the old one is deleted (after a " +
		"root_workspace change its children must move workspace too, as Ardoq keeps a parent and its children in one workspace);\n" +
		keepDependents
	BatchRecipe    = keepDependents
	keepDependents = "  - to keep them, give them another parent (or source and target) in Ardoq or in this configuration; to delete them " +
		"too, remove them from this configuration if it manages them;\n"
)

// cascadeRecheckPause is how long a refused delete waits before it looks again: dependents this apply
// deletes without Terraform knowing they depend on the component (they name it by a literal id) are
// deleted in parallel and may be about to go.
var cascadeRecheckPause = 2 * time.Second

// cascadeListing says what deleting what would take along: a handful by name, then a count.
func cascadeListing(what string, lost Lost, names map[string]string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Deleting %s would make Ardoq also delete %s that this plan does not delete:\n", what, lostCount(lost))
	shown := 0
	for _, c := range lost.components {
		if shown < ListedEntities {
			fmt.Fprintf(&b, "  - component %q (%s, id %s)\n", c.Name, convert.FirstNonEmpty(c.ComponentKey, "no key"), c.ID)
		}
		shown++
	}
	for _, r := range lost.references {
		if shown < ListedEntities {
			fmt.Fprintf(&b, "  - reference %s of type %d from %s to %s\n", r.ID, r.Type, nameOr(names, r.Source), nameOr(names, r.Target))
		}
		shown++
	}
	if shown > ListedEntities {
		fmt.Fprintf(&b, "  - and %d more\n", shown-ListedEntities)
	}
	return b.String()
}

// cascadeRefusal is the detail of the error that refuses a delete: what would be lost, that the delete
// was not sent (notSent), and how to proceed.
func cascadeRefusal(what string, lost Lost, names map[string]string, notSent, recipe string) string {
	return cascadeListing(what, lost, names) + "\n" + notSent + " Ardoq deletes a component's descendants and every reference " +
		"touching them with it. To proceed:\n" + recipe +
		"  - or bring the dependents that are not in the configuration under its management (import them), or move or delete " +
		"them in Ardoq, and plan again;\n" +
		"  - if this plan deletes them too but they name the component by a literal id rather than a reference such as " +
		"ardoq_component.x.id, Terraform cannot order the deletes: add depends_on, or run the apply again;\n" +
		"  - if an ardoq_batch in this configuration deletes or repoints them in this same change, Terraform deletes the " +
		"component before it updates the batch: apply the batch first (terraform apply -target=ardoq_batch.<name>), then apply again;\n" +
		"  - or set allow_cascade_delete = true in the provider block (or ARDOQ_ALLOW_CASCADE_DELETE=true) to let Ardoq delete them."
}

func lostCount(lost Lost) string {
	var parts []string
	if n := len(lost.components); n > 0 {
		parts = append(parts, plural(n, "descendant component"))
	}
	if n := len(lost.references); n > 0 {
		parts = append(parts, plural(n, "reference"))
	}
	return strings.Join(parts, " and ")
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func nameOr(names map[string]string, id string) string {
	if name, ok := names[id]; ok {
		return fmt.Sprintf("%q (%s)", name, id)
	}
	return id
}

// pause waits d, or less if ctx ends first.
func pause(ctx context.Context, d time.Duration) {
	select {
	case <-time.After(d):
	case <-ctx.Done():
	}
}
