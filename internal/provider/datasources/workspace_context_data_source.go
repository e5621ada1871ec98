package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

var _ datasource.DataSourceWithConfigure = (*workspaceContextDataSource)(nil)

// NewWorkspaceContextDataSource returns the ardoq_workspace_context data source.
func NewWorkspaceContextDataSource() datasource.DataSource { return &workspaceContextDataSource{} }

type workspaceContextDataSource struct{ dataSourceBase }

type workspaceContextModel struct {
	WorkspaceID      types.String           `tfsdk:"workspace_id"`
	ComponentTypes   []componentTypeModel   `tfsdk:"component_types"`
	ReferenceTypes   []referenceTypeModel   `tfsdk:"reference_types"`
	CustomFields     []fieldDefinitionModel `tfsdk:"custom_fields"`
	Tags             types.List             `tfsdk:"tags"`
	ComponentTypeIDs map[string]string      `tfsdk:"component_type_ids"`
	ReferenceTypeIDs map[string]int64       `tfsdk:"reference_type_ids"`
}

type componentTypeModel struct {
	TypeID         types.String `tfsdk:"type_id"`
	Name           types.String `tfsdk:"name"`
	ParentTypeID   types.String `tfsdk:"parent_type_id"`
	ParentTypeName types.String `tfsdk:"parent_type_name"`
	CustomFields   types.List   `tfsdk:"custom_fields"`
	Color          types.String `tfsdk:"color"`
	Shape          types.String `tfsdk:"shape"`
	Icon           types.String `tfsdk:"icon"`
	Image          types.String `tfsdk:"image"`
}

type referenceTypeModel struct {
	Type         types.Int64  `tfsdk:"type"`
	Name         types.String `tfsdk:"name"`
	CustomFields types.List   `tfsdk:"custom_fields"`
}

type fieldDefinitionModel struct {
	APIKey           types.String `tfsdk:"api_key"`
	Label            types.String `tfsdk:"label"`
	Type             types.String `tfsdk:"type"`
	Options          types.List   `tfsdk:"options"`
	ReadOnly         types.Bool   `tfsdk:"read_only"`
	Calculated       types.Bool   `tfsdk:"calculated"`
	Description      types.String `tfsdk:"description"`
	DefaultValueJSON types.String `tfsdk:"default_value_json"`
}

func (d *workspaceContextDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_workspace_context"
}

func (d *workspaceContextDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "What it takes to write into a workspace: its component types (with their hierarchy), reference " +
			"types, custom field definitions and tags, plus lookup maps from type names to ids, so a configuration can say " +
			"`type_id = data.ardoq_workspace_context.apps.component_type_ids[\"Application\"]`.",
		Attributes: map[string]schema.Attribute{
			"workspace_id": schema.StringAttribute{Required: true, MarkdownDescription: "Id of the workspace.", Validators: entity.OIDValidators()},
			"component_types": schema.ListNestedAttribute{
				Computed: true, MarkdownDescription: "Component types of the workspace's model.",
				NestedObject: schema.NestedAttributeObject{Attributes: componentTypeAttributes()},
			},
			"reference_types": schema.ListNestedAttribute{
				Computed: true, MarkdownDescription: "Reference types of the workspace's model (for references whose source is in it).",
				NestedObject: schema.NestedAttributeObject{Attributes: referenceTypeAttributes()},
			},
			"custom_fields": schema.ListNestedAttribute{
				Computed: true, MarkdownDescription: "Custom field definitions.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"api_key":            computedString("API key: the key in `custom_fields`."),
					"label":              computedString("Label shown in Ardoq."),
					"type":               computedString("Field type: Text, TextArea, Number, Checkbox, DateTime, Email, Url, List, SelectMultipleList or User."),
					"options":            computedStrings("Allowed values of List and SelectMultipleList fields, or null."),
					"read_only":          schema.BoolAttribute{Computed: true, MarkdownDescription: "Whether the field cannot be set."},
					"calculated":         schema.BoolAttribute{Computed: true, MarkdownDescription: "Whether Ardoq calculates the field (it cannot be set)."},
					"description":        computedString("Description, or null."),
					"default_value_json": computedString("Default value as JSON, or null."),
				}},
			},
			"tags":               computedStrings("Tag names of the workspace."),
			"component_type_ids": schema.MapAttribute{Computed: true, ElementType: types.StringType, MarkdownDescription: "Component type id by type name."},
			"reference_type_ids": schema.MapAttribute{Computed: true, ElementType: types.Int64Type, MarkdownDescription: "Reference type by type name."},
		},
	}
}

