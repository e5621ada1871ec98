package provider

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

type batchModel struct {
	ID                types.String `tfsdk:"id"`
	AdoptComponentsBy types.List   `tfsdk:"adopt_components_by"`
	AdoptReferencesBy types.List   `tfsdk:"adopt_references_by"`
	Components        types.Map    `tfsdk:"components"`
	References        types.Map    `tfsdk:"references"`
}

type batchComponentModel struct {
	ID            types.String `tfsdk:"id"`
	Version       types.Int64  `tfsdk:"version"`
	ComponentKey  types.String `tfsdk:"component_key"`
	RootWorkspace types.String `tfsdk:"root_workspace"`
	TypeID        types.String `tfsdk:"type_id"`
	Name          types.String `tfsdk:"name"`
	Parent        types.String `tfsdk:"parent"`
	Description   types.String `tfsdk:"description"`
	Color         types.String `tfsdk:"color"`
	Shape         types.String `tfsdk:"shape"`
	Icon          types.String `tfsdk:"icon"`
	Image         types.String `tfsdk:"image"`
	CustomFields  types.Map    `tfsdk:"custom_fields"`
}

type batchReferenceModel struct {
	ID              types.String `tfsdk:"id"`
	Version         types.Int64  `tfsdk:"version"`
	RootWorkspace   types.String `tfsdk:"root_workspace"`
	TargetWorkspace types.String `tfsdk:"target_workspace"`
	Source          types.String `tfsdk:"source"`
	Target          types.String `tfsdk:"target"`
	Type            types.Int64  `tfsdk:"type"`
	DisplayText     types.String `tfsdk:"display_text"`
	Description     types.String `tfsdk:"description"`
	CustomFields    types.Map    `tfsdk:"custom_fields"`
}

var (
	batchComponentAttrTypes = map[string]attr.Type{
		"id": types.StringType, "version": types.Int64Type, "component_key": types.StringType, "root_workspace": types.StringType,
		"type_id": types.StringType, "name": types.StringType, "parent": types.StringType, "description": types.StringType,
		"color": types.StringType, "shape": types.StringType, "icon": types.StringType, "image": types.StringType,
		"custom_fields": types.MapType{ElemType: types.StringType},
	}
	batchReferenceAttrTypes = map[string]attr.Type{
		"id": types.StringType, "version": types.Int64Type, "root_workspace": types.StringType, "target_workspace": types.StringType,
		"source": types.StringType, "target": types.StringType, "type": types.Int64Type, "display_text": types.StringType,
		"description": types.StringType, "custom_fields": types.MapType{ElemType: types.StringType},
	}
)

// itemsOf decodes the models' maps; known is false when some configured value is not known yet.
func itemsOf(ctx context.Context, m batchModel) (items batchItems, known bool, diags diag.Diagnostics) {
	items = batchItems{Components: map[string]batchComponent{}, References: map[string]batchReference{}}
	if m.Components.IsUnknown() || m.References.IsUnknown() {
		return items, false, diags
	}
	known = true
	var comps map[string]batchComponentModel
	var refs map[string]batchReferenceModel
	if !m.Components.IsNull() {
		diags.Append(m.Components.ElementsAs(ctx, &comps, false)...)
	}
	if !m.References.IsNull() {
		diags.Append(m.References.ElementsAs(ctx, &refs, false)...)
	}
	for k, c := range comps {
		known = known && !anyUnknown(c.RootWorkspace, c.TypeID, c.Name, c.Parent, c.Description, c.Color, c.Shape, c.Icon, c.Image, c.CustomFields)
		items.Components[k] = batchComponent{ID: c.ID.ValueString(), Version: c.Version.ValueInt64(), ComponentKey: c.ComponentKey.ValueString(),
			RootWorkspace: c.RootWorkspace.ValueString(), TypeID: c.TypeID.ValueString(), Name: c.Name.ValueString(), Parent: c.Parent.ValueString(),
			Description: c.Description.ValueStringPointer(), Color: c.Color.ValueStringPointer(), Shape: c.Shape.ValueStringPointer(),
			Icon: c.Icon.ValueStringPointer(), Image: c.Image.ValueStringPointer(), CustomFields: stringMap(ctx, c.CustomFields)}
	}
	for k, r := range refs {
		known = known && !anyUnknown(r.Source, r.Target, r.Type, r.DisplayText, r.Description, r.CustomFields)
		items.References[k] = batchReference{ID: r.ID.ValueString(), Version: r.Version.ValueInt64(), RootWorkspace: r.RootWorkspace.ValueString(),
			TargetWorkspace: r.TargetWorkspace.ValueString(), Source: r.Source.ValueString(), Target: r.Target.ValueString(), Type: r.Type.ValueInt64(),
			DisplayText: r.DisplayText.ValueStringPointer(), Description: r.Description.ValueStringPointer(), CustomFields: stringMap(ctx, r.CustomFields)}
	}
	return items, known, diags
}

