package batch

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/recovery"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

// The single resources' already-made warning (core/recovery), for the items a batch creates: an item
// created (or upserted with nothing matched at plan) whose entity Ardoq already holds by the same rule,
// a component with its workspace, name, type and parent, a reference with its source, target and type,
// created by the token's user, whether or not another resource manages it. The items of this batch's own
// state, which the request holds, are never candidates (a renamed key's entity, deleted by the same
// request, is not a duplicate), nor is what this process's writes made. An item below, or between,
// components the request creates is new, as for the single resources. Each workspace is listed once,
// through the process's shared listing where it can (listing.Whole).

// warnIfItemsMade warns at each new item whose entity Ardoq already holds; an error with prevent_duplicates.
func (r *batchResource) warnIfItemsMade(ctx context.Context, prior, plan batchItems, keys batchOpKeys) diag.Diagnostics {
	newComponents := slices.Sorted(slices.Values(append(slices.Clone(keys.componentCreates), keys.componentUpserts...)))
	newReferences := slices.Sorted(slices.Values(append(slices.Clone(keys.referenceCreates), keys.referenceUpserts...)))
	if len(newComponents)+len(newReferences) == 0 {
		return nil
	}
	s := &madeSearch{r: r, prior: prior, plan: plan, keys: keys, isNew: setOf(newComponents),
		held: map[string]bool{}, components: map[string]listed[client.Component]{}, references: map[string]listed[client.Reference]{}}
	for _, c := range prior.Components {
		s.held[c.ID] = true
	}
	for _, ref := range prior.References {
		s.held[ref.ID] = true
	}
	var diags diag.Diagnostics
	for _, key := range newComponents {
		diags.Append(s.component(ctx, key)...)
	}
	for _, key := range newReferences {
		diags.Append(s.reference(ctx, key)...)
	}
	return diags
}

// listed is a workspace's entities by identity, or why they could not be listed.
type listed[T any] struct {
	by  map[string][]T
	err error
}

type madeSearch struct {
	r           *batchResource
	prior, plan batchItems
	keys        batchOpKeys
	isNew       map[string]bool // keys of the components the request creates or upserts
	held        map[string]bool // ids of this batch's state
	components  map[string]listed[client.Component]
	references  map[string]listed[client.Reference]
}

// existing is the id of the component a parent, source or target stands for when it exists before the
// request, and false when the request creates it, or this process did (nothing an earlier run made hangs
// from it: the search would find nothing, so it is not made).
func (s *madeSearch) existing(ref string) (string, bool) {
	if _, isKey := s.plan.Components[ref]; !isKey {
		return ref, !s.r.data.Claims.MadeHere(ref)
	}
	if s.isNew[ref] {
		return "", false
	}
	if m, ok := s.keys.adopted.Components[ref]; ok {
		return m.ID, true
	}
	id := s.prior.Components[ref].ID
	return id, id != ""
}

func (s *madeSearch) component(ctx context.Context, key string) diag.Diagnostics {
	c := s.plan.Components[key]
	parent := ""
	if c.Parent != "" {
		id, exists := s.existing(c.Parent)
		if !exists {
			return nil
		}
		parent = id
	}
	search := recovery.CreateSearch[client.Component]{
		Noun: "component", What: func(ctx context.Context) string {
			return "component " + s.r.data.Contexts.Names(ctx).Component(c.Name, c.TypeID, c.RootWorkspace)
		},
		Find: func(ctx context.Context) ([]client.Component, error) {
			l := s.listComponents(ctx, c.RootWorkspace)
			return s.notHeldComponents(l.by[recovery.ComponentIdentity(c.RootWorkspace, c.Name, c.TypeID, parent)]), l.err
		},
		Meta: func(c client.Component) client.Meta { return c.Meta },
		IDOf: func(c client.Component) string { return c.ID },
	}
	return recovery.WarnIfAlreadyMade(ctx, s.r.data, search, recovery.AlreadyMade{Noun: "Component", Name: recovery.Known(fmt.Sprintf("%q", c.Name)),
		At: path.Root("components").AtMapKey(key), TakeOver: func(id string) string {
			return fmt.Sprintf("To take it over instead, let this ardoq_batch adopt it: with adopt_components_by = [\"rootWorkspace\", "+
				"\"name\", \"typeId\", \"parent\"], a new item updates the component with its values of those properties (the plan then "+
				"shows %s as computed_components[%q].id).", id, key)
		}})
}

