package datasources

import (
	"context"

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
	_ datasource.DataSourceWithConfigure        = (*componentDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*componentDataSource)(nil)
	_ datasource.DataSourceWithConfigure        = (*componentsDataSource)(nil)
)

// NewComponentDataSource returns the ardoq_component data source.
func NewComponentDataSource() datasource.DataSource { return &componentDataSource{} }

// NewComponentsDataSource returns the ardoq_components data source.
func NewComponentsDataSource() datasource.DataSource { return &componentsDataSource{} }

type componentDataSource struct{ dataSourceBase }

type componentsDataSource struct{ dataSourceBase }

// componentDataModel is entity.ComponentModel plus the custom field filter of a lookup.
type componentDataModel struct {
	entity.ComponentModel
	CustomFieldsFilter map[string]string `tfsdk:"custom_fields_filter"`
}

type componentsModel struct {
	Name          types.String      `tfsdk:"name"`
	RootWorkspace types.String      `tfsdk:"root_workspace"`
	Parent        types.String      `tfsdk:"parent"`
	ComponentKey  types.String      `tfsdk:"component_key"`
	TypeID        types.String      `tfsdk:"type_id"`
	CustomFields  map[string]string `tfsdk:"custom_fields"`
	Components    []types.Object    `tfsdk:"components"` // componentItemFromAPI
	IDs           []string          `tfsdk:"ids"`
}

// componentItemAttrTypes is the type of an element of ardoq_components' list.
var componentItemAttrTypes = listElementTypes(entity.ComponentAttrTypes())

func componentItemAttributes() map[string]schema.Attribute {
	return withMeta("component", map[string]schema.Attribute{
		"id":                 computedString("The component's id."),
		"name":               computedString("Name of the component."),
		"root_workspace":     computedString("Id of the workspace the component lives in."),
		"type_id":            computedString("Component type id from the workspace's model."),
		"parent":             computedString("Id of the parent component, in the same workspace; unset for a top-level component."),
		"description":        computedString("Description of the component."),
		"color":              computedString("Display color overriding the type's, for example `#3a7bd5`."),
		"shape":              computedString("Display shape overriding the type's."),
		"icon":               computedString("Display icon overriding the type's."),
		"image":              computedString("Display image overriding the type's."),
		"custom_fields_json": computedString(customFieldsJSONDescription),
		"component_key":      computedString("The component's human-readable Ardoq id, such as `APP-12`."),
		"type_name":          computedString("The name of the component's type."),
		"version":            computedInt64("The component's `_version`, which updates send as `ifVersionMatch`."),
	})
}

// componentItemFromAPI is an element of ardoq_components' list.
func componentItemFromAPI(c *client.Component) (types.Object, diag.Diagnostics) {
	o, diags := entity.ComponentFromAPI(c, types.DynamicNull(), false).Object()
	if diags.HasError() {
		return o, diags
	}
	return listElement(componentItemAttrTypes, o, c.CustomFields)
}

func nonNilFields(cf client.CustomFields) map[string]any {
	out := map[string]any{}
	for k, v := range cf {
		if v != nil {
			out[k] = v
		}
	}
	return out
}

func (d *componentDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_component"
}

func (d *componentDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "One component, by `id` or by filters that must match exactly one. " + entity.ComponentFilterHelp,
		Attributes: withMeta("component", map[string]schema.Attribute{
			"id":             lookupString("Id of the component."),
			"name":           lookupString("Filter: exact name."),
			"root_workspace": lookupString("Filter: workspace id."),
			"parent":         lookupString("Filter: parent component id."),
			"component_key":  lookupString("Filter: component key such as `APP-12`."),
			"type_id":        lookupString("Filter: component type id."),
			"custom_fields_filter": schema.MapAttribute{Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Filter: custom field values by API key, written as strings and interpreted by the field's type (`{ cost = \"12\" }` matches the number 12)."},
			"description":   computedString("Description of the component."),
			"color":         computedString("Display color overriding the type's, for example `#3a7bd5`."),
			"shape":         computedString("Display shape overriding the type's."),
			"icon":          computedString("Display icon overriding the type's."),
			"image":         computedString("Display image overriding the type's."),
			"custom_fields": customFieldsAttribute("component"),
			"type_name":     computedString("The name of the component's type."),
			"version":       computedInt64("The component's `_version`, which updates send as `ifVersionMatch`."),
		}),
	}
}

