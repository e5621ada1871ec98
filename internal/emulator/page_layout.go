package emulator

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// The drawing of one workspace: an indented tree of components (a row each, children under their
// parent), and references as arrows along vertical lanes right of the tree, from the source row to the
// target row. Components of other workspaces that a reference leaves to or comes from get rows of their
// own at the bottom, dashed. Lanes are assigned greedily so neither lines nor labels share a lane where
// they overlap; the width grows with the lanes (at most maxLanes), the height with the rows.

const (
	padX   = 16
	padY   = 12
	rowH   = 30 // a component's row
	boxH   = 24
	lineH  = 15 // each further line of a long name
	indent = 20
	boxW   = 330 // the box of the deepest component
	// A collapsed workspace's boxes say what is below them, too (page_collapse.go).
	collapsedExtraW = 90
	laneStart       = 30 // from the tree's right edge to the first lane
	laneGap         = 16
	maxLanes        = 48
	labelW          = 6 // an average character of a 10px label
)

type drawing struct {
	W, H      int
	Boxes     []box
	Arrows    []arrow
	Guides    string // the tree's connecting lines, one SVG path
	ExternalY int    // the baseline of the "other workspaces" heading; 0 without one
	// What the workspace holds: its components, its own references, references of other workspaces
	// ending in it; and how many drawn arrows cross to or from another workspace.
	Components, References, Incoming, Cross int
	// Collapsed (page_collapse.go): drawn as top-level components with bundled references, or Selected
	// (the name of the expanded top-level component); Left: arrows left out past maxArrows.
	Collapsed     bool
	Selected      string
	SelectedRefs  int
	Bundles, Left int
	ClearHref     string // the view without the selection
}

type box struct {
	ID, Anchor, Href string
	X, Y, W, H       int
	TX, TY, RX       int        // name start, text baseline, right-aligned text end
	Label            string     // the whole name
	Lines            []textLine // the name, wrapped to fit: never cut
	Title            string     // the whole name and type, as a tooltip
	Type, Badge      string
	More             string // collapsed: how many components are below it, and the references of it and them
	Color            string // the type's (or the component's own) colour
	Glyph            string // the shape, an SVG path
	Status           string // created, updated, deleted, cascade; "" unchanged
	External         string // the other workspace's name, for a component drawn as an end of a cross reference
	Selected         bool
}

type textLine struct {
	X, Y int
	Text string
}

type arrow struct {
	ID, Anchor, Href string
	D                string // the path, ending at the target's box
	LX, LY           int    // the label's anchor, rotated along the lane next to the source's end
	TextAnchor       string // start or end, so that the label runs from the source along the lane
	Label            string // the display text, or the reference type's name; a bundle's count
	Title            string
	Status           string
	Cross            bool // to or from another workspace
	Incoming         bool // a reference of another workspace, drawn where it ends
	Bundle           int  // a bundle of this many references (0: one reference drawn as itself)
	Marker           string
}

type row struct {
	c        *viewComp
	depth, n int
	y, h     int // the top and height of its box
	below    int // collapsed: components below it not drawn, and how many of them changed
	changed  int
	refs     int // collapsed: references of it and of the components below it
}

func layoutWorkspace(v *orgView, ws *Workspace) drawing {
	var d drawing
	comps := v.componentsOf(ws.ID)
	children := map[string][]*viewComp{}
	var roots []*viewComp
	for _, c := range comps {
		if p := c.c.Parent; p != nil && v.comps[*p] != nil && v.comps[*p].c.RootWorkspace == ws.ID {
			children[*p] = append(children[*p], c)
		} else {
			roots = append(roots, c)
		}
	}
	own, incoming := v.referencesOf(ws.ID)
	refs := append(slices.Clip(own), incoming...)
	d.Components, d.References, d.Incoming = len(comps), len(own), len(incoming)
	k := v.collapseOf(ws.ID, comps, children, refs)
	d.Collapsed = k.shown != nil
	if k.selRoot != nil {
		d.Selected, d.ClearHref = k.selRoot.c.Name, v.pageHref("")+"#ws-"+ws.ID
	}

	rows, order, maxDepth := treeRows(roots, children, k)
	v.countCollapsed(k, ws.ID, comps, refs, rows)
	items, left := v.drawItems(k, ws.ID, refs, rows)
	d.Left = left
	if k.selected != nil {
		d.SelectedRefs = len(items) + left
	}

	// The other workspaces' ends of the arrows, after a heading row.
	var external []*viewComp
	for _, it := range items {
		for _, end := range []string{it.src, it.tgt} {
			if c := v.comps[end]; c != nil && c.c.RootWorkspace != ws.ID && rows[end] == nil {
				rows[end] = &row{c: c}
				external = append(external, c)
			}
		}
	}
	slices.SortFunc(external, func(a, b *viewComp) int {
		return cmp.Or(cmp.Compare(v.workspaceName(a.c.RootWorkspace), v.workspaceName(b.c.RootWorkspace)), cmp.Compare(a.c.Name, b.c.Name))
	})
	local := len(order)
	for _, c := range external {
		r := rows[c.c.ID]
		r.n = len(order)
		order = append(order, r)
	}

	// A row is as high as its box, which grows by a line for each further line of a long name.
	right := padX + maxDepth*indent + boxW
	if d.Collapsed {
		right += collapsedExtraW // room for what the box says is below it
	}
	y := padY
	for i, r := range order {
		if i == local {
			d.ExternalY = y + rowH*2/3
			y += rowH
		}
		b := v.box(r, y, right, ws.ID, k)
		r.y, r.h = y, b.H
		y += rowH + b.H - boxH
		d.Boxes = append(d.Boxes, b)
	}
	if len(order) == 0 {
		y += rowH
	}
	var guides strings.Builder
	for _, r := range order {
		if kids := children[r.c.c.ID]; len(kids) > 0 && r.c.c.RootWorkspace == ws.ID {
			var last *row
			for _, kid := range kids {
				if kr := rows[kid.c.ID]; kr != nil {
					last = kr
				}
			}
			if last == nil { // collapsed
				continue
			}
			x := padX + r.depth*indent + 8
			fmt.Fprintf(&guides, "M%d %dV%d", x, r.y+r.h, last.y+boxH/2)
			for _, kid := range kids {
				if kr := rows[kid.c.ID]; kr != nil {
					fmt.Fprintf(&guides, "M%d %dH%d", x, kr.y+boxH/2, x+indent-8)
				}
			}
		}
	}
	d.Guides = guides.String()

	lanes := assignLanes(v, items, rows)
	used, bottom := 0, 0
	for i, it := range items {
		src, tgt := rows[it.src], rows[it.tgt]
		if src == nil || tgt == nil {
			continue
		}
		lane := lanes[i]
		used = max(used, lane+1)
		x := right + laneStart + lane*laneGap
		y1, y2 := src.y+boxH/2-5, tgt.y+boxH/2+5
		label := v.itemLabel(it)
		ly, ta, _, hi := labelAt(y1, y2, utf8.RuneCountInString(label)*labelW)
		bottom = max(bottom, hi)
		a := v.itemArrow(it, ws.ID)
		a.D, a.LX, a.LY, a.TextAnchor, a.Label = fmt.Sprintf("M%d %dH%dV%dH%d", right, y1, x, y2, right+1), x+4, ly, ta, label
		if a.Cross {
			d.Cross++
		}
		if a.Bundle > 0 {
			d.Bundles++
		}
		d.Arrows = append(d.Arrows, a)
	}
	d.W = right + laneStart + used*laneGap + padX
	d.H = max(y+padY, bottom+padY) // a label may run past the last row
	return d
}

