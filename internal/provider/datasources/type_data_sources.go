package datasources

import (
	"context"
	"fmt"
	"maps"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
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
	attrs["workspace_id"] = schema.StringAttribute{Required: true, Validators: entity.OIDValidators(),
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
	wctx := d.context(ctx, cfg.WorkspaceID, &resp.Diagnostics)
	if wctx == nil {
		return
	}
	name := cfg.Name.ValueString()
	t, ok := oneNamed(&resp.Diagnostics, d.data.Contexts.Names(ctx), "Component Type", wctx, name, wctx.ComponentTypes,
		func(t client.ComponentType) string { return t.Name }, wsmodel.ComponentTypeNameHint)
	if !ok {
		return
	}
	state := componentTypeDataModel{WorkspaceID: cfg.WorkspaceID, componentTypeModel: componentTypeFromAPI(t)}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
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
	wctx := d.context(ctx, cfg.WorkspaceID, &resp.Diagnostics)
	if wctx == nil {
		return
	}
	name := cfg.Name.ValueString()
	t, ok := oneNamed(&resp.Diagnostics, d.data.Contexts.Names(ctx), "Reference Type", wctx, name, wctx.ReferenceTypes,
		func(t client.ReferenceType) string { return t.Name }, wsmodel.ReferenceTypeNameHint)
	if !ok {
		return
	}
	state := referenceTypeDataModel{WorkspaceID: cfg.WorkspaceID, referenceTypeModel: referenceTypeFromAPI(t)}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// context reads the workspace's context (shared with every other lookup of the run), or nil after
// adding an error (also when diags already has one).
func (d *dataSourceBase) context(ctx context.Context, workspaceID types.String, diags *diag.Diagnostics) *client.WorkspaceContext {
	if diags.HasError() {
		return nil
	}
	wctx, err := d.data.Contexts.Get(ctx, workspaceID.ValueString())
	if err != nil {
		diagnostics.AddClientError(diags, "Unable to Read Workspace Context", err)
		return nil
	}
	return wctx
}

// oneNamed finds the one type called name among all, or says that none is (with the closest names,
// from hint) or that several are, which a lookup by name cannot tell apart.
func oneNamed[T any](diags *diag.Diagnostics, names wsmodel.Names, noun string, wctx *client.WorkspaceContext, name string, all []T,
	nameOf func(T) string, hint func(*client.WorkspaceContext, string) string) (T, bool) {
	var found []T
	for _, t := range all {
		if nameOf(t) == name {
			found = append(found, t)
		}
	}
	var none T
	switch len(found) {
	case 1:
		return found[0], true
	case 0:
		diags.AddAttributeError(path.Root("name"), "No "+noun+" Found", fmt.Sprintf("The model of workspace %s has no %s named %q. %s",
			names.Workspace(wctx.RootWorkspace), lower(noun), name, hint(wctx, name)))
	default:
		diags.AddAttributeError(path.Root("name"), "Several "+noun+"s Found", fmt.Sprintf("The model of workspace %s has %d %ss named %q, "+
			"which a lookup by name cannot tell apart: see ardoq_workspace_context's %ss for their ids, and use the id.",
			names.Workspace(wctx.RootWorkspace), len(found), lower(noun), name, strings.ReplaceAll(lower(noun), " ", "_")))
	}
	return none, false
}