func (d *componentDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	filters := []path.Expression{path.MatchRoot("name"), path.MatchRoot("root_workspace"), path.MatchRoot("parent"),
		path.MatchRoot("component_key"), path.MatchRoot("type_id"), path.MatchRoot("custom_fields_filter")}
	return []datasource.ConfigValidator{
		datasourcevalidator.AtLeastOneOf(append([]path.Expression{path.MatchRoot("id")}, filters...)...),
		datasourcevalidator.Conflicting(append([]path.Expression{path.MatchRoot("id")}, filters[0])...),
		datasourcevalidator.Conflicting(path.MatchRoot("id"), path.MatchRoot("root_workspace")),
		datasourcevalidator.Conflicting(path.MatchRoot("id"), path.MatchRoot("component_key")),
		datasourcevalidator.Conflicting(path.MatchRoot("id"), path.MatchRoot("custom_fields_filter")),
	}
}

func (d *componentDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg componentDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var found *client.Component
	if !cfg.ID.IsNull() {
		c, err := d.data.Client.GetComponent(ctx, cfg.ID.ValueString())
		if err != nil {
			diagnostics.AddClientError(&resp.Diagnostics, "Unable to Read Component", err)
			return
		}
		found = c
	} else {
		f := client.ComponentFilter{Name: cfg.Name.ValueString(), RootWorkspace: cfg.RootWorkspace.ValueString(), Parent: cfg.Parent.ValueString(),
			ComponentKey: cfg.ComponentKey.ValueString(), TypeID: cfg.TypeID.ValueString(), CustomFields: cfg.CustomFieldsFilter}
		all, err := d.data.Client.ListComponents(ctx, f)
		if err != nil {
			diagnostics.AddClientError(&resp.Diagnostics, "Unable to List Components", err)
			return
		}
		if !exactlyOne(&resp.Diagnostics, "Component", componentFilterText(f), len(all)) {
			return
		}
		found = &all[0]
	}
	state := componentDataModel{ComponentModel: entity.ComponentFromAPI(found, types.DynamicNull(), true), CustomFieldsFilter: cfg.CustomFieldsFilter}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func componentFilterText(f client.ComponentFilter) string {
	pairs := []string{"name", f.Name, "root_workspace", f.RootWorkspace, "parent", f.Parent, "component_key", f.ComponentKey, "type_id", f.TypeID}
	for k, v := range f.CustomFields {
		pairs = append(pairs, "custom_fields."+k, v)
	}
	return describeFilters(pairs...)
}

func (d *componentsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_components"
}

func (d *componentsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Every component matching the filters (all pages). " + entity.ComponentFilterHelp + " Ardoq recommends always filtering, at least by workspace.",
		Attributes: map[string]schema.Attribute{
			"name":           filterString("Only components with exactly this name."),
			"root_workspace": filterString("Only components in this workspace."),
			"parent":         filterString("Only children of this component."),
			"component_key":  filterString("Only the component with this key."),
			"type_id":        filterString("Only components of this type."),
			"custom_fields": schema.MapAttribute{Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Only components whose custom fields have these values (strings interpreted by each field's type)."},
			"components": schema.ListNestedAttribute{
				Computed: true, MarkdownDescription: "The matching components, ordered by id.",
				NestedObject: schema.NestedAttributeObject{Attributes: componentItemAttributes()},
			},
			"ids": computedStrings("Ids of the matching components, in the same order."),
		},
	}
}

func (d *componentsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg componentsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	all, err := d.data.Client.ListComponents(ctx, client.ComponentFilter{Name: cfg.Name.ValueString(), RootWorkspace: cfg.RootWorkspace.ValueString(),
		Parent: cfg.Parent.ValueString(), ComponentKey: cfg.ComponentKey.ValueString(), TypeID: cfg.TypeID.ValueString(), CustomFields: cfg.CustomFields})
	if err != nil {
		diagnostics.AddClientError(&resp.Diagnostics, "Unable to List Components", err)
		return
	}
	cfg.Components, cfg.IDs = make([]types.Object, len(all)), make([]string, len(all))
	for i := range all {
		var diags diag.Diagnostics
		cfg.Components[i], diags = componentItemFromAPI(&all[i])
		resp.Diagnostics.Append(diags...)
		cfg.IDs[i] = all[i].ID
	}
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &cfg)...)
}
