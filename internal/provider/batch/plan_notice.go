package batch

import (
	"fmt"
	"strings"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// The plan shows an adopting item as it will be, not the values the entity it takes over holds now,
// so ModifyPlan warns with the values adoption overwrites or unsets.

// adoptionNotice lists, per adopting item, the values of its entity that the apply overwrites or
// unsets ("" when none). Only entities the plan-time lookup listed are described.
func adoptionNotice(planned batchItems, adopted batchMatches) string {
	var lines []string
	for _, k := range convert.SortedKeys(adopted.Components) {
		m := adopted.Components[k]
		changes := viewChanges(m.was, componentView(planned.Components[k]), "name", "description", "color", "shape", "icon", "image")
		if len(changes) > 0 {
			lines = append(lines, fmt.Sprintf("  - components[%q] takes over %s: %s", k, convert.FirstNonEmpty(m.ComponentKey, m.ID), strings.Join(changes, "; ")))
		}
	}
	for _, k := range convert.SortedKeys(adopted.References) {
		m := adopted.References[k]
		if changes := viewChanges(m.was, referenceView(planned.References[k]), "display_text", "description"); len(changes) > 0 {
			lines = append(lines, fmt.Sprintf("  - references[%q] takes over reference %s: %s", k, m.ID, strings.Join(changes, "; ")))
		}
	}
	if len(lines) == 0 {
		return ""
	}
	if len(lines) > cascade.ListedEntities {
		lines = append(lines[:cascade.ListedEntities], fmt.Sprintf("  - and %d more items", len(lines)-cascade.ListedEntities))
	}
	return "Adopting items makes the entities they take over equal to them. This apply changes values they hold in Ardoq now:\n" +
		strings.Join(lines, "\n") + "\nSet these attributes on the items to keep the values."
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
	for _, key := range convert.SortedKeys(will.fields) {
		if before, had := was.fields[key]; had && !will.fields[key].Means(before) {
			out = append(out, fmt.Sprintf("custom_fields[%q] %q becomes %q", key, before.Text, will.fields[key].Text))
		}
	}
	return out
}
