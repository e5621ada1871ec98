package batch

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// dropGoneDeletes leaves out of the request the deletes of items already gone from Ardoq, so that the
// rest applies: the deletion the plan said has happened. Typically another resource of this apply deleted
// them first (Terraform deletes a component before it updates a batch that referred to it, and Ardoq
// deletes the references touching the component, and its descendants, along with it). The deleted items
// are read every time, whatever this process did before. Only deletes are dropped: an update or a kept
// item that vanished is left to fail (or to the next refresh) as before. changed lists, one line each,
// the deleted items Ardoq holds at another version than prior's: someone changed them since the plan, and
// the apply must not delete them (changedItemsError).
func (r *batchResource) dropGoneDeletes(ctx context.Context, request *client.BatchRequest, keys *batchOpKeys, prior batchItems) (changed []string, err error) {
	deleted := batchItems{Components: map[string]entity.ComponentValues{}, References: map[string]entity.ReferenceValues{}}
	read := map[string]bool{} // ids looked up: an item of state without a workspace is not, and its delete is sent
	if request.Components != nil {
		for _, k := range keys.componentDeletes {
			c := prior.Components[k]
			deleted.Components[k], read[c.ID] = c, c.RootWorkspace != ""
		}
	}
	if request.References != nil {
		for _, k := range keys.referenceDeletes {
			ref := prior.References[k]
			deleted.References[k], read[ref.ID] = ref, ref.RootWorkspace != ""
		}
	}
	if len(deleted.Components)+len(deleted.References) == 0 {
		return nil, nil
	}
	components, references, err := readBatchEntities(ctx, r.data.Client, deleted)
	if err != nil {
		return nil, err
	}
	changed = changedLines(deleted, components, references)
	if ops := request.Components; ops != nil {
		ops.Delete, keys.componentDeletes = keepPresent(ctx, ops.Delete, keys.componentDeletes, "components", func(id string) bool {
			return !read[id] || components[id] != nil
		})
		if len(ops.Create)+len(ops.Upsert)+len(ops.Update)+len(ops.Delete) == 0 {
			request.Components = nil
		}
	}
	if ops := request.References; ops != nil {
		ops.Delete, keys.referenceDeletes = keepPresent(ctx, ops.Delete, keys.referenceDeletes, "references", func(id string) bool {
			return !read[id] || references[id] != nil
		})
		if len(ops.Create)+len(ops.Upsert)+len(ops.Update)+len(ops.Delete) == 0 {
			request.References = nil
		}
	}
	return changed, nil
}

// changedLines lists, one line each, the items Ardoq holds (components, references, by id) at another
// version than items say.
func changedLines(items batchItems, components map[string]*client.Component, references map[string]*client.Reference) []string {
	var changed []string
	for _, k := range slices.Sorted(maps.Keys(items.Components)) {
		if item, now := items.Components[k], components[items.Components[k].ID]; now != nil && item.Version != 0 && now.Version != item.Version {
			changed = append(changed, fmt.Sprintf("components[%q] %q (%s, id %s): version %d at plan, %d now%s", k, now.Name,
				cmp.Or(now.ComponentKey, "no key"), now.ID, item.Version, now.Version, cascade.ModifiedBy(now.Meta)))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(items.References)) {
		if item, now := items.References[k], references[items.References[k].ID]; now != nil && item.Version != 0 && now.Version != item.Version {
			changed = append(changed, fmt.Sprintf("references[%q] (id %s): version %d at plan, %d now%s", k, now.ID, item.Version,
				now.Version, cascade.ModifiedBy(now.Meta)))
		}
	}
	return changed
}

// changedUpdates lists every item the request updates that Ardoq holds at another version than prior: what
// a version conflict of the batch is about, all of it (Ardoq's message names the first operation only).
func (r *batchResource) changedUpdates(ctx context.Context, keys batchOpKeys, prior batchItems) []string {
	updated := batchItems{Components: map[string]entity.ComponentValues{}, References: map[string]entity.ReferenceValues{}}
	for _, k := range keys.componentUpdates {
		updated.Components[k] = prior.Components[k]
	}
	for _, k := range keys.referenceUpdates {
		updated.References[k] = prior.References[k]
	}
	components, references, err := readBatchEntities(ctx, r.data.Client, updated)
	if err != nil {
		tflog.Warn(ctx, "the items of a batch refused for a version conflict could not be read back", map[string]any{"error": err.Error()})
		return nil
	}
	return changedLines(updated, components, references)
}

// reportBatchError reports a batch (or dry run) Ardoq refused (addBatchError); for a version conflict it
// adds every item the batch updates that changed since the plan, read back, as Ardoq's message names the
// first operation only.
func (r *batchResource) reportBatchError(ctx context.Context, diags *diag.Diagnostics, summary string, err error, keys batchOpKeys, prior batchItems) {
	var changed []string
	if client.IsConflict(err) {
		changed = r.changedUpdates(ctx, keys, prior)
	}
	addBatchError(diags, summary, err, keys, changed...)
}

// changedItemsError refuses a batch that would delete items changed in Ardoq since the plan.
func changedItemsError(diags *diag.Diagnostics, changed []string) {
	diags.AddError("Batch Items Changed in Ardoq Since the Plan", "The plan deletes these items, but someone changed them in "+
		"Ardoq since:\n  - "+strings.Join(changed, "\n  - ")+"\n\nNothing of the batch was sent. Plan again (without -refresh=false) to see them as Ardoq "+
		"holds them now, and apply that plan to delete them.")
}

// keepPresent keeps the delete operations (and their item keys, in step) whose entity is still in Ardoq.
func keepPresent(ctx context.Context, ops []client.DeleteOp, keys []string, kind string, present func(string) bool) ([]client.DeleteOp, []string) {
	var keptOps []client.DeleteOp
	var keptKeys []string
	for i, op := range ops {
		if present(op.ID) {
			keptOps, keptKeys = append(keptOps, op), append(keptKeys, keys[i])
			continue
		}
		tflog.Info(ctx, "batch item already deleted in Ardoq; its delete is not sent", map[string]any{"item": kind + "[" + keys[i] + "]", "id": op.ID})
	}
	return keptOps, keptKeys
}
