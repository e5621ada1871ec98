package export

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/hashicorp/hcl/v2/hclwrite"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/itemkey"
)

// Style is the shape of the configuration written.
type Style string

const (
	// Batch is one ardoq_batch per workspace, items keyed as package itemkey says.
	Batch Style = "batch"
	// Single is an ardoq_component or ardoq_reference resource per entity.
	Single Style = "single"
)

// File is a configuration file to write.
type File struct {
	Name string
	Body []byte
}

// writer holds the names given so far, shared by every workspace's file.
type writer struct {
	org       *Org
	style     Style
	wsNames   map[string]string  // workspace id -> name of its data source, variable and batch
	compNames map[string]string  // component id -> its ardoq_component's name (single)
	wsOf      map[string]string  // component id -> workspace id, for the exported components
	keys      map[string]string  // component id -> item key, every component known
	outside   map[string]string  // component id -> name of its workspace's data.ardoq_component_ids, for targets named through a listing
	refNames  map[string]bool    // the ardoq_reference names taken (single)
	linked    map[[2]string]bool // batch: workspace ids (from, to) whose references name targets by the other batch's computed ids
}

// Write writes org in style: a file per workspace, and one for the components outside them that
// references target.
func Write(org *Org, style Style) ([]File, error) {
	if style != Batch && style != Single {
		return nil, fmt.Errorf("unknown style %q: use batch or single", style)
	}
	w := &writer{org: org, style: style, wsNames: map[string]string{}, compNames: map[string]string{}, wsOf: map[string]string{},
		keys: map[string]string{}, outside: map[string]string{}, refNames: map[string]bool{}}
	taken := map[string]bool{}
	names := uniqueNames(len(org.Workspaces), func(i int) string { return ident(org.Workspaces[i].Name, "workspace") },
		func(i int) string { return ident(org.Workspaces[i].WorkspaceKey, "ws") }, taken)
	var all []client.Component
	for i, ws := range org.Workspaces {
		w.wsNames[ws.ID] = names[i]
		sortComponents(ws.Components)
		for j := range ws.Components {
			c := &ws.Components[j]
			w.wsOf[c.ID], w.keys[c.ID] = ws.ID, itemkey.Component(c)
		}
		all = append(all, ws.Components...)
	}
	if style == Single {
		compNames := uniqueNames(len(all), func(i int) string { return ident(all[i].Name, "component") },
			func(i int) string { return ident(itemkey.Component(&all[i]), "c") }, map[string]bool{})
		for i := range all {
			w.compNames[all[i].ID] = compNames[i]
		}
	}
	outsideIDs := make([]string, 0, len(org.Foreign))
	for id, c := range org.Foreign {
		outsideIDs = append(outsideIDs, id)
		w.keys[id] = itemkey.Component(c)
	}
	if style == Batch {
		w.linked = w.batchLinks()
		outsideIDs = append(outsideIDs, w.unlinkedTargets()...)
	}
	listings := w.nameListings(outsideIDs, taken)
	var files []File
	for _, ws := range org.Workspaces {
		files = append(files, File{Name: w.wsNames[ws.ID] + ".tf", Body: hclwrite.Format(w.workspaceFile(ws).Bytes())})
	}
	if len(listings) > 0 {
		files = append(files, File{Name: "components_outside.tf", Body: hclwrite.Format(w.listingsFile(listings).Bytes())})
	}
	return files, nil
}

// listing is a workspace whose components references name through one listing of it (ardoq_component_ids).
type listing struct {
	workspace string // its id
	name      string // the name of its data sources and local
	exported  bool   // an exported workspace, whose data.ardoq_workspace its file holds
}

// nameListings names, for the components given (outside the exported workspaces, or in one whose batch a
// reference cannot name without a cycle), the listing of each one's workspace, and returns the listings in
// the order of their names. taken holds the names of the exported workspaces.
func (w *writer) nameListings(ids []string, taken map[string]bool) []listing {
	workspaceOf := func(id string) string {
		if ws, ok := w.wsOf[id]; ok {
			return ws
		}
		return w.org.Foreign[id].RootWorkspace
	}
	byWorkspace := map[string]bool{}
	for _, id := range ids {
		byWorkspace[workspaceOf(id)] = true
	}
	var listings []listing
	var foreign []string
	for ws := range byWorkspace {
		if name, exported := w.wsNames[ws]; exported {
			listings = append(listings, listing{workspace: ws, name: name, exported: true})
		} else {
			foreign = append(foreign, ws)
		}
	}
	slices.Sort(foreign)
	names := uniqueNames(len(foreign), func(i int) string { return ident(w.org.ForeignWorkspaces[foreign[i]].Name, "workspace") },
		func(i int) string { return ident(w.org.ForeignWorkspaces[foreign[i]].WorkspaceKey, "ws") }, taken)
	for i, ws := range foreign {
		listings = append(listings, listing{workspace: ws, name: names[i]})
	}
	slices.SortFunc(listings, func(a, b listing) int { return compareKeys(a.name, b.name) })
	named := map[string]string{}
	for _, l := range listings {
		named[l.workspace] = l.name
	}
	for _, id := range ids {
		w.outside[id] = named[workspaceOf(id)]
	}
	return listings
}

