package batch

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

// The decode stage of ardoq_batch: Terraform values to items. The items are dynamic values the
// provider reads itself (schema.go says why); every problem is reported with its path.

// batchItems are an ardoq_batch's items by key, in the form both single resources map through too.
type batchItems struct {
	Components map[string]entity.ComponentValues
	References map[string]entity.ReferenceValues
}

// batchRaw is the resource's raw value by attribute: the items are one dynamic value each, which the
// provider reads and writes as tftypes without the framework's per-attribute conversions.
type batchRaw map[string]tftypes.Value

func batchRawOf(v tftypes.Value) batchRaw {
	var attrs map[string]tftypes.Value
	if v.IsNull() || !v.IsKnown() || v.As(&attrs) != nil {
		return batchRaw{}
	}
	return attrs
}

// value builds the resource value of the given schema type, with t's attributes replaced by these.
func (b batchRaw) value(t tftypes.Type, with batchRaw) tftypes.Value {
	attrs := make(map[string]tftypes.Value, len(b)+len(with))
	schemaType, _ := t.(tftypes.Object) // a resource's type is always an object
	for name, at := range schemaType.AttributeTypes {
		attrs[name] = tftypes.NewValue(at, nil)
		if v, ok := b[name]; ok {
			attrs[name] = v
		}
		if v, ok := with[name]; ok {
			attrs[name] = v
		}
	}
	return tftypes.NewValue(t, attrs)
}

func (b batchRaw) get(name string) tftypes.Value {
	if v, ok := b[name]; ok {
		return v
	}
	return tftypes.NewValue(tftypes.DynamicPseudoType, nil)
}

// strings reads a list of strings (adopt_components_by, adopt_references_by).
func (b batchRaw) strings(name string) []string {
	var elems []tftypes.Value
	if v := b.get(name); v.IsNull() || !v.IsKnown() || v.As(&elems) != nil {
		return nil
	}
	out := make([]string, 0, len(elems))
	for _, e := range elems {
		var s string
		if e.As(&s) == nil {
			out = append(out, s)
		}
	}
	return out
}

// planned decodes the configured items; known is false when some value is not known yet.
func (b batchRaw) planned() (batchItems, bool, diag.Diagnostics) {
	return decodeBatchItems(b.get("components"), b.get("references"))
}

// items decodes the items of a state with what Ardoq assigned them (the computed maps, render.go).
func (b batchRaw) items() batchItems {
	items, _, _ := b.planned()
	readAssigned(items, b.get("computed_components"), b.get("computed_references"))
	return items
}

func rawString(obj tftypes.Value, name string) string {
	return attrString(convert.ElementsOrNil(obj), name)
}

// attrString and attrInt read an attribute of an object whose attributes are read already: an object
// read once for all of them (tftypes builds its attribute map anew at every read).
func attrString(attrs map[string]tftypes.Value, name string) string {
	var s string
	if v, ok := attrs[name]; ok && v.IsKnown() && !v.IsNull() {
		_ = v.As(&s)
	}
	return s
}

func attrInt(attrs map[string]tftypes.Value, name string) int64 {
	var f big.Float
	if v, ok := attrs[name]; ok && v.IsKnown() && !v.IsNull() && v.As(&f) == nil {
		n, _ := f.Int64()
		return n
	}
	return 0
}

// itemDecoder turns the dynamic `components` and `references` values into batchItems, collecting
// every problem with its attribute path. known turns false at the first unknown value.
type itemDecoder struct {
	diags diag.Diagnostics
	known bool
}

// The attributes of the items, in the order messages list them.
var (
	componentItemAttributes = []string{"root_workspace", "type_id", "name", "parent", "description", "color", "shape", "icon", "image",
		"custom_fields"}
	referenceItemAttributes = []string{"source", "target", "type", "display_text", "description", "custom_fields"}
)

