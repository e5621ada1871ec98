package batch

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

// The request stage of ardoq_batch's plan (plan_change.go lists the stages): prior and planned items to
// the one request that makes the org match. Every identity rule lives here: which items are created,
// updated, replaced or deleted, and (in adoption.go) which take over an entity already in Ardoq.
// plan_check.go checks the items against their workspaces' models, and adoption_match.go finds the
// entities new items match.

// batchPlanInput is everything planBatch decides from; planBatch reads nothing else, so a table test
// pins every rule.
type batchPlanInput struct {
	prior, plan                          batchItems
	models                               map[string]*client.WorkspaceContext // by workspace id: types and fields items are checked against
	adoptComponentsBy, adoptReferencesBy []string
	matches                              batchMatches  // the entities new adoptable items match in Ardoq, by item key
	names                                wsmodel.Names // how errors name workspaces and where a type id belongs
}

// batchOpKeys names the item behind every operation of a request, in order, so results and errors
// (which name operations such as components.update[3]) map back to item keys.
type batchOpKeys struct {
	componentCreates, componentUpserts, componentUpdates, componentDeletes []string
	referenceCreates, referenceUpserts, referenceUpdates, referenceDeletes []string
	adopted                                                                batchMatches // new items that take over the entity they matched
	// adopted items whose entity already holds their values: not sent, nothing written (adoptedAsIs)
	componentsAsIs, referencesAsIs []string
}

// batchIDs are unique across the whole request, so components and references get distinct prefixes.
func componentBatchID(key string) string { return "component:" + key }
func referenceBatchID(key string) string { return "reference:" + key }

// newItemOp is how an item without an entity of its own is sent.
type newItemOp int

const (
	createItem newItemOp = iota
	upsertItem           // adoptable, but nothing matched when planned: Ardoq matches again at apply
	adoptItem            // an update of the entity it matched
)

// batchPlanner builds one request; every problem with an item is collected with the item's path.
type batchPlanner struct {
	batchPlanInput
	replaced map[string]bool      // "components/key": immutable attributes changed, so deleted and created again
	newOps   map[string]newItemOp // "components/key" of items without an entity of their own
	taken    map[string]string    // entity id -> the new item key that takes it over
	known    []*client.WorkspaceContext
	comps    *client.ComponentOperations
	refs     *client.ReferenceOperations
	keys     batchOpKeys
	diags    diag.Diagnostics
}

// planBatch turns the prior state and the plan into the one batch request that makes the org match:
// creates (upserts, or updates of what they matched, when adopting) for new keys, updates with
// ifVersionMatch from state for changed items only, deletes for removed keys. An entity a new key
// adopts from a removed key (a renamed key) is updated under its new key, never deleted. Operations
// are ordered by key, so the request is deterministic.
func planBatch(in batchPlanInput) (client.BatchRequest, batchOpKeys, diag.Diagnostics) {
	b := &batchPlanner{batchPlanInput: in, replaced: replacedItems(in.prior, in.plan), newOps: map[string]newItemOp{}, taken: map[string]string{},
		comps: &client.ComponentOperations{}, refs: &client.ReferenceOperations{},
		keys: batchOpKeys{adopted: batchMatches{Components: map[string]batchMatch{}, References: map[string]batchMatch{}}}}
	for _, ws := range slices.Sorted(maps.Keys(in.models)) {
		if m := in.models[ws]; m != nil { // nil: a workspace Ardoq does not have
			b.known = append(b.known, m)
		}
	}
	b.checkItemKeys()
	b.checkAdoptionProperties()
	b.decideAdoptions()
	b.adoptFromDeletes()
	for _, key := range slices.Sorted(maps.Keys(in.plan.Components)) {
		b.component(key)
	}
	for _, key := range slices.Sorted(maps.Keys(in.plan.References)) {
		b.reference(key)
	}
	b.deletes()
	req := client.BatchRequest{Options: &client.BatchOptions{RespondWithEntities: true}}
	if len(b.comps.Create)+len(b.comps.Upsert)+len(b.comps.Update)+len(b.comps.Delete) > 0 {
		req.Components = b.comps
	}
	if len(b.refs.Create)+len(b.refs.Upsert)+len(b.refs.Update)+len(b.refs.Delete) > 0 {
		req.References = b.refs
	}
	return req, b.keys, b.diags
}

