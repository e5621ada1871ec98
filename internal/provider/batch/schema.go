package batch

import (
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

var (
	batchDescription = "Many components and references applied together through Ardoq's transactional batch endpoint: " +
		"every create, update and destroy is **one** `POST /api/v2/batch`, all or nothing. Items are maps keyed by your own " +
		"keys, and may point at each other by key (`parent`, `source`, `target`). Validation reports every malformed item at once " +
		"(unknown or missing attributes, wrong types); then the plan checks every item against its workspace's model (types, " +
		"custom fields and their values, keys) and reports every problem found there at once, each naming its item " +
		"(`components[\"a\"].parent: ...`; Terraform 1.15 and later also show each at the line of the item's attribute, " +
		"earlier versions at the resource block), then runs the batch `expand` " +
		"endpoint, so what Ardoq would reject fails `terraform plan`. Refresh reads items back with one " +
		"list request per workspace (and page). An entity must never be managed by both `ardoq_batch` and " +
		"`ardoq_component`/`ardoq_reference`, or by two `ardoq_batch` resources.\n\n" +
		"Ardoq deletes a component's descendants and every reference touching them along with it. Before a batch that deletes " +
		"components is sent, the provider checks what Ardoq would take along and refuses the whole batch, changing nothing, " +
		"if any of it is neither deleted by the batch nor moved away by it (an item whose `type_id` or `root_workspace` " +
		"changes is re-created, and the items pointing at it by key move to the new one in the same request). The error lists " +
		"what would be lost; the provider setting `allow_cascade_delete` lets Ardoq take along what the plan listed, unchanged since. If the batch's answer is " +
		"lost, the provider reads the items back and records the whole result or nothing. An item whose `parent`, `source` " +
		"or `target` is read from a resource the same apply creates or replaces (another `ardoq_batch`'s " +
		"`computed_components`, an `ardoq_component`'s `id`) is planned with what depends on that value unknown; when " +
		"Ardoq deletes it along with a replaced component it pointed at (Terraform deletes a component before making its " +
		"replacement), the apply makes it again, with a new id.\n\n" +
		"A plan whose apply deletes items (removed or replaced, or all of them in a destroy) warns at the resource, naming each, " +
		"and holds them in `deletions` for policy checks. A plan that deletes components also warns of what Ardoq deletes along " +
		"with them that the batch does not delete (descendants outside the batch, and the references touching them): by default " +
		"the apply refuses while they are there. With the provider setting `prevent_implicit_deletions` these warnings are " +
		"errors. A new item whose component or reference Ardoq already holds (the same workspace, name, type and parent; source, " +
		"target and type), made by the token's user, gets the single resources' warning at the item, an error with " +
		"`prevent_duplicates`.\n\n" +
		"Ardoq documents no limit on a batch's size. A server that refuses one for its size (HTTP 413) fails the plan's dry " +
		"run, or the apply where no dry run runs (a destroy, or a plan with values known only at apply), changing nothing " +
		"either way; split the items among several `ardoq_batch` resources (each its own transaction), or add or remove " +
		"them over several applies."
	batchIDDescription                = "Identifier of this set of items in Terraform (not an Ardoq id)."
	batchAdoptComponentsByDescription = "Adopt existing components instead of creating duplicates: a new item takes over the " +
		"component with its values of these properties (the API's `uniqueBy`), for example " +
		"`[\"rootWorkspace\", \"customFields.external_id\"]`; supported are `rootWorkspace`, `name`, `typeId`, `parent` and " +
		"`customFields.<api key>`. The plan looks the match up and shows its id in `computed_components`; apply updates it " +
		"to the whole item (attributes the item leaves out are unset), or writes nothing when it already holds the item's " +
		"values, and manages it from then on; the plan says how many adopted entities it writes. Several matches fail " +
		"the plan at the item. An item with no match at plan is sent as an upsert, so a component created meanwhile is " +
		"still adopted, except where the item lacks a property: one without a value for a custom field named here is " +
		"created (nothing is looked up), and a top-level item adopted by `parent` that matched nothing is created. " +
		"Renaming an item's key while it still matches keeps the component."
	batchAdoptReferencesByDescription = "As `adopt_components_by`, for references (the ids are in `computed_references`), for example " +
		"`[\"source\", \"target\", \"type\"]` or `[\"source.rootWorkspace\", \"customFields.external_id\"]`; supported are " +
		"`source`, `target`, `type`, `source.rootWorkspace` and `customFields.<api key>`."
	batchComponentsDescription = "Components keyed by your own key (stable: renaming a key replaces the item, unless " +
		"`adopt_components_by` still matches it): a map or object of objects, written inline, built with `for`, or a variable " +
		"typed `map(object({...}))`. Omitted attributes are unset in Ardoq; what Ardoq assigns is in `computed_components`. " +
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
	batchReferencesDescription = "References keyed by your own key, written as `components` are; what Ardoq assigns is in " +
		"`computed_references`. Each item is an object with:\n" +
		"  - `source` (String, required): Id of the source component. A component item's key works too.\n" +
		"  - `target` (String, required): Id of the target component, in any workspace. A component item's key works too.\n" +
		"  - `type` (Number, required): Reference type from the model of the source's workspace. Changing it re-creates the item.\n" +
		"  - `display_text` (String): Label shown on the reference in views.\n" +
		"  - `description` (String): Description of the reference.\n" +
		"  - `custom_fields` (Object): As for components.\n"
	batchComputedComponentsDescription = "What Ardoq assigned to each component item, keyed like `components`: " +
		"`id`, the component's id; `version`, its `_version`, which updates send as `ifVersionMatch`; `component_key`, its " +
		"human-readable Ardoq id, such as `APP-12`."
	batchDeletionsDescription = "What the apply of this plan deletes in Ardoq, known at plan: an object per entity, with `kind` " +
		"(`component` or `reference`), `key` (the item's key), `name` (a reference's is `Source → Target`), `id`, and `workspace` " +
		"(its id; a reference's is its source's). Items removed from the configuration are deleted, and so is the entity of an item " +
		"whose type or workspace changes (the apply creates it again). Empty when nothing is deleted (as in a create); a refresh empties it, so it " +
		"describes the next apply only. Terraform's summary counts the batch as `1 to change` whatever it deletes (the plan also " +
		"warns, but warnings do not reach `terraform show -json`), so a policy check counts this instead; a destroy of the batch " +
		"(`1 to destroy`) deletes every item of its prior `computed_components` and `computed_references`. For example, the " +
		"entities a saved plan deletes through ardoq_batch:\n\n" +
		"```sh\nterraform show -json tfplan | " + DeletionsJQ + "\n```"
	// batchCustomFieldsDescription describes the items' custom_fields: the rules are said once, on
	// ardoq_component's page (fields.Description), and the batch page links to them.
	batchCustomFieldsDescription = "Custom field values keyed by the field's API key, in their natural types " +
		"(`cost = 1200`, `critical = true`, `regions = [\"eu\"]`), checked at plan time against the workspace's fields. " +
		"They follow ardoq_component's rules: every field type's HCL form is in " +
		"[Custom field values](component#custom-field-values), and which keys are managed (and what removing one clears) " +
		"in its `custom_fields` attribute."
	batchComputedReferencesDescription = "What Ardoq assigned to each reference item, keyed like `references`: " +
		"`id`, the reference's id; `version`, its `_version`, which updates send as `ifVersionMatch`; `root_workspace`, its " +
		"workspace, the source's; `target_workspace`, the target's workspace."
)

// DeletionsJQ is a jq program that counts the entities a plan's ardoq_batch resources delete in Ardoq, read
// from `terraform show -json` of the plan (TestAccBatchDeletions_countedInPlanJSON runs it).
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
