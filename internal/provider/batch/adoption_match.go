package batch

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// The entities new adoptable items match in Ardoq, found for the plan: the entities are listed from the
// items' workspaces, and matched by the adoption properties (the API's uniqueBy) as Ardoq matches.

func componentMatch(c *client.Component) batchMatch {
	return batchMatch{ID: c.ID, ComponentKey: c.ComponentKey, Name: c.Name, Version: c.Version, RootWorkspace: c.RootWorkspace, TypeID: c.TypeID,
		component: c, was: componentView(entity.ComponentValuesFrom(c, entity.ComponentValues{CustomFields: fields.AllFromAPI(c.CustomFields)}, nil))}
}

func referenceMatch(r *client.Reference) batchMatch {
	return batchMatch{ID: r.ID, Version: r.Version, RootWorkspace: r.RootWorkspace, Type: r.Type,
		reference: r, was: referenceView(entity.ReferenceValuesFrom(r, entity.ReferenceValues{CustomFields: fields.AllFromAPI(r.CustomFields)}, nil))}
}

// newAdoptableItems lists the keys of items without an entity of their own that can adopt one.
func newAdoptableItems(prior, plan batchItems, adopt adoption) (components, references []string) {
	replaced := replacedItems(prior, plan)
	for _, k := range slices.Sorted(maps.Keys(plan.Components)) {
		if p := prior.Components[k]; (p.ID == "" || replaced["components/"+k]) && adoptable(adopt.components, plan.Components[k].CustomFields) {
			components = append(components, k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(plan.References)) {
		if p := prior.References[k]; (p.ID == "" || replaced["references/"+k]) && adoptable(adopt.references, plan.References[k].CustomFields) {
			references = append(references, k)
		}
	}
	return components, references
}

// findAdoptions finds the entities new adoptable items match: it lists the components of their
// workspaces and the references of their sources' workspaces (one list per workspace and page) and
// matches locally. Nothing is listed when no new item can adopt.
func (r *batchResource) findAdoptions(ctx context.Context, prior, plan batchItems, adopt adoption) (batchMatches, diag.Diagnostics) {
	var diags diag.Diagnostics
	comps, refs := newAdoptableItems(prior, plan, adopt)
	if len(comps)+len(refs) == 0 {
		return batchMatches{}, diags
	}
	in := adoptionLookup{prior: prior, plan: plan, adopt: adopt, workspaceOf: map[string]string{}}
	var componentWorkspaces, referenceWorkspaces []string
	for _, k := range comps {
		componentWorkspaces = appendNew(componentWorkspaces, plan.Components[k].RootWorkspace)
	}
	for _, ws := range componentWorkspaces {
		listed, err := r.data.Client.ListComponents(ctx, client.ComponentFilter{RootWorkspace: ws})
		if err != nil {
			diags.AddError("Unable to Look Up Entities to Adopt", diagnostics.ClientErrorDetail(err)+" The batch was not sent.")
			return batchMatches{}, diags
		}
		in.components = append(in.components, listed...)
	}
	for _, c := range in.components {
		in.workspaceOf[c.ID] = c.RootWorkspace
	}
	for _, k := range refs {
		source := plan.References[k].Source
		if c, isKey := plan.Components[source]; isKey {
			referenceWorkspaces = appendNew(referenceWorkspaces, c.RootWorkspace)
			continue
		}
		if _, known := in.workspaceOf[source]; !known {
			c, err := r.data.Client.GetComponent(ctx, source)
			if client.IsNotFound(err) {
				continue // no reference can have it as its source; Ardoq rejects the item
			}
			if err != nil {
				diags.AddError("Unable to Look Up Entities to Adopt", diagnostics.ClientErrorDetail(err)+" The batch was not sent.")
				return batchMatches{}, diags
			}
			in.workspaceOf[source] = c.RootWorkspace
		}
		referenceWorkspaces = appendNew(referenceWorkspaces, in.workspaceOf[source])
	}
	for _, ws := range referenceWorkspaces {
		listed, err := r.data.Client.ListReferences(ctx, client.ReferenceFilter{RootWorkspace: ws})
		if err != nil {
			diags.AddError("Unable to Look Up Entities to Adopt", diagnostics.ClientErrorDetail(err)+" The batch was not sent.")
			return batchMatches{}, diags
		}
		in.references = append(in.references, listed...)
	}
	return matchAdoptions(in)
}

func appendNew(list []string, s string) []string {
	for _, have := range list {
		if have == s {
			return list
		}
	}
	return append(list, s)
}

// adoptionLookup is what matchAdoptions matches: the items, and the entities listed in Ardoq.
type adoptionLookup struct {
	prior, plan batchItems
	adopt       adoption
	components  []client.Component
	references  []client.Reference
	workspaceOf map[string]string // component id -> workspace, for sources given as ids
}

// matchAdoptions finds for every new adoptable item the entities with its values of the adoption
// properties, compared as Ardoq compares them; several are an error at the item. Components are
// matched parents first, so that adopt_components_by can name "parent" with a parent that is adopted too.
func matchAdoptions(in adoptionLookup) (batchMatches, diag.Diagnostics) {
	var diags diag.Diagnostics
	out := batchMatches{Components: map[string]batchMatch{}, References: map[string]batchMatch{}, sourceWorkspaces: in.workspaceOf}
	comps, refs := newAdoptableItems(in.prior, in.plan, in.adopt)
	replaced := replacedItems(in.prior, in.plan)
	pending := map[string]bool{}
	for _, k := range comps {
		pending[k] = true
	}
	resolve := func(ref string) (string, bool) {
		if _, isKey := in.plan.Components[ref]; !isKey {
			return ref, true
		}
		if m, ok := out.Components[ref]; ok {
			return m.ID, true
		}
		if p := in.prior.Components[ref]; p.ID != "" && !replaced["components/"+ref] {
			return p.ID, true
		}
		return "", false // the request creates it: nothing in Ardoq points at it yet
	}
	componentIndex := map[string][]batchMatch{}
	for i := range in.components {
		if k, ok := uniqueKey(in.adopt.components, componentUniqueValues(&in.components[i])); ok {
			componentIndex[k] = append(componentIndex[k], componentMatch(&in.components[i]))
		}
	}
	byParent := slices.Contains(in.adopt.components, "parent")
	for todo := comps; len(todo) > 0; {
		var later []string
		for _, key := range todo {
			if item := in.plan.Components[key]; byParent && pending[item.Parent] && item.Parent != key {
				later = append(later, key)
				continue
			}
			delete(pending, key)
			if k, ok := uniqueKey(in.adopt.components, componentItemUniqueValues(in.plan.Components[key], resolve)); ok {
				pick(&diags, path.Root("components").AtMapKey(key), "components", componentIndex[k], out.Components, key)
			}
		}
		if len(later) == len(todo) {
			break // parents in a cycle: Ardoq rejects them anyway
		}
		todo = later
	}
	referenceIndex := map[string][]batchMatch{}
	for i := range in.references {
		if k, ok := uniqueKey(in.adopt.references, referenceUniqueValues(&in.references[i])); ok {
			referenceIndex[k] = append(referenceIndex[k], referenceMatch(&in.references[i]))
		}
	}
	for _, key := range refs {
		item := in.plan.References[key]
		ws := in.workspaceOf[item.Source]
		if c, isKey := in.plan.Components[item.Source]; isKey {
			ws = c.RootWorkspace
		}
		if k, ok := uniqueKey(in.adopt.references, referenceItemUniqueValues(item, resolve, ws)); ok {
			pick(&diags, path.Root("references").AtMapKey(key), "references", referenceIndex[k], out.References, key)
		}
	}
	return out, diags
}

// pick records the one entity found for an item; several are an error naming them.
func pick(diags *diag.Diagnostics, p path.Path, kind string, found []batchMatch, into map[string]batchMatch, key string) {
	switch {
	case len(found) == 1:
		into[key] = found[0]
	case len(found) > 1:
		var names []string
		for i, m := range found {
			if i == 5 {
				names = append(names, fmt.Sprintf("and %d more", len(found)-i))
				break
			}
			names = append(names, m.describe())
		}
		diags.AddAttributeError(p, "Ambiguous Adoption", fmt.Sprintf("%s: adopt_%s_by matches %d %s in Ardoq: %s. An item can adopt "+
			"one only: make those values unique in Ardoq, or adopt by other properties.", convert.PathText(p), kind, len(found), kind, strings.Join(names, ", ")))
	}
}

// uniqueValue returns the text of one adoption property, in the form both sides are compared in; ok is
// false when there is no value (then nothing matches).
type uniqueValue func(property string) (string, bool)

// uniqueKey joins the values of the adoption properties into one comparable key.
func uniqueKey(uniqueBy []string, value uniqueValue) (string, bool) {
	parts := make([]string, len(uniqueBy))
	for i, p := range uniqueBy {
		v, ok := value(p)
		if !ok {
			return "", false
		}
		parts[i] = v
	}
	return strings.Join(parts, "\x00"), true
}

// fieldKeyText is a custom field value as compared: numbers by value ("12.50" is 12.5), lists as JSON.
func fieldKeyText(v fields.Value) string { return fields.CanonicalNumber(v.Text) }

// componentUniqueValues reads a component's values from the API.
func componentUniqueValues(c *client.Component) uniqueValue {
	return func(p string) (string, bool) {
		if key, isField := strings.CutPrefix(p, "customFields."); isField {
			v, ok := fields.APIValue(c.CustomFields[key])
			return fieldKeyText(v), ok
		}
		switch p {
		case "rootWorkspace":
			return c.RootWorkspace, true
		case "name":
			return c.Name, true
		case "typeId":
			return c.TypeID, true
		case "parent":
			if c.Parent == nil {
				return "", true
			}
			return *c.Parent, true
		}
		return "", false
	}
}

// componentItemUniqueValues reads an item's values; resolve turns a parent key into its entity's id.
func componentItemUniqueValues(c entity.ComponentValues, resolve func(string) (string, bool)) uniqueValue {
	return func(p string) (string, bool) {
		if key, isField := strings.CutPrefix(p, "customFields."); isField {
			v, ok := c.CustomFields[key]
			return fieldKeyText(v), ok
		}
		switch p {
		case "rootWorkspace":
			return c.RootWorkspace, true
		case "name":
			return c.Name, true
		case "typeId":
			return c.TypeID, true
		case "parent":
			if c.Parent == "" {
				return "", true
			}
			return resolve(c.Parent)
		}
		return "", false
	}
}

// referenceUniqueValues reads a reference's values from the API.
func referenceUniqueValues(r *client.Reference) uniqueValue {
	return func(p string) (string, bool) {
		if key, isField := strings.CutPrefix(p, "customFields."); isField {
			v, ok := fields.APIValue(r.CustomFields[key])
			return fieldKeyText(v), ok
		}
		switch p {
		case "source":
			return r.Source, true
		case "target":
			return r.Target, true
		case "type":
			return strconv.FormatInt(r.Type, 10), true
		case "source.rootWorkspace", "rootWorkspace": // a reference lives in its source's workspace
			return r.RootWorkspace, true
		}
		return "", false
	}
}

// referenceItemUniqueValues reads an item's values; sourceWorkspace is its source's workspace ("" unknown).
func referenceItemUniqueValues(r entity.ReferenceValues, resolve func(string) (string, bool), sourceWorkspace string) uniqueValue {
	return func(p string) (string, bool) {
		if key, isField := strings.CutPrefix(p, "customFields."); isField {
			v, ok := r.CustomFields[key]
			return fieldKeyText(v), ok
		}
		switch p {
		case "source":
			return resolve(r.Source)
		case "target":
			return resolve(r.Target)
		case "type":
			return strconv.FormatInt(r.Type, 10), true
		case "source.rootWorkspace", "rootWorkspace":
			return sourceWorkspace, sourceWorkspace != ""
		}
		return "", false
	}
}
