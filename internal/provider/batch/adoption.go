package batch

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// Adoption: a new item with adopt_components_by or adopt_references_by takes over the entity Ardoq
// already holds with its values of those properties (the API's uniqueBy), found at plan
// (adoption_match.go) or held by an item this request removes, so that an entity is updated under its
// new key and never deleted by the same request that adopts it. The plan shows an adopting item as it
// will be, not as its entity is now, so it also says how many entities the adoptions write and which
// values they overwrite or unset.

// adoption holds the adopt_components_by and adopt_references_by properties (the API's uniqueBy).
type adoption struct{ components, references []string }

func adoptionOf(raw batchRaw) adoption {
	return adoption{components: raw.strings("adopt_components_by"), references: raw.strings("adopt_references_by")}
}

// batchMatch is the entity in Ardoq that a new item's adoption properties match.
type batchMatch struct {
	ID, ComponentKey, Name string
	Version                int64
	RootWorkspace, TypeID  string   // components only
	Type                   int64    // references only
	was                    itemView // its values as listed at plan time, when found by the lookup
	// the entity as listed, when found by the lookup: adopting it writes nothing if it holds the item's values
	component *client.Component
	reference *client.Reference
}

// batchMatches are the matches of new items, by item key, and the workspaces of the components the
// lookup saw (sources given as ids included), by id.
type batchMatches struct {
	Components, References map[string]batchMatch
	sourceWorkspaces       map[string]string
}

// describe names the entity in messages (only components have a type id).
func (m batchMatch) describe() string {
	if m.TypeID != "" {
		return fmt.Sprintf("component %s (%q)", m.ID, m.Name)
	}
	return "reference " + m.ID
}

// adoptable reports whether an item can adopt: adoption is on and the item has a value for every
// custom field its uniqueBy names (items without one are plain creates).
func adoptable(uniqueBy []string, fields map[string]fields.Value) bool {
	if len(uniqueBy) == 0 {
		return false
	}
	for _, p := range uniqueBy {
		if key, isField := strings.CutPrefix(p, "customFields."); isField {
			if _, ok := fields[key]; !ok {
				return false
			}
		}
	}
	return true
}

// adoptionProperties are the uniqueBy properties the provider matches items by (as Ardoq does), besides
// customFields.<api key>; the emulator accepts the same, and "rootWorkspace" for references as an
// alias of "source.rootWorkspace".
var adoptionProperties = map[string][]string{
	"adopt_components_by": {"rootWorkspace", "name", "typeId", "parent"},
	"adopt_references_by": {"source", "target", "type", "source.rootWorkspace", "rootWorkspace"},
}

// checkAdoptionProperties reports every adopt_components_by / adopt_references_by value the provider
// cannot match by: with one, the plan's matching and Ardoq's uniqueBy would disagree.
func (b *batchPlanner) checkAdoptionProperties() {
	for _, attr := range []string{"adopt_components_by", "adopt_references_by"} {
		props := b.adoptComponentsBy
		if attr == "adopt_references_by" {
			props = b.adoptReferencesBy
		}
		for i, prop := range props {
			if key, isField := strings.CutPrefix(prop, "customFields."); (isField && key != "") || slices.Contains(adoptionProperties[attr], prop) {
				continue
			}
			b.diags.AddAttributeError(path.Root(attr).AtListIndex(i), "Unsupported Adoption Property", fmt.Sprintf("%s[%d]: %q is not a "+
				"property items can be adopted by. Supported are: %s and customFields.<api key>.", attr, i, prop,
				strings.Join(adoptionProperties[attr], ", ")))
		}
	}
}

// decideAdoptions decides for every new item whether it is created, upserted, or takes over the
// entity it matched, before any operation is built: items pointing at an adopted item use its id.
func (b *batchPlanner) decideAdoptions() {
	owners := b.owners("components")
	for _, key := range slices.Sorted(maps.Keys(b.plan.Components)) {
		c := b.plan.Components[key]
		if p, existed := b.prior.Components[key]; existed && !b.isNew("components", key, p.ID) {
			continue
		}
		m, found := b.matches.Components[key]
		fits := m.RootWorkspace == c.RootWorkspace && m.TypeID == c.TypeID
		op := b.newItemOp("components", key, m, found, fits, adoptable(b.adoptComponentsBy, c.CustomFields), owners)
		if b.newOps["components/"+key] = op; op == adoptItem {
			b.keys.adopted.Components[key] = m
		}
	}
	owners = b.owners("references")
	for _, key := range slices.Sorted(maps.Keys(b.plan.References)) {
		r := b.plan.References[key]
		if p, existed := b.prior.References[key]; existed && !b.isNew("references", key, p.ID) {
			continue
		}
		m, found := b.matches.References[key]
		op := b.newItemOp("references", key, m, found, m.Type == r.Type, adoptable(b.adoptReferencesBy, r.CustomFields), owners)
		if b.newOps["references/"+key] = op; op == adoptItem {
			b.keys.adopted.References[key] = m
		}
	}
}

