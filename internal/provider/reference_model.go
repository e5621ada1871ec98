package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

type referenceModel struct {
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
	Created         types.String  `tfsdk:"created"`
	LastUpdated     types.String  `tfsdk:"last_updated"`
}

// referenceValues is a reference as ardoq_reference and ardoq_batch both hold it: what a configuration
// sets, and what Ardoq assigned.
type referenceValues struct {
	ID, Created, LastUpdated       string // assigned by Ardoq
	Version                        int64
	RootWorkspace, TargetWorkspace string // the source's and the target's workspaces, assigned by Ardoq
	Source, Target                 string // component ids, or in ardoq_batch item keys
	Type                           int64
	DisplayText, Description       *string
	CustomFields                   map[string]fields.Value
}

// referenceAttributes describes each attribute of a reference once.
var referenceAttributes = entityAttributes[referenceModel, referenceValues, client.Reference, client.ReferenceCreate, client.ReferenceUpdate]{
	{name: "source", member: "source", kind: componentRefAttribute, required: true, doc: "Id of the source component.",
		model: func(m *referenceModel) *types.String { return &m.Source }, text: func(v *referenceValues) *string { return &v.Source }},
	{name: "target", member: "target", kind: componentRefAttribute, required: true, doc: "Id of the target component, in any workspace.",
		model: func(m *referenceModel) *types.String { return &m.Target }, text: func(v *referenceValues) *string { return &v.Target }},
	{name: "type", member: "type", kind: typeAttribute, required: true, doc: "Reference type from the model of the source's workspace.",
		modelNumber: func(m *referenceModel) *types.Int64 { return &m.Type }, number: func(v *referenceValues) *int64 { return &v.Type },
		example: "`data.ardoq_reference_type.depends_on.type` (a reference type by name)"},
	// The API cannot take a null displayText: "" is no display text.
	{name: "display_text", member: "displayText", kind: optionalTextAttribute, emptyIsUnset: true, doc: "Label shown on the reference in views.",
		model: func(m *referenceModel) *types.String { return &m.DisplayText }, optional: func(v *referenceValues) **string { return &v.DisplayText },
		entity: func(e *client.Reference) **string { return &e.DisplayText }, create: func(b *client.ReferenceCreate) **string { return &b.DisplayText },
		update: func(b *client.ReferenceUpdate) *client.Optional[string] { return &b.DisplayText }},
	{name: "description", member: "description", kind: optionalTextAttribute, doc: "Description of the reference.",
		model: func(m *referenceModel) *types.String { return &m.Description }, optional: func(v *referenceValues) **string { return &v.Description },
		entity: func(e *client.Reference) **string { return &e.Description }, create: func(b *client.ReferenceCreate) **string { return &b.Description },
		update: func(b *client.ReferenceUpdate) *client.Optional[string] { return &b.Description }},
	{name: "custom_fields", member: "customFields", kind: customFieldsAttribute, doc: "As for components.",
		fields: func(v *referenceValues) *map[string]fields.Value { return &v.CustomFields }},

	{name: "id", member: "_id", kind: computedAttribute, inBatch: true, doc: "the reference's id",
		model: func(m *referenceModel) *types.String { return &m.ID }, text: func(v *referenceValues) *string { return &v.ID }},
	{name: "version", member: "_version", kind: computedAttribute, inBatch: true, doc: "its `_version`, which updates send as `ifVersionMatch`",
		modelNumber: func(m *referenceModel) *types.Int64 { return &m.Version }, number: func(v *referenceValues) *int64 { return &v.Version }},
	{name: "root_workspace", member: "rootWorkspace", kind: computedAttribute, inBatch: true, doc: "its workspace, the source's",
		model: func(m *referenceModel) *types.String { return &m.RootWorkspace }, text: func(v *referenceValues) *string { return &v.RootWorkspace }},
	{name: "target_workspace", member: "targetWorkspace", kind: computedAttribute, inBatch: true, doc: "the target's workspace",
		model: func(m *referenceModel) *types.String { return &m.TargetWorkspace }, text: func(v *referenceValues) *string { return &v.TargetWorkspace }},
	{name: "created", member: "_meta.created", kind: computedAttribute, doc: "when it was created",
		model: func(m *referenceModel) *types.String { return &m.Created }, text: func(v *referenceValues) *string { return &v.Created }},
	{name: "last_updated", member: "_meta.lastUpdated", kind: computedAttribute, doc: "when it was last changed",
		model: func(m *referenceModel) *types.String { return &m.LastUpdated }, text: func(v *referenceValues) *string { return &v.LastUpdated }},
}