// decodeBatchItems decodes both item values; known is false when some value is not known yet.
func decodeBatchItems(components, references tftypes.Value) (batchItems, bool, diag.Diagnostics) {
	d := &itemDecoder{known: true}
	items := batchItems{Components: map[string]entity.ComponentValues{}, References: map[string]entity.ReferenceValues{}}
	for key, item := range d.items(path.Root("components"), components) {
		p := path.Root("components").AtMapKey(key)
		if attrs, ok := d.attributes(p, item, componentItemAttributes); ok {
			d.checkWorkspace(p, attrs["root_workspace"])
			items.Components[key] = d.component(p, attrs)
		}
	}
	for key, item := range d.items(path.Root("references"), references) {
		p := path.Root("references").AtMapKey(key)
		if attrs, ok := d.attributes(p, item, referenceItemAttributes); ok {
			items.References[key] = d.reference(p, attrs)
		}
	}
	return items, d.known, d.diags
}

// component reads a component item's attributes: the required ones must be there, and strings given
// must not be empty (as ardoq_component requires); a parent may be an item's key.
func (d *itemDecoder) component(p path.Path, attrs map[string]tftypes.Value) entity.ComponentValues {
	var c entity.ComponentValues
	c.RootWorkspace = d.requiredText(p, attrs, "root_workspace")
	c.TypeID = d.requiredText(p, attrs, "type_id")
	c.Name = d.requiredText(p, attrs, "name")
	c.Parent = d.componentRef(p, attrs, "parent", false)
	c.Description = d.optionalText(p, attrs, "description")
	c.Color = d.optionalText(p, attrs, "color")
	c.Shape = d.optionalText(p, attrs, "shape")
	c.Icon = d.optionalText(p, attrs, "icon")
	c.Image = d.optionalText(p, attrs, "image")
	c.CustomFields = d.customFields(p, attrs)
	return c
}

// reference reads a reference item's attributes (see component); its source and target may be items' keys.
func (d *itemDecoder) reference(p path.Path, attrs map[string]tftypes.Value) entity.ReferenceValues {
	var r entity.ReferenceValues
	r.Source = d.componentRef(p, attrs, "source", true)
	r.Target = d.componentRef(p, attrs, "target", true)
	if v, ok := d.required(p, attrs, "type"); ok {
		r.Type = d.integer(p.AtName("type"), v)
	}
	r.DisplayText = d.optionalText(p, attrs, "display_text")
	r.Description = d.optionalText(p, attrs, "description")
	r.CustomFields = d.customFields(p, attrs)
	return r
}

// items returns the elements of a map or object; null is no items.
func (d *itemDecoder) items(p path.Path, v tftypes.Value) map[string]tftypes.Value {
	if !d.present(v) {
		return nil
	}
	elems, ok := convert.ElementsOf(v)
	if !ok {
		d.diags.AddAttributeError(p, "Invalid Batch Items", fmt.Sprintf("%s must be a map of objects keyed by your own keys, "+
			"for example { api = { name = \"API\", ... } }; got %s.", convert.PathText(p), convert.TypeText(v.Type())))
	}
	return elems
}

// attributes checks an item's attribute names; ok is false when it is no object.
func (d *itemDecoder) attributes(p path.Path, item tftypes.Value, allowed []string) (map[string]tftypes.Value, bool) {
	if !item.IsKnown() {
		d.known = false
		return nil, false
	}
	attrs, ok := convert.ElementsOf(item)
	if !ok || item.IsNull() {
		d.diags.AddAttributeError(p, "Invalid Batch Item", fmt.Sprintf("%s must be an object with attributes %s; got %s.",
			convert.PathText(p), strings.Join(allowed, ", "), convert.TypeText(item.Type())))
		return nil, false
	}
	for _, name := range unsupported(attrs, allowed) {
		d.diags.AddAttributeError(p.AtName(name), "Unsupported Batch Item Attribute", fmt.Sprintf("%s: %q is not an attribute of this "+
			"item%s; the attributes are %s.", convert.PathText(p), name, didYouMean(name, allowed), strings.Join(allowed, ", ")))
	}
	return attrs, true
}