// newItemOp applies the identity rules to a new item and the entity it matched (if found): fits says
// whether the entity has the item's type and workspace, which an update cannot change; owners are the
// prior items by entity id.
func (b *batchPlanner) newItemOp(kind, key string, m batchMatch, found, fits, adoptable bool, owners map[string]string) newItemOp {
	p := path.Root(kind).AtMapKey(key)
	owner, managed := owners[m.ID]
	leaving := managed && b.goes(kind, owner)
	switch {
	case !found && adoptable:
		return upsertItem
	case !found:
		return createItem
	case managed && !leaving:
		b.diags.AddAttributeError(p, "Adopted Entity Already Managed", fmt.Sprintf("%s: adopt_%s_by matches %s, which this resource "+
			"manages as %s[%q]; one entity cannot be two items. Give the items different values for those properties.", convert.PathText(p), kind,
			m.describe(), kind, owner))
	case !fits && leaving:
		return createItem // it replaces the entity it matched, which the request deletes
	case !fits:
		has := fmt.Sprintf("type %d", m.Type)
		if kind == "components" {
			has = fmt.Sprintf("type_id %s and root_workspace %s", m.TypeID, m.RootWorkspace)
		}
		b.diags.AddAttributeError(p, "Adopted Entity Cannot Change Type", fmt.Sprintf("%s: adopt_%s_by matches %s, which has %s: Ardoq "+
			"cannot change those to the item's. Change the item to match it, or its properties so that they match nothing.", convert.PathText(p), kind,
			m.describe(), has))
	case b.taken[m.ID] != "":
		b.diags.AddAttributeError(p, "Entity Adopted Twice", fmt.Sprintf("%s: adopt_%s_by matches %s, which %s[%q] takes over too; "+
			"one entity cannot be two items.", convert.PathText(p), kind, m.describe(), kind, b.taken[m.ID]))
	default:
		b.taken[m.ID] = key
		return adoptItem
	}
	return createItem
}

// adoptFromDeletes keeps the rename rule when the matches looked up at plan and Ardoq's uniqueBy
// disagree (adopt_components_by without rootWorkspace matches across the org, but only the items'
// workspaces are listed): an item still sent as an upsert whose adoption values are those of a prior
// item this request deletes would make Ardoq update that entity and then delete it. Compared from
// state alone, such an item takes the entity over as a renamed key does (newItemOp): an update of it,
// and no delete; or, when its type or workspace differ, a create of the item that replaces it.
func (b *batchPlanner) adoptFromDeletes() {
	if leaving := b.leavingComponents(); len(leaving) > 0 {
		owners := b.owners("components")
		var upserts []string
		for _, key := range slices.Sorted(maps.Keys(b.plan.Components)) {
			if b.newOps["components/"+key] == upsertItem {
				upserts = append(upserts, key)
			}
		}
		// Parents first: an item whose parent takes an entity over can match by "parent" only after it.
		for again := true; again; {
			again = false
			for _, key := range upserts {
				c := b.plan.Components[key]
				if b.newOps["components/"+key] != upsertItem {
					continue
				}
				uk, ok := uniqueKey(b.adoptComponentsBy, componentItemUniqueValues(c, b.existingRef))
				m, found := b.pickLeaving("components", key, leaving, uk, ok)
				if !found {
					continue
				}
				fits := m.RootWorkspace == c.RootWorkspace && m.TypeID == c.TypeID
				op := b.newItemOp("components", key, m, true, fits, true, owners)
				if b.newOps["components/"+key] = op; op == adoptItem {
					b.keys.adopted.Components[key] = m
					again = true
				}
			}
		}
	}
	leaving := b.leavingReferences()
	if len(leaving) == 0 {
		return
	}
	owners, workspaceOf := b.owners("references"), b.componentWorkspaces()
	for _, key := range slices.Sorted(maps.Keys(b.plan.References)) {
		r := b.plan.References[key]
		if b.newOps["references/"+key] != upsertItem {
			continue
		}
		ws := workspaceOf[r.Source]
		if c, isKey := b.plan.Components[r.Source]; isKey {
			ws = c.RootWorkspace
		}
		uk, ok := uniqueKey(b.adoptReferencesBy, referenceItemUniqueValues(r, b.existingRef, ws))
		if m, found := b.pickLeaving("references", key, leaving, uk, ok); found {
			op := b.newItemOp("references", key, m, true, m.Type == r.Type, true, owners)
			if b.newOps["references/"+key] = op; op == adoptItem {
				b.keys.adopted.References[key] = m
			}
		}
	}
}

