package listresources

import (
	"context"
	"fmt"
	"iter"
	"strconv"

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

// NewReferenceListResource returns the ardoq_reference list resource (terraform query, Terraform 1.14+).
func NewReferenceListResource() list.ListResource {
	return &listResource[referenceListConfig, client.Reference]{typeName: "_reference", noun: "references", schema: referenceListSchema(),
		conflicts: []string{"type", "type_name"}, start: startReferenceList}
}

type referenceListConfig struct {
	WorkspaceID     types.String      `tfsdk:"workspace_id"`
	Source          types.String      `tfsdk:"source"`
	Target          types.String      `tfsdk:"target"`
	TargetWorkspace types.String      `tfsdk:"target_workspace"`
	Type            types.Int64       `tfsdk:"type"`
	TypeName        types.String      `tfsdk:"type_name"`
	DisplayText     types.String      `tfsdk:"display_text"`
	CustomFields    map[string]string `tfsdk:"custom_fields"`
}

func referenceListSchema() listschema.Schema {
	return listschema.Schema{
		MarkdownDescription: "The references of a workspace (those whose source is in it), for `terraform query` (Terraform 1.14 " +
			"and later): each result carries the reference's identity (its id) and, with `include_resource = true`, its attributes " +
			"as an import records them (with every custom field that can be set), so `terraform query -generate-config-out=FILE` " +
			"writes an `import` and a `resource` block for each, which plan no change. Filters go to the API as query parameters, AND-combined; texts " +
			"match exactly. Results come in the API's order, a page at a time.",
		Attributes: map[string]listschema.Attribute{
			"workspace_id": listschema.StringAttribute{
				Required:            true,
				MarkdownDescription: "Id of the workspace whose references are listed: the workspace of their source components.",
				Validators:          entity.OIDValidators(),
			},
			"source": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only references from the component with this id.",
				Validators: entity.OIDValidators()},
			"target": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only references to the component with this id.",
				Validators: entity.OIDValidators()},
			"target_workspace": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only references whose target is in the workspace with this id.",
				Validators: entity.OIDValidators()},
			"type": listschema.Int64Attribute{Optional: true, MarkdownDescription: "Only references of this reference type id."},
			"type_name": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only references of the reference type with " +
				"this name in the model of `workspace_id`, such as `Depends on`: the provider looks its id up in the workspace context " +
				"and filters by that id. Conflicts with `type`.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)}},
			"display_text": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only references with exactly this display text.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)}},
			"custom_fields": listschema.MapAttribute{Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Only references whose custom fields have these values, by API key, written as strings and " +
					"interpreted by each field's type."},
		},
	}
}

// startReferenceList is the pages of references a configuration asks for, a type name looked up in the workspace's model.
func startReferenceList(ctx context.Context, d *providerdata.Data, cfg referenceListConfig) (iter.Seq2[client.Page[client.Reference], error], listEntity[client.Reference], iter.Seq[list.ListResult]) {
	ws := cfg.WorkspaceID.ValueString()
	filter := client.ReferenceFilter{RootWorkspace: ws, Source: cfg.Source.ValueString(), Target: cfg.Target.ValueString(),
		TargetWorkspace: cfg.TargetWorkspace.ValueString(), Type: cfg.Type.ValueInt64Pointer(), DisplayText: cfg.DisplayText.ValueString(),
		CustomFields: cfg.CustomFields}
	// The model names the types in display names; it is read once per provider run and only needed for names.
	wctx, err := d.Contexts.Get(ctx, ws)
	if !cfg.TypeName.IsNull() {
		if err != nil {
			return nil, listEntity[client.Reference]{}, listError("Unable to Read Workspace Context", diagnostics.ClientErrorDetail(err))
		}
		typ, ok := referenceTypeNamed(wctx, cfg.TypeName.ValueString())
		if !ok {
			return nil, listEntity[client.Reference]{}, listError("Unknown Reference Type", fmt.Sprintf("The model of workspace %s has no reference type named %q. %s",
				d.Contexts.Names(ctx).Workspace(ws), cfg.TypeName.ValueString(), wsmodel.ReferenceTypeNameHint(wctx, cfg.TypeName.ValueString())))
		}
		filter.Type = &typ.Type
	}
	return d.Client.ReferencePages(ctx, filter), listEntity[client.Reference]{
		noun: "References",
		id:   func(ref *client.Reference) string { return ref.ID },
		displayName: func(ref *client.Reference) string {
			kind := "type " + strconv.FormatInt(ref.Type, 10)
			if wctx != nil {
				if t, ok := wsmodel.ReferenceTypeOf(wctx, ref.Type); ok {
					kind = t.Name
				}
			}
			if ref.DisplayText != nil && *ref.DisplayText != "" {
				kind += " \"" + *ref.DisplayText + "\""
			}
			return fmt.Sprintf("%s: %s -> %s", kind, ref.Source, ref.Target)
		},
		// What an import records, so the configuration -generate-config-out writes plans no change.
		model: func(ref *client.Reference) (any, diag.Diagnostics) {
			held, diags := adoptedFields(wctx, err, ref.CustomFields, func(m *client.WorkspaceContext) fields.Scope { return fields.ReferenceScope(m, ref.Type) })
			m := entity.ReferenceFromAPI(ref, held, false)
			return &m, diags
		},
	}, nil
}

func referenceTypeNamed(wctx *client.WorkspaceContext, name string) (client.ReferenceType, bool) {
	for _, t := range wctx.ReferenceTypes {
		if t.Name == name {
			return t, true
		}
	}
	return client.ReferenceType{}, false
}
