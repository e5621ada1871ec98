package batch

import (
	"strconv"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

// The render stage of ardoq_batch: items to Terraform values. Items read back from Ardoq are written
// in the shape of the prior value (the configuration's types), and what Ardoq assigned goes to the
// computed maps.

// The types of computed_components' and computed_references' elements: what Ardoq assigned each item.
var (
	computedComponentType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"id": tftypes.String, "version": tftypes.Number, "component_key": tftypes.String}}
	computedReferenceType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"id": tftypes.String, "version": tftypes.Number, "root_workspace": tftypes.String, "target_workspace": tftypes.String}}
)

// computedComponents renders what Ardoq assigned each component item. A value not assigned yet ("", an
// item not created yet) is unknown, and so is the version of an item the request changes.
func computedComponents(items map[string]entity.ComponentValues, changed map[string]bool, prior tftypes.Value) tftypes.Value {
	elems := make(map[string]tftypes.Value, len(items))
	for key, c := range items {
		elems[key] = tftypes.NewValue(computedComponentType, map[string]tftypes.Value{
			"id":            assigned(c.ID),
			"version":       assignedVersion(c.Version, c.ID == "" || changed[key]),
			"component_key": assigned(c.ComponentKey),
		})
	}
	return computedMap(computedComponentType, elems, prior)
}

// computedReferences renders what Ardoq assigned each reference item, as computedComponents does.
func computedReferences(items map[string]entity.ReferenceValues, changed map[string]bool, prior tftypes.Value) tftypes.Value {
	elems := make(map[string]tftypes.Value, len(items))
	for key, r := range items {
		elems[key] = tftypes.NewValue(computedReferenceType, map[string]tftypes.Value{
			"id":               assigned(r.ID),
			"version":          assignedVersion(r.Version, r.ID == "" || changed[key]),
			"root_workspace":   assigned(r.RootWorkspace),
			"target_workspace": assigned(r.TargetWorkspace),
		})
	}
	return computedMap(computedReferenceType, elems, prior)
}

// readAssigned reads the computed maps back into the items they describe: the inverse of
// computedComponents and computedReferences.
func readAssigned(items batchItems, components, references tftypes.Value) {
	for key, v := range convert.ElementsOrNil(components) {
		if c, ok := items.Components[key]; ok {
			a := convert.ElementsOrNil(v)
			c.ID, c.Version, c.ComponentKey = attrString(a, "id"), attrInt(a, "version"), attrString(a, "component_key")
			items.Components[key] = c
		}
	}
	for key, v := range convert.ElementsOrNil(references) {
		if r, ok := items.References[key]; ok {
			a := convert.ElementsOrNil(v)
			r.ID, r.Version = attrString(a, "id"), attrInt(a, "version")
			r.RootWorkspace, r.TargetWorkspace = attrString(a, "root_workspace"), attrString(a, "target_workspace")
			items.References[key] = r
		}
	}
}

// assigned is a text Ardoq assigned: unknown until it has ("").
func assigned(s string) tftypes.Value {
	if s == "" {
		return tftypes.NewValue(tftypes.String, tftypes.UnknownValue)
	}
	return tftypes.NewValue(tftypes.String, s)
}

// assignedVersion is an item's version: unknown for an item the request creates or changes.
func assignedVersion(version int64, written bool) tftypes.Value {
	if written {
		return tftypes.NewValue(tftypes.Number, tftypes.UnknownValue)
	}
	return tftypes.NewValue(tftypes.Number, version)
}

// computedMap is a computed map of these elements. An element equal to prior's (a computed map in state,
// or null) is prior's own, so that the new value holds no second copy of it.
func computedMap(elemType tftypes.Object, elems map[string]tftypes.Value, prior tftypes.Value) tftypes.Value {
	priorElems := convert.ElementsOrNil(prior)
	for key, e := range elems {
		if p, ok := priorElems[key]; ok && tfwire.Equal(p, e) {
			elems[key] = p
		}
	}
	return tftypes.NewValue(tftypes.Map{ElementType: elemType}, elems)
}

// itemView is an item as text, the form both the configuration and Ardoq's values are compared in.
type itemView struct {
	attrs  map[string]*string      // nil is unset
	fields map[string]fields.Value // managed custom fields that have a value
}

func componentView(c entity.ComponentValues) itemView {
	return itemView{attrs: map[string]*string{
		"root_workspace": &c.RootWorkspace,
		"type_id":        &c.TypeID,
		"name":           &c.Name,
		"parent":         textOrNil(c.Parent),
		"description":    c.Description,
		"color":          c.Color,
		"shape":          c.Shape,
		"icon":           c.Icon,
		"image":          c.Image,
	}, fields: c.CustomFields}
}

