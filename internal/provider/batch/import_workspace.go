package batch

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/itemkey"
)

// importedWorkspace takes every component and reference of workspace ws, keyed as ardoq-export writes
// them (package itemkey), with every custom field each holds that a configuration can set, in its
// natural type (fields.Settable, as the single resources' import records): the exporter writes the same
// fields, so the first plan changes nothing. It reads the workspace's model, and each component outside
// the workspace that a reference targets (for its key).
func (r *batchResource) importedWorkspace(ctx context.Context, ws string, comps []client.Component, refs []client.Reference) (batchImport, error) {
	model, err := r.data.Contexts.Get(ctx, ws)
	if err != nil {
		return batchImport{}, fmt.Errorf("reading the model of workspace %s: %w", ws, err)
	}
	keys := make(map[string]string, len(comps)) // component id -> item key
	known := make(map[string]bool, len(comps))
	for i := range comps {
		keys[comps[i].ID], known[comps[i].ID] = itemkey.Component(&comps[i]), true
	}
	outside, err := itemkey.ReadForeignTargets(ctx, r.data.Client, refs, known)
	if err != nil {
		return batchImport{}, fmt.Errorf("reading the components outside workspace %s that its references target: %w", ws, err)
	}
	for id, c := range outside {
		keys[id] = itemkey.Component(c)
	}
	return workspaceItems(model, comps, refs, keys), nil
}

// workspaceItems maps the workspace's entities to items; keys holds every component's item key by id,
// those of other workspaces' components that references target included.
func workspaceItems(model *client.WorkspaceContext, comps []client.Component, refs []client.Reference, keys map[string]string) batchImport {
	out := batchImport{items: batchItems{Components: map[string]entity.ComponentValues{}, References: map[string]entity.ReferenceValues{}}}
	ids := make(map[string]string, len(comps)) // item key -> component id, for this workspace's components only
	for i := range comps {
		ids[keys[comps[i].ID]] = comps[i].ID
	}
	components, references := map[string]tftypes.Value{}, map[string]tftypes.Value{}
	for i := range comps {
		c := &comps[i]
		want := entity.ComponentValues{CustomFields: fields.Settable(c.CustomFields, fields.ComponentScope(model, c.TypeID))}
		if c.Parent != nil {
			want.Parent = keys[*c.Parent]
		}
		key := keys[c.ID]
		v := entity.ComponentValuesFrom(c, want, ids)
		out.items.Components[key] = v
		components[key] = importedItem(componentView(v))
	}
	refKeys := itemkey.References(refs, func(id string) string { return keys[id] })
	for i := range refs {
		ref := &refs[i]
		want := entity.ReferenceValues{Source: keys[ref.Source], Target: keys[ref.Target],
			CustomFields: fields.Settable(ref.CustomFields, fields.ReferenceScope(model, ref.Type))}
		key := refKeys[ref.ID]
		v := entity.ReferenceValuesFrom(ref, want, ids)
		out.items.References[key] = v
		references[key] = importedItem(referenceView(v))
	}
	out.components, out.references = importedItems(components), importedItems(references)
	return out
}
