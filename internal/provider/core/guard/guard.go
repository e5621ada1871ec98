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
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/deletions"
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
	DeleteComponents map[string]bool      // component ids deleted explicitly (for Deletes: by another resource of the plan)
	DeleteReferences map[string]bool      // reference ids deleted explicitly, by the request or another resource of the plan
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

// Without is l less the entities of ids (deleted by another resource of the same plan).
func (l Lost) Without(ids map[string]bool) Lost {
	var out Lost
	for _, c := range l.components {
		if !ids[c.ID] {
			out.components = append(out.components, c)
		}
	}
	for _, r := range l.references {
		if !ids[r.ID] {
			out.references = append(out.references, r)
		}
	}
	return out
}

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
	explicit := in.DeleteComponents
	in.DeleteComponents = make(map[string]bool, len(deletes)+len(explicit))
	for id := range explicit { // deleted by another resource of this plan, not looked up
		in.DeleteComponents[id] = true
	}
	for id := range deletes {
		in.DeleteComponents[id] = true
	}
	in.from = convert.SortedKeys(deletes)
	return cascadeOf(slice, in), nil
}

// Notice is how a guarded delete is named in its refusal or warning.
type Notice struct {
	Summary string            // the refusal's summary
	What    string            // `component "Payments" (APP-12, id ...)`
	Names   map[string]string // component id -> name, for the references listed
	NotSent string            // what the refusal left undone: "The component was not deleted."
	Ways    []string          // the ways to proceed that apply to this refusal, before allowCascade
	// Held says, by id, which resource of this configuration keeps a listed entity
	// ("ardoq_batch item references[\"svc_crm\"]"), as far as the plan said.
	Held map[string]string
	// TypeNames names the reference types of a workspace's model; asked only to word a refusal or warning.
	TypeNames func(ctx context.Context, workspace string) map[int64]string
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
		diags.AddWarning("Ardoq Deletes Dependents Too", cascadeListing(n.What, lost, n.labels(ctx, c, lost), n.Held)+"\nallow_cascade_delete is set, so the "+
			"delete goes ahead and Ardoq deletes these with it.")
		return true
	}
	diags.AddError(n.Summary, cascadeRefusal(n.What, lost, n.labels(ctx, c, lost), n.Held, n.NotSent, n.Ways))
	return false
}

// ListedEntities shows at most this many lost entities by name; the rest are counted.
const ListedEntities = 8

// Ways to proceed after a refusal; the caller picks those that apply (Notice.Ways).
const (
	// WayReplace applies when the component is being replaced (a new type_id or root_workspace).
	WayReplace = "if the component is being replaced (a new type_id or root_workspace), add lifecycle { create_before_destroy = true } " +
		"to this resource: what refers to it in the configuration moves to the new component before the old one is deleted"
	wayKeep    = "to keep what this configuration keeps, give it another parent (or source and target) there; to delete it too, remove it"
	wayOutside = "move or delete in Ardoq what no resource of this configuration manages (or import it), and plan again"
	wayEither  = "to keep them, give them another parent (or source and target), in Ardoq or in the configuration that manages " +
		"them; to delete them too, remove them from that configuration or delete them in Ardoq, and plan again"
	// WayUnordered applies when the plan's own deletes could not be told apart: a resource naming the component by a
	// literal id is deleted in no set order.
	WayUnordered = "if another resource of this plan deletes them too but names the deleted component by a literal id rather " +
		"than an expression, Terraform cannot order the deletes: add depends_on to that resource, or apply again"
	allowCascade = "or set allow_cascade_delete = true in the provider block (or ARDOQ_ALLOW_CASCADE_DELETE=true) to let Ardoq delete them"
)

// cascadeRecheckPause is how long a refused delete waits before it looks again: dependents this apply
// deletes without Terraform knowing they depend on the component (they name it by a literal id) are
// deleted in parallel and may be about to go.
var cascadeRecheckPause = 2 * time.Second

// cascadeListing says what deleting what would take along: a handful by name, then a count. labels
// names the references listed; held says which resource of this configuration keeps an entity.
func cascadeListing(what string, lost Lost, labels, held map[string]string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Deleting %s would make Ardoq also delete %s that this plan does not delete:\n", what, lostCount(lost))
	status := func(id string) string {
		if h, ok := held[id]; ok {
			return ", kept by " + h
		}
		return ""
	}
	shown := 0
	for _, c := range lost.components {
		if shown < ListedEntities {
			fmt.Fprintf(&b, "  - component %q (%s, id %s)%s\n", c.Name, convert.FirstNonEmpty(c.ComponentKey, "no key"), c.ID, status(c.ID))
		}
		shown++
	}
	for _, r := range lost.references {
		if shown < ListedEntities {
			fmt.Fprintf(&b, "  - reference %s (id %s)%s\n", labels[r.ID], r.ID, status(r.ID))
		}
		shown++
	}
	if shown > ListedEntities {
		fmt.Fprintf(&b, "  - and %d more\n", shown-ListedEntities)
	}
	return b.String()
}

// cascadeRefusal is the detail of the error that refuses a delete: what would be lost, that the delete
// was not sent (notSent), and the ways to proceed that apply.
func cascadeRefusal(what string, lost Lost, labels, held map[string]string, notSent string, ways []string) string {
	var b strings.Builder
	b.WriteString(cascadeListing(what, lost, labels, held))
	b.WriteString("\n" + notSent + " Ardoq deletes a component's descendants and every reference touching them with it. To proceed:\n")
	for _, way := range append(append(append([]string(nil), ways...), keepWays(lost, held)...), allowCascade) {
		b.WriteString("  - " + way + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// keepWays are the ways to keep or delete the dependents: for those this configuration keeps (held), for
// those it does not manage, or, when the caller does not know which (held is nil), both in one.
func keepWays(lost Lost, held map[string]string) []string {
	if held == nil {
		return []string{wayEither}
	}
	var kept, outside bool
	for _, c := range lost.components {
		_, h := held[c.ID]
		kept, outside = kept || h, outside || !h
	}
	for _, r := range lost.references {
		_, h := held[r.ID]
		kept, outside = kept || h, outside || !h
	}
	var ways []string
	if kept {
		ways = append(ways, wayKeep)
	}
	if outside {
		ways = append(ways, wayOutside)
	}
	return ways
}

// labels names the listed references "Payments → Orders DB (Depends on)": their ends by name (from Names,
// or read from Ardoq) and their type by the model, where known; an end that cannot be read stays an id.
func (n Notice) labels(ctx context.Context, c *client.Client, lost Lost) map[string]string {
	names := map[string]string{}
	for id, name := range n.Names {
		names[id] = name
	}
	for _, comp := range lost.components {
		names[comp.ID] = comp.Name
	}
	typeNames := map[string]map[int64]string{}
	labels := map[string]string{}
	for i, r := range lost.references {
		if i == ListedEntities {
			break
		}
		for _, end := range []string{r.Source, r.Target} {
			if _, known := names[end]; !known {
				names[end] = end
				if got, err := c.GetComponent(ctx, end); err == nil {
					names[end] = got.Name
				}
			}
		}
		if _, read := typeNames[r.RootWorkspace]; !read && n.TypeNames != nil {
			typeNames[r.RootWorkspace] = n.TypeNames(ctx, r.RootWorkspace)
		}
		labels[r.ID] = deletions.ReferenceLabel(names[r.Source], names[r.Target], typeNames[r.RootWorkspace][r.Type])
	}
	return labels
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

// pause waits d, or less if ctx ends first.
func pause(ctx context.Context, d time.Duration) {
	select {
	case <-time.After(d):
	case <-ctx.Done():
	}
}
