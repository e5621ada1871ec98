package provider

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The attributes an item may have; the order is the one error messages list them in.
var (
	batchComponentAttributes = []string{"root_workspace", "type_id", "name", "parent", "description", "color", "shape", "icon", "image", "custom_fields"}
	batchReferenceAttributes = []string{"source", "target", "type", "display_text", "description", "custom_fields"}
	batchRequired            = map[string]bool{"root_workspace": true, "type_id": true, "name": true, "source": true, "target": true, "type": true}
)

// itemDecoder turns the dynamic `components` and `references` values into batchItems, collecting
// every problem with its attribute path. known turns false at the first unknown value.
type itemDecoder struct {
	diags diag.Diagnostics
	known bool
}

// decodeBatchItems decodes both item values; known is false when some value is not known yet.
func decodeBatchItems(components, references tftypes.Value) (batchItems, bool, diag.Diagnostics) {
	d := &itemDecoder{known: true}
	items := batchItems{Components: map[string]batchComponent{}, References: map[string]batchReference{}}
	for key, item := range d.items(path.Root("components"), components) {
		if c, ok := d.component(path.Root("components").AtMapKey(key), item); ok {
			items.Components[key] = c
		}
	}
	for key, item := range d.items(path.Root("references"), references) {
		if r, ok := d.reference(path.Root("references").AtMapKey(key), item); ok {
			items.References[key] = r
		}
	}
	return items, d.known, d.diags
}

// items returns the elements of a map or object; null is no items.
func (d *itemDecoder) items(p path.Path, v tftypes.Value) map[string]tftypes.Value {
	if !d.present(v) {
		return nil
	}
	elems, ok := elementsOf(v)
	if !ok {
		d.diags.AddAttributeError(p, "Invalid Batch Items", fmt.Sprintf("%s must be a map of objects keyed by your own keys, "+
			"for example { api = { name = \"API\", ... } }; got %s.", pathText(p), typeText(v.Type())))
	}
	return elems
}

// elementsOf returns the attributes of an object or the elements of a map.
func elementsOf(v tftypes.Value) (map[string]tftypes.Value, bool) {
	if !v.Type().Is(tftypes.Object{}) && !v.Type().Is(tftypes.Map{}) {
		return nil, false
	}
	var elems map[string]tftypes.Value
	if err := v.As(&elems); err != nil {
		return nil, false
	}
	return elems, true
}

// attributes checks an item's attribute names and required values; ok is false when it is no object.
func (d *itemDecoder) attributes(p path.Path, item tftypes.Value, allowed []string) (map[string]tftypes.Value, bool) {
	if !item.IsKnown() {
		d.known = false
		return nil, false
	}
	attrs, ok := elementsOf(item)
	if !ok || item.IsNull() {
		d.diags.AddAttributeError(p, "Invalid Batch Item", fmt.Sprintf("%s must be an object with attributes %s; got %s.",
			pathText(p), strings.Join(allowed, ", "), typeText(item.Type())))
		return nil, false
	}
	for _, name := range sortedKeysOf(attrs) {
		if !slices.Contains(allowed, name) {
			d.diags.AddAttributeError(p.AtName(name), "Unsupported Batch Item Attribute", fmt.Sprintf("%s: %q is not an attribute of this "+
				"item; the attributes are %s.", pathText(p), name, strings.Join(allowed, ", ")))
		}
	}
	for _, name := range allowed {
		if v, ok := attrs[name]; batchRequired[name] && (!ok || v.IsNull()) {
			d.diags.AddAttributeError(p.AtName(name), "Missing Batch Item Attribute", fmt.Sprintf("%s: %q is required.", pathText(p), name))
		}
	}
	return attrs, true
}

func (d *itemDecoder) component(p path.Path, item tftypes.Value) (batchComponent, bool) {
	attrs, ok := d.attributes(p, item, batchComponentAttributes)
	if !ok {
		return batchComponent{}, false
	}
	c := batchComponent{
		RootWorkspace: d.text(p.AtName("root_workspace"), attrs["root_workspace"]),
		TypeID:        d.text(p.AtName("type_id"), attrs["type_id"]),
		Name:          d.text(p.AtName("name"), attrs["name"]),
		Parent:        d.text(p.AtName("parent"), attrs["parent"]),
		Description:   d.optText(p.AtName("description"), attrs["description"]),
		Color:         d.optText(p.AtName("color"), attrs["color"]),
		Shape:         d.optText(p.AtName("shape"), attrs["shape"]),
		Icon:          d.optText(p.AtName("icon"), attrs["icon"]),
		Image:         d.optText(p.AtName("image"), attrs["image"]),
		CustomFields:  d.fields(p.AtName("custom_fields"), attrs["custom_fields"]),
	}
	if attrs["root_workspace"].IsKnown() && !oidPattern.MatchString(c.RootWorkspace) {
		d.diags.AddAttributeError(p.AtName("root_workspace"), "Invalid Workspace Id", fmt.Sprintf("%s.root_workspace: %q is not an "+
			"Ardoq id (24 hexadecimal characters).", pathText(p), c.RootWorkspace))
	}
	if attrs["name"].IsKnown() && c.Name == "" {
		d.diags.AddAttributeError(p.AtName("name"), "Empty Component Name", pathText(p)+".name must not be empty.")
	}
	return c, true
}

