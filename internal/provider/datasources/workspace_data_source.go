package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

var (
	_ datasource.DataSourceWithConfigure        = (*workspaceDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*workspaceDataSource)(nil)
	_ datasource.DataSourceWithConfigure        = (*workspacesDataSource)(nil)
)

// NewWorkspaceDataSource returns the ardoq_workspace data source.
func NewWorkspaceDataSource() datasource.DataSource { return &workspaceDataSource{} }

// NewWorkspacesDataSource returns the ardoq_workspaces data source.
func NewWorkspacesDataSource() datasource.DataSource { return &workspacesDataSource{} }

type workspaceDataSource struct{ dataSourceBase }

type workspacesDataSource struct{ dataSourceBase }

type workspaceModel struct {
	ID           types.String `tfsdk:"id"`
	Name         types.String `tfsdk:"name"`
	Description  types.String `tfsdk:"description"`
	WorkspaceKey types.String `tfsdk:"workspace_key"`
	StartView    types.String `tfsdk:"start_view"`
	Views        types.List   `tfsdk:"views"`
	Version      types.Int64  `tfsdk:"version"`
	Created      types.String `tfsdk:"created"`
	LastUpdated  types.String `tfsdk:"last_updated"`
}

type workspacesModel struct {
	Name           types.String     `tfsdk:"name"`
	ComponentModel types.String     `tfsdk:"component_model"`
	Workspaces     []workspaceModel `tfsdk:"workspaces"`
}

func workspaceFromAPI(w *client.Workspace) workspaceModel {
	return workspaceModel{
		ID: types.StringValue(w.ID), Name: types.StringValue(w.Name), Description: stringOrNull(w.Description),
		WorkspaceKey: types.StringValue(w.WorkspaceKey), StartView: stringOrNull(w.StartView), Views: stringsValue(w.Views),
		Version: types.Int64Value(w.Version), Created: types.StringValue(w.Meta.Created), LastUpdated: types.StringValue(w.Meta.LastUpdated),
	}
}

func workspaceAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id":            computedString("Id of the workspace."),
		"name":          computedString("Name of the workspace."),
		"description":   computedString("Description, or null."),
		"workspace_key": computedString("Key prefixing the workspace's component keys, for example `APP`."),
		"start_view":    computedString("View the workspace opens in, or null."),
		"views":         computedStrings("Views enabled in the workspace, or null."),
		"version":       computedInt64("The workspace's `_version`."),
		"created":       computedString("When the workspace was created."),
		"last_updated":  computedString("When the workspace was last changed."),
	}
}

func (d *workspaceDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_workspace"
}

func (d *workspaceDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := workspaceAttributes()
	attrs["id"] = lookupString("Id of the workspace. Give `id` or `name`.")
	attrs["name"] = lookupString("Exact name of the workspace. Give `id` or `name`; the name must match exactly one workspace.")
	resp.Schema = schema.Schema{MarkdownDescription: "One workspace, by id or by exact name.", Attributes: attrs}
}

func (d *workspaceDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{datasourcevalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("name"))}
}

func (d *workspaceDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg workspaceModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	listByName := func(ctx context.Context, name string) ([]client.Workspace, error) {
		return d.data.Client.ListWorkspaces(ctx, client.WorkspaceFilter{Name: name})
	}
	hint := func(ctx context.Context, name string) string {
		return wsmodel.WorkspaceNameHint(ctx, d.data.Client, name)
	}
	found := byIDOrName(ctx, &resp.Diagnostics, "Workspace", cfg.ID, cfg.Name, d.data.Client.GetWorkspace, listByName, hint)
	if found == nil {
		return
	}
	state := workspaceFromAPI(found)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (d *workspacesDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_workspaces"
}

func (d *workspacesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Every workspace matching the filters (all pages).",
		Attributes: map[string]schema.Attribute{
			"name":            filterString("Only workspaces with exactly this name."),
			"component_model": filterString("Only workspaces using this component model (metamodel) id."),
			"workspaces": schema.ListNestedAttribute{
				Computed:            true,
				MarkdownDescription: "The matching workspaces.",
				NestedObject:        schema.NestedAttributeObject{Attributes: workspaceAttributes()},
			},
		},
	}
}

func (d *workspacesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg workspacesModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	all, err := d.data.Client.ListWorkspaces(ctx, client.WorkspaceFilter{Name: cfg.Name.ValueString(), ComponentModel: cfg.ComponentModel.ValueString()})
	if err != nil {
		diagnostics.AddClientError(&resp.Diagnostics, "Unable to List Workspaces", err)
		return
	}
	cfg.Workspaces = make([]workspaceModel, len(all))
	for i := range all {
		cfg.Workspaces[i] = workspaceFromAPI(&all[i])
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &cfg)...)
}
