package emulator

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A workspace too large to draw one by one (more than fullComponents components or fullReferences
// references) is drawn collapsed: its top-level components only, each saying how many components are
// below it, and its references bundled, one arrow per pair of drawn components with the number of
// references between them and the components below them. At most maxArrows arrows are drawn, the
// heaviest and shortest first; the drawing says how many it left out. Clicking a component selects it
// (?select=<id>, rendered by the server like the rest): its top-level component is drawn expanded, with
// every reference of it and of what is below it drawn in full to the other ends, which are drawn with the
// components above them. In the change view, what was created or deleted is drawn too, with the
// components above it, when there are no more than maxRevealed of them.

const (
	fullComponents = 400
	fullReferences = 200
	maxArrows      = 100
	maxRevealed    = 100
)

// collapse says which components of a workspace are drawn as rows: all of them (shown nil), or those in
// shown. What is not drawn counts on the nearest drawn component above it.
type collapse struct {
	shown    map[string]bool
	selected map[string]bool // the selected top-level component and everything below it
	selRoot  *viewComp
}

func (k *collapse) isShown(id string) bool { return k.shown == nil || k.shown[id] }

// collapseOf decides what a workspace draws; children are the workspace's components by parent.
func (v *orgView) collapseOf(wsID string, comps []*viewComp, children map[string][]*viewComp, refs []*viewRef) *collapse {
	k := &collapse{}
	if len(comps) <= fullComponents && len(refs) <= fullReferences {
		return k
	}
	k.shown = map[string]bool{}
	showPath := func(c *viewComp) {
		for cur := c; cur != nil && cur.c.RootWorkspace == wsID && !k.shown[cur.c.ID]; cur = v.parentOf(cur) {
			k.shown[cur.c.ID] = true
		}
	}
	for _, c := range comps {
		if v.parentOf(c) == nil || v.parentOf(c).c.RootWorkspace != wsID {
			k.shown[c.c.ID] = true
		}
	}
	if sel := v.selectedComp(); sel != nil && sel.c.RootWorkspace == wsID {
		k.selRoot = v.rootOf(sel)
		k.selected = map[string]bool{}
		for stack := []*viewComp{k.selRoot}; len(stack) > 0; {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			k.selected[c.c.ID], k.shown[c.c.ID] = true, true
			stack = append(stack, children[c.c.ID]...)
		}
		for _, r := range refs {
			if k.selected[r.r.Source] || k.selected[r.r.Target] {
				for _, end := range []string{r.r.Source, r.r.Target} {
					if c := v.comps[end]; c != nil {
						showPath(c)
					}
				}
			}
		}
	}
	if v.changes {
		var revealed []*viewComp
		for _, c := range comps {
			if c.kind != 0 && c.kind != changeUpdated {
				revealed = append(revealed, c)
			}
		}
		if len(revealed) <= maxRevealed {
			for _, c := range revealed {
				showPath(c)
			}
		}
	}
	return k
}

// selectedComp is the component selected, or the source of the reference selected (nil for none).
func (v *orgView) selectedComp() *viewComp {
	if r := v.refs[v.selected]; r != nil {
		return v.comps[r.r.Source]
	}
	return v.comps[v.selected]
}

func (v *orgView) parentOf(c *viewComp) *viewComp {
	if c.c.Parent == nil {
		return nil
	}
	return v.comps[*c.c.Parent]
}

// rootOf returns the top-level component above c in c's workspace (c itself when it has no parent there).
func (v *orgView) rootOf(c *viewComp) *viewComp {
	seen := map[string]bool{}
	for p := v.parentOf(c); p != nil && p.c.RootWorkspace == c.c.RootWorkspace && !seen[p.c.ID]; p = v.parentOf(c) {
		seen[p.c.ID] = true
		c = p
	}
	return c
}

// drawnAs returns the component a reference's end is drawn as: itself when it is drawn, else the nearest
// drawn component above it (in another workspace: its top-level component, unless the selection draws it).
func (v *orgView) drawnAs(k *collapse, id string, wsID string, rows map[string]*row) string {
	c := v.comps[id]
	if c == nil || k.shown == nil || rows[id] != nil {
		return id
	}
	if c.c.RootWorkspace != wsID {
		return v.rootOf(c).c.ID
	}
	for cur := c; cur != nil && cur.c.RootWorkspace == wsID; cur = v.parentOf(cur) {
		if rows[cur.c.ID] != nil {
			return cur.c.ID
		}
	}
	return id
}

// countCollapsed counts, on each drawn row of a collapsed workspace, the components below it not drawn
// (and how many of them changed) and the references of it and of what is below it.
func (v *orgView) countCollapsed(k *collapse, wsID string, comps []*viewComp, refs []*viewRef, rows map[string]*row) {
	if k.shown == nil {
		return
	}
	for _, c := range comps {
		if rows[c.c.ID] != nil {
			continue
		}
		if r := rows[v.drawnAs(k, c.c.ID, wsID, rows)]; r != nil {
			r.below++
			if c.kind != 0 {
				r.changed++
			}
		}
	}
	for _, r := range refs {
		src, tgt := rows[v.drawnAs(k, r.r.Source, wsID, rows)], rows[v.drawnAs(k, r.r.Target, wsID, rows)]
		if src != nil {
			src.refs++
		}
		if tgt != nil && tgt != src {
			tgt.refs++
		}
	}
}

// drawItem is what one arrow stands for: one reference drawn as itself, or a bundle of references between
// two drawn components (and the components below them).
type drawItem struct {
	src, tgt string
	refs     []*viewRef
	bundle   bool
}

// drawItems decides the arrows of a workspace: every reference as itself when it is drawn in full; when
// collapsed, the selection's references as themselves, or (nothing selected) bundles; at most maxArrows.
// It returns the arrows and how many it left out.
func (v *orgView) drawItems(k *collapse, wsID string, refs []*viewRef, rows map[string]*row) (items []drawItem, left int) {
	for _, r := range refs {
		if k.shown == nil || k.selected[r.r.Source] || k.selected[r.r.Target] {
			items = append(items, drawItem{src: r.r.Source, tgt: r.r.Target, refs: []*viewRef{r}})
		}
	}
	if k.shown == nil {
		return items, 0
	}
	if k.selected == nil {
		items = v.bundle(k, wsID, refs, rows)
	}
	return capItems(items, rows)
}

// bundle groups references by the drawn components they run between, in the order of their first
// reference; a bundle of one reference between its own ends is drawn as that reference. A reference
// within one drawn component is not drawn (its box counts it).
func (v *orgView) bundle(k *collapse, wsID string, refs []*viewRef, rows map[string]*row) []drawItem {
	type pair struct{ src, tgt string }
	bundles := map[pair]*drawItem{}
	var order []pair
	for _, r := range refs {
		p := pair{v.drawnAs(k, r.r.Source, wsID, rows), v.drawnAs(k, r.r.Target, wsID, rows)}
		if p.src == p.tgt {
			continue
		}
		b := bundles[p]
		if b == nil {
			b = &drawItem{src: p.src, tgt: p.tgt}
			bundles[p] = b
			order = append(order, p)
		}
		b.refs = append(b.refs, r)
	}
	items := make([]drawItem, 0, len(order))
	for _, p := range order {
		b := bundles[p]
		b.bundle = len(b.refs) > 1 || b.src != b.refs[0].r.Source || b.tgt != b.refs[0].r.Target
		items = append(items, *b)
	}
	return items
}

// capItems keeps at most maxArrows arrows: the heaviest bundles first, then the shortest. Rows of other
// workspaces, not placed yet, count as far.
func capItems(items []drawItem, rows map[string]*row) ([]drawItem, int) {
	if len(items) <= maxArrows {
		return items, 0
	}
	span := func(it drawItem) int {
		s, t := rows[it.src], rows[it.tgt]
		if s == nil || t == nil {
			return 1 << 30
		}
		return max(s.n-t.n, t.n-s.n)
	}
	slices.SortStableFunc(items, func(a, b drawItem) int {
		return cmp.Or(cmp.Compare(len(b.refs), len(a.refs)), cmp.Compare(span(a), span(b)))
	})
	return items[:maxArrows], len(items) - maxArrows
}

// more says, on a collapsed workspace's box, what is below it and how many references it and they have:
// "▸ 4 below, 2 changed · 9 refs".
func more(r *row) string {
	var parts []string
	if r.below > 0 {
		p := "▸ " + strconv.Itoa(r.below) + " below"
		if r.changed > 0 {
			p += ", " + strconv.Itoa(r.changed) + " changed"
		}
		parts = append(parts, p)
	}
	if r.refs > 0 {
		parts = append(parts, count(r.refs, "ref", "refs"))
	}
	return strings.Join(parts, " · ")
}

// itemLabel is the text along an arrow: a reference's (refLabel), or a bundle's count after the marker
// of its strongest change.
func (v *orgView) itemLabel(it drawItem) string {
	if !it.bundle {
		return v.refLabel(it.refs[0])
	}
	text := strconv.Itoa(len(it.refs)) + " references"
	if s := symbol(bundleKind(it.refs)); s != "" {
		return s + " " + text
	}
	return text
}

// bundleKind is the strongest change among a bundle's references: a delete, then a create, then an update.
func bundleKind(refs []*viewRef) changeKind {
	rank := map[changeKind]int{changeUpdated: 1, changeCreated: 2, changeCascaded: 3, changeDeleted: 4}
	var k changeKind
	for _, r := range refs {
		if rank[r.kind] > rank[k] {
			k = r.kind
		}
	}
	return k
}

func (v *orgView) itemArrow(it drawItem, wsID string) arrow {
	var a arrow
	if !it.bundle {
		r := it.refs[0]
		a = arrow{ID: r.r.ID, Anchor: anchor(r.r.ID), Href: "#" + anchor(r.r.ID), Title: v.refTitle(r.r), Status: status(r.kind),
			Cross: r.r.RootWorkspace != r.r.TargetWorkspace, Incoming: r.r.RootWorkspace != wsID}
	} else {
		sel := it.src
		if c := v.comps[sel]; c == nil || c.c.RootWorkspace != wsID {
			sel = it.tgt
		}
		a = arrow{ID: it.src + ">" + it.tgt, Href: v.pageHref(sel) + "#" + anchor(sel), Status: status(bundleKind(it.refs)),
			Bundle: len(it.refs), Incoming: true}
		counts := map[changeKind]int{}
		for _, r := range it.refs {
			a.Cross = a.Cross || r.r.RootWorkspace != r.r.TargetWorkspace
			a.Incoming = a.Incoming && r.r.RootWorkspace != wsID
			counts[r.kind]++
		}
		a.Title = fmt.Sprintf("%s → %s: %d references between them and the components below them", v.compPath(it.src), v.compPath(it.tgt), len(it.refs))
		var changed []string
		for _, k := range []changeKind{changeCreated, changeUpdated, changeDeleted, changeCascaded} {
			if counts[k] > 0 {
				changed = append(changed, strconv.Itoa(counts[k])+" "+k.String())
			}
		}
		if len(changed) > 0 {
			a.Title += " (" + strings.Join(changed, ", ") + ")"
		}
		a.Title += "; click to draw them one by one"
	}
	a.Marker = "ah"
	switch {
	case a.Status != "":
		a.Marker += "-" + a.Status
	case a.Cross:
		a.Marker += "-cross"
	}
	return a
}
