package listresources

import (
	"cmp"
	"context"
	"fmt"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

// NewComponentListResource returns the ardoq_component list resource (terraform query, Terraform 1.14+).
func NewComponentListResource() list.ListResource {
	return &listResource[componentListConfig, client.Component]{typeName: "_component", noun: "components", schema: componentListSchema(),
		conflicts: []string{"type_id", "type_name"}, start: startComponentList}
}

type componentListConfig struct {
	WorkspaceID  types.String      `tfsdk:"workspace_id"`
	Name         types.String      `tfsdk:"name"`
	TypeID       types.String      `tfsdk:"type_id"`
	TypeName     types.String      `tfsdk:"type_name"`
	Parent       types.String      `tfsdk:"parent"`
	ComponentKey types.String      `tfsdk:"component_key"`
	CustomFields map[string]string `tfsdk:"custom_fields"`
}

func componentListSchema() listschema.Schema {
	return listschema.Schema{
		MarkdownDescription: "The components of a workspace, for `terraform query` (Terraform 1.14 and later): each result carries " +
			"the component's identity (its id) and, with `include_resource = true`, its attributes as an import records them (with " +
			"every custom field that can be set), so `terraform query -generate-config-out=FILE` writes an `import` and a " +
			"`resource` block for each, which plan no change. " +
			entity.ComponentFilterHelp + " Results come in the API's order, a page at a time.",
		Attributes: map[string]listschema.Attribute{
			"workspace_id": listschema.StringAttribute{
				Required:            true,
				MarkdownDescription: "Id of the workspace whose components are listed.",
				Validators:          entity.OIDValidators(),
			},
			"name": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only components with exactly this name.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)}},
			"type_id": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only components of this type id.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)}},
			"type_name": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only components of the type with this " +
				"name in the workspace's model, such as `Application`: the provider looks its id up in the workspace context and " +
				"filters by that id. Conflicts with `type_id`.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)}},
			"parent": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only children of the component with this id.",
				Validators: entity.OIDValidators()},
			"component_key": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only the component with this key, such as `APP-12`.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)}},
			"custom_fields": listschema.MapAttribute{Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Only components whose custom fields have these values, by API key, written as strings and " +
					"interpreted by each field's type (`{ cost = \"12\" }` matches the number 12)."},
		},
	}
}

// startComponentList is the pages of components a configuration asks for, a type name looked up in the workspace's model.
func startComponentList(ctx context.Context, d *providerdata.Data, cfg componentListConfig) (iter.Seq2[client.Page[client.Component], error], listEntity[client.Component], iter.Seq[list.ListResult]) {
	ws := cfg.WorkspaceID.ValueString()
	filter := client.ComponentFilter{RootWorkspace: ws, Name: cfg.Name.ValueString(), TypeID: cfg.TypeID.ValueString(),
		Parent: cfg.Parent.ValueString(), ComponentKey: cfg.ComponentKey.ValueString(), CustomFields: cfg.CustomFields}
	wctx, err := d.Contexts.Get(ctx, ws) // read once per provider run: the type names, and the fields a result records
	if !cfg.TypeName.IsNull() {
		if err != nil {
			return nil, listEntity[client.Component]{}, listError("Unable to Read Workspace Context", diagnostics.ClientErrorDetail(err))
		}
		typ, ok := componentTypeNamed(wctx, cfg.TypeName.ValueString())
		if !ok {
			return nil, listEntity[client.Component]{}, listError("Unknown Component Type", fmt.Sprintf("The model of workspace %s has no component type named %q. %s",
				d.Contexts.Names(ctx).Workspace(ws), cfg.TypeName.ValueString(), wsmodel.ComponentTypeNameHint(wctx, cfg.TypeName.ValueString())))
		}
		filter.TypeID = typ.TypeID
	}
	return d.Client.ComponentPages(ctx, filter), listEntity[client.Component]{
		noun: "Components",
		id:   func(c *client.Component) string { return c.ID },
		displayName: func(c *client.Component) string {
			return fmt.Sprintf("%s (%s, %s)", c.Name, cmp.Or(c.ComponentKey, c.ID), cmp.Or(c.Type, c.TypeID))
		},
		// What an import records, so the configuration -generate-config-out writes plans no change.
		model: func(c *client.Component) (any, diag.Diagnostics) {
			held, diags := adoptedFields(wctx, err, c.CustomFields, func(m *client.WorkspaceContext) fields.Scope { return fields.ComponentScope(m, c.TypeID) })
			m := entity.ComponentFromAPI(c, held, false)
			return &m, diags
		},
	}, nil
}

func componentTypeNamed(wctx *client.WorkspaceContext, name string) (client.ComponentType, bool) {
	for _, t := range wctx.ComponentTypes {
		if t.Name == name {
			return t, true
		}
	}
	return client.ComponentType{}, false
}
