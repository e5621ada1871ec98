package entity

import (
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

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
	Created         types.String  `tfsdk:"created"`
	LastUpdated     types.String  `tfsdk:"last_updated"`
}

// ReferenceValues is a reference as ardoq_reference and ardoq_batch both hold it: what a configuration
// sets, and what Ardoq assigned.
type ReferenceValues struct {
	ID, Created, LastUpdated       string // assigned by Ardoq
	Version                        int64
	RootWorkspace, TargetWorkspace string // the source's and the target's workspaces, assigned by Ardoq
	Source, Target                 string // component ids, or in ardoq_batch item keys
	Type                           int64
	DisplayText, Description       *string
	CustomFields                   map[string]fields.Value
}

// ReferenceAttributes describes each attribute of a reference once.
var ReferenceAttributes = Attributes[ReferenceModel, ReferenceValues, client.Reference, client.ReferenceCreate, client.ReferenceUpdate]{
	{Name: "source", Member: "source", Kind: KindComponentRef, Required: true, Doc: "Id of the source component.",
		Model: func(m *ReferenceModel) *types.String { return &m.Source }, Text: func(v *ReferenceValues) *string { return &v.Source }},
	{Name: "target", Member: "target", Kind: KindComponentRef, Required: true, Doc: "Id of the target component, in any workspace.",
		Model: func(m *ReferenceModel) *types.String { return &m.Target }, Text: func(v *ReferenceValues) *string { return &v.Target }},
	{Name: "type", Member: "type", Kind: KindType, Required: true, Doc: "Reference type from the model of the source's workspace.",
		ModelNumber: func(m *ReferenceModel) *types.Int64 { return &m.Type }, Number: func(v *ReferenceValues) *int64 { return &v.Type },
		Example: "`data.ardoq_reference_type.depends_on.type` (a reference type by name)"},
	// The API cannot take a null displayText: "" is no display text.
	{Name: "display_text", Member: "displayText", Kind: KindOptionalText, EmptyIsUnset: true, Doc: "Label shown on the reference in views.",
		Model: func(m *ReferenceModel) *types.String { return &m.DisplayText }, Optional: func(v *ReferenceValues) **string { return &v.DisplayText },
		Entity: func(e *client.Reference) **string { return &e.DisplayText }, Create: func(b *client.ReferenceCreate) **string { return &b.DisplayText },
		Update: func(b *client.ReferenceUpdate) *client.Optional[string] { return &b.DisplayText }},
	{Name: "description", Member: "description", Kind: KindOptionalText, Doc: "Description of the reference.",
		Model: func(m *ReferenceModel) *types.String { return &m.Description }, Optional: func(v *ReferenceValues) **string { return &v.Description },
		Entity: func(e *client.Reference) **string { return &e.Description }, Create: func(b *client.ReferenceCreate) **string { return &b.Description },
		Update: func(b *client.ReferenceUpdate) *client.Optional[string] { return &b.Description }},
	{Name: "custom_fields", Member: "customFields", Kind: KindCustomFields, Doc: "As for components.",
		Fields: func(v *ReferenceValues) *map[string]fields.Value { return &v.CustomFields }},

	{Name: "id", Member: "_id", Kind: KindComputed, InBatch: true, Doc: "the reference's id",
		Model: func(m *ReferenceModel) *types.String { return &m.ID }, Text: func(v *ReferenceValues) *string { return &v.ID }},
	{Name: "version", Member: "_version", Kind: KindComputed, InBatch: true, Doc: "its `_version`, which updates send as `ifVersionMatch`",
		ModelNumber: func(m *ReferenceModel) *types.Int64 { return &m.Version }, Number: func(v *ReferenceValues) *int64 { return &v.Version }},
	{Name: "root_workspace", Member: "rootWorkspace", Kind: KindComputed, InBatch: true, Doc: "its workspace, the source's",
		Model: func(m *ReferenceModel) *types.String { return &m.RootWorkspace }, Text: func(v *ReferenceValues) *string { return &v.RootWorkspace }},
	{Name: "target_workspace", Member: "targetWorkspace", Kind: KindComputed, InBatch: true, Doc: "the target's workspace",
		Model: func(m *ReferenceModel) *types.String { return &m.TargetWorkspace }, Text: func(v *ReferenceValues) *string { return &v.TargetWorkspace }},
	{Name: "created", Member: "_meta.created", Kind: KindComputed, Doc: "when it was created",
		Model: func(m *ReferenceModel) *types.String { return &m.Created }, Text: func(v *ReferenceValues) *string { return &v.Created }},
	{Name: "last_updated", Member: "_meta.lastUpdated", Kind: KindComputed, Doc: "when it was last changed",
		Model: func(m *ReferenceModel) *types.String { return &m.LastUpdated }, Text: func(v *ReferenceValues) *string { return &v.LastUpdated }},
}

