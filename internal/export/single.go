package export

import (
	"fmt"
	"slices"

	"github.com/hashicorp/hcl/v2/hclwrite"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// single writes the workspace as ardoq_component and ardoq_reference resources, each with the import
// block that takes its entity over; parents and ends are expressions, so Terraform orders deletes.
func (w *writer) single(body *hclwrite.Body, ws *Workspace, types map[string]hclwrite.Tokens) {
	name := w.wsNames[ws.ID]
	wsRef := ref("data.ardoq_workspace." + name + ".id")
	for i := range ws.Components {
		c := &ws.Components[i]
		res := w.compNames[c.ID]
		importBlock(body, "ardoq_component."+res, c.RootWorkspace, c.ID)
		attrs := []attr{{"root_workspace", wsRef}, {"type_id", componentType(types, c.TypeID)}, {"name", text(c.Name)}}
		if c.Parent != nil {
			attrs = append(attrs, attr{"parent", w.singleRef(*c.Parent)})
		}
		attrs = customFields(styles(attrs, c), componentFields(ws, c))
		setAttrs(body.AppendNewBlock("resource", []string{"ardoq_component", res}).Body(), attrs)
		body.AppendNewline()
	}
	refs := slices.Clone(ws.References)
	slices.SortFunc(refs, func(a, b client.Reference) int { return compareKeys(a.ID, b.ID) })
	typeNames := map[int64]string{}
	for _, t := range ws.Model.ReferenceTypes {
		typeNames[t.Type] = t.Name
	}
	names := uniqueNames(len(refs), func(i int) string {
		r := refs[i]
		return w.endName(r.Source) + "_" + ident(typeNames[r.Type], fmt.Sprintf("type_%d", r.Type)) + "_" + w.endName(r.Target)
	}, func(int) string { return "" }, w.refNames)
	for i := range refs {
		r := &refs[i]
		importBlock(body, "ardoq_reference."+names[i], r.RootWorkspace, r.ID)
		attrs := []attr{{"source", w.singleRef(r.Source)}, {"target", w.singleRef(r.Target)}, {"type", referenceType(types, r.Type)}}
		attrs = optional(attrs, "display_text", r.DisplayText)
		attrs = optional(attrs, "description", r.Description)
		attrs = customFields(attrs, referenceFields(ws, r))
		setAttrs(body.AppendNewBlock("resource", []string{"ardoq_reference", names[i]}).Body(), attrs)
		body.AppendNewline()
	}
}

// importBlock takes an entity over by "<workspace id>/<id>": the reads after the imports then come from
// the workspace's list pages, not a GET each.
func importBlock(body *hclwrite.Body, to, workspace, id string) {
	imp := body.AppendNewBlock("import", nil).Body()
	imp.SetAttributeRaw("to", ref(to))
	imp.SetAttributeRaw("id", text(workspace+"/"+id))
}

// singleRef names a component by its resource's id, or through its workspace's listing outside the
// exported workspaces.
func (w *writer) singleRef(id string) hclwrite.Tokens {
	if n := w.compNames[id]; n != "" {
		return ref("ardoq_component." + n + ".id")
	}
	if n := w.outside[id]; n != "" {
		return localID(n+"_component_ids", w.keys[id])
	}
	return text(id)
}

// endName is how a reference's name calls one of its ends.
func (w *writer) endName(id string) string {
	if n := w.compNames[id]; n != "" {
		return n
	}
	return ident(w.keys[id], "component")
}