// isNew reports whether an item has no entity of its own yet: a new key, or one being replaced.
func (b *batchPlanner) isNew(kind, key, priorID string) bool {
	return priorID == "" || b.replaced[kind+"/"+key]
}

// goes reports whether a prior item's entity leaves this resource: its key is removed or replaced.
func (b *batchPlanner) goes(kind, key string) bool {
	var kept bool
	if kind == "components" {
		_, kept = b.plan.Components[key]
	} else {
		_, kept = b.plan.References[key]
	}
	return !kept || b.replaced[kind+"/"+key]
}

// componentRef turns a parent, source or target into what the request says: an item key becomes its
// entity's id, or its batchId while the request creates it; anything else is an id already.
func (b *batchPlanner) componentRef(ref string) string {
	if _, isKey := b.plan.Components[ref]; !isKey {
		return ref
	}
	if m, ok := b.keys.adopted.Components[ref]; ok {
		return m.ID
	}
	if p, existed := b.prior.Components[ref]; existed && !b.isNew("components", ref, p.ID) {
		return p.ID
	}
	return componentBatchID(ref)
}

// priorRef is what a parent, source or target in state stood for: the id of the prior item it names.
func (b *batchPlanner) priorRef(ref string) string { return priorRef(b.prior, ref) }

func priorRef(prior batchItems, ref string) string {
	if p, ok := prior.Components[ref]; ok && p.ID != "" {
		return p.ID
	}
	return ref
}

// sameRef compares a reference in state with a planned one by the entity they stand for, so pointing
// at a replaced item (which gets a new entity) is a change.
func (b *batchPlanner) sameRef(old, planned string) bool {
	return b.priorRef(old) == b.componentRef(planned)
}

func (b *batchPlanner) component(key string) {
	c := b.plan.Components[key]
	p := path.Root("components").AtMapKey(key)
	old, existed := b.prior.Components[key]
	isNew := !existed || b.isNew("components", key, old.ID)
	if !isNew && old.Same(c, b.sameRef) {
		return
	}
	var priorFields map[string]fields.Value
	if !isNew {
		priorFields = old.CustomFields
	}
	fields := b.customFields(p, b.componentScope(p, c), c.CustomFields, priorFields)
	op := b.newOps["components/"+key]
	if !isNew || op == adoptItem {
		id, version := old.ID, old.Version
		if isNew {
			m := b.keys.adopted.Components[key]
			if m.component != nil && entity.ComponentValuesFrom(m.component, c, nil).Same(c, b.heldRef) {
				b.keys.componentsAsIs = append(b.keys.componentsAsIs, key)
				return
			}
			id, version = m.ID, m.Version
		}
		b.comps.Update = append(b.comps.Update, client.ComponentUpdateOp{ID: id, IfVersionMatch: version, Body: c.UpdateBody(b.componentRef, fields)})
		b.keys.componentUpdates = append(b.keys.componentUpdates, key)
		return
	}
	body := c.CreateBody(b.componentRef, fields)
	// An upsert's uniqueBy needs each property in its body, and a top-level item has no parent to send
	// (FACTS.md §batch): one that matched nothing, at plan or among this request's deletes, is created.
	if op == upsertItem && (c.Parent != "" || !slices.Contains(b.adoptComponentsBy, "parent")) {
		b.comps.Upsert = append(b.comps.Upsert, client.ComponentUpsertOp{UniqueBy: b.adoptComponentsBy, BatchID: componentBatchID(key), Body: body})
		b.keys.componentUpserts = append(b.keys.componentUpserts, key)
		return
	}
	b.comps.Create = append(b.comps.Create, client.ComponentCreateOp{BatchID: componentBatchID(key), Body: body})
	b.keys.componentCreates = append(b.keys.componentCreates, key)
}

