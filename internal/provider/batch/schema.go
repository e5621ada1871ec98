package batch

import (
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

var (
	batchDescription = "Many components and references applied together through Ardoq's transactional batch endpoint: " +
		"**one** `POST /api/v2/batch` per apply, all or nothing. More in the guide " +
		"[Bulk modelling with `ardoq_batch`](../guides/bulk-modelling)."
	batchIDDescription                = "Identifier of this set of items in Terraform (not an Ardoq id)."
	batchAdoptComponentsByDescription = "Adopt existing components instead of creating duplicates: a new item takes over the " +
		"component with its values of these properties (the API's `uniqueBy`), for example " +
		"`[\"rootWorkspace\", \"customFields.external_id\"]`; supported are `rootWorkspace`, `name`, `typeId`, `parent` and " +
		"`customFields.<api key>`."
	batchAdoptReferencesByDescription = "As `adopt_components_by`, for references, for example " +
		"`[\"source\", \"target\", \"type\"]`; supported are " +
		"`source`, `target`, `type`, `source.rootWorkspace` and `customFields.<api key>`."
	batchComponentsDescription = "Components keyed by your own key (renaming a key replaces the item, unless " +
		"`adopt_components_by` still matches it). " +
		"Each item is an object with:\n" +
		"  - `root_workspace` (String, required): Id of the workspace the component lives in. Changing it re-creates the item.\n" +
		"  - `type_id` (String, required): Component type id from the workspace's model. Changing it re-creates the item.\n" +
		"  - `name` (String, required): Name of the component.\n" +
		"  - `parent` (String): Id of the parent component, in the same workspace; unset for a top-level component. " +
		"A component item's key works too.\n" +
		"  - `description` (String): Description of the component.\n" +
		"  - `color` (String): Display color overriding the type's, for example `#3a7bd5`.\n" +
		"  - `shape` (String): Display shape overriding the type's.\n" +
		"  - `icon` (String): Display icon overriding the type's.\n" +
		"  - `image` (String): Display image overriding the type's.\n" +
		"  - `custom_fields` (Object): " + batchCustomFieldsDescription + "\n"
	batchReferencesDescription = "References keyed by your own key, written as `components` are. Each item is an object with:\n" +
		"  - `source` (String, required): Id of the source component. A component item's key works too.\n" +
		"  - `target` (String, required): Id of the target component, in any workspace. A component item's key works too.\n" +
		"  - `type` (Number, required): Reference type from the model of the source's workspace. Changing it re-creates the item.\n" +
		"  - `display_text` (String): Label shown on the reference in views.\n" +
		"  - `description` (String): Description of the reference.\n" +
		"  - `custom_fields` (Object): As for components.\n"
	batchDeletionsDescription = "What the apply of this plan deletes in Ardoq, known at plan, for policy checks: " +
		"`kind`, `key`, `name`, `id` and `workspace` of each entity (the guide's \"Counting deletions\")."
	// batchCustomFieldsDescription describes the items' custom_fields: the rules are said once, in the
	// guide "Custom fields", and the batch page links to it.
	batchCustomFieldsDescription = "Custom field values keyed by the field's API key, in their natural types " +
		"(`cost = 1200`, `critical = true`, `regions = [\"eu\"]`), as for `ardoq_component`: see " +
		"[Custom fields](../guides/custom-fields)."
)

// The computed maps' descriptions name their elements' attributes (render.go).
var (
	batchComputedComponentsDescription = "What Ardoq assigned to each component item, keyed like `components`: " +
		attributeNames(computedComponentType) + " (who made and changed it: data source `ardoq_components`)."
	batchComputedReferencesDescription = "What Ardoq assigned to each reference item, keyed like `references`: " +
		attributeNames(computedReferenceType) + " (who made and changed it: data source `ardoq_references`)."
)

// attributeNames is "`a`, `b` and `c`": an object type's attributes in code, by name.
func attributeNames(t tftypes.Object) string {
	names := slices.Sorted(maps.Keys(t.AttributeTypes))
	for i, n := range names {
		names[i] = "`" + n + "`"
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// DeletionsJQ is a jq program that counts the entities a plan's ardoq_batch resources delete in Ardoq, read
// from `terraform show -json` of the plan (TestAccBatchDeletions_countedInPlanJSON runs it; the guide
// "Bulk modelling with ardoq_batch" shows it, TestDeletionsJQ_inTheGuide).
const DeletionsJQ = `jq '[.resource_changes[] | select(.type == "ardoq_batch" and .change.actions != ["no-op"]) | ` +
	`if (.change.actions | index("delete")) then (.change.before.computed_components // {} | length) + ` +
	`(.change.before.computed_references // {} | length) else (.change.after.deletions // [] | length) end] | add // 0'`

// The adoption lists, which must name at least one property (protocol_validate.go).
const (
	adoptComponentsBy = "adopt_components_by"
	adoptReferencesBy = "adopt_references_by"
)

// resourceSchema is ardoq_batch's schema as Terraform receives it. The items are dynamic attributes,
// one opaque value each: the provider decodes and validates items itself (decode.go), with attribute
// paths in errors. The schema's version is 0. Removing an attribute, including one of the computed
// maps' objects, needs a new version and a state upgrade: a saved state of the current version goes
// back to Terraform as it was saved (UpgradeResourceState, server.go).
func resourceSchema() *tfprotov6.Schema {
	markdown := tfprotov6.StringKindMarkdown
	attr := func(name string, typ tftypes.Type, description string, optional, computed bool) *tfprotov6.SchemaAttribute {
		return &tfprotov6.SchemaAttribute{Name: name, Type: typ, Description: description, DescriptionKind: markdown,
			Optional: optional, Computed: computed}
	}
	names := tftypes.List{ElementType: tftypes.String}
	return &tfprotov6.Schema{
		Version: 0,
		Block: &tfprotov6.SchemaBlock{
			Description: batchDescription, DescriptionKind: markdown,
			Attributes: []*tfprotov6.SchemaAttribute{ // by name, as Terraform shows them
				attr(adoptComponentsBy, names, batchAdoptComponentsByDescription, true, false),
				attr(adoptReferencesBy, names, batchAdoptReferencesByDescription, true, false),
				attr("components", tftypes.DynamicPseudoType, batchComponentsDescription, true, false),
				attr("computed_components", tftypes.Map{ElementType: computedComponentType},
					batchComputedComponentsDescription, false, true),
				attr("computed_references", tftypes.Map{ElementType: computedReferenceType},
					batchComputedReferencesDescription, false, true),
				attr("deletions", deletionsType, batchDeletionsDescription, false, true),
				attr("id", tftypes.String, batchIDDescription, false, true),
				attr("references", tftypes.DynamicPseudoType, batchReferencesDescription, true, false),
			},
		},
	}
}
