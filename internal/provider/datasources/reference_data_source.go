package datasources

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

var (
	_ datasource.DataSourceWithConfigure        = (*referenceDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*referenceDataSource)(nil)
	_ datasource.DataSourceWithConfigure        = (*referencesDataSource)(nil)
)

// NewReferenceDataSource returns the ardoq_reference data source.
func NewReferenceDataSource() datasource.DataSource { return &referenceDataSource{} }

// NewReferencesDataSource returns the ardoq_references data source.
func NewReferencesDataSource() datasource.DataSource { return &referencesDataSource{} }

type referenceDataSource struct{ dataSourceBase }

type referencesDataSource struct{ dataSourceBase }

type referenceDataModel struct {
	entity.ReferenceModel
	CustomFieldsFilter map[string]string `tfsdk:"custom_fields_filter"`
}

type referencesModel struct {
	DisplayText     types.String      `tfsdk:"display_text"`
	RootWorkspace   types.String      `tfsdk:"root_workspace"`
	Source          types.String      `tfsdk:"source"`
	TargetWorkspace types.String      `tfsdk:"target_workspace"`
	Target          types.String      `tfsdk:"target"`
	Type            types.Int64       `tfsdk:"type"`
	CustomFields    map[string]string `tfsdk:"custom_fields"`
	References      []types.Object    `tfsdk:"references"` // referenceItemFromAPI
	IDs             []string          `tfsdk:"ids"`
}

// referenceItemAttrTypes is the type of an element of ardoq_references' list (see componentItemAttrTypes).
var referenceItemAttrTypes = listElementTypes(entity.ReferenceAttrTypes())

func referenceItemAttributes() map[string]schema.Attribute {
	return withMeta("reference", map[string]schema.Attribute{
		"id":                 computedString("The reference's id."),
		"source":             computedString("Id of the source component."),
		"target":             computedString("Id of the target component, in any workspace."),
		"type":               computedInt64("Reference type from the model of the source's workspace."),
		"display_text":       computedString("Label shown on the reference in views."),
		"description":        computedString("Description of the reference."),
		"custom_fields_json": computedString(customFieldsJSONDescription),
		"root_workspace":     computedString("The reference's workspace, the source's."),
		"target_workspace":   computedString("The target's workspace."),
		"version":            computedInt64("The reference's `_version`, which updates send as `ifVersionMatch`."),
	})
}

// referenceItemFromAPI is an element of ardoq_references' list.
func referenceItemFromAPI(r *client.Reference) (types.Object, diag.Diagnostics) {
	o, diags := entity.ReferenceFromAPI(r, types.DynamicNull(), false).Object()
	if diags.HasError() {
		return o, diags
	}
	return listElement(referenceItemAttrTypes, o, r.CustomFields)
}

func referenceFilterOf(displayText, rootWS, source, targetWS, target types.String, typ types.Int64, cf map[string]string) client.ReferenceFilter {
	f := client.ReferenceFilter{DisplayText: displayText.ValueString(), RootWorkspace: rootWS.ValueString(), Source: source.ValueString(),
		TargetWorkspace: targetWS.ValueString(), Target: target.ValueString(), CustomFields: cf}
	if !typ.IsNull() && !typ.IsUnknown() {
		t := typ.ValueInt64()
		f.Type = &t
	}
	return f
}

func referenceFilterText(f client.ReferenceFilter) string {
	pairs := []string{"display_text", f.DisplayText, "root_workspace", f.RootWorkspace, "source", f.Source, "target_workspace", f.TargetWorkspace, "target", f.Target}
	if f.Type != nil {
		pairs = append(pairs, "type", strconv.FormatInt(*f.Type, 10))
	}
	for k, v := range f.CustomFields {
		pairs = append(pairs, "custom_fields."+k, v)
	}
	return describeFilters(pairs...)
}

func (d *referenceDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_reference"
}

