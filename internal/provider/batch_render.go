package provider

import (
	"encoding/json"
	"math/big"
	"strconv"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// itemView is an item as text, the form both the configuration and Ardoq's values are compared in.
type itemView struct {
	attrs  map[string]*string // nil is unset
	fields map[string]string  // managed custom fields that have a value
}

func componentView(c batchComponent) itemView {
	return itemView{attrs: map[string]*string{"root_workspace": &c.RootWorkspace, "type_id": &c.TypeID, "name": &c.Name,
		"parent": textOrNil(c.Parent), "description": c.Description, "color": c.Color, "shape": c.Shape, "icon": c.Icon,
		"image": c.Image}, fields: c.CustomFields}
}

func referenceView(r batchReference) itemView {
	typ := strconv.FormatInt(r.Type, 10)
	return itemView{attrs: map[string]*string{"source": &r.Source, "target": &r.Target, "type": &typ,
		"display_text": r.DisplayText, "description": r.Description}, fields: r.CustomFields}
}

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
	priorItems := elementsOrNil(prior)
	if priorItems == nil {
		return prior
	}
	out := make(map[string]tftypes.Value, len(views))
	for key, item := range priorItems {
		if view, ok := views[key]; ok {
			out[key] = renderItem(item, view)
		}
	}
	return objectOrMap(prior.Type(), out)
}

func renderItem(prior tftypes.Value, view itemView) tftypes.Value {
	priorAttrs, _ := elementsOf(prior)
	out := make(map[string]tftypes.Value, len(priorAttrs))
	for name, pv := range priorAttrs {
		if name == "custom_fields" {
			out[name] = renderFields(pv, view.fields)
			continue
		}
		out[name] = renderText(pv, view.attrs[name], naturalType(name))
	}
	for name, s := range view.attrs {
		if _, had := priorAttrs[name]; !had && s != nil {
			out[name] = textValue(*s, naturalType(name))
		}
	}
	return objectOrMap(prior.Type(), out)
}

// naturalType is the type an attribute takes when the configuration gives none to follow.
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
		if text, ok := scalarText(prior); ok && text == *s {
			return prior
		}
	}
	t := prior.Type()
	if t.Is(tftypes.DynamicPseudoType) {
		t = natural
	}
	return textValue(*s, t)
}

func renderFields(prior tftypes.Value, fields map[string]string) tftypes.Value {
	priorFields := elementsOrNil(prior)
	if priorFields == nil {
		return prior
	}
	out := make(map[string]tftypes.Value, len(priorFields))
	for key, pv := range priorFields {
		s, ok := fields[key]
		switch {
		case !ok:
			out[key] = tftypes.NewValue(pv.Type(), nil)
		case pv.IsKnown() && !pv.IsNull() && sameText(pv, s):
			out[key] = pv
		default:
			out[key] = textValue(s, pv.Type())
		}
	}
	return objectOrMap(prior.Type(), out)
}

func sameText(v tftypes.Value, s string) bool {
	text, ok := fieldText(v)
	return ok && text == s
}

// textValue writes s as a value of type t: a number, boolean or list of strings when s reads as one,
// and a string otherwise (the type then changes, which Terraform shows).
func textValue(s string, t tftypes.Type) tftypes.Value {
	switch {
	case t.Is(tftypes.Number):
		if f, _, err := big.ParseFloat(s, 10, 512, big.ToNearestEven); err == nil {
			return tftypes.NewValue(tftypes.Number, f)
		}
	case t.Is(tftypes.Bool):
		if b, err := strconv.ParseBool(s); err == nil {
			return tftypes.NewValue(tftypes.Bool, b)
		}
	case t.Is(tftypes.List{}), t.Is(tftypes.Tuple{}), t.Is(tftypes.Set{}):
		var list []string
		if json.Unmarshal([]byte(s), &list) == nil {
			return stringListValue(t, list)
		}
	}
	return tftypes.NewValue(tftypes.String, s)
}

func stringListValue(t tftypes.Type, list []string) tftypes.Value {
	elems := make([]tftypes.Value, len(list))
	types := make([]tftypes.Type, len(list))
	for i, s := range list {
		elems[i], types[i] = tftypes.NewValue(tftypes.String, s), tftypes.String
	}
	switch {
	case t.Is(tftypes.List{}):
		return tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, elems)
	case t.Is(tftypes.Set{}):
		return tftypes.NewValue(tftypes.Set{ElementType: tftypes.String}, elems)
	}
	return tftypes.NewValue(tftypes.Tuple{ElementTypes: types}, elems)
}

// objectOrMap builds a map when the prior value was one and every element still has its element
// type, and an object otherwise.
func objectOrMap(prior tftypes.Type, elems map[string]tftypes.Value) tftypes.Value {
	if m, isMap := prior.(tftypes.Map); isMap {
		same := true
		for _, v := range elems {
			same = same && v.Type().Equal(m.ElementType)
		}
		if same {
			return tftypes.NewValue(m, elems)
		}
	}
	types := make(map[string]tftypes.Type, len(elems))
	for k, v := range elems {
		types[k] = v.Type()
	}
	return tftypes.NewValue(tftypes.Object{AttributeTypes: types}, elems)
}