func (b *batchPlanner) reference(key string) {
	r := b.plan.References[key]
	p := path.Root("references").AtMapKey(key)
	old, existed := b.prior.References[key]
	isNew := !existed || b.isNew("references", key, old.ID)
	if !isNew && old.Same(r, b.sameRef) {
		return
	}
	var priorFields map[string]fields.Value
	if !isNew {
		priorFields = old.CustomFields
	}
	fields := b.customFields(p, b.referenceScope(p, b.sourceWorkspace(r, old), r), r.CustomFields, priorFields)
	op := b.newOps["references/"+key]
	if !isNew || op == adoptItem {
		id, version := old.ID, old.Version
		if isNew {
			m := b.keys.adopted.References[key]
			if m.reference != nil && entity.ReferenceValuesFrom(m.reference, r, nil).Same(r, b.heldRef) {
				b.keys.referencesAsIs = append(b.keys.referencesAsIs, key)
				return
			}
			id, version = m.ID, m.Version
		}
		b.refs.Update = append(b.refs.Update, client.ReferenceUpdateOp{ID: id, IfVersionMatch: version, Body: r.UpdateBody(b.componentRef, fields)})
		b.keys.referenceUpdates = append(b.keys.referenceUpdates, key)
		return
	}
	body := r.CreateBody(b.componentRef, fields)
	if op == upsertItem {
		b.refs.Upsert = append(b.refs.Upsert, client.ReferenceUpsertOp{UniqueBy: b.adoptReferencesBy, BatchID: referenceBatchID(key), Body: body})
		b.keys.referenceUpserts = append(b.keys.referenceUpserts, key)
		return
	}
	b.refs.Create = append(b.refs.Create, client.ReferenceCreateOp{BatchID: referenceBatchID(key), Body: body})
	b.keys.referenceCreates = append(b.keys.referenceCreates, key)
}

// heldRef compares a component id an adopted entity holds (its parent, source or target) with what
// the item names: an id, or the key of an item whose entity exists before the request.
func (b *batchPlanner) heldRef(held, planned string) bool {
	if held == "" || planned == "" {
		return held == planned
	}
	id, ok := b.existingRef(planned)
	return ok && id == held
}

// sourceWorkspace is the workspace a reference lives in (its source's), where it is known.
func (b *batchPlanner) sourceWorkspace(r, old entity.ReferenceValues) string {
	if c, isKey := b.plan.Components[r.Source]; isKey {
		return c.RootWorkspace
	}
	if old.Source == r.Source {
		return old.RootWorkspace
	}
	return ""
}

// deletes removes what left the configuration, references first; an entity a new key took over is
// not deleted (the key was renamed).
func (b *batchPlanner) deletes() {
	for _, key := range slices.Sorted(maps.Keys(b.prior.References)) {
		id := b.prior.References[key].ID
		if b.goes("references", key) && id != "" && b.taken[id] == "" {
			b.refs.Delete = append(b.refs.Delete, client.DeleteOp{ID: id})
			b.keys.referenceDeletes = append(b.keys.referenceDeletes, key)
		}
	}
	for _, key := range slices.Sorted(maps.Keys(b.prior.Components)) {
		id := b.prior.Components[key].ID
		if b.goes("components", key) && id != "" && b.taken[id] == "" {
			b.comps.Delete = append(b.comps.Delete, client.DeleteOp{ID: id})
			b.keys.componentDeletes = append(b.keys.componentDeletes, key)
		}
	}
}

// replacedItems lists the items whose root_workspace, type_id or (for references) type changed.
func replacedItems(prior, plan batchItems) map[string]bool {
	out := map[string]bool{}
	for k, c := range plan.Components {
		if old, ok := prior.Components[k]; ok && old.ID != "" && (old.RootWorkspace != c.RootWorkspace || old.TypeID != c.TypeID) {
			out["components/"+k] = true
		}
	}
	for k, r := range plan.References {
		if old, ok := prior.References[k]; ok && old.ID != "" && old.Type != r.Type {
			out["references/"+k] = true
		}
	}
	return out
}

