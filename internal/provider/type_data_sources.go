package provider

import (
	"context"
	"fmt"
	"maps"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

var (
	_ datasource.DataSourceWithConfigure = (*componentTypeDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*referenceTypeDataSource)(nil)
)

// NewComponentTypeDataSource returns the ardoq_component_type data source.
func NewComponentTypeDataSource() datasource.DataSource { return &componentTypeDataSource{} }

// NewReferenceTypeDataSource returns the ardoq_reference_type data source.
func NewReferenceTypeDataSource() datasource.DataSource { return &referenceTypeDataSource{} }

// The type data sources look a type up by the name Ardoq users know, from the workspace context that
// ardoq_workspace_context reads too (one request per workspace, shared): a name that matches nothing is
// an error listing the closest names, where a lookup in component_type_ids would only say "Invalid index".
type componentTypeDataSource struct{ dataSourceBase }

type referenceTypeDataSource struct{ dataSourceBase }

type componentTypeDataModel struct {
	WorkspaceID types.String `tfsdk:"workspace_id"`
	componentTypeModel
}

type referenceTypeDataModel struct {
	WorkspaceID types.String `tfsdk:"workspace_id"`
	referenceTypeModel
}

func typeLookupAttributes(noun string, computed map[string]schema.Attribute) map[string]schema.Attribute {
	attrs := maps.Clone(computed)
	attrs["workspace_id"] = schema.StringAttribute{Required: true, Validators: oidValidators(),
		MarkdownDescription: "Id of a workspace whose model has the " + noun + "."}
	attrs["name"] = schema.StringAttribute{Required: true, MarkdownDescription: "Exact name of the " + noun + ", as Ardoq shows it. " +
		"A name that matches none is an error listing the closest names that exist."}
	return attrs
}

func (d *componentTypeDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_component_type"
}

func (d *componentTypeDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "One component type of a workspace's model, by name: its `type_id` is what `ardoq_component` and " +
			"`ardoq_batch` take.",
		Attributes: typeLookupAttributes("component type", componentTypeAttributes()),
	}
}

func (d *componentTypeDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg componentTypeDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	ws, name := cfg.WorkspaceID.ValueString(), cfg.Name.ValueString()
	wctx, err := d.data.contexts.get(ctx, ws)
	if err != nil {
		addClientError(&resp.Diagnostics, "Unable to Read Workspace Context", err)
		return
	}
	if t, ok := componentTypeNamed(wctx, name); ok {
		state := componentTypeDataModel{WorkspaceID: cfg.WorkspaceID, componentTypeModel: componentTypeFromAPI(t)}
		resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
		return
	}
	resp.Diagnostics.AddAttributeError(path.Root("name"), "No Component Type Found", fmt.Sprintf(
		"The model of workspace %s has no component type named %q. %s", ws, name, componentTypeNameHint(wctx, name)))
}

func (d *referenceTypeDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_reference_type"
}

func (d *referenceTypeDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "One reference type of a workspace's model, by name: its `type` is what `ardoq_reference` and " +
			"`ardoq_batch` take for references whose source is in that workspace.",
		Attributes: typeLookupAttributes("reference type", referenceTypeAttributes()),
	}
}

func (d *referenceTypeDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg referenceTypeDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	ws, name := cfg.WorkspaceID.ValueString(), cfg.Name.ValueString()
	wctx, err := d.data.contexts.get(ctx, ws)
	if err != nil {
		addClientError(&resp.Diagnostics, "Unable to Read Workspace Context", err)
		return
	}
	if t, ok := referenceTypeNamed(wctx, name); ok {
		state := referenceTypeDataModel{WorkspaceID: cfg.WorkspaceID, referenceTypeModel: referenceTypeFromAPI(t)}
		resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
		return
	}
	resp.Diagnostics.AddAttributeError(path.Root("name"), "No Reference Type Found", fmt.Sprintf(
		"The model of workspace %s has no reference type named %q. %s", ws, name, referenceTypeNameHint(wctx, name)))
}