// treeRows orders the components drawn as rows: each after its parent, depth first, in the order of
// roots and children (by name). It returns the rows by component id, in order, and the deepest depth.
func treeRows(roots []*viewComp, children map[string][]*viewComp, k *collapse) (map[string]*row, []*row, int) {
	rows := map[string]*row{}
	var order []*row
	maxDepth := 0
	type frame struct {
		c     *viewComp
		depth int
	}
	stack := make([]frame, 0, len(roots))
	for i := len(roots) - 1; i >= 0; i-- {
		stack = append(stack, frame{roots[i], 0})
	}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r := &row{c: f.c, depth: f.depth, n: len(order)}
		rows[f.c.c.ID], order = r, append(order, r)
		maxDepth = max(maxDepth, f.depth)
		kids := children[f.c.c.ID]
		for i := len(kids) - 1; i >= 0; i-- {
			if k.isShown(kids[i].c.ID) {
				stack = append(stack, frame{kids[i], f.depth + 1})
			}
		}
	}
	return rows, order, maxDepth
}

// assignLanes gives each arrow a lane (index into items) such that, in one lane, no two arrows' vertical
// segments or labels overlap; the shortest spans take the innermost lanes. Past maxLanes, lanes are
// shared.
func assignLanes(v *orgView, items []drawItem, rows map[string]*row) []int {
	type span struct{ i, lo, hi int }
	var spans []span
	for i, it := range items {
		src, tgt := rows[it.src], rows[it.tgt]
		if src == nil || tgt == nil {
			continue
		}
		y1, y2 := src.y+boxH/2-5, tgt.y+boxH/2+5
		_, _, lo, hi := labelAt(y1, y2, utf8.RuneCountInString(v.itemLabel(it))*labelW)
		spans = append(spans, span{i, min(y1, y2, lo) - 3, max(y1, y2, hi) + 3})
	}
	slices.SortStableFunc(spans, func(a, b span) int { return cmp.Or(cmp.Compare(a.hi-a.lo, b.hi-b.lo), cmp.Compare(a.lo, b.lo)) })
	lanes := make([]int, len(items))
	var taken [][]span
	for n, s := range spans {
		lane := -1
		for k, in := range taken {
			if !slices.ContainsFunc(in, func(o span) bool { return s.lo < o.hi && o.lo < s.hi }) {
				lane = k
				break
			}
		}
		switch {
		case lane >= 0:
		case len(taken) < maxLanes:
			lane = len(taken)
			taken = append(taken, nil)
		default:
			lane = n % maxLanes
		}
		taken[lane] = append(taken[lane], s)
		lanes[s.i] = lane
	}
	return lanes
}

// labelAt places a reference's label of length pixels on its lane next to the source's end (y1), running
// toward the target's (y2), or downward when there is no room above. The rotated text reads upward: below
// the source it ends at y, above it starts there. It returns the extent of the label too.
func labelAt(y1, y2, length int) (y int, textAnchor string, lo, hi int) {
	if y2 < y1 && y1-6-length >= 2 {
		return y1 - 6, "start", y1 - 6 - length, y1 - 6
	}
	return y1 + 6, "end", y1 + 6, y1 + 6 + length
}