// leavingComponents indexes the prior components this request deletes (removed or replaced, and taken
// over by no new key) by their adoption values in state; nil when nothing is adopted.
func (b *batchPlanner) leavingComponents() map[string][]batchMatch {
	if len(b.adoptComponentsBy) == 0 {
		return nil
	}
	index := map[string][]batchMatch{}
	for _, k := range slices.Sorted(maps.Keys(b.prior.Components)) {
		c := b.prior.Components[k]
		if c.ID == "" || !b.goes("components", k) || b.taken[c.ID] != "" {
			continue
		}
		if uk, ok := uniqueKey(b.adoptComponentsBy, componentItemUniqueValues(c, b.stateRef)); ok {
			index[uk] = append(index[uk], batchMatch{ID: c.ID, ComponentKey: c.ComponentKey, Name: c.Name, Version: c.Version,
				RootWorkspace: c.RootWorkspace, TypeID: c.TypeID})
		}
	}
	return index
}

// leavingReferences is leavingComponents for references.
func (b *batchPlanner) leavingReferences() map[string][]batchMatch {
	if len(b.adoptReferencesBy) == 0 {
		return nil
	}
	index := map[string][]batchMatch{}
	for _, k := range slices.Sorted(maps.Keys(b.prior.References)) {
		r := b.prior.References[k]
		if r.ID == "" || !b.goes("references", k) || b.taken[r.ID] != "" {
			continue
		}
		if uk, ok := uniqueKey(b.adoptReferencesBy, referenceItemUniqueValues(r, b.stateRef, r.RootWorkspace)); ok {
			index[uk] = append(index[uk], batchMatch{ID: r.ID, Version: r.Version, RootWorkspace: r.RootWorkspace, Type: r.Type})
		}
	}
	return index
}

// pickLeaving finds the one deleted prior item an upsert's adoption values match. Several are an error
// at the item (Ardoq would reject the upsert); the item is then no longer an upsert.
func (b *batchPlanner) pickLeaving(kind, key string, leaving map[string][]batchMatch, uk string, ok bool) (batchMatch, bool) {
	if !ok || len(leaving[uk]) == 0 {
		return batchMatch{}, false
	}
	picked := map[string]batchMatch{}
	pick(&b.diags, path.Root(kind).AtMapKey(key), kind, leaving[uk], picked, key)
	m, one := picked[key]
	if !one {
		b.newOps[kind+"/"+key] = createItem
	}
	return m, one
}

// owners are the prior items by entity id.
func (b *batchPlanner) owners(kind string) map[string]string {
	out := map[string]string{}
	if kind == "components" {
		for k, c := range b.prior.Components {
			out[c.ID] = k
		}
		return out
	}
	for k, r := range b.prior.References {
		out[r.ID] = k
	}
	return out
}

// stateRef is the entity a parent, source or target in state stood for (always known).
func (b *batchPlanner) stateRef(ref string) (string, bool) { return b.priorRef(ref), true }

// existingRef is the entity a planned parent, source or target stands for when it exists before the
// request: not when the request creates it (or upserts it, unknown until apply).
func (b *batchPlanner) existingRef(ref string) (string, bool) {
	if _, isKey := b.plan.Components[ref]; !isKey {
		return ref, true
	}
	if m, ok := b.keys.adopted.Components[ref]; ok {
		return m.ID, true
	}
	if p, existed := b.prior.Components[ref]; existed && !b.isNew("components", ref, p.ID) {
		return p.ID, true
	}
	return "", false
}

