package batch

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

var (
	batchComponentsDescription = "Components keyed by your own key (stable: renaming a key replaces the item, unless " +
		"`adopt_components_by` still matches it): a map or object of objects, written inline, built with `for`, or a variable " +
		"typed `map(object({...}))`. Omitted attributes are unset in Ardoq; what Ardoq assigns is in `computed_components`. " +
		"Each item is an object with:\n" + describeItems(entity.ComponentAttributes)
	batchReferencesDescription = "References keyed by your own key, written as `components` are; what Ardoq assigns is in " +
		"`computed_references`. Each item is an object with:\n" + describeItems(entity.ReferenceAttributes)

	batchComputedComponentType = computedSchemaType(entity.ComponentAttributes)
	batchComputedReferenceType = computedSchemaType(entity.ReferenceAttributes)
)

// batchSchema keeps the items in dynamic attributes: terraform-plugin-framework walks map-nested
// attributes element by element with a copy of the whole map per element, which is quadratic and took
// minutes and gigabytes at 10,000 items. A dynamic value is one opaque value to the framework; the
// provider decodes and validates items itself (decode.go), with attribute paths in errors.
// The schema's version is 0. Removing an attribute, including one of the computed maps' objects, needs a
// new version and a state upgrader: a saved state of the current version goes back to Terraform as it
// was saved (UpgradeResourceState, in the assembly's protocol_server.go).
func batchSchema() schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Many components and references applied together through Ardoq's transactional batch endpoint: " +
			"every create, update and destroy is **one** `POST /api/v2/batch`, all or nothing. Items are maps keyed by your own " +
			"keys, and may point at each other by key (`parent`, `source`, `target`). Validation reports every malformed item at once " +
			"(unknown or missing attributes, wrong types); then the plan checks every item against its workspace's model (types, " +
			"custom fields and their values, keys) and reports every problem found there at once, each naming its item " +
			"(`components[\"a\"].parent: ...`; Terraform 1.15 also shows each at the line of the item's attribute, where " +
			"1.5 to 1.11 show the resource block), then runs the batch `expand` " +
			"endpoint, so what Ardoq would reject fails `terraform plan`. Refresh reads items back with one " +
			"list request per workspace (and page). An entity must never be managed by both `ardoq_batch` and " +
			"`ardoq_component`/`ardoq_reference`, or by two `ardoq_batch` resources.\n\n" +
			"Ardoq deletes a component's descendants and every reference touching them along with it. Before a batch that deletes " +
			"components is sent, the provider checks what Ardoq would take along and refuses the whole batch, changing nothing, " +
			"if any of it is neither deleted by the batch nor moved away by it (an item whose `type_id` or `root_workspace` " +
			"changes is re-created, and the items pointing at it by key move to the new one in the same request). The error lists " +
			"what would be lost; the provider setting `allow_cascade_delete` lets the cascade happen. If the batch's answer is " +
			"lost, the provider reads the items back and records the whole result or nothing.\n\n" +
			"Ardoq documents no limit on a batch's size. A server that refuses one for its size (HTTP 413) fails the plan's dry " +
			"run, or the apply where no dry run runs (a destroy, or a plan with values known only at apply), changing nothing " +
			"either way; split the items among several `ardoq_batch` resources (each its own transaction), or add or remove " +
			"them over several applies.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed: true, MarkdownDescription: "Identifier of this set of items in Terraform (not an Ardoq id).",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"adopt_components_by": schema.ListAttribute{
				Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Adopt existing components instead of creating duplicates: a new item takes over the " +
					"component with its values of these properties (the API's `uniqueBy`), for example " +
					"`[\"rootWorkspace\", \"customFields.external_id\"]`; supported are `rootWorkspace`, `name`, `typeId`, `parent` and " +
					"`customFields.<api key>`. The plan looks the match up and shows its id in `computed_components`; apply updates it " +
					"to the whole item (attributes the item leaves out are unset) and manages it from then on. Several matches fail " +
					"the plan at the item. An item with no match at plan is sent as an upsert, so a component created meanwhile is " +
					"still adopted. Renaming an item's key while it still matches keeps the component.",
				Validators: []validator.List{listvalidator.SizeAtLeast(1)},
			},
			"adopt_references_by": schema.ListAttribute{
				Optional: true, ElementType: types.StringType,
				MarkdownDescription: "As `adopt_components_by`, for references (the ids are in `computed_references`), for example " +
					"`[\"source\", \"target\", \"type\"]` or `[\"source.rootWorkspace\", \"customFields.external_id\"]`; supported are " +
					"`source`, `target`, `type`, `source.rootWorkspace` and `customFields.<api key>`.",
				Validators: []validator.List{listvalidator.SizeAtLeast(1)},
			},
			"components": schema.DynamicAttribute{Optional: true, MarkdownDescription: batchComponentsDescription},
			"references": schema.DynamicAttribute{Optional: true, MarkdownDescription: batchReferencesDescription},
			"computed_components": schema.MapAttribute{
				Computed: true, ElementType: batchComputedComponentType,
				MarkdownDescription: "What Ardoq assigned to each component item, keyed like `components`: " +
					describeComputed(entity.ComponentAttributes) + ".",
			},
			"computed_references": schema.MapAttribute{
				Computed: true, ElementType: batchComputedReferenceType,
				MarkdownDescription: "What Ardoq assigned to each reference item, keyed like `references`: " +
					describeComputed(entity.ReferenceAttributes) + ".",
			},
		},
	}
}

// describeItems lists the attributes of an ardoq_batch item for its description.
func describeItems[M, V, E, C, U any](t entity.Attributes[M, V, E, C, U]) string {
	var b strings.Builder
	for _, a := range t {
		if a.Kind == entity.KindComputed {
			continue
		}
		typ, flags := "String", ""
		switch a.Kind {
		case entity.KindType:
			typ = "Number"
		case entity.KindCustomFields:
			typ = "Object"
		}
		if a.Required {
			flags = ", required"
		}
		fmt.Fprintf(&b, "  - `%s` (%s%s): %s", a.Name, typ, flags, a.Doc)
		switch a.Kind {
		case entity.KindIdentity, entity.KindType:
			b.WriteString(" Changing it re-creates the item.")
		case entity.KindComponentRef:
			b.WriteString(" A component item's key works too.")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// describeComputed lists the computed values ardoq_batch keeps, for its description.
func describeComputed[M, V, E, C, U any](t entity.Attributes[M, V, E, C, U]) string {
	var parts []string
	for _, a := range t {
		if a.InBatch {
			parts = append(parts, fmt.Sprintf("`%s`, %s", a.Name, a.Doc))
		}
	}
	return strings.Join(parts, "; ")
}
