package batch

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascadenotice"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/deletions"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/guard"
)

// planSettle is how long a batch's plan that deletes components waits, once nothing else is planned or
// read, for the plans of what Ardoq deletes with them (providerdata.Plans.Settle).
var planSettle = time.Second

// warnCascade says, at the plan of an update or a destroy that deletes components, what Ardoq deletes
// with them that this plan does not delete (core/cascadenotice): descendants outside the batch, and
// references touching them, as ardoq_component's destroy does. What the batch deletes itself is
// "deleted too"; what it keeps (its own items, moved by the same request) is judged where the request
// puts it. The apply's cascade guard (cascade.go) still decides whether the batch is sent. request is nil
// for a destroy.
func (r *batchResource) warnCascade(ctx context.Context, diags *diag.Diagnostics, dels []deletion, request *client.BatchRequest,
	keys batchOpKeys, prior, planned batchItems) {
	del := cascadenotice.Deleting{Components: map[string]string{}, Kept: map[string]string{},
		Own: guard.Input{DeleteReferences: map[string]bool{}}}
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
		return
	}
	if request != nil {
		_, moves, _ := batchCascadeInput(*request, keys, prior)
		del.Own.NewParent, del.Own.NewEndpoints = moves.NewParent, moves.NewEndpoints
	}
	for _, k := range convert.SortedKeys(planned.Components) {
		if id := planned.Components[k].ID; id != "" {
			del.Kept[id] = fmt.Sprintf("this ardoq_batch's components[%q]", k)
		}
	}
	for _, k := range convert.SortedKeys(planned.References) {
		if id := planned.References[k].ID; id != "" {
			del.Kept[id] = fmt.Sprintf("this ardoq_batch's references[%q]", k)
		}
	}
	along := cascadenotice.Find(ctx, r.data, del, planSettle)
	if along.Empty() {
		return
	}
	summary, verb := "Updating the Batch Deletes More in Ardoq", "The components this ardoq_batch deletes"
	if request == nil {
		summary, verb = "Destroying the Batch Deletes More in Ardoq", "Destroying this ardoq_batch deletes its components"
	}
	detail := fmt.Sprintf("Ardoq deletes a component's descendants and every reference touching them along with it. %s (%s) "+
		"will also delete %s that this plan does not delete", verb, deletedItems(deleted, prior), along.Counts())
	if along.DeletedToo > 0 {
		detail += fmt.Sprintf(" (and %s that it deletes too)", deletions.Plural(along.DeletedToo, "entity", "entities"))
	}
	detail += ":\n" + along.List(ctx, r.data) + "\nThe apply refuses the batch while any of these would go with it (unless " +
		"allow_cascade_delete is set). To keep them, give them another parent (or source and target); to delete them, remove them " +
		"from the configuration that manages them first."
	deletions.Report(diags, r.data.PreventImplicitDeletions, path.Empty(), summary, detail)
}