func (s *madeSearch) listComponents(ctx context.Context, ws string) listed[client.Component] {
	if l, ok := s.components[ws]; ok {
		return l
	}
	all, ok := s.r.data.Reads.Whole.All(ctx, ws)
	var err error
	if !ok {
		all, err = s.r.data.Client.ListComponents(ctx, client.ComponentFilter{RootWorkspace: ws})
	}
	l := listed[client.Component]{by: map[string][]client.Component{}, err: err}
	for _, c := range all {
		k := recovery.ComponentIdentity(c.RootWorkspace, c.Name, c.TypeID, convert.TextOf(c.Parent))
		l.by[k] = append(l.by[k], c)
	}
	s.components[ws] = l
	return l
}

func (s *madeSearch) notHeldComponents(found []client.Component) []client.Component {
	var out []client.Component
	for _, c := range found {
		if !s.held[c.ID] {
			out = append(out, c)
		}
	}
	return out
}

func referenceIdentity(source, target string, typ int64) string {
	return source + "\x00" + target + "\x00" + strconv.FormatInt(typ, 10)
}

func (s *madeSearch) reference(ctx context.Context, key string) diag.Diagnostics {
	ref := s.plan.References[key]
	source, sourceExists := s.existing(ref.Source)
	target, targetExists := s.existing(ref.Target)
	if !sourceExists || !targetExists {
		return nil
	}
	label := wsmodel.ReferenceLabel(s.nameOf(ref.Source), s.nameOf(ref.Target), "")
	what := func(ctx context.Context) string {
		typeName := fmt.Sprintf("type %d", ref.Type)
		if ws, err := s.sourceWorkspace(ctx, ref.Source, source); err == nil {
			typeName = s.r.data.Contexts.Names(ctx).ReferenceType(ref.Type, ws)
		}
		named := "reference " + wsmodel.ReferenceLabel(s.nameOf(ref.Source), s.nameOf(ref.Target), typeName)
		if label != wsmodel.ReferenceLabel(source, target, "") {
			named += fmt.Sprintf(" (from %s to %s)", source, target)
		}
		return named
	}
	search := recovery.CreateSearch[client.Reference]{
		Noun: "reference", What: what,
		Find: func(ctx context.Context) ([]client.Reference, error) {
			ws, err := s.sourceWorkspace(ctx, ref.Source, source)
			if err != nil {
				return nil, err
			}
			l := s.listReferences(ctx, ws)
			var out []client.Reference
			for _, found := range l.by[referenceIdentity(source, target, ref.Type)] {
				if !s.held[found.ID] {
					out = append(out, found)
				}
			}
			return out, l.err
		},
		Meta: func(r client.Reference) client.Meta { return r.Meta },
		IDOf: func(r client.Reference) string { return r.ID },
	}
	return recovery.WarnIfAlreadyMade(ctx, s.r.data, search, recovery.AlreadyMade{Noun: "Reference", Name: recovery.Known(label),
		At: path.Root("references").AtMapKey(key), TakeOver: func(id string) string {
			return fmt.Sprintf("To take it over instead, let this ardoq_batch adopt it: with adopt_references_by = [\"source\", "+
				"\"target\", \"type\"], a new item updates the reference with its source, target and type (the plan then shows %s as "+
				"computed_references[%q].id).", id, key)
		}})
}

// nameOf names a source or target for messages: a component item by its name, anything else by its id.
func (s *madeSearch) nameOf(ref string) string {
	if c, ok := s.plan.Components[ref]; ok {
		return c.Name
	}
	return ref
}

// sourceWorkspace is the workspace of a reference's source, which the reference lives in.
func (s *madeSearch) sourceWorkspace(ctx context.Context, ref, id string) (string, error) {
	if c, ok := s.plan.Components[ref]; ok {
		return c.RootWorkspace, nil
	}
	return s.r.data.Reads.ComponentWorkspace(ctx, id)
}

func (s *madeSearch) listReferences(ctx context.Context, ws string) listed[client.Reference] {
	if l, ok := s.references[ws]; ok {
		return l
	}
	all, err := s.r.data.Client.ListReferences(ctx, client.ReferenceFilter{RootWorkspace: ws})
	l := listed[client.Reference]{by: map[string][]client.Reference{}, err: err}
	for _, r := range all {
		k := referenceIdentity(r.Source, r.Target, r.Type)
		l.by[k] = append(l.by[k], r)
	}
	s.references[ws] = l
	return l
}
