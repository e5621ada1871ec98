package provider

import (
	"context"
	"fmt"
	"maps"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
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
	readType(ctx, d.data, req, resp, &cfg.WorkspaceID, &cfg.Name, "Component Type", componentTypeNamed, componentTypeNameHint,
		func(t client.ComponentType) any {
			return &componentTypeDataModel{WorkspaceID: cfg.WorkspaceID, componentTypeModel: componentTypeFromAPI(t)}
		}, &cfg)
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
	readType(ctx, d.data, req, resp, &cfg.WorkspaceID, &cfg.Name, "Reference Type", referenceTypeNamed, referenceTypeNameHint,
		func(t client.ReferenceType) any {
			return &referenceTypeDataModel{WorkspaceID: cfg.WorkspaceID, referenceTypeModel: referenceTypeFromAPI(t)}
		}, &cfg)
}

// readType reads the configuration into cfg, finds the type named in its workspace's context and sets
// the state to what model makes of it, or says there is no such type and which names come closest.
func readType[T any](ctx context.Context, data *providerData, req datasource.ReadRequest, resp *datasource.ReadResponse,
	workspaceID, name *types.String, noun string, named func(*client.WorkspaceContext, string) (T, bool),
	hint func(*client.WorkspaceContext, string) string, model func(T) any, cfg any) {
	resp.Diagnostics.Append(req.Config.Get(ctx, cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	ws := workspaceID.ValueString()
	wctx, err := data.contexts.get(ctx, ws)
	if err != nil {
		addClientError(&resp.Diagnostics, "Unable to Read Workspace Context", err)
		return
	}
	t, ok := named(wctx, name.ValueString())
	if !ok {
		resp.Diagnostics.AddAttributeError(path.Root("name"), "No "+noun+" Found", fmt.Sprintf(
			"The model of workspace %s has no %s named %q. %s", ws, lower(noun), name.ValueString(), hint(wctx, name.ValueString())))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, model(t))...)
}