func (d *itemDecoder) reference(p path.Path, item tftypes.Value) (batchReference, bool) {
	attrs, ok := d.attributes(p, item, batchReferenceAttributes)
	if !ok {
		return batchReference{}, false
	}
	return batchReference{
		Source:       d.text(p.AtName("source"), attrs["source"]),
		Target:       d.text(p.AtName("target"), attrs["target"]),
		Type:         d.integer(p.AtName("type"), attrs["type"]),
		DisplayText:  d.optText(p.AtName("display_text"), attrs["display_text"]),
		Description:  d.optText(p.AtName("description"), attrs["description"]),
		CustomFields: d.fields(p.AtName("custom_fields"), attrs["custom_fields"]),
	}, true
}

// present reports whether v has a known value; an unknown one makes the items not known yet.
func (d *itemDecoder) present(v tftypes.Value) bool {
	if v.Type() == nil || v.IsNull() {
		return false
	}
	if !v.IsKnown() {
		d.known = false
		return false
	}
	return true
}

// optText reads a string attribute; absent and null are nil. Numbers and booleans are written as
// strings, as Terraform converts them for string attributes.
func (d *itemDecoder) optText(p path.Path, v tftypes.Value) *string {
	if !d.present(v) {
		return nil
	}
	s, ok := scalarText(v)
	if !ok {
		d.diags.AddAttributeError(p, "Invalid Batch Item Attribute", fmt.Sprintf("%s must be a string; got %s.", pathText(p), typeText(v.Type())))
		return nil
	}
	return &s
}

func (d *itemDecoder) text(p path.Path, v tftypes.Value) string {
	if s := d.optText(p, v); s != nil {
		return *s
	}
	return ""
}

func (d *itemDecoder) integer(p path.Path, v tftypes.Value) int64 {
	s := d.optText(p, v)
	if s == nil {
		return 0
	}
	n, err := strconv.ParseInt(*s, 10, 64)
	if err != nil {
		d.diags.AddAttributeError(p, "Invalid Batch Item Attribute", fmt.Sprintf("%s must be a whole number; got %q.", pathText(p), *s))
	}
	return n
}

// fields reads custom_fields into the strings planBatch types by field definition: lists become JSON.
// A null value is the same as leaving the key out.
func (d *itemDecoder) fields(p path.Path, v tftypes.Value) map[string]string {
	if !d.present(v) {
		return nil
	}
	elems, ok := elementsOf(v)
	if !ok {
		d.diags.AddAttributeError(p, "Invalid Custom Fields", fmt.Sprintf("%s must be an object of values by field API key; got %s.",
			pathText(p), typeText(v.Type())))
		return nil
	}
	out := make(map[string]string, len(elems))
	for key, value := range elems {
		switch {
		case value.IsNull():
		case !value.IsFullyKnown():
			d.known = false
		default:
			s, ok := fieldText(value)
			if !ok {
				d.diags.AddAttributeError(p.AtMapKey(key), "Invalid Custom Field Value", fmt.Sprintf("%s[%q] must be a string, number, "+
					"boolean or list of strings; got %s.", pathText(p), key, typeText(value.Type())))
				continue
			}
			out[key] = s
		}
	}
	return out
}

// scalarText renders a known string, number or boolean as text.
func scalarText(v tftypes.Value) (string, bool) {
	switch {
	case v.Type().Is(tftypes.String):
		var s string
		return s, v.As(&s) == nil
	case v.Type().Is(tftypes.Number):
		var f big.Float
		if v.As(&f) != nil {
			return "", false
		}
		return f.Text('f', -1), true
	case v.Type().Is(tftypes.Bool):
		var b bool
		if v.As(&b) != nil {
			return "", false
		}
		return strconv.FormatBool(b), true
	}
	return "", false
}

// fieldText renders a custom field value: scalars as text, lists of strings (multi-select) as JSON.
func fieldText(v tftypes.Value) (string, bool) {
	if s, ok := scalarText(v); ok {
		return s, true
	}
	if !v.Type().Is(tftypes.List{}) && !v.Type().Is(tftypes.Tuple{}) && !v.Type().Is(tftypes.Set{}) {
		return "", false
	}
	var elems []tftypes.Value
	if v.As(&elems) != nil {
		return "", false
	}
	list := make([]string, 0, len(elems))
	for _, e := range elems {
		var s string
		if !e.Type().Is(tftypes.String) || e.IsNull() || e.As(&s) != nil {
			return "", false
		}
		list = append(list, s)
	}
	b, _ := json.Marshal(list)
	return string(b), true
}

// pathText writes an item path as configuration does: components["api"].custom_fields["cost"].
func pathText(p path.Path) string {
	var b strings.Builder
	for i, step := range p.Steps() {
		switch s := step.(type) {
		case path.PathStepAttributeName:
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(string(s))
		case path.PathStepElementKeyString:
			fmt.Fprintf(&b, "[%q]", string(s))
		}
	}
	return b.String()
}

// typeText names a value's type the way Terraform users write types.
func typeText(t tftypes.Type) string {
	switch {
	case t == nil:
		return "nothing"
	case t.Is(tftypes.Object{}):
		return "an object"
	case t.Is(tftypes.Map{}):
		return "a map"
	case t.Is(tftypes.List{}), t.Is(tftypes.Tuple{}), t.Is(tftypes.Set{}):
		return "a list"
	case t.Is(tftypes.String):
		return "a string"
	case t.Is(tftypes.Number):
		return "a number"
	case t.Is(tftypes.Bool):
		return "a boolean"
	}
	return t.String()
}
