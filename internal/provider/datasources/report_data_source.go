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
)

var (
	_ datasource.DataSourceWithConfigure        = (*reportDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*reportDataSource)(nil)
	_ datasource.DataSourceWithConfigure        = (*reportsDataSource)(nil)
)

// NewReportDataSource returns the ardoq_report data source.
func NewReportDataSource() datasource.DataSource { return &reportDataSource{} }

// NewReportsDataSource returns the ardoq_reports data source.
func NewReportsDataSource() datasource.DataSource { return &reportsDataSource{} }

type reportDataSource struct{ dataSourceBase }

type reportsDataSource struct{ dataSourceBase }

type reportModel struct {
	ID          types.String  `tfsdk:"id"`
	Name        types.String  `tfsdk:"name"`
	Description types.String  `tfsdk:"description"`
	Datasource  types.String  `tfsdk:"datasource"`
	Columns     []columnModel `tfsdk:"columns"`
	Version     types.Int64   `tfsdk:"version"`
}

type columnModel struct {
	Label types.String `tfsdk:"label"`
	Key   types.String `tfsdk:"key"`
}

type reportsModel struct {
	Name    types.String  `tfsdk:"name"`
	Reports []reportModel `tfsdk:"reports"`
}

func columnsFromAPI(cols []client.Column) []columnModel {
	out := make([]columnModel, len(cols))
	for i, c := range cols {
		out[i] = columnModel{Label: types.StringValue(c.Label), Key: types.StringValue(c.Key)}
	}
	return out
}

func reportFromAPI(r *client.Report) reportModel {
	return reportModel{ID: types.StringValue(r.ID), Name: stringOrNull(r.Name), Description: stringOrNull(r.Description),
		Datasource: types.StringValue(r.Datasource), Columns: columnsFromAPI(r.Columns), Version: types.Int64Value(r.Version)}
}

func columnsAttribute() schema.ListNestedAttribute {
	return schema.ListNestedAttribute{
		Computed: true, MarkdownDescription: "Columns of the report, in order.",
		NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
			"label": computedString("Column name shown in Ardoq."),
			"key":   computedString("Immutable API name of the column."),
		}},
	}
}

func reportAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id":          computedString("Id of the report."),
		"name":        computedString("Name of the report, or null."),
		"description": computedString("Description, or null."),
		"datasource":  computedString("What the report queries: `graphSearch`, `advancedSearch` or `advancedSearchPostgres`."),
		"columns":     columnsAttribute(),
		"version":     computedInt64("The report's `_version`."),
	}
}

func (d *reportDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_report"
}

func (d *reportDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := reportAttributes()
	attrs["id"] = lookupString("Id of the report. Give `id` or `name`.")
	attrs["name"] = lookupString("Exact name of the report. Give `id` or `name`; the name must match exactly one report.")
	resp.Schema = schema.Schema{MarkdownDescription: "One report definition (not its data; see `ardoq_report_run`), by id or exact name.", Attributes: attrs}
}

func (d *reportDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{datasourcevalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("name"))}
}

func (d *reportDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg reportModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	found := byIDOrName(ctx, &resp.Diagnostics, "Report", cfg.ID, cfg.Name, d.data.Client.GetReport, d.data.Client.ListReports)
	if found == nil {
		return
	}
	state := reportFromAPI(found)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (d *reportsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_reports"
}

func (d *reportsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Every report definition matching the filter (all pages).",
		Attributes: map[string]schema.Attribute{
			"name": filterString("Only reports with exactly this name."),
			"reports": schema.ListNestedAttribute{
				Computed: true, MarkdownDescription: "The matching report definitions.",
				NestedObject: schema.NestedAttributeObject{Attributes: reportAttributes()},
			},
		},
	}
}

func (d *reportsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg reportsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	all, err := d.data.Client.ListReports(ctx, cfg.Name.ValueString())
	if err != nil {
		diagnostics.AddClientError(&resp.Diagnostics, "Unable to List Reports", err)
		return
	}
	cfg.Reports = make([]reportModel, len(all))
	for i := range all {
		cfg.Reports[i] = reportFromAPI(&all[i])
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &cfg)...)
}