func referenceView(r entity.ReferenceValues) itemView {
	typ := strconv.FormatInt(r.Type, 10)
	return itemView{attrs: map[string]*string{
		"source":       &r.Source,
		"target":       &r.Target,
		"type":         &typ,
		"display_text": r.DisplayText,
		"description":  r.Description,
	}, fields: r.CustomFields}
}

// textOrNil is an optional reference's text: nil for none ("").
func textOrNil(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// renderItems writes refreshed items in the shape of the prior value, which has the configuration's
// types: a value Ardoq still has as configured is kept exactly (no plan noise), a changed one takes
// the prior value's type where it can (drift shows on exactly that attribute), and items no longer in
// Ardoq drop out (the plan creates them again).
func renderItems(prior tftypes.Value, views map[string]itemView) tftypes.Value {
	priorItems := convert.ElementsOrNil(prior)
	if priorItems == nil {
		return prior
	}
	out := make(map[string]tftypes.Value, len(views))
	for key, item := range priorItems {
		if view, ok := views[key]; ok {
			out[key] = renderItem(item, view)
		}
	}
	return convert.ObjectOrMap(prior.Type(), out)
}

func renderItem(prior tftypes.Value, view itemView) tftypes.Value {
	priorAttrs, _ := convert.ElementsOf(prior)
	out := make(map[string]tftypes.Value, len(priorAttrs))
	for name, pv := range priorAttrs {
		if name == "custom_fields" {
			out[name] = fields.Render(pv, view.fields)
			continue
		}
		out[name] = renderText(pv, view.attrs[name], naturalType(name))
	}
	for name, s := range view.attrs {
		if _, had := priorAttrs[name]; !had && s != nil {
			out[name] = convert.TextValue(*s, naturalType(name))
		}
	}
	if sameElements(out, priorAttrs) {
		return prior // the state holds one copy of what did not drift
	}
	return convert.ObjectOrMap(prior.Type(), out)
}

// sameElements reports whether two objects' or maps' elements are equal, types included.
func sameElements(a, b map[string]tftypes.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || !tfwire.Equal(v, w) {
			return false
		}
	}
	return true
}

// naturalType is the type an attribute takes when the configuration gives none to follow: a reference's
// type is a number, every other attribute a string.
func naturalType(attribute string) tftypes.Type {
	if attribute == "type" {
		return tftypes.Number
	}
	return tftypes.String
}

// renderText keeps the prior value when it says the same as s, and otherwise writes s in its type.
func renderText(prior tftypes.Value, s *string, natural tftypes.Type) tftypes.Value {
	if s == nil {
		return tftypes.NewValue(prior.Type(), nil)
	}
	if prior.IsKnown() && !prior.IsNull() {
		if text, ok := convert.ScalarText(prior); ok && text == *s {
			return prior
		}
	}
	t := prior.Type()
	if tftypes.DynamicPseudoType.Is(t) {
		t = natural
	}
	return convert.TextValue(*s, t)
}

// renderPlanned is the planned computed values: unknown where the request assigns them; the elements
// that stay as in state (prior) are state's own.
func renderPlanned(planned batchItems, keys batchOpKeys, prior batchRaw) batchRaw {
	return batchRaw{
		// an adopted item not sent keeps the version Ardoq holds at apply, which may be newer than the plan's lookup saw
		"computed_components": computedComponents(planned.Components, setOf(keys.componentUpdates, keys.componentsAsIs), prior.get("computed_components")),
		"computed_references": computedReferences(planned.References, setOf(keys.referenceUpdates, keys.referencesAsIs), prior.get("computed_references")),
	}
}

// renderApplied is the state after a write: the items stay as planned (Terraform requires it), and what
// Ardoq assigned goes to the computed maps (the planned elements where they are what Ardoq assigned).
func renderApplied(id tftypes.Value, result batchItems, plan batchRaw) batchRaw {
	return batchRaw{"id": id,
		"computed_components": computedComponents(result.Components, nil, plan.get("computed_components")),
		"computed_references": computedReferences(result.References, nil, plan.get("computed_references"))}
}

// renderRefreshed is the state after a refresh: the items in the configuration's shape with Ardoq's
// values, without those gone from Ardoq.
func renderRefreshed(state batchRaw, refreshed batchItems) batchRaw {
	components, references := map[string]itemView{}, map[string]itemView{}
	for k, c := range refreshed.Components {
		components[k] = componentView(c)
	}
	for k, ref := range refreshed.References {
		references[k] = referenceView(ref)
	}
	return batchRaw{
		"components":          renderItems(state.get("components"), components),
		"references":          renderItems(state.get("references"), references),
		"computed_components": computedComponents(refreshed.Components, nil, state.get("computed_components")),
		"computed_references": computedReferences(refreshed.References, nil, state.get("computed_references")),
		"deletions":           noDeletions(), // what the next apply deletes is the next plan's to say
	}
}