func (d *referenceDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "One reference, by `id` or by filters that must match exactly one. Filters go to the API as query parameters, AND-combined.",
		Attributes: withMeta("reference", map[string]schema.Attribute{
			"id":               lookupString("Id of the reference."),
			"display_text":     lookupString("Filter: exact display text."),
			"root_workspace":   lookupString("Filter: workspace of the reference (its source's)."),
			"source":           lookupString("Filter: source component id."),
			"target_workspace": lookupString("Filter: workspace of the target."),
			"target":           lookupString("Filter: target component id."),
			"type":             schema.Int64Attribute{Optional: true, Computed: true, MarkdownDescription: "Filter: reference type."},
			"custom_fields_filter": schema.MapAttribute{Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Filter: custom field values by API key, as strings interpreted by the field's type."},
			"description":   computedString("Description of the reference."),
			"custom_fields": customFieldsAttribute("reference"),
			"version":       computedInt64("The reference's `_version`, which updates send as `ifVersionMatch`."),
		}),
	}
}

func (d *referenceDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	exprs := []path.Expression{path.MatchRoot("id"), path.MatchRoot("display_text"), path.MatchRoot("root_workspace"), path.MatchRoot("source"),
		path.MatchRoot("target_workspace"), path.MatchRoot("target"), path.MatchRoot("type"), path.MatchRoot("custom_fields_filter")}
	validators := []datasource.ConfigValidator{datasourcevalidator.AtLeastOneOf(exprs...)}
	for _, e := range exprs[1:] {
		validators = append(validators, datasourcevalidator.Conflicting(exprs[0], e))
	}
	return validators
}

func (d *referenceDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg referenceDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var found *client.Reference
	if !cfg.ID.IsNull() {
		r, err := d.data.Client.GetReference(ctx, cfg.ID.ValueString())
		if err != nil {
			diagnostics.AddClientError(&resp.Diagnostics, "Unable to Read Reference", err)
			return
		}
		found = r
	} else {
		f := referenceFilterOf(cfg.DisplayText, cfg.RootWorkspace, cfg.Source, cfg.TargetWorkspace, cfg.Target, cfg.Type, cfg.CustomFieldsFilter)
		all, err := d.data.Client.ListReferences(ctx, f)
		if err != nil {
			diagnostics.AddClientError(&resp.Diagnostics, "Unable to List References", err)
			return
		}
		if !exactlyOne(&resp.Diagnostics, "Reference", referenceFilterText(f), len(all)) {
			return
		}
		found = &all[0]
	}
	state := referenceDataModel{ReferenceModel: entity.ReferenceFromAPI(found, types.DynamicNull(), true), CustomFieldsFilter: cfg.CustomFieldsFilter}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (d *referencesDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_references"
}

func (d *referencesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Every reference matching the filters (all pages). Filters go to the API as query parameters, AND-combined.",
		Attributes: map[string]schema.Attribute{
			"display_text":     filterString("Only references with exactly this display text."),
			"root_workspace":   filterString("Only references in this workspace (their source's)."),
			"source":           filterString("Only references from this component."),
			"target_workspace": filterString("Only references into this workspace."),
			"target":           filterString("Only references to this component."),
			"type":             schema.Int64Attribute{Optional: true, MarkdownDescription: "Only references of this type."},
			"custom_fields": schema.MapAttribute{Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Only references whose custom fields have these values (strings interpreted by each field's type)."},
			"references": schema.ListNestedAttribute{
				Computed: true, MarkdownDescription: "The matching references, ordered by id.",
				NestedObject: schema.NestedAttributeObject{Attributes: referenceItemAttributes()},
			},
			"ids": computedStrings("Ids of the matching references, in the same order."),
		},
	}
}

func (d *referencesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg referencesModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	all, err := d.data.Client.ListReferences(ctx, referenceFilterOf(cfg.DisplayText, cfg.RootWorkspace, cfg.Source, cfg.TargetWorkspace, cfg.Target, cfg.Type, cfg.CustomFields))
	if err != nil {
		diagnostics.AddClientError(&resp.Diagnostics, "Unable to List References", err)
		return
	}
	cfg.References, cfg.IDs = make([]types.Object, len(all)), make([]string, len(all))
	for i := range all {
		var diags diag.Diagnostics
		cfg.References[i], diags = referenceItemFromAPI(&all[i])
		resp.Diagnostics.Append(diags...)
		cfg.IDs[i] = all[i].ID
	}
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &cfg)...)
}