func (d *workspaceContextDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg workspaceContextModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	wctx, err := d.data.Contexts.Get(ctx, cfg.WorkspaceID.ValueString())
	if err != nil {
		diagnostics.AddClientError(&resp.Diagnostics, "Unable to Read Workspace Context", err)
		return
	}
	state := workspaceContextModel{WorkspaceID: cfg.WorkspaceID, ComponentTypeIDs: map[string]string{}, ReferenceTypeIDs: map[string]int64{},
		ComponentTypes: []componentTypeModel{}, ReferenceTypes: []referenceTypeModel{}, CustomFields: []fieldDefinitionModel{}}
	for _, t := range wctx.ComponentTypes {
		state.ComponentTypes = append(state.ComponentTypes, componentTypeFromAPI(t))
		state.ComponentTypeIDs[t.Name] = t.TypeID
	}
	for _, t := range wctx.ReferenceTypes {
		state.ReferenceTypes = append(state.ReferenceTypes, referenceTypeFromAPI(t))
		state.ReferenceTypeIDs[t.Name] = t.Type
	}
	for _, f := range wctx.CustomFields {
		state.CustomFields = append(state.CustomFields, fieldDefinitionModel{APIKey: types.StringValue(f.APIKey), Label: types.StringValue(f.Label),
			Type: types.StringValue(f.Type), Options: stringsValue(f.Options), ReadOnly: types.BoolValue(f.ReadOnly),
			Calculated: types.BoolValue(f.Calculated), Description: stringOrNull(f.Description), DefaultValueJSON: jsonString(f.DefaultValue)})
	}
	tags := make([]string, 0, len(wctx.Tags))
	for _, t := range wctx.Tags {
		tags = append(tags, t.Name)
	}
	state.Tags = stringsValue(tags)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func componentTypeAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"type_id":          computedString("Type id, the value of a component's `type_id`."),
		"name":             computedString("Type name."),
		"parent_type_id":   computedString("Id of the parent type in the type hierarchy, or null."),
		"parent_type_name": computedString("Name of the parent type, or null."),
		"custom_fields":    computedStrings("API keys of the custom fields allowed on this type."),
		"color":            computedString("Default color, or null."),
		"shape":            computedString("Default shape, or null."),
		"icon":             computedString("Default icon, or null."),
		"image":            computedString("Default image, or null."),
	}
}

func componentTypeFromAPI(t client.ComponentType) componentTypeModel {
	m := componentTypeModel{TypeID: types.StringValue(t.TypeID), Name: types.StringValue(t.Name), ParentTypeID: types.StringNull(),
		ParentTypeName: types.StringNull(), CustomFields: stringsValue(orEmpty(t.CustomFields)), Color: stringOrNull(t.Color),
		Shape: stringOrNull(t.Shape), Icon: stringOrNull(t.Icon), Image: stringOrNull(t.Image)}
	if t.Parent != nil {
		m.ParentTypeID, m.ParentTypeName = types.StringValue(t.Parent.TypeID), types.StringValue(t.Parent.Name)
	}
	return m
}

func referenceTypeAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"type":          computedInt64("Reference type, the value of a reference's `type`."),
		"name":          computedString("Reference type name."),
		"custom_fields": computedStrings("API keys of the custom fields allowed on this reference type."),
	}
}

func referenceTypeFromAPI(t client.ReferenceType) referenceTypeModel {
	return referenceTypeModel{Type: types.Int64Value(t.Type), Name: types.StringValue(t.Name), CustomFields: stringsValue(orEmpty(t.CustomFields))}
}

func orEmpty(ss []string) []string {
	if ss == nil {
		return []string{}
	}
	return ss
}
