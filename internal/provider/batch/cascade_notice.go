package batch

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
)

// warnCascade says, at the plan of an update or a destroy that deletes components, what Ardoq would delete
// with them that this batch does not delete itself (core/cascade): descendants outside the batch, and
// references touching them. The batch knows its own items, so this is said whatever the settings: by
// default, the apply refuses the batch while any of these is still there; under allow_cascade_delete the
// apply lets Ardoq delete these, unchanged since this plan, and nothing else, and the plan returns them for
// the apply (nil otherwise). What the batch deletes itself is "deleted too"; what it keeps (its own items,
// moved by the same request) is judged where the request puts it. request is nil for a destroy.
func (r *batchResource) warnCascade(ctx context.Context, diags *diag.Diagnostics, dels []deletion, request *client.BatchRequest,
	keys batchOpKeys, prior, planned batchItems) *cascade.Announced {
	del := cascade.Deleting{Components: map[string]string{}, Kept: map[string]string{},
		Own: cascade.Input{DeleteReferences: map[string]bool{}}}
	var deleted []string
	for _, d := range dels {
		if d.kind == "component" {
			del.Components[d.id] = d.workspace
			deleted = append(deleted, d.key)
		} else {
			del.Own.DeleteReferences[d.id] = true
		}
	}
	if len(deleted) == 0 {
		return nil
	}
	if request != nil {
		_, moves, _ := batchCascadeInput(*request, keys, prior)
		del.Own.NewParent, del.Own.NewEndpoints = moves.NewParent, moves.NewEndpoints
	}
	for _, k := range slices.Sorted(maps.Keys(planned.Components)) {
		if id := planned.Components[k].ID; id != "" {
			del.Kept[id] = fmt.Sprintf("this ardoq_batch's components[%q]", k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(planned.References)) {
		if id := planned.References[k].ID; id != "" {
			del.Kept[id] = fmt.Sprintf("this ardoq_batch's references[%q]", k)
		}
	}
	along, err := cascade.Find(ctx, r.data.Cascade, del)
	if err != nil {
		cascade.NotChecked(diags, r.data.Settings.PreventImplicitDeletions, "What the Batch's Deletes Take Along Was Not Checked",
			fmt.Sprintf("Ardoq deletes a component's descendants and every reference touching them along with it, and the workspace "+
				"of the components this ardoq_batch deletes (%s) could not be read to list them: %v.", deletedItems(deleted, prior), err))
		return nil
	}
	allow := r.data.Settings.AllowCascadeDelete
	if along.Empty() {
		if allow {
			return along.Announced()
		}
		return nil
	}
	summary, verb := "Updating the Batch Deletes More in Ardoq", "The components this ardoq_batch deletes"
	if request == nil {
		summary, verb = "Destroying the Batch Deletes More in Ardoq", "Destroying this ardoq_batch deletes its components"
	}
	detail := fmt.Sprintf("Ardoq deletes a component's descendants and every reference touching them along with it. %s (%s) "+
		"will also delete %s that this ardoq_batch does not delete", verb, deletedItems(deleted, prior), along.Counts())
	if along.DeletedToo > 0 {
		detail += fmt.Sprintf(" (and %s that it deletes too)", convert.Plural(along.DeletedToo, "entity", "entities"))
	}
	detail += ":\n" + along.List(ctx, r.typeNames)
	if allow {
		detail += "\nallow_cascade_delete is set: the apply lets Ardoq delete these with the batch, if unchanged since the plan it " +
			"applies, and refuses the batch if anything else would go. (For an update, Terraform plans again just before applying: " +
			"that plan, not a saved one, is what the apply holds Ardoq to.)"
	} else {
		detail += "\nIf any of these is still there when the batch is applied, the apply refuses the batch. Resources of this " +
			"configuration that refer to its items by expression are deleted before it; by a literal id Terraform cannot order " +
			"them. To keep them, give them another parent (or source and target); to delete them, remove them from the " +
			"configuration that manages them, or delete them in Ardoq; or set allow_cascade_delete = true."
	}
	cascade.Report(diags, r.data.Settings.PreventImplicitDeletions, path.Empty(), summary, detail)
	if allow {
		return along.Announced()
	}
	return nil
}