// batchEmpty reports whether a request has no operation at all.
func batchEmpty(req client.BatchRequest) bool { return req.Components == nil && req.References == nil }

// plannedComputed carries what Ardoq assigned over from state to the plan, and shows the entity each
// adopting item takes over; what the request changes gets a new version.
func plannedComputed(prior, planned batchItems, keys batchOpKeys) {
	changedReferences := setOf(keys.referenceUpdates)
	replaced := replacedItems(prior, planned)
	for k, c := range planned.Components {
		if m, ok := keys.adopted.Components[k]; ok {
			c.ID, c.ComponentKey = m.ID, m.ComponentKey
			planned.Components[k] = c
		} else if p, ok := prior.Components[k]; ok && !replaced["components/"+k] {
			c.ID, c.Version, c.ComponentKey = p.ID, p.Version, p.ComponentKey
			planned.Components[k] = c
		}
	}
	for k, ref := range planned.References {
		if m, ok := keys.adopted.References[k]; ok {
			ref.ID = m.ID
			planned.References[k] = ref
		} else if p, ok := prior.References[k]; ok && !replaced["references/"+k] {
			ref.ID, ref.Version = p.ID, p.Version
			if !changedReferences[k] {
				ref.RootWorkspace, ref.TargetWorkspace = p.RootWorkspace, p.TargetWorkspace
			}
			planned.References[k] = ref
		}
	}
}

// request builds the batch request for a change: items are checked against their workspaces' models
// and new adoptable items matched against what Ardoq holds; every item problem is reported.
func (r *batchResource) request(ctx context.Context, prior, plan batchItems, raw batchRaw) (client.BatchRequest, batchOpKeys, diag.Diagnostics) {
	models, diags := r.models(ctx, plan)
	if models == nil { // the models could not be read
		return client.BatchRequest{}, batchOpKeys{}, diags
	}
	adopt := adoptionOf(raw)
	matches, d := r.findAdoptions(ctx, prior, plan, adopt)
	diags.Append(d...)
	request, keys, d := planBatch(batchPlanInput{prior: prior, plan: plan, models: models,
		adoptComponentsBy: adopt.components, adoptReferencesBy: adopt.references, matches: matches, names: r.data.Contexts.Names(ctx)})
	diags.Append(diagnostics.WithDestroyHint(d)...)
	return request, keys, diags
}

// models reads the model of every workspace the items live in (once per run per workspace); a
// workspace Ardoq does not have is an error at the first item in it, whose items are then unchecked.
func (r *batchResource) models(ctx context.Context, plan batchItems) (map[string]*client.WorkspaceContext, diag.Diagnostics) {
	var diags diag.Diagnostics
	models := map[string]*client.WorkspaceContext{}
	for _, k := range slices.Sorted(maps.Keys(plan.Components)) {
		ws := plan.Components[k].RootWorkspace
		if _, seen := models[ws]; seen {
			continue
		}
		wctx, err := r.data.Contexts.Get(ctx, ws)
		switch {
		case client.IsNotFound(err):
			p := path.Root("components").AtMapKey(k).AtName("root_workspace")
			diags.AddAttributeError(p, "Unknown Workspace", fmt.Sprintf("%s: Ardoq has no workspace %q. Look workspaces up with the "+
				"ardoq_workspace data source.", convert.PathText(p), ws))
			models[ws] = nil
		case err != nil:
			diagnostics.AddClientError(&diags, "Unable to Read Workspace Context", err)
			return nil, diags
		default:
			models[ws] = wctx
		}
	}
	return models, diags
}

func setOf(lists ...[]string) map[string]bool {
	out := map[string]bool{}
	for _, keys := range lists {
		for _, k := range keys {
			out[k] = true
		}
	}
	return out
}
