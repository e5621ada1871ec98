package batch

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
)

// guardBatchDeletes refuses a batch whose component deletes would make Ardoq also delete entities
// the request neither deletes nor moves away (see core/guard). It returns false when refused.
func (r *batchResource) guardBatchDeletes(ctx context.Context, diags *diag.Diagnostics, request client.BatchRequest, keys batchOpKeys, prior batchItems) bool {
	if request.Components == nil || len(request.Components.Delete) == 0 {
		return true
	}
	deletes, in, names := batchCascadeInput(request, keys, prior)
	notice := cascade.Notice{Summary: "Batch Would Delete More in Ardoq", What: deletedItems(keys.componentDeletes, prior), Names: names,
		NotSent: "The batch was not sent, so nothing was changed.", Ways: []string{cascade.WayUnordered},
		TypeNames: r.typeNames}
	return cascade.Deletes(ctx, diags, r.data.Client, r.data.Settings.AllowCascadeDelete, deletes, in, nil, notice)
}

// batchCascadeInput reads the request's deletes and moves: component deletes by id with their
// workspaces, reference deletes, and the parents, sources and targets its updates set.
func batchCascadeInput(request client.BatchRequest, keys batchOpKeys, prior batchItems) (map[string]string, cascade.Input, map[string]string) {
	deletes, names := map[string]string{}, map[string]string{}
	in := cascade.Input{DeleteReferences: map[string]bool{}, NewParent: map[string]string{}, NewEndpoints: map[string][2]string{}}
	for i, op := range request.Components.Delete {
		item := prior.Components[keys.componentDeletes[i]]
		deletes[op.ID], names[op.ID] = item.RootWorkspace, item.Name
	}
	for _, op := range request.Components.Update {
		if parent, set := optionalText(op.Body.Parent); set {
			in.NewParent[op.ID] = parent
		}
	}
	if refs := request.References; refs != nil {
		for _, op := range refs.Delete {
			in.DeleteReferences[op.ID] = true
		}
		for _, op := range refs.Update {
			source, _ := optionalText(op.Body.Source)
			target, _ := optionalText(op.Body.Target)
			in.NewEndpoints[op.ID] = [2]string{source, target}
		}
	}
	return deletes, in, names
}

// optionalText reads a PATCH field: set reports whether the request sets it, and null reads as "".
func optionalText(o client.Optional[string]) (string, bool) {
	v, _ := o.Value()
	return v, !o.IsZero()
}

// deletedItems names the deleted component items for the refusal: a handful, then a count.
func deletedItems(keys []string, prior batchItems) string {
	var names []string
	for i, k := range keys {
		if i == cascade.ListedEntities {
			names = append(names, fmt.Sprintf("%d more", len(keys)-i))
			break
		}
		names = append(names, fmt.Sprintf("components[%q] (%q)", k, prior.Components[k].Name))
	}
	return strings.Join(names, ", ")
}

// typeNames names the reference types of a workspace's model (read once per provider process), for the
// guard's messages; none when the model cannot be read.
func (r *batchResource) typeNames(ctx context.Context, workspace string) map[int64]string {
	names := map[int64]string{}
	if wctx, err := r.data.Contexts.Get(ctx, workspace); err == nil {
		for _, t := range wctx.ReferenceTypes {
			names[t.Type] = t.Name
		}
	}
	return names
}
