package batch

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
)

// guardBatchDeletes checks, just before the batch is sent, what its component deletes would make Ardoq
// also delete (core/cascade): by default the batch is refused while anything it neither deletes nor moves
// away would go; under allow_cascade_delete only what the plan announced goes, unchanged since. ok is false
// when refused; taken is what goes along, to report once the batch is applied.
func (r *batchResource) guardBatchDeletes(ctx context.Context, diags *diag.Diagnostics, request client.BatchRequest, keys batchOpKeys,
	prior batchItems) (taken cascade.Taken, ok bool) {
	if request.Components == nil || len(request.Components.Delete) == 0 {
		return cascade.Taken{}, true
	}
	deletes, in, names := batchCascadeInput(request, keys, prior)
	notice := cascade.Notice{Summary: "Batch Would Delete More in Ardoq", What: deletedItems(keys.componentDeletes, prior), Names: names,
		NotSent: "The batch was not sent, so nothing was changed.", TypeNames: r.typeNames}
	return cascade.Deletes(ctx, diags, r.data.Client, r.data.Settings.AllowCascadeDelete, deletes, in, r.announced, notice)
}

// announcedKey is the private state key of what a batch's plan announced Ardoq takes along with its deletes.
const announcedKey = "announced"

// withAnnounced is private with the announcement a (none when nil) under announcedKey, its other keys kept.
func withAnnounced(private []byte, a *cascade.Announced) []byte {
	keys := map[string]json.RawMessage{}
	if len(private) > 0 && json.Unmarshal(private, &keys) != nil {
		keys = map[string]json.RawMessage{} // not an object: this provider wrote no other key
	}
	delete(keys, announcedKey)
	if a != nil {
		keys[announcedKey], _ = json.Marshal(a) // maps of strings to numbers always encode
	}
	if len(keys) == 0 {
		return nil
	}
	out, _ := json.Marshal(keys)
	return out
}

// decodeAnnounced is what the plan announced; nil when it announced nothing.
func decodeAnnounced(private []byte) *cascade.Announced {
	var keys struct {
		Announced *cascade.Announced `json:"announced"`
	}
	if json.Unmarshal(private, &keys) != nil {
		return nil
	}
	return keys.Announced
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
