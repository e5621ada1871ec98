package emulator

import (
	"cmp"
	"net/url"
	"slices"
	"strconv"
)

// The page's view of the org: which components and references each workspace draws and in what state.
// The drawing itself is page_layout.go; the HTML is page/page.html.

// viewComp is a component to draw, with what happened to it (0 in the model view, or unchanged).
type viewComp struct {
	c       *Component
	kind    changeKind
	created bool       // created since the mark (and maybe deleted since)
	cause   string     // the component whose delete took this one along
	before  *Component // updated: as it was at the mark
}

type viewRef struct {
	r       *Reference
	kind    changeKind
	created bool
	cause   string
	before  *Reference
}

// orgView is what the page draws: the live org, and in the change view also what was deleted since the
// mark, as it was.
type orgView struct {
	st        *store
	changes   bool
	comps     map[string]*viewComp
	refs      map[string]*viewRef
	touched   map[string]bool // workspaces with a change (the change view draws only those)
	netOrder  []string        // the changed entity ids, in the order of their last change
	selected  string          // the component clicked in a collapsed workspace (?select=)
	fromStart bool            // the change view counts from the start (?since=start)
}

// pageHref is the link to this view with a component selected ("" for none).
func (v *orgView) pageHref(selected string) string {
	q := url.Values{}
	if v.fromStart {
		q.Set("since", "start")
	}
	if selected != "" {
		q.Set("select", selected)
	}
	path := "/"
	if v.changes {
		path = "/changes"
	}
	if len(q) == 0 {
		return path
	}
	return path + "?" + q.Encode()
}

// newOrgView reads the store (under the server's read lock). changes nil: the model view.
func newOrgView(st *store, changes []change, changeView bool) *orgView {
	v := &orgView{st: st, changes: changeView, comps: map[string]*viewComp{}, refs: map[string]*viewRef{}, touched: map[string]bool{}}
	for id, c := range st.components {
		v.comps[id] = &viewComp{c: c}
	}
	for id, r := range st.references {
		v.refs[id] = &viewRef{r: r}
	}
	if !changeView {
		return v
	}
	net := netChanges(changes)
	seen := map[string]bool{}
	for i := len(changes) - 1; i >= 0; i-- { // newest first, each entity once
		if id := changes[i].id(); !seen[id] {
			seen[id] = true
			v.netOrder = append(v.netOrder, id)
		}
	}
	slices.Reverse(v.netOrder)
	for id, n := range net {
		if n.comp != nil {
			live := v.comps[id]
			if live == nil { // deleted: drawn as it was
				live = &viewComp{c: n.comp}
				v.comps[id] = live
			}
			live.kind, live.created, live.cause, live.before = n.kind, n.created, n.cause, n.beforeComp
			v.touched[live.c.RootWorkspace] = true
			continue
		}
		live := v.refs[id]
		if live == nil {
			live = &viewRef{r: n.ref}
			v.refs[id] = live
		}
		live.kind, live.created, live.cause, live.before = n.kind, n.created, n.cause, n.beforeRef
		v.touched[live.r.RootWorkspace], v.touched[live.r.TargetWorkspace] = true, true
	}
	return v
}

// workspaces returns the workspaces to draw, by name: all of them, or in the change view those with a
// change.
func (v *orgView) workspaces() []*Workspace {
	var out []*Workspace
	for _, ws := range v.st.workspaces {
		if !v.changes || v.touched[ws.ID] {
			out = append(out, ws)
		}
	}
	slices.SortFunc(out, func(a, b *Workspace) int { return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID)) })
	return out
}

// componentsOf returns the components drawn in a workspace, by name.
func (v *orgView) componentsOf(wsID string) []*viewComp {
	var out []*viewComp
	for _, c := range v.comps {
		if c.c.RootWorkspace == wsID {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b *viewComp) int { return cmp.Or(cmp.Compare(a.c.Name, b.c.Name), cmp.Compare(a.c.ID, b.c.ID)) })
	return out
}

// referencesOf returns the references a workspace draws: its own, and those of other workspaces that end
// in it (incoming), by id.
func (v *orgView) referencesOf(wsID string) (own, incoming []*viewRef) {
	for _, r := range v.refs {
		switch {
		case r.r.RootWorkspace == wsID:
			own = append(own, r)
		case r.r.TargetWorkspace == wsID:
			incoming = append(incoming, r)
		}
	}
	byID := func(a, b *viewRef) int { return cmp.Compare(a.r.ID, b.r.ID) }
	slices.SortFunc(own, byID)
	slices.SortFunc(incoming, byID)
	return own, incoming
}

// componentType returns a component's type in its workspace's model (zero if the model lost it).
func (v *orgView) componentType(c *Component) ComponentType {
	if m := v.st.modelOf(c.RootWorkspace); m != nil {
		if t, ok := m.componentType(c.TypeID); ok {
			return *t
		}
	}
	return ComponentType{Name: c.Type}
}

// referenceTypeName returns the name of a reference's type in its workspace's model.
func (v *orgView) referenceTypeName(r *Reference) string {
	if m := v.st.modelOf(r.RootWorkspace); m != nil {
		for _, t := range m.ReferenceTypes {
			if t.Type == r.Type {
				return t.Name
			}
		}
	}
	return "type " + strconv.FormatInt(r.Type, 10)
}

func (v *orgView) workspaceName(id string) string {
	if ws, ok := v.st.workspaces[id]; ok {
		return ws.Name
	}
	return id
}
