package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
)

var _ datasource.DataSourceWithConfigure = (*meDataSource)(nil)

// NewMeDataSource returns the ardoq_me data source.
func NewMeDataSource() datasource.DataSource { return &meDataSource{} }

type meDataSource struct{ dataSourceBase }

type meModel struct {
	Email    types.String `tfsdk:"email"`
	OrgName  types.String `tfsdk:"org_name"`
	OrgLabel types.String `tfsdk:"org_label"`
}

func (d *meDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_me"
}

func (d *meDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "The caller and its organization (`GET /api/v2/me`): a connectivity check.",
		Attributes: map[string]schema.Attribute{
			"email":     computedString("Email of the user the API token belongs to."),
			"org_name":  computedString("Display name of the organization."),
			"org_label": computedString("Label of the organization (the `X-org` value)."),
		},
	}
}

func (d *meDataSource) Read(ctx context.Context, _ datasource.ReadRequest, resp *datasource.ReadResponse) {
	me, err := d.data.Client.Me(ctx)
	if err != nil {
		diagnostics.AddClientError(&resp.Diagnostics, "Unable to Read Caller", err)
		return
	}
	state := meModel{Email: types.StringValue(me.User.Email), OrgName: types.StringValue(me.Org.Name), OrgLabel: types.StringValue(me.Org.Label)}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}
