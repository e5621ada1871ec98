package provider

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

const batchFieldsDescription = "Custom field values by API key, as strings typed by each field's definition: numbers as " +
	"`\"12.5\"` (or a bare number, which Terraform turns into a string), checkboxes as `\"true\"`, multi-select lists as " +
	"`jsonencode([\"eu\", \"us\"])`. Only these keys are managed; removing one clears it in Ardoq."

func batchSchema() schema.Schema {
	computed := func(d string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, MarkdownDescription: d}
	}
	return schema.Schema{
		MarkdownDescription: "Many components and references applied together through Ardoq's transactional batch endpoint: " +
			"every create, update and destroy is **one** `POST /api/v2/batch`, all or nothing. Items are maps keyed by your own " +
			"keys, and may point at each other by key (`parent`, `source`, `target`). Plans run the batch `expand` endpoint, so " +
			"an unknown type, a dangling parent or a bad custom field fails `terraform plan`. Refresh reads items back with one " +
			"list request per workspace (and page). An entity must never be managed by both `ardoq_batch` and " +
			"`ardoq_component`/`ardoq_reference`, or by two `ardoq_batch` resources.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed: true, MarkdownDescription: "Identifier of this set of items in Terraform (not an Ardoq id).",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"adopt_components_by": schema.ListAttribute{
				Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Adopt existing components instead of creating duplicates: new items are sent as upserts unique " +
					"by these properties (the API's `uniqueBy`), for example `[\"rootWorkspace\", \"customFields.external_id\"]`. " +
					"No match creates the component, one match updates it to the item and manages it from then on, several " +
					"matches fail the whole apply with the item named.",
				Validators: []validator.List{listvalidator.SizeAtLeast(1)},
			},
			"adopt_references_by": schema.ListAttribute{
				Optional: true, ElementType: types.StringType,
				MarkdownDescription: "As `adopt_components_by`, for references, for example `[\"source\", \"target\", \"type\"]` or " +
					"`[\"source.rootWorkspace\", \"customFields.external_id\"]`.",
				Validators: []validator.List{listvalidator.SizeAtLeast(1)},
			},
			"components": schema.MapNestedAttribute{
				Optional: true, MarkdownDescription: "Components keyed by your own key (stable: renaming a key replaces the item).",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":             computed("Ardoq id of the component."),
					"version":        schema.Int64Attribute{Computed: true, MarkdownDescription: "The component's `_version`; updates send it as `ifVersionMatch`."},
					"component_key":  computed("Human-readable Ardoq id such as `APP-12`."),
					"root_workspace": schema.StringAttribute{Required: true, MarkdownDescription: "Workspace id. Changing it re-creates the item.", Validators: oidValidators()},
					"type_id":        schema.StringAttribute{Required: true, MarkdownDescription: "Component type id. Changing it re-creates the item."},
					"name":           schema.StringAttribute{Required: true, MarkdownDescription: "Name.", Validators: []validator.String{stringvalidator.LengthAtLeast(1)}},
					"parent":         schema.StringAttribute{Optional: true, MarkdownDescription: "The key of another component item, or the id of an existing component."},
					"description":    schema.StringAttribute{Optional: true, MarkdownDescription: "Description."},
					"color":          schema.StringAttribute{Optional: true, MarkdownDescription: "Color override."},
					"shape":          schema.StringAttribute{Optional: true, MarkdownDescription: "Shape override."},
					"icon":           schema.StringAttribute{Optional: true, MarkdownDescription: "Icon override."},
					"image":          schema.StringAttribute{Optional: true, MarkdownDescription: "Image override."},
					"custom_fields":  schema.MapAttribute{Optional: true, ElementType: types.StringType, MarkdownDescription: batchFieldsDescription},
				}},
			},
			"references": schema.MapNestedAttribute{
				Optional: true, MarkdownDescription: "References keyed by your own key.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":               computed("Ardoq id of the reference."),
					"version":          schema.Int64Attribute{Computed: true, MarkdownDescription: "The reference's `_version`."},
					"root_workspace":   computed("Workspace of the reference (its source's)."),
					"target_workspace": computed("Workspace of the target."),
					"source":           schema.StringAttribute{Required: true, MarkdownDescription: "Key of a component item, or id of an existing component."},
					"target":           schema.StringAttribute{Required: true, MarkdownDescription: "Key of a component item, or id of an existing component."},
					"type":             schema.Int64Attribute{Required: true, MarkdownDescription: "Reference type from the source workspace's model. Changing it re-creates the item."},
					"display_text":     schema.StringAttribute{Optional: true, MarkdownDescription: "Display text."},
					"description":      schema.StringAttribute{Optional: true, MarkdownDescription: "Description."},
					"custom_fields":    schema.MapAttribute{Optional: true, ElementType: types.StringType, MarkdownDescription: batchFieldsDescription},
				}},
			},
		},
	}
}