// referenceValuesFrom maps a reference from the API, writing its source, target and custom fields the
// way want (the configuration) does; ids are the components of ardoq_batch's item keys.
func referenceValuesFrom(r *client.Reference, want referenceValues, ids map[string]string) referenceValues {
	v := referenceValues{ID: r.ID, Version: r.Version, Created: r.Meta.Created, LastUpdated: r.Meta.LastUpdated, RootWorkspace: r.RootWorkspace,
		TargetWorkspace: r.TargetWorkspace, Source: refFromAPI(&r.Source, want.Source, ids), Target: refFromAPI(&r.Target, want.Target, ids),
		Type: r.Type, CustomFields: fields.FromAPI(r.CustomFields, want.CustomFields)}
	referenceAttributes.fromEntity(r, &v)
	return v
}

// createBody is the body that creates the reference; ref says how the request names its components,
// and fields are the typed custom fields.
func (v referenceValues) createBody(ref func(string) string, customFields client.CustomFields) client.ReferenceCreate {
	body := client.ReferenceCreate{Source: ref(v.Source), Target: ref(v.Target), Type: v.Type, CustomFields: fields.NonEmpty(customFields)}
	referenceAttributes.toCreate(&v, &body)
	return body
}

// updateBody sends every configurable attribute, clearing unset ones.
func (v referenceValues) updateBody(ref func(string) string, customFields client.CustomFields) client.ReferenceUpdate {
	body := client.ReferenceUpdate{Source: client.Set(ref(v.Source)), Target: client.Set(ref(v.Target)), CustomFields: customFields}
	referenceAttributes.toUpdate(&v, &body)
	return body
}

// referenceFromAPI is the one mapper from the API to ardoq_reference's state (see componentFromAPI).
func referenceFromAPI(r *client.Reference, prior types.Dynamic, all bool) referenceModel {
	v := referenceValuesFrom(r, referenceValues{CustomFields: fields.Configured(prior)}, nil)
	var m referenceModel
	referenceAttributes.toModel(&v, &m)
	m.CustomFields = fields.RenderDynamic(prior, v.CustomFields, r.CustomFields, all)
	return m
}

func (m referenceModel) values() (referenceValues, diag.Diagnostics) {
	var v referenceValues
	referenceAttributes.fromModel(&m, &v)
	var diags diag.Diagnostics
	v.CustomFields, _, diags = fields.Decode(path.Root("custom_fields"), fields.DynamicValue(m.CustomFields))
	return v, diags
}

func (m referenceModel) toCreate(lookup fields.ScopeLookup) (client.ReferenceCreate, diag.Diagnostics) {
	v, diags := m.values()
	customFields, d := fields.EncodeWith(lookup, v.CustomFields, nil)
	diags.Append(d...)
	return v.createBody(sameRef, customFields), diags
}

func (m referenceModel) toUpdate(prior referenceModel, lookup fields.ScopeLookup) (client.ReferenceUpdate, diag.Diagnostics) {
	v, diags := m.values()
	old, _ := prior.values()
	customFields, d := fields.EncodeWith(lookup, v.CustomFields, old.CustomFields)
	diags.Append(d...)
	return v.updateBody(sameRef, customFields), diags
}

// holds reports whether m (an entity read back) has every configurable value of plan.
func (m referenceModel) holds(plan referenceModel) bool {
	got, _ := m.values()
	want, _ := plan.values()
	return referenceAttributes.same(&got, &want, func(a, b string) bool { return a == b })
}
