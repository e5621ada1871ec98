package datasources

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
)

var (
	_ datasource.DataSourceWithConfigure      = (*reportRunDataSource)(nil)
	_ datasource.DataSourceWithValidateConfig = (*reportRunDataSource)(nil)
)

// NewReportRunDataSource returns the ardoq_report_run data source.
func NewReportRunDataSource() datasource.DataSource { return &reportRunDataSource{} }

type reportRunDataSource struct{ dataSourceBase }

type reportRunModel struct {
	ReportID  types.String        `tfsdk:"report_id"`
	Format    types.String        `tfsdk:"format"`
	KeyFormat types.String        `tfsdk:"key_format"`
	Name      types.String        `tfsdk:"name"`
	Columns   []columnModel       `tfsdk:"columns"`
	RowsJSON  types.String        `tfsdk:"rows_json"`
	Rows      []map[string]string `tfsdk:"rows"`
}

func (d *reportRunDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_report_run"
}

func (d *reportRunDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Runs a report and returns every row of every page. Reports are computed by Ardoq when read, " +
			"so the rows reflect the model at plan time.",
		Attributes: map[string]schema.Attribute{
			"report_id": schema.StringAttribute{Required: true, MarkdownDescription: "Id of the report to run."},
			"format": schema.StringAttribute{
				Optional: true, MarkdownDescription: "`objects` (the default: each row an object) or `tabular` (each row an array aligned with `columns`).",
				Validators: []validator.String{stringvalidator.OneOf("objects", "tabular")},
			},
			"key_format": schema.StringAttribute{
				Optional: true, MarkdownDescription: "For `objects`: key rows by column `label` (the default) or `key`. Not allowed with `tabular`.",
				Validators: []validator.String{stringvalidator.OneOf("label", "key")},
			},
			"name":      computedString("Name of the report, or null."),
			"columns":   columnsAttribute(),
			"rows_json": computedString("All rows as a JSON array, each exactly as the API returned it (objects, or arrays for `tabular`)."),
			"rows": schema.ListAttribute{
				Computed: true, ElementType: types.MapType{ElemType: types.StringType},
				MarkdownDescription: "Each row as a map of column to value. Objects rows are keyed as `key_format` says; tabular rows " +
					"by column key. String values are as is; other values are JSON-encoded; missing values are left out.",
			},
		},
	}
}

func (d *reportRunDataSource) ValidateConfig(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	var cfg reportRunModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if cfg.Format.ValueString() == "tabular" && !cfg.KeyFormat.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("key_format"), "Key Format Not Allowed",
			"key_format applies to format = \"objects\" only; tabular rows are keyed by column key. Remove key_format.")
	}
}

func (d *reportRunDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg reportRunModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	tabular := cfg.Format.ValueString() == "tabular"
	var run *client.ReportRun
	var err error
	if tabular {
		run, err = d.data.Client.RunReportTabular(ctx, cfg.ReportID.ValueString())
	} else {
		run, err = d.data.Client.RunReportObjects(ctx, cfg.ReportID.ValueString(), cfg.KeyFormat.ValueString())
	}
	if err != nil {
		diagnostics.AddClientError(&resp.Diagnostics, "Unable to Run Report", err)
		return
	}
	rows, err := reportRows(run, tabular)
	if err != nil {
		resp.Diagnostics.AddError("Unexpected Report Rows", err.Error())
		return
	}
	cfg.Name, cfg.Columns, cfg.Rows = stringOrNull(run.Name), columnsFromAPI(run.Columns), rows
	cfg.RowsJSON = types.StringValue(string(append(append([]byte("["), bytes.Join(rawRows(run.Rows), []byte(","))...), ']')))
	resp.Diagnostics.Append(resp.State.Set(ctx, &cfg)...)
}

func rawRows(rows []json.RawMessage) [][]byte {
	out := make([][]byte, len(rows))
	for i, r := range rows {
		out[i] = r
	}
	return out
}

// reportRows flattens rows to maps of strings: strings as is, other values JSON-encoded, nulls left out.
func reportRows(run *client.ReportRun, tabular bool) ([]map[string]string, error) {
	out := make([]map[string]string, 0, len(run.Rows))
	for i, raw := range run.Rows {
		row := map[string]string{}
		if tabular {
			var cells []json.RawMessage
			if err := json.Unmarshal(raw, &cells); err != nil {
				return nil, fmt.Errorf("row %d is not an array: %w", i, err)
			}
			for j, cell := range cells {
				if j < len(run.Columns) {
					addCell(row, run.Columns[j].Key, cell)
				}
			}
		} else {
			var cells map[string]json.RawMessage
			if err := json.Unmarshal(raw, &cells); err != nil {
				return nil, fmt.Errorf("row %d is not an object: %w", i, err)
			}
			for k, cell := range cells {
				addCell(row, k, cell)
			}
		}
		out = append(out, row)
	}
	return out, nil
}

func addCell(row map[string]string, key string, cell json.RawMessage) {
	if string(cell) == "null" {
		return
	}
	var s string
	if json.Unmarshal(cell, &s) == nil {
		row[key] = s
		return
	}
	row[key] = string(cell)
}
