package batch

import (
	"strconv"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// The render stage of ardoq_batch: items to Terraform values. Items read back from Ardoq are written
// in the shape of the prior value (the configuration's types), and what Ardoq assigned goes to the
// computed maps.

// computedType is the type of a computed_components or computed_references element: the table's
// computed attributes that ardoq_batch keeps.
func computedType[M, V, E, C, U any](t entity.Attributes[M, V, E, C, U]) tftypes.Object {
	attrs := map[string]tftypes.Type{}
	for _, a := range t {
		if a.InBatch {
			attrs[a.Name] = tftypes.String
			if a.Number != nil {
				attrs[a.Name] = tftypes.Number
			}
		}
	}
	return tftypes.Object{AttributeTypes: attrs}
}

func computedComponents(items map[string]entity.ComponentValues, changed map[string]bool, prior tftypes.Value) tftypes.Value {
	return computedMap(entity.ComponentAttributes, items, changed, prior)
}

func computedReferences(items map[string]entity.ReferenceValues, changed map[string]bool, prior tftypes.Value) tftypes.Value {
	return computedMap(entity.ReferenceAttributes, items, changed, prior)
}

// computedMap renders what Ardoq assigned each item. A value not assigned yet ("", an item not created
// yet) is unknown, and so is the version of an item the request changes. An element equal to prior's
// (a computed map in state, or null) is prior's own, so that the new value holds no second copy of it.
func computedMap[M, V, E, C, U any](t entity.Attributes[M, V, E, C, U], items map[string]V, changed map[string]bool, prior tftypes.Value) tftypes.Value {
	elemType := computedType(t)
	priorElems := convert.ElementsOrNil(prior)
	elems := make(map[string]tftypes.Value, len(items))
	for key, item := range items {
		attrs := make(map[string]tftypes.Value, len(elemType.AttributeTypes))
		isNew := t.ID(&item) == ""
		for _, a := range t {
			switch {
			case !a.InBatch:
			case a.Number != nil && (isNew || changed[key]):
				attrs[a.Name] = tftypes.NewValue(tftypes.Number, tftypes.UnknownValue)
			case a.Number != nil:
				attrs[a.Name] = tftypes.NewValue(tftypes.Number, *a.Number(&item))
			case *a.Text(&item) == "":
				attrs[a.Name] = tftypes.NewValue(tftypes.String, tftypes.UnknownValue)
			default:
				attrs[a.Name] = tftypes.NewValue(tftypes.String, *a.Text(&item))
			}
		}
		elems[key] = tftypes.NewValue(elemType, attrs)
		if p, ok := priorElems[key]; ok && p.Equal(elems[key]) {
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
	return itemViewOf(entity.ComponentAttributes, &c)
}
func referenceView(r entity.ReferenceValues) itemView {
	return itemViewOf(entity.ReferenceAttributes, &r)
}

func itemViewOf[M, V, E, C, U any](t entity.Attributes[M, V, E, C, U], v *V) itemView {
	view := itemView{attrs: map[string]*string{}}
	for _, a := range t {
		switch a.Kind {
		case entity.KindComputed:
		case entity.KindCustomFields:
			view.fields = *a.Fields(v)
		case entity.KindOptionalText:
			view.attrs[a.Name] = *a.Optional(v)
		case entity.KindType:
			s := strconv.FormatInt(*a.Number(v), 10)
			view.attrs[a.Name] = &s
		default:
			if s := *a.Text(v); s != "" || a.Required {
				view.attrs[a.Name] = &s
			} else {
				view.attrs[a.Name] = nil
			}
		}
	}
	return view
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
		if w, ok := b[k]; !ok || !v.Equal(w) {
			return false
		}
	}
	return true
}

// naturalType is the type an attribute takes when the configuration gives none to follow.
func naturalType(attribute string) tftypes.Type {
	if a, ok := entity.ReferenceAttributes.ByName(attribute); ok && a.Kind == entity.KindType {
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
	if t.Is(tftypes.DynamicPseudoType) {
		t = natural
	}
	return convert.TextValue(*s, t)
}

// renderPlanned is the planned computed values: unknown where the request assigns them; the elements
// that stay as in state (prior) are state's own.
func renderPlanned(planned batchItems, keys batchOpKeys, prior batchRaw) batchRaw {
	return batchRaw{
		"computed_components": computedComponents(planned.Components, setOf(keys.componentUpdates), prior.get("computed_components")),
		"computed_references": computedReferences(planned.References, setOf(keys.referenceUpdates), prior.get("computed_references")),
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
