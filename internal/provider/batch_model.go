package provider

import (
	"encoding/json"
	"math/big"
	"strconv"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// The Terraform types of the computed_components and computed_references elements.
var (
	computedComponentType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"id": tftypes.String, "version": tftypes.Number, "component_key": tftypes.String}}
	computedReferenceType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"id": tftypes.String, "version": tftypes.Number, "root_workspace": tftypes.String, "target_workspace": tftypes.String}}
)

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

// items decodes the items with what Ardoq assigned them (ids, versions, keys, workspaces).
func (b batchRaw) items() batchItems {
	items, _, _ := decodeBatchItems(b.get("components"), b.get("references"))
	for key, v := range elementsOrNil(b.get("computed_components")) {
		if c, ok := items.Components[key]; ok {
			c.ID, c.Version, c.ComponentKey = rawString(v, "id"), rawInt(v, "version"), rawString(v, "component_key")
			items.Components[key] = c
		}
	}
	for key, v := range elementsOrNil(b.get("computed_references")) {
		if r, ok := items.References[key]; ok {
			r.ID, r.Version = rawString(v, "id"), rawInt(v, "version")
			r.RootWorkspace, r.TargetWorkspace = rawString(v, "root_workspace"), rawString(v, "target_workspace")
			items.References[key] = r
		}
	}
	return items
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

func elementsOrNil(v tftypes.Value) map[string]tftypes.Value {
	if v.IsNull() || !v.IsKnown() {
		return nil
	}
	elems, _ := elementsOf(v)
	return elems
}

func rawString(obj tftypes.Value, name string) string {
	var s string
	if v, ok := elementsOrNil(obj)[name]; ok && v.IsKnown() && !v.IsNull() {
		_ = v.As(&s)
	}
	return s
}

func rawInt(obj tftypes.Value, name string) int64 {
	var f big.Float
	if v, ok := elementsOrNil(obj)[name]; ok && v.IsKnown() && !v.IsNull() && v.As(&f) == nil {
		n, _ := f.Int64()
		return n
	}
	return 0
}

// computedComponents renders ids, versions and keys; an item without an id yet is unknown, and so is
// the version of an item the request changes.
func computedComponents(items map[string]batchComponent, changed map[string]bool) tftypes.Value {
	elems := make(map[string]tftypes.Value, len(items))
	for key, c := range items {
		id, version, ck := knownString(c.ID), knownNumber(c.Version), knownString(c.ComponentKey)
		if c.ID == "" {
			id, ck = unknown(tftypes.String), unknown(tftypes.String)
		}
		if c.ID == "" || changed[key] {
			version = unknown(tftypes.Number)
		}
		elems[key] = tftypes.NewValue(computedComponentType, map[string]tftypes.Value{"id": id, "version": version, "component_key": ck})
	}
	return tftypes.NewValue(tftypes.Map{ElementType: computedComponentType}, elems)
}

// computedReferences renders ids, versions and workspaces, unknown where not known yet (as above).
func computedReferences(items map[string]batchReference, changed map[string]bool) tftypes.Value {
	elems := make(map[string]tftypes.Value, len(items))
	for key, r := range items {
		id, version := knownString(r.ID), knownNumber(r.Version)
		rootWS, targetWS := knownString(r.RootWorkspace), knownString(r.TargetWorkspace)
		if r.ID == "" {
			id = unknown(tftypes.String)
		}
		if r.ID == "" || changed[key] {
			version = unknown(tftypes.Number)
		}
		if r.RootWorkspace == "" {
			rootWS = unknown(tftypes.String)
		}
		if r.TargetWorkspace == "" {
			targetWS = unknown(tftypes.String)
		}
		elems[key] = tftypes.NewValue(computedReferenceType, map[string]tftypes.Value{"id": id, "version": version,
			"root_workspace": rootWS, "target_workspace": targetWS})
	}
	return tftypes.NewValue(tftypes.Map{ElementType: computedReferenceType}, elems)
}

func knownString(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
func knownNumber(n int64) tftypes.Value  { return tftypes.NewValue(tftypes.Number, n) }
func unknown(t tftypes.Type) tftypes.Value {
	return tftypes.NewValue(t, tftypes.UnknownValue)
}

// batchComponentFromAPI maps a returned component onto an item, keeping the configuration's way of
// writing the parent (an item key) and its custom field values where they mean the same.
func batchComponentFromAPI(c *client.Component, want batchComponent, ids map[string]string) batchComponent {
	return batchComponent{ID: c.ID, Version: c.Version, ComponentKey: c.ComponentKey, RootWorkspace: c.RootWorkspace, TypeID: c.TypeID,
		Name: c.Name, Parent: refFromAPI(c.Parent, want.Parent, ids), Description: c.Description, Color: c.Color, Shape: c.Shape,
		Icon: c.Icon, Image: c.Image, CustomFields: managedFields(c.CustomFields, want.CustomFields)}
}

func batchReferenceFromAPI(r *client.Reference, want batchReference, ids map[string]string) batchReference {
	display := r.DisplayText
	if display != nil && *display == "" {
		display = nil
	}
	return batchReference{ID: r.ID, Version: r.Version, RootWorkspace: r.RootWorkspace, TargetWorkspace: r.TargetWorkspace,
		Source: refFromAPI(&r.Source, want.Source, ids), Target: refFromAPI(&r.Target, want.Target, ids), Type: r.Type,
		DisplayText: display, Description: r.Description, CustomFields: managedFields(r.CustomFields, want.CustomFields)}
}

// refFromAPI writes a component id as the configuration did: the item key that stands for it, the id
// itself, or (after a change in Ardoq) the key of whichever item now has that id.
func refFromAPI(apiID *string, configured string, ids map[string]string) string {
	if apiID == nil {
		return ""
	}
	if configured != "" && (ids[configured] == *apiID || configured == *apiID) {
		return configured
	}
	for key, id := range ids {
		if id == *apiID {
			return key
		}
	}
	return *apiID
}

// managedFields keeps the configured keys only (a key cleared in Ardoq is left out, which shows as drift).
func managedFields(api client.CustomFields, configured map[string]string) map[string]string {
	if configured == nil {
		return nil
	}
	out := map[string]string{}
	for k, want := range configured {
		v, ok := api[k]
		if !ok || v == nil {
			continue
		}
		got := fieldValueString(v)
		if got != want && sameFieldValue(want, v) {
			got = want
		}
		out[k] = got
	}
	return out
}

func sameFieldValue(configured string, v any) bool {
	if n, ok := v.(json.Number); ok {
		a, errA := strconv.ParseFloat(configured, 64)
		b, errB := n.Float64()
		return errA == nil && errB == nil && a == b
	}
	if list, ok := v.([]any); ok {
		var want []string
		if json.Unmarshal([]byte(configured), &want) != nil || len(want) != len(list) {
			return false
		}
		for i := range want {
			if s, _ := list[i].(string); s != want[i] {
				return false
			}
		}
		return true
	}
	return false
}
