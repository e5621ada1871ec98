package batch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	pschema "github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// The reference: ardoq_batch as a terraform-plugin-framework resource, with the schema it had when the
// framework served it, calling the same batchResource. Server must answer every RPC as the framework's
// server answers for this resource (server_contract_test.go), and send the same schema (schema_test.go).

// frameworkSchema is ardoq_batch's schema as a framework schema. The adoption lists' check is the
// resource's own (batchResource.validate), as it is Server's.
func frameworkSchema() schema.Schema {
	return schema.Schema{
		MarkdownDescription: batchDescription,
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{Computed: true, MarkdownDescription: batchIDDescription,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
			adoptComponentsBy: schema.ListAttribute{Optional: true, ElementType: types.StringType, MarkdownDescription: batchAdoptComponentsByDescription},
			adoptReferencesBy: schema.ListAttribute{Optional: true, ElementType: types.StringType, MarkdownDescription: batchAdoptReferencesByDescription},
			"components":      schema.DynamicAttribute{Optional: true, MarkdownDescription: batchComponentsDescription},
			"references":      schema.DynamicAttribute{Optional: true, MarkdownDescription: batchReferencesDescription},
			"computed_components": schema.MapAttribute{Computed: true, ElementType: computedComponentSchemaType,
				MarkdownDescription: batchComputedComponentsDescription},
			"deletions": schema.ListAttribute{Computed: true, ElementType: types.ObjectType{AttrTypes: map[string]attr.Type{
				"kind": types.StringType, "key": types.StringType, "name": types.StringType, "id": types.StringType, "workspace": types.StringType}},
				MarkdownDescription: batchDeletionsDescription},
			"computed_references": schema.MapAttribute{Computed: true, ElementType: computedReferenceSchemaType,
				MarkdownDescription: batchComputedReferencesDescription},
		},
	}
}

// The types of computed_components' and computed_references' elements (computedComponentType,
// computedReferenceType) in a framework schema.
var (
	computedComponentSchemaType = types.ObjectType{AttrTypes: map[string]attr.Type{
		"id": types.StringType, "version": types.Int64Type, "component_key": types.StringType}}
	computedReferenceSchemaType = types.ObjectType{AttrTypes: map[string]attr.Type{
		"id": types.StringType, "version": types.Int64Type, "root_workspace": types.StringType, "target_workspace": types.StringType}}
)

var (
	_ resource.ResourceWithConfigure      = (*frameworkResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*frameworkResource)(nil)
	_ resource.ResourceWithImportState    = (*frameworkResource)(nil)
	_ resource.ResourceWithValidateConfig = (*frameworkResource)(nil)
)

type frameworkResource struct{ r batchResource }

func (f *frameworkResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_batch"
}

func (f *frameworkResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = frameworkSchema()
}

func (f *frameworkResource) Configure(_ context.Context, req resource.ConfigureRequest, _ *resource.ConfigureResponse) {
	f.r.data, _ = req.ProviderData.(*providerdata.Data)
}

func (f *frameworkResource) ValidateConfig(_ context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	resp.Diagnostics.Append(f.r.validate(req.Config.Raw)...)
}

func (f *frameworkResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	planned, diags := f.r.modifyPlan(ctx, req.State.Raw, req.Plan.Raw, isUnchanged(req.State.Raw, req.Plan.Raw))
	resp.Plan.Raw = planned
	resp.Diagnostics.Append(diags...)
}

func (f *frameworkResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	state, diags := f.r.create(ctx, req.Plan.Raw)
	resp.State.Raw = state
	resp.Diagnostics.Append(diags...)
}

func (f *frameworkResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	state, diags := f.r.read(ctx, req.State.Raw)
	resp.State.Raw = state
	resp.Diagnostics.Append(diags...)
}

func (f *frameworkResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	state, diags := f.r.update(ctx, req.State.Raw, req.Plan.Raw)
	resp.State.Raw = state
	resp.Diagnostics.Append(diags...)
}

func (f *frameworkResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	resp.Diagnostics.Append(f.r.delete(ctx, req.State.Raw)...)
}

func (f *frameworkResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	state, diags := f.r.importState(ctx, resp.State.Schema.Type().TerraformType(ctx), req.ID)
	resp.State.Raw = state
	resp.Diagnostics.Append(diags...)
}

// frameworkProvider serves frameworkResource alone, configured with data.
type frameworkProvider struct{ data *providerdata.Data }

func (p *frameworkProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "ardoq"
}

func (p *frameworkProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = pschema.Schema{}
}

func (p *frameworkProvider) Configure(_ context.Context, _ provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	resp.ResourceData = p.data
}

func (p *frameworkProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return &frameworkResource{} }}
}

func (p *frameworkProvider) DataSources(context.Context) []func() datasource.DataSource { return nil }

// newFrameworkServer is the reference's protocol server.
func newFrameworkServer(data *providerdata.Data) (tfprotov6.ProviderServer, error) {
	return providerserver.NewProtocol6WithError(&frameworkProvider{data: data})()
}
