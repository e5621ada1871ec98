package batch

import (
	"context"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// The plan of a change some of whose values Terraform knows only at apply: a parent, source or target
// read from a resource the same apply creates or replaces (another ardoq_batch's computed_components, an
// ardoq_component's id), a whole item, or the items themselves. The apply walk plans again with every
// value known, and Terraform holds that plan to this one: a known value must stay as it is, and a known
// map must keep its keys. So what depends on an unknown value is unknown here, and the rest stays known
// (no plan noise for the items that do not change). Nothing is checked or sent to Ardoq: the plan of the
// apply walk checks the items and runs the dry run.

// unknowns are the configured values not known yet.
type unknowns struct {
	components, references bool                       // the whole value: neither its keys nor its items
	keys                   map[string]bool            // the items' keys ("components/key"), known or not
	attrs                  map[string]map[string]bool // by item: the attributes not known (all of them for an item not known at all)
	adoption               bool                       // adopt_components_by or adopt_references_by
}

func unknownsOf(plan batchRaw) unknowns {
	u := unknowns{keys: map[string]bool{}, attrs: map[string]map[string]bool{}, adoption: !adoptionKnown(plan)}
	u.components = u.add("components", plan.get("components"), componentItemAttributes)
	u.references = u.add("references", plan.get("references"), referenceItemAttributes)
	return u
}

func adoptionKnown(plan batchRaw) bool {
	return plan.get(adoptComponentsBy).IsFullyKnown() && plan.get(adoptReferencesBy).IsFullyKnown()
}

// add records the unknowns of one items value and reports whether the whole value is unknown.
func (u unknowns) add(kind string, items tftypes.Value, attributes []string) bool {
	if !items.IsKnown() {
		return true
	}
	for key, item := range convert.ElementsOrNil(items) {
		u.keys[kind+"/"+key] = true
		unknown := map[string]bool{}
		attrs := convert.ElementsOrNil(item)
		for _, name := range attributes {
			if !item.IsKnown() || attrs[name].Type() != nil && !attrs[name].IsFullyKnown() {
				unknown[name] = true
			}
		}
		if len(unknown) > 0 {
			u.attrs[kind+"/"+key] = unknown
		}
	}
	return false
}

// unknown reports whether any of an item's named attributes is unknown.
func (u unknowns) unknown(kind, key string, names ...string) bool {
	for _, n := range names {
		if u.attrs[kind+"/"+key][n] {
			return true
		}
	}
	return false
}

// planWithUnknowns is planChange's plan of a change with values known only at apply: the computed maps
// keyed by the items' keys, and the deletions where they are known, said as planChange says them. items
// are the configured items decoded, those known.
func (r *batchResource) planWithUnknowns(ctx context.Context, prior tftypes.Value, plan batchRaw, items batchItems, t tftypes.Type) (tftypes.Value, diag.Diagnostics) {
	var diags diag.Diagnostics
	computed, dels, known := plannedWithUnknowns(batchRawOf(prior), items, unknownsOf(plan), adoptionOf(plan))
	if known {
		r.reportDeletions(ctx, &diags, dels, rawString(prior, "id"), false)
	}
	tflog.Debug(ctx, "ardoq_batch has values known only at apply: the items are checked, and the dry run sent, when the apply plans again")
	return plan.value(t, computed), diags
}

// plannedWithUnknowns is the computed attributes of such a plan. An item keeps its id known when it keeps
// its entity whatever the unknowns turn out to be (it exists, its type and workspace are known and the
// same, and Ardoq cannot take it along with a component outside the batch, taken_along.go), and its
// version too when, moreover, it is known and does not change. The deletions are known when the items'
// keys, the type and workspace of those that existed, and whether anything is adopted are.
func plannedWithUnknowns(priorRaw batchRaw, plan batchItems, u unknowns, adopt adoption) (computed batchRaw, dels []deletion, delsKnown bool) {
	prior := priorRaw.items()
	replaced := replacedItems(prior, plan)
	exposed := exposedItems(prior, func(kind, key, attr string) bool {
		if !u.keys[kind+"/"+key] {
			return false
		}
		if u.unknown(kind, key, attr) {
			return true
		}
		if kind == "components" {
			return plan.Components[key].Parent != prior.Components[key].Parent
		}
		ref, p := plan.References[key], prior.References[key]
		return attr == "source" && ref.Source != p.Source || attr == "target" && ref.Target != p.Target
	}).all()
	keeps := func(kind, key, id string, identity ...string) bool {
		return id != "" && u.keys[kind+"/"+key] && !u.unknown(kind, key, identity...) && !replaced[kind+"/"+key] && !exposed[kind+"/"+key]
	}
	// ref is what a parent, source or target stands for where that is known: an item that keeps its entity
	// is its id; ok is false for an item whose entity is not known yet.
	ref := func(name string) (string, bool) {
		if !u.keys["components/"+name] {
			return name, !u.components || name == ""
		}
		p := prior.Components[name]
		return p.ID, keeps("components", name, p.ID, "root_workspace", "type_id")
	}
	same := func(old, planned string) bool {
		id, ok := ref(planned)
		return ok && id == priorRef(prior, old)
	}
	components, changedComponents := map[string]entity.ComponentValues{}, map[string]bool{}
	for item := range u.keys {
		kind, key := splitItem(item)
		if kind != "components" {
			continue
		}
		p := prior.Components[key]
		if !keeps(kind, key, p.ID, "root_workspace", "type_id") {
			components[key] = entity.ComponentValues{}
			continue
		}
		components[key] = entity.ComponentValues{ID: p.ID, Version: p.Version, ComponentKey: p.ComponentKey}
		changedComponents[key] = u.attrs[item] != nil || !p.Same(plan.Components[key], same)
	}
	references, changedReferences := map[string]entity.ReferenceValues{}, map[string]bool{}
	for item := range u.keys {
		kind, key := splitItem(item)
		if kind != "references" {
			continue
		}
		p := prior.References[key]
		if !keeps(kind, key, p.ID, "type") {
			references[key] = entity.ReferenceValues{}
			continue
		}
		references[key] = entity.ReferenceValues{ID: p.ID, Version: p.Version}
		if changedReferences[key] = u.attrs[item] != nil || !p.Same(plan.References[key], same); !changedReferences[key] {
			references[key] = p // its workspaces stay too
		}
	}
	computed = batchRaw{
		"computed_components": tftypes.NewValue(tftypes.Map{ElementType: computedComponentType}, tftypes.UnknownValue),
		"computed_references": tftypes.NewValue(tftypes.Map{ElementType: computedReferenceType}, tftypes.UnknownValue),
		"deletions":           unknownDeletions(),
	}
	if !u.components {
		computed["computed_components"] = computedComponents(components, changedComponents, priorRaw.get("computed_components"))
	}
	if !u.references {
		computed["computed_references"] = computedReferences(references, changedReferences, priorRaw.get("computed_references"))
	}
	if dels, delsKnown = unknownPlanDeletions(prior, plan, u, replaced, adopt); delsKnown {
		computed["deletions"] = deletionsValue(dels)
	}
	return computed, dels, delsKnown
}

// unknownPlanDeletions lists what such a plan deletes, as plannedDeletions does, where that is known: the
// prior items whose key is gone or whose type or workspace changes, unless an item might adopt one.
func unknownPlanDeletions(prior, plan batchItems, u unknowns, replaced map[string]bool, adopt adoption) ([]deletion, bool) {
	if u.components && len(prior.Components) > 0 || u.references && len(prior.References) > 0 {
		return nil, false // which keys go is not known
	}
	var keys batchOpKeys
	for _, k := range slices.Sorted(maps.Keys(prior.Components)) {
		switch {
		case prior.Components[k].ID == "":
		case u.unknown("components", k, "root_workspace", "type_id"):
			return nil, false
		case !u.keys["components/"+k] || replaced["components/"+k]:
			keys.componentDeletes = append(keys.componentDeletes, k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(prior.References)) {
		switch {
		case prior.References[k].ID == "":
		case u.unknown("references", k, "type"):
			return nil, false
		case !u.keys["references/"+k] || replaced["references/"+k]:
			keys.referenceDeletes = append(keys.referenceDeletes, k)
		}
	}
	leaving := len(keys.componentDeletes)+len(keys.referenceDeletes) > 0
	if leaving && (u.adoption || len(adopt.components)+len(adopt.references) > 0) {
		return nil, false // a new item may take a leaving entity over (adoption.go)
	}
	return plannedDeletions(prior, keys, plan), true
}
