package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
)

var (
	_ datasource.DataSourceWithConfigure = (*attachmentDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*attachmentsDataSource)(nil)
)

// NewAttachmentDataSource returns the ardoq_attachment data source.
func NewAttachmentDataSource() datasource.DataSource { return &attachmentDataSource{} }

// NewAttachmentsDataSource returns the ardoq_attachments data source.
func NewAttachmentsDataSource() datasource.DataSource { return &attachmentsDataSource{} }

type attachmentDataSource struct{ dataSourceBase }

type attachmentsDataSource struct{ dataSourceBase }

type attachmentModel struct {
	ID           types.String  `tfsdk:"id"`
	Filename     types.String  `tfsdk:"filename"`
	Folder       types.String  `tfsdk:"folder"`
	ResourceType types.String  `tfsdk:"resource_type"`
	ResourceID   types.String  `tfsdk:"resource_id"`
	Version      types.Float64 `tfsdk:"version"`
	Created      types.String  `tfsdk:"created"`
	LastUpdated  types.String  `tfsdk:"last_updated"`
}

type attachmentsModel struct {
	Filename    types.String      `tfsdk:"filename"`
	Folder      types.String      `tfsdk:"folder"`
	Attachments []attachmentModel `tfsdk:"attachments"`
}

func attachmentFromAPI(a *client.Attachment) attachmentModel {
	return attachmentModel{
		ID: types.StringValue(a.ID), Filename: types.StringValue(a.Filename), Folder: stringOrNull(a.Folder),
		ResourceType: types.StringValue(a.Resource.Type), ResourceID: types.StringValue(a.Resource.ID),
		Version: types.Float64Value(a.Version), Created: types.StringValue(a.Meta.Created), LastUpdated: types.StringValue(a.Meta.LastUpdated),
	}
}

func attachmentAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id":            computedString("Id of the attachment."),
		"filename":      computedString("File name."),
		"folder":        computedString("Id of the folder holding the attachment, or null."),
		"resource_type": computedString("What the attachment belongs to: `org` or `workspace`."),
		"resource_id":   computedString("Id of the org or workspace the attachment belongs to."),
		"version":       schema.Float64Attribute{Computed: true, MarkdownDescription: "The attachment's `_version` (a number in the API)."},
		"created":       computedString("When the attachment was uploaded."),
		"last_updated":  computedString("When the attachment was last changed."),
	}
}

func (d *attachmentDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_attachment"
}

func (d *attachmentDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := attachmentAttributes()
	attrs["id"] = schema.StringAttribute{Required: true, MarkdownDescription: "Id of the attachment."}
	resp.Schema = schema.Schema{MarkdownDescription: "One attachment (file metadata, not its content), by id.", Attributes: attrs}
}

func (d *attachmentDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg attachmentModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	a, err := d.data.Client.GetAttachment(ctx, cfg.ID.ValueString())
	if err != nil {
		diagnostics.AddClientError(&resp.Diagnostics, "Unable to Read Attachment", err)
		return
	}
	state := attachmentFromAPI(a)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (d *attachmentsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_attachments"
}

func (d *attachmentsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Every attachment matching the filters (all pages).",
		Attributes: map[string]schema.Attribute{
			"filename": filterString("Only attachments with exactly this file name."),
			"folder":   filterString("Only attachments in this folder (folder id)."),
			"attachments": schema.ListNestedAttribute{
				Computed: true, MarkdownDescription: "The matching attachments.",
				NestedObject: schema.NestedAttributeObject{Attributes: attachmentAttributes()},
			},
		},
	}
}

func (d *attachmentsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg attachmentsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	all, err := d.data.Client.ListAttachments(ctx, client.AttachmentFilter{Filename: cfg.Filename.ValueString(), Folder: cfg.Folder.ValueString()})
	if err != nil {
		diagnostics.AddClientError(&resp.Diagnostics, "Unable to List Attachments", err)
		return
	}
	cfg.Attachments = make([]attachmentModel, len(all))
	for i := range all {
		cfg.Attachments[i] = attachmentFromAPI(&all[i])
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &cfg)...)
}
