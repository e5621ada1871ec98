package export

import (
	"slices"

	"github.com/hashicorp/hcl/v2/hclwrite"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/itemkey"
)

// batch writes the workspace as one ardoq_batch with the import block that takes the whole workspace
// over ("<workspace id>": items keyed as package itemkey says, which the import reads the same way).
func (w *writer) batch(body *hclwrite.Body, ws *Workspace, types map[string]hclwrite.Tokens) {
	name := w.wsNames[ws.ID]
	comment(body, "Takes every component and reference of the workspace over, keyed as below (the workspace's id).")
	imp := body.AppendNewBlock("import", nil).Body()
	imp.SetAttributeRaw("to", ref("ardoq_batch."+name))
	imp.SetAttributeRaw("id", text(ws.ID))
	body.AppendNewline()
	b := body.AppendNewBlock("resource", []string{"ardoq_batch", name}).Body()
	wsRef := ref("data.ardoq_workspace." + name + ".id")
	keys := make([]string, len(ws.Components))
	values := make([]hclwrite.Tokens, len(ws.Components))
	for i := range ws.Components {
		c := &ws.Components[i]
		attrs := []attr{{"root_workspace", wsRef}, {"type_id", componentType(types, c.TypeID)}, {"name", text(c.Name)}}
		if c.Parent != nil {
			attrs = append(attrs, attr{"parent", w.batchRef(ws, *c.Parent)})
		}
		attrs = customFields(styles(attrs, c), componentFields(ws, c))
		keys[i], values[i] = itemkey.Component(c), object(attrs)
	}
	if len(keys) > 0 {
		b.SetAttributeRaw("components", keyedObject(keys, values))
	}
	refKeys := itemkey.References(ws.References, func(id string) string { return w.keys[id] })
	refs := slices.Clone(ws.References)
	slices.SortFunc(refs, func(a, b2 client.Reference) int { return compareKeys(refKeys[a.ID], refKeys[b2.ID]) })
	keys, values = make([]string, len(refs)), make([]hclwrite.Tokens, len(refs))
	for i := range refs {
		r := &refs[i]
		attrs := []attr{{"source", w.batchRef(ws, r.Source)}, {"target", w.batchRef(ws, r.Target)}, {"type", referenceType(types, r.Type)}}
		attrs = optional(attrs, "display_text", r.DisplayText)
		attrs = optional(attrs, "description", r.Description)
		attrs = customFields(attrs, referenceFields(ws, r))
		keys[i], values[i] = refKeys[r.ID], object(attrs)
	}
	if len(keys) > 0 {
		b.SetAttributeRaw("references", keyedObject(keys, values))
	}
	if w.linkedTo(ws.ID) {
		body.AppendNewline()
		comment(body, "The ids of this batch's components by key, for the references of other batches: one value, cheap for Terraform to index.")
		body.AppendNewBlock("locals", nil).Body().SetAttributeRaw(name+"_ids",
			expression("{ for key, item in ardoq_batch."+name+".computed_components : key => item.id }"))
	}
}

// linkedTo reports whether another batch names the components of ws's batch by their computed ids.
func (w *writer) linkedTo(ws string) bool {
	for link := range w.linked {
		if link[1] == ws {
			return true
		}
	}
	return false
}

// batchRef names a component in ws's batch: by item key in the same batch, by its batch's computed id in
// another exported workspace (through that batch's map of ids), by its workspace's listing outside them.
func (w *writer) batchRef(ws *Workspace, id string) hclwrite.Tokens {
	switch other, exported := w.wsOf[id]; {
	case exported && other == ws.ID:
		return text(w.keys[id])
	case exported && w.linked[[2]string{ws.ID, other}]:
		return localID(w.wsNames[other]+"_ids", w.keys[id])
	case w.outside[id] != "":
		return localID(w.outside[id]+"_component_ids", w.keys[id])
	}
	return text(id)
}

// batchLinks decides which batches name another's components by its computed ids: every pair of
// workspaces that references lead from one to the other, in the order of the workspaces, unless the
// other already depends on the first (directly or through others), which would make a cycle Terraform
// refuses. The references of a pair left out name their targets by data source instead.
func (w *writer) batchLinks() map[[2]string]bool {
	linked := map[[2]string]bool{}
	reaches := func(from, to string) bool { // along the links so far
		seen, todo := map[string]bool{from: true}, []string{from}
		for len(todo) > 0 {
			at := todo[0]
			todo = todo[1:]
			if at == to {
				return true
			}
			for link := range linked {
				if link[0] == at && !seen[link[1]] {
					seen[link[1]] = true
					todo = append(todo, link[1])
				}
			}
		}
		return false
	}
	for _, ws := range w.org.Workspaces {
		for _, r := range ws.References {
			other, exported := w.wsOf[r.Target]
			pair := [2]string{ws.ID, other}
			if exported && other != ws.ID && !linked[pair] && !reaches(other, ws.ID) {
				linked[pair] = true
			}
		}
	}
	return linked
}

// unlinkedTargets are the exported components that references of another workspace's batch target
// without a link between the two batches (batchLinks): they are named through their workspace's listing.
func (w *writer) unlinkedTargets() []string {
	var out []string
	for _, ws := range w.org.Workspaces {
		for _, r := range ws.References {
			other, exported := w.wsOf[r.Target]
			if exported && other != ws.ID && !w.linked[[2]string{ws.ID, other}] && !slices.Contains(out, r.Target) {
				out = append(out, r.Target)
			}
		}
	}
	return out
}