// componentWorkspaces maps component ids to their workspaces, from what plan and state know: the
// sources' workspaces looked up for adoption, prior components, and the sources of prior references.
func (b *batchPlanner) componentWorkspaces() map[string]string {
	out := map[string]string{}
	for _, r := range b.prior.References {
		if r.RootWorkspace != "" {
			out[b.priorRef(r.Source)] = r.RootWorkspace
		}
	}
	for _, c := range b.prior.Components {
		out[c.ID] = c.RootWorkspace
	}
	for id, ws := range b.matches.sourceWorkspaces {
		out[id] = ws
	}
	return out
}

// adoptionNotice is the warning of a plan whose items take entities over ("" when none do): how many
// it writes, and per written item the values of its entity the apply overwrites or unsets. Only
// entities the plan-time lookup listed are counted and described.
func adoptionNotice(planned batchItems, keys batchOpKeys) (summary, detail string) {
	adopted := keys.adopted
	total := len(adopted.Components) + len(adopted.References)
	if total == 0 {
		return "", ""
	}
	asIs := len(keys.componentsAsIs) + len(keys.referencesAsIs)
	written := total - asIs
	summary = fmt.Sprintf("Adoption Writes %d of %s", written, convert.Plural(total, "Entity", "Entities"))
	if written == 0 {
		summary = "Adoption Writes Nothing"
	}
	detail = fmt.Sprintf("This apply takes over %s that Ardoq already holds (their ids are in computed_components and "+
		"computed_references). %s not written; %s updated to their items.", convert.Plural(total, "entity", "entities"),
		convert.Plural(asIs, "entity already holds its item's values and is", "entities already hold their items' values and are"),
		convert.Plural(written, "entity is", "entities are"))
	componentAsIs, referenceAsIs := setOf(keys.componentsAsIs), setOf(keys.referencesAsIs) // keys may repeat across kinds
	var lines []string
	for _, k := range slices.Sorted(maps.Keys(adopted.Components)) {
		m := adopted.Components[k]
		changes := viewChanges(m.was, componentView(planned.Components[k]), "name", "description", "color", "shape", "icon", "image")
		if len(changes) > 0 && !componentAsIs[k] {
			lines = append(lines, fmt.Sprintf("  - components[%q] takes over %s: %s", k, cmp.Or(m.ComponentKey, m.ID), strings.Join(changes, "; ")))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(adopted.References)) {
		m := adopted.References[k]
		if changes := viewChanges(m.was, referenceView(planned.References[k]), "display_text", "description"); len(changes) > 0 && !referenceAsIs[k] {
			lines = append(lines, fmt.Sprintf("  - references[%q] takes over reference %s: %s", k, m.ID, strings.Join(changes, "; ")))
		}
	}
	if len(lines) == 0 {
		return summary, detail
	}
	if len(lines) > cascade.ListedEntities {
		lines = append(lines[:cascade.ListedEntities], fmt.Sprintf("  - and %d more items", len(lines)-cascade.ListedEntities))
	}
	return summary, detail + " These updates change values the entities hold in Ardoq now:\n" + strings.Join(lines, "\n") +
		"\nSet these attributes on the items to keep the values."
}

// viewChanges lists the attributes (and managed custom fields) whose value in was the apply overwrites
// or unsets; values it only sets where there were none are not losses and are left out. attrs are the
// texts an adopting item overwrites: not the identity or the references, which it must match to adopt.
func viewChanges(was, will itemView, attrs ...string) []string {
	if was.attrs == nil {
		return nil
	}
	var out []string
	for _, a := range attrs {
		before, after := was.attrs[a], will.attrs[a]
		switch {
		case before == nil || entity.EqualPointers(before, after):
		case after == nil:
			out = append(out, fmt.Sprintf("%s %q is unset", a, *before))
		default:
			out = append(out, fmt.Sprintf("%s %q becomes %q", a, *before, *after))
		}
	}
	for _, key := range slices.Sorted(maps.Keys(will.fields)) {
		if before, had := was.fields[key]; had && !will.fields[key].Means(before) {
			out = append(out, fmt.Sprintf("custom_fields[%q] %q becomes %q", key, before.Text, will.fields[key].Text))
		}
	}
	return out
}
