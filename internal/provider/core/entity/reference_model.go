package entity

import (
	"maps"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// ReferenceModel is ardoq_reference's state (and, with its filter, the ardoq_reference data source's):
// the one definition of a reference's attributes, which its object mappers follow.
type ReferenceModel struct {
	ID              types.String  `tfsdk:"id"`
	Source          types.String  `tfsdk:"source"`
	Target          types.String  `tfsdk:"target"`
	Type            types.Int64   `tfsdk:"type"`
	DisplayText     types.String  `tfsdk:"display_text"`
	Description     types.String  `tfsdk:"description"`
	CustomFields    types.Dynamic `tfsdk:"custom_fields"`
	RootWorkspace   types.String  `tfsdk:"root_workspace"`
	TargetWorkspace types.String  `tfsdk:"target_workspace"`
	Version         types.Int64   `tfsdk:"version"`
	MetaModel
}

var referenceShape = shapeOf[ReferenceModel]()

// ReferenceAttrTypes is ReferenceModel as an object: ardoq_reference's schema type.
func ReferenceAttrTypes() map[string]attr.Type { return maps.Clone(referenceShape.types) }

// ReferenceModelOf is the model of ardoq_reference's state, plan or configuration (see ComponentModelOf).
func ReferenceModelOf(o types.Object) ReferenceModel { return referenceShape.modelOf(o) }

// Object is m as the object the framework's Set writes as ardoq_reference's state.
func (m ReferenceModel) Object() (types.Object, diag.Diagnostics) { return referenceShape.object(m) }

// ReferenceValues is a reference as ardoq_batch holds it, and as the single resource's writes are built
// and compared: what a configuration sets, and what Ardoq assigned.
type ReferenceValues struct {
	ID                             string // assigned by Ardoq
	Version                        int64
	RootWorkspace, TargetWorkspace string // the source's and the target's workspaces, assigned by Ardoq
	Source, Target                 string // component ids, or in ardoq_batch item keys
	Type                           int64
	DisplayText, Description       *string
	CustomFields                   map[string]fields.Value
}

// ReferenceFromAPI is the one mapper from the API to ardoq_reference's state (see ComponentFromAPI).
func ReferenceFromAPI(r *client.Reference, prior types.Dynamic, all bool) ReferenceModel {
	return ReferenceModel{
		ID:              types.StringValue(r.ID),
		Source:          types.StringValue(r.Source),
		Target:          types.StringValue(r.Target),
		Type:            types.Int64Value(r.Type),
		DisplayText:     optionalText(r.DisplayText),
		Description:     optionalText(r.Description),
		CustomFields:    fields.RenderDynamic(prior, fields.FromAPI(r.CustomFields, fields.Configured(prior)), r.CustomFields, all),
		RootWorkspace:   types.StringValue(r.RootWorkspace),
		TargetWorkspace: types.StringValue(r.TargetWorkspace),
		Version:         types.Int64Value(r.Version),
		MetaModel:       metaFromAPI(r.Meta),
	}
}

// ToCreate is the body that creates the configured reference (see ComponentModel.ToCreate).
func (m ReferenceModel) ToCreate(lookup fields.ScopeLookup) (client.ReferenceCreate, diag.Diagnostics) {
	v, diags := m.values()
	customFields, d := fields.EncodeWith(lookup, v.CustomFields, nil)
	diags.Append(d...)
	return v.CreateBody(sameID, customFields), diags
}

// ToUpdate is the body that updates the reference to the plan m (see ComponentModel.ToUpdate).
func (m ReferenceModel) ToUpdate(prior ReferenceModel, lookup fields.ScopeLookup) (client.ReferenceUpdate, diag.Diagnostics) {
	v, diags := m.values()
	old, _ := prior.values()
	customFields, d := fields.EncodeWith(lookup, v.CustomFields, old.CustomFields)
	diags.Append(d...)
	return v.UpdateBody(sameID, customFields), diags
}

// Holds reports whether m (an entity read back) has every configurable value of plan.
func (m ReferenceModel) Holds(plan ReferenceModel) bool {
	got, _ := m.values()
	want, _ := plan.values()
	return got.Same(want, func(a, b string) bool { return a == b })
}

// values is what the model configures (the computed attributes apart); a malformed custom_fields is
// reported at it.
func (m ReferenceModel) values() (ReferenceValues, diag.Diagnostics) {
	customFields, _, diags := fields.Decode(path.Root("custom_fields"), fields.DynamicValue(m.CustomFields))
	return ReferenceValues{
		Source:       m.Source.ValueString(),
		Target:       m.Target.ValueString(),
		Type:         m.Type.ValueInt64(),
		DisplayText:  m.DisplayText.ValueStringPointer(),
		Description:  m.Description.ValueStringPointer(),
		CustomFields: customFields,
	}, diags
}

// ReferenceValuesFrom maps a reference from the API, writing its source, target and custom fields the
// way want (the configuration) does; ids are the components of ardoq_batch's item keys.
func ReferenceValuesFrom(r *client.Reference, want ReferenceValues, ids map[string]string) ReferenceValues {
	return ReferenceValues{
		ID:              r.ID,
		Version:         r.Version,
		RootWorkspace:   r.RootWorkspace,
		TargetWorkspace: r.TargetWorkspace,
		Source:          refFromAPI(&r.Source, want.Source, ids),
		Target:          refFromAPI(&r.Target, want.Target, ids),
		Type:            r.Type,
		DisplayText:     nonEmpty(r.DisplayText),
		Description:     nonEmpty(r.Description),
		CustomFields:    fields.FromAPI(r.CustomFields, want.CustomFields),
	}
}

// CreateBody is the body that creates the reference; ref says how the request names its components,
// and customFields are the typed custom fields. Unset values are left out.
func (v ReferenceValues) CreateBody(ref func(string) string, customFields client.CustomFields) client.ReferenceCreate {
	return client.ReferenceCreate{
		Source:       ref(v.Source),
		Target:       ref(v.Target),
		Type:         v.Type,
		DisplayText:  v.DisplayText,
		Description:  v.Description,
		CustomFields: fields.NonEmpty(customFields),
	}
}

// UpdateBody sends every configurable attribute, clearing unset ones. The API cannot take a null
// displayText: "" is no display text.
func (v ReferenceValues) UpdateBody(ref func(string) string, customFields client.CustomFields) client.ReferenceUpdate {
	body := client.ReferenceUpdate{
		Source:       client.Set(ref(v.Source)),
		Target:       client.Set(ref(v.Target)),
		DisplayText:  client.Set(""),
		Description:  client.SetOrNull(v.Description),
		CustomFields: customFields,
	}
	if v.DisplayText != nil {
		body.DisplayText = client.Set(*v.DisplayText)
	}
	return body
}

// Same reports whether v and w configure the same reference (what Ardoq assigned apart); sameRef
// compares their sources and targets, which in ardoq_batch may be written as item keys or ids.
func (v ReferenceValues) Same(w ReferenceValues, sameRef func(a, b string) bool) bool {
	return sameRef(v.Source, w.Source) && sameRef(v.Target, w.Target) && v.Type == w.Type &&
		EqualPointers(v.DisplayText, w.DisplayText) && EqualPointers(v.Description, w.Description) &&
		fields.Equal(v.CustomFields, w.CustomFields)
}