// unsupported is the names in attrs that are not allowed, sorted (none for an item without mistakes).
func unsupported(attrs map[string]tftypes.Value, allowed []string) []string {
	var names []string
	for name := range attrs {
		if !slices.Contains(allowed, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// didYouMean is ` (did you mean "type_id"?)` for the allowed names closest to name, or "" when none is close.
func didYouMean(name string, allowed []string) string {
	near := wsmodel.ClosestNames(name, allowed)
	if len(near) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(quoted(near), " or ") + "?)"
}

func quoted(names []string) []string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return q
}

// required is the value of a required attribute; ok is false, with an error, when it is missing or null.
func (d *itemDecoder) required(p path.Path, attrs map[string]tftypes.Value, name string) (v tftypes.Value, ok bool) {
	if v, ok = attrs[name]; !ok || v.IsNull() {
		d.diags.AddAttributeError(p.AtName(name), "Missing Batch Item Attribute", fmt.Sprintf("%s: %q is required.", convert.PathText(p), name))
		return v, false
	}
	return v, true
}

// requiredText reads a required string attribute, which must not be empty.
func (d *itemDecoder) requiredText(p path.Path, attrs map[string]tftypes.Value, name string) string {
	v, ok := d.required(p, attrs, name)
	if !ok {
		return ""
	}
	s := d.text(p.AtName(name), v)
	if v.IsKnown() {
		d.diags.Append(entity.NotEmpty{}.Check(p.AtName(name), s)...)
	}
	return s
}

// componentRef reads a component id or a component item's key ("" for none).
func (d *itemDecoder) componentRef(p path.Path, attrs map[string]tftypes.Value, name string, required bool) string {
	v, given := attrs[name]
	if required {
		v, given = d.required(p, attrs, name)
	}
	if !given {
		return ""
	}
	return d.text(p.AtName(name), v)
}

// optionalText reads an optional string attribute: absent and null are nil, and "" is refused.
func (d *itemDecoder) optionalText(p path.Path, attrs map[string]tftypes.Value, name string) *string {
	v, given := attrs[name]
	if !given {
		return nil
	}
	s := d.optText(p.AtName(name), v)
	if s != nil {
		d.diags.Append(entity.NotEmpty{Optional: true}.Check(p.AtName(name), *s)...)
	}
	return s
}

// customFields reads custom_fields (core/fields); absent is none.
func (d *itemDecoder) customFields(p path.Path, attrs map[string]tftypes.Value) map[string]fields.Value {
	v, given := attrs["custom_fields"]
	if !given {
		return nil
	}
	values, known, diags := fields.Decode(p.AtName("custom_fields"), v)
	d.known = d.known && known
	d.diags.Append(diags...)
	return values
}

// checkWorkspace checks that a component's root_workspace is an Ardoq id.
func (d *itemDecoder) checkWorkspace(p path.Path, v tftypes.Value) {
	if v.Type() == nil || !v.IsKnown() || v.IsNull() {
		return
	}
	if ws, ok := convert.ScalarText(v); ok && !entity.OIDPattern.MatchString(ws) {
		d.diags.AddAttributeError(p.AtName("root_workspace"), "Invalid Workspace Id", fmt.Sprintf("%s.root_workspace: %q is not an "+
			"Ardoq id (24 hexadecimal characters).", convert.PathText(p), ws))
	}
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
	s, ok := convert.ScalarText(v)
	if !ok {
		d.diags.AddAttributeError(p, "Invalid Batch Item Attribute", fmt.Sprintf("%s must be a string; got %s.", convert.PathText(p), convert.TypeText(v.Type())))
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
		d.diags.AddAttributeError(p, "Invalid Batch Item Attribute", fmt.Sprintf("%s must be a whole number; got %q.", convert.PathText(p), *s))
	}
	return n
}