func anyUnknown(values ...attr.Value) bool {
	for _, v := range values {
		if v.IsUnknown() {
			return true
		}
		if m, ok := v.(types.Map); ok {
			for _, e := range m.Elements() {
				if e.IsUnknown() {
					return true
				}
			}
		}
	}
	return false
}

func stringMap(ctx context.Context, m types.Map) map[string]string {
	if m.IsNull() || m.IsUnknown() {
		return nil
	}
	out := map[string]string{}
	_ = m.ElementsAs(ctx, &out, false)
	return out
}

// itemsToModel renders items as the resource's maps. configured says which optional values were null in
// configuration (custom_fields null versus {}).
func itemsToModel(items batchItems, configured batchItems, unknownComputed map[string]bool) (types.Map, types.Map, diag.Diagnostics) {
	var diags diag.Diagnostics
	comps := map[string]attr.Value{}
	for k, c := range items.Components {
		id, version, key := types.StringValue(c.ID), types.Int64Value(c.Version), types.StringValue(c.ComponentKey)
		if c.ID == "" {
			id, key = types.StringUnknown(), types.StringUnknown()
		}
		if c.ID == "" || unknownComputed["components/"+k] {
			version = types.Int64Unknown()
		}
		obj, d := types.ObjectValue(batchComponentAttrTypes, map[string]attr.Value{
			"id": id, "version": version, "component_key": key, "root_workspace": types.StringValue(c.RootWorkspace),
			"type_id": types.StringValue(c.TypeID), "name": types.StringValue(c.Name), "parent": optString(c.Parent),
			"description": types.StringPointerValue(c.Description), "color": types.StringPointerValue(c.Color),
			"shape": types.StringPointerValue(c.Shape), "icon": types.StringPointerValue(c.Icon), "image": types.StringPointerValue(c.Image),
			"custom_fields": fieldsValue(c.CustomFields, configured.Components[k].CustomFields),
		})
		diags.Append(d...)
		comps[k] = obj
	}
	refs := map[string]attr.Value{}
	for k, r := range items.References {
		id, version := types.StringValue(r.ID), types.Int64Value(r.Version)
		rootWS, targetWS := types.StringValue(r.RootWorkspace), types.StringValue(r.TargetWorkspace)
		if r.ID == "" || unknownComputed["references/"+k] {
			version = types.Int64Unknown()
		}
		if r.ID == "" {
			id = types.StringUnknown()
		}
		if r.RootWorkspace == "" {
			rootWS = types.StringUnknown()
		}
		if r.TargetWorkspace == "" {
			targetWS = types.StringUnknown()
		}
		obj, d := types.ObjectValue(batchReferenceAttrTypes, map[string]attr.Value{
			"id": id, "version": version, "root_workspace": rootWS, "target_workspace": targetWS,
			"source": types.StringValue(r.Source), "target": types.StringValue(r.Target), "type": types.Int64Value(r.Type),
			"display_text": types.StringPointerValue(r.DisplayText), "description": types.StringPointerValue(r.Description),
			"custom_fields": fieldsValue(r.CustomFields, configured.References[k].CustomFields),
		})
		diags.Append(d...)
		refs[k] = obj
	}
	cm, d := types.MapValue(types.ObjectType{AttrTypes: batchComponentAttrTypes}, comps)
	diags.Append(d...)
	rm, d := types.MapValue(types.ObjectType{AttrTypes: batchReferenceAttrTypes}, refs)
	diags.Append(d...)
	return cm, rm, diags
}

func optString(s string) types.String {
	if s == "" {
		return types.StringNull()
	}
	return types.StringValue(s)
}

// fieldsValue is null when the configuration had no custom_fields and nothing is set.
func fieldsValue(values, configured map[string]string) types.Map {
	if values == nil && configured == nil {
		return types.MapNull(types.StringType)
	}
	elems := map[string]attr.Value{}
	for k, v := range values {
		elems[k] = types.StringValue(v)
	}
	return types.MapValueMust(types.StringType, elems)
}

// componentItemFromAPI maps a returned component onto an item, keeping the configuration's way of
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
