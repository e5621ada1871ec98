package batch

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// The plan shows an adopting item as it will be, not the values the entity it takes over holds now,
// so ModifyPlan says how many of the entities an adoption takes over it writes, and which values it
// overwrites or unsets.

// adoptionNotice is the warning of a plan whose items take entities over ("" when none do): how many
// it writes, and per written item the values of its entity the apply overwrites or unsets. Only
// entities the plan-time lookup listed are counted and described.
func adoptionNotice(planned batchItems, keys batchOpKeys) (summary, detail string) {
	adopted := keys.adopted
	total := len(adopted.Components) + len(adopted.References)
	if total == 0 {
		return "", ""
	}
	asIs := len(keys.componentsAsIs) + len(keys.referencesAsIs)
	written := total - asIs
	summary = fmt.Sprintf("Adoption Writes %d of %s", written, convert.Plural(total, "Entity", "Entities"))
	if written == 0 {
		summary = "Adoption Writes Nothing"
	}
	detail = fmt.Sprintf("This apply takes over %s that Ardoq already holds (their ids are in computed_components and "+
		"computed_references). %s not written; %s updated to their items.", convert.Plural(total, "entity", "entities"),
		convert.Plural(asIs, "entity already holds its item's values and is", "entities already hold their items' values and are"),
		convert.Plural(written, "entity is", "entities are"))
	skip := setOf(keys.componentsAsIs, keys.referencesAsIs)
	var lines []string
	for _, k := range slices.Sorted(maps.Keys(adopted.Components)) {
		m := adopted.Components[k]
		changes := viewChanges(m.was, componentView(planned.Components[k]), "name", "description", "color", "shape", "icon", "image")
		if len(changes) > 0 && !skip[k] {
			lines = append(lines, fmt.Sprintf("  - components[%q] takes over %s: %s", k, cmp.Or(m.ComponentKey, m.ID), strings.Join(changes, "; ")))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(adopted.References)) {
		m := adopted.References[k]
		if changes := viewChanges(m.was, referenceView(planned.References[k]), "display_text", "description"); len(changes) > 0 && !skip[k] {
			lines = append(lines, fmt.Sprintf("  - references[%q] takes over reference %s: %s", k, m.ID, strings.Join(changes, "; ")))
		}
	}
	if len(lines) == 0 {
		return summary, detail
	}
	if len(lines) > cascade.ListedEntities {
		lines = append(lines[:cascade.ListedEntities], fmt.Sprintf("  - and %d more items", len(lines)-cascade.ListedEntities))
	}
	return summary, detail + " These updates change values the entities hold in Ardoq now:\n" + strings.Join(lines, "\n") +
		"\nSet these attributes on the items to keep the values."
}

// viewChanges lists the attributes (and managed custom fields) whose value in was the apply overwrites
// or unsets; values it only sets where there were none are not losses and are left out. attrs are the
// texts an adopting item overwrites: not the identity or the references, which it must match to adopt.
func viewChanges(was, will itemView, attrs ...string) []string {
	if was.attrs == nil {
		return nil
	}
	var out []string
	for _, a := range attrs {
		before, after := was.attrs[a], will.attrs[a]
		switch {
		case before == nil || entity.EqualPointers(before, after):
		case after == nil:
			out = append(out, fmt.Sprintf("%s %q is unset", a, *before))
		default:
			out = append(out, fmt.Sprintf("%s %q becomes %q", a, *before, *after))
		}
	}
	for _, key := range slices.Sorted(maps.Keys(will.fields)) {
		if before, had := was.fields[key]; had && !will.fields[key].Means(before) {
			out = append(out, fmt.Sprintf("custom_fields[%q] %q becomes %q", key, before.Text, will.fields[key].Text))
		}
	}
	return out
}