// listingsFile holds, for each listed workspace, its ardoq_component_ids and the local that references index.
func (w *writer) listingsFile(listings []listing) *hclwrite.File {
	f := hclwrite.NewEmptyFile()
	comment(f.Body(), "Components that references target outside their workspace's batch (or outside the exported workspaces), by "+
		"component key: one listing of each workspace (a request per 100 components), and a key gone from Ardoq fails only "+
		"the expression that still uses it.")
	for _, l := range listings {
		body := f.Body()
		body.AppendNewline()
		wsRef := "data.ardoq_workspace." + l.name + ".id"
		if !l.exported {
			body.AppendNewBlock("data", []string{"ardoq_workspace", l.name}).Body().SetAttributeRaw("name",
				text(w.org.ForeignWorkspaces[l.workspace].Name))
			body.AppendNewline()
		}
		body.AppendNewBlock("data", []string{"ardoq_component_ids", l.name}).Body().SetAttributeRaw("root_workspace", ref(wsRef))
		body.AppendNewline()
		body.AppendNewBlock("locals", nil).Body().SetAttributeRaw(l.name+"_component_ids", ref("data.ardoq_component_ids."+l.name+".ids"))
	}
	return f
}

// workspaceFile is a workspace's variable, data sources, import blocks and resources.
func (w *writer) workspaceFile(ws *Workspace) *hclwrite.File {
	name := w.wsNames[ws.ID]
	f := hclwrite.NewEmptyFile()
	body := f.Body()
	comment(body, fmt.Sprintf("Workspace %q (%s), exported by ardoq-export: %s, %s.", ws.Name, ws.WorkspaceKey,
		convert.Plural(len(ws.Components), "component", "components"), convert.Plural(len(ws.References), "reference", "references")),
		"The import blocks take every entity over keeping its id: the first plan imports them and changes nothing.")
	body.AppendNewline()
	v := body.AppendNewBlock("variable", []string{name + "_workspace"}).Body()
	v.SetAttributeRaw("description", text("Name of the workspace "+strconv.Quote(ws.Name)+" in Ardoq."))
	v.SetAttributeRaw("type", ref("string"))
	v.SetAttributeRaw("default", text(ws.Name))
	body.AppendNewline()
	body.AppendNewBlock("data", []string{"ardoq_workspace", name}).Body().SetAttributeRaw("name", ref("var."+name+"_workspace"))
	types := w.typeSources(body, ws)
	body.AppendNewline()
	if w.style == Batch {
		w.batch(body, ws, types)
	} else {
		w.single(body, ws, types)
	}
	return f
}

// typeSources writes a data source per component and reference type the workspace's entities use, and
// returns the expression of each: "c:<type id>" and "r:<type>" to its type_id or type.
func (w *writer) typeSources(body *hclwrite.Body, ws *Workspace) map[string]hclwrite.Tokens {
	name := w.wsNames[ws.ID]
	out := map[string]hclwrite.Tokens{}
	var compTypes []client.ComponentType
	for _, t := range ws.Model.ComponentTypes {
		if slices.ContainsFunc(ws.Components, func(c client.Component) bool { return c.TypeID == t.TypeID }) {
			compTypes = append(compTypes, t)
		}
	}
	var refTypes []client.ReferenceType
	for _, t := range ws.Model.ReferenceTypes {
		if slices.ContainsFunc(ws.References, func(r client.Reference) bool { return r.Type == t.Type }) {
			refTypes = append(refTypes, t)
		}
	}
	taken := map[string]bool{}
	compNames := uniqueNames(len(compTypes), func(i int) string { return name + "_" + ident(compTypes[i].Name, "type") },
		func(i int) string { return ident(compTypes[i].TypeID, "t") }, taken)
	refNames := uniqueNames(len(refTypes), func(i int) string { return name + "_" + ident(refTypes[i].Name, "type") },
		func(i int) string { return strconv.FormatInt(refTypes[i].Type, 10) }, map[string]bool{})
	for i, t := range compTypes {
		body.AppendNewline()
		b := body.AppendNewBlock("data", []string{"ardoq_component_type", compNames[i]}).Body()
		b.SetAttributeRaw("workspace_id", ref("data.ardoq_workspace."+name+".id"))
		b.SetAttributeRaw("name", text(t.Name))
		out["c:"+t.TypeID] = ref("data.ardoq_component_type." + compNames[i] + ".type_id")
	}
	for i, t := range refTypes {
		body.AppendNewline()
		b := body.AppendNewBlock("data", []string{"ardoq_reference_type", refNames[i]}).Body()
		b.SetAttributeRaw("workspace_id", ref("data.ardoq_workspace."+name+".id"))
		b.SetAttributeRaw("name", text(t.Name))
		out["r:"+strconv.FormatInt(t.Type, 10)] = ref("data.ardoq_reference_type." + refNames[i] + ".type")
	}
	return out
}

// componentType is the expression of a component's type: its data source, or the id where the model lacks it.
func componentType(types map[string]hclwrite.Tokens, typeID string) hclwrite.Tokens {
	if t, ok := types["c:"+typeID]; ok {
		return t
	}
	return text(typeID)
}

func referenceType(types map[string]hclwrite.Tokens, typ int64) hclwrite.Tokens {
	if t, ok := types["r:"+strconv.FormatInt(typ, 10)]; ok {
		return t
	}
	return hclwrite.TokensForIdentifier(strconv.FormatInt(typ, 10))
}

// styles appends a component's description and display overrides.
func styles(attrs []attr, c *client.Component) []attr {
	attrs = optional(attrs, "description", c.Description)
	attrs = optional(attrs, "color", c.Color)
	attrs = optional(attrs, "shape", c.Shape)
	attrs = optional(attrs, "icon", c.Icon)
	return optional(attrs, "image", c.Image)
}

func componentFields(ws *Workspace, c *client.Component) map[string]fields.Value {
	return fields.Settable(c.CustomFields, fields.ComponentScope(ws.Model, c.TypeID))
}

func referenceFields(ws *Workspace, r *client.Reference) map[string]fields.Value {
	return fields.Settable(r.CustomFields, fields.ReferenceScope(ws.Model, r.Type))
}
