package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/itemkey"
)

var _ datasource.DataSourceWithConfigure = (*componentIDsDataSource)(nil)

// NewComponentIDsDataSource returns the ardoq_component_ids data source.
func NewComponentIDsDataSource() datasource.DataSource { return &componentIDsDataSource{} }

type componentIDsDataSource struct{ dataSourceBase }

type componentIDsModel struct {
	RootWorkspace types.String      `tfsdk:"root_workspace"`
	IDs           map[string]string `tfsdk:"ids"`
}

func (d *componentIDsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_component_ids"
}

func (d *componentIDsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "The ids of a workspace's components by component key, from one listing of the workspace (a request " +
			"per 100 components): what references to another workspace's components need, at the cost of list pages rather than " +
			"a request per target. A component that is gone is simply not in the map, so only an expression still using its key fails.",
		Attributes: map[string]schema.Attribute{
			"root_workspace": schema.StringAttribute{Required: true, MarkdownDescription: "Id of the workspace.",
				Validators: entity.OIDValidators()},
			"ids": schema.MapAttribute{Computed: true, ElementType: types.StringType,
				MarkdownDescription: "Component id by component key (`APP-12`), or by id for a component Ardoq gave no key."},
		},
	}
}

func (d *componentIDsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg componentIDsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	all, err := d.data.Client.ListComponents(ctx, client.ComponentFilter{RootWorkspace: cfg.RootWorkspace.ValueString()})
	if err != nil {
		diagnostics.AddClientError(&resp.Diagnostics, "Unable to List Components", err)
		return
	}
	cfg.IDs = make(map[string]string, len(all))
	for _, c := range all {
		cfg.IDs[itemkey.Component(&c)] = c.ID // as ardoq-export and the batch's import key components
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &cfg)...)
}