// ReferenceValuesFrom maps a reference from the API, writing its source, target and custom fields the
// way want (the configuration) does; ids are the components of ardoq_batch's item keys.
func ReferenceValuesFrom(r *client.Reference, want ReferenceValues, ids map[string]string) ReferenceValues {
	v := ReferenceValues{ID: r.ID, Version: r.Version, Created: r.Meta.Created, LastUpdated: r.Meta.LastUpdated, RootWorkspace: r.RootWorkspace,
		TargetWorkspace: r.TargetWorkspace, Source: refFromAPI(&r.Source, want.Source, ids), Target: refFromAPI(&r.Target, want.Target, ids),
		Type: r.Type, CustomFields: fields.FromAPI(r.CustomFields, want.CustomFields)}
	ReferenceAttributes.fromEntity(r, &v)
	return v
}

// CreateBody is the body that creates the reference; ref says how the request names its components,
// and fields are the typed custom fields.
func (v ReferenceValues) CreateBody(ref func(string) string, customFields client.CustomFields) client.ReferenceCreate {
	body := client.ReferenceCreate{Source: ref(v.Source), Target: ref(v.Target), Type: v.Type, CustomFields: fields.NonEmpty(customFields)}
	ReferenceAttributes.toCreate(&v, &body)
	return body
}

// UpdateBody sends every configurable attribute, clearing unset ones.
func (v ReferenceValues) UpdateBody(ref func(string) string, customFields client.CustomFields) client.ReferenceUpdate {
	body := client.ReferenceUpdate{Source: client.Set(ref(v.Source)), Target: client.Set(ref(v.Target)), CustomFields: customFields}
	ReferenceAttributes.toUpdate(&v, &body)
	return body
}

// ReferenceFromAPI is the one mapper from the API to ardoq_reference's state (see ComponentFromAPI).
func ReferenceFromAPI(r *client.Reference, prior types.Dynamic, all bool) ReferenceModel {
	v := ReferenceValuesFrom(r, ReferenceValues{CustomFields: fields.Configured(prior)}, nil)
	var m ReferenceModel
	ReferenceAttributes.toModel(&v, &m)
	m.CustomFields = fields.RenderDynamic(prior, v.CustomFields, r.CustomFields, all)
	return m
}

func (m ReferenceModel) values() (ReferenceValues, diag.Diagnostics) {
	var v ReferenceValues
	ReferenceAttributes.fromModel(&m, &v)
	var diags diag.Diagnostics
	v.CustomFields, _, diags = fields.Decode(path.Root("custom_fields"), fields.DynamicValue(m.CustomFields))
	return v, diags
}

func (m ReferenceModel) ToCreate(lookup fields.ScopeLookup) (client.ReferenceCreate, diag.Diagnostics) {
	v, diags := m.values()
	customFields, d := fields.EncodeWith(lookup, v.CustomFields, nil)
	diags.Append(d...)
	return v.CreateBody(sameRef, customFields), diags
}

func (m ReferenceModel) ToUpdate(prior ReferenceModel, lookup fields.ScopeLookup) (client.ReferenceUpdate, diag.Diagnostics) {
	v, diags := m.values()
	old, _ := prior.values()
	customFields, d := fields.EncodeWith(lookup, v.CustomFields, old.CustomFields)
	diags.Append(d...)
	return v.UpdateBody(sameRef, customFields), diags
}

// Holds reports whether m (an entity read back) has every configurable value of plan.
func (m ReferenceModel) Holds(plan ReferenceModel) bool {
	got, _ := m.values()
	want, _ := plan.values()
	return ReferenceAttributes.Same(&got, &want, func(a, b string) bool { return a == b })
}
