package emulator

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// Every box and label lies inside its drawing, no two boxes overlap, and no two labels on one lane
// overlap: with the default seed, and with references running up and down between near and far rows and
// names long enough to take several lines.
func TestLayout_insideAndApart(t *testing.T) {
	s, err := New(WithDeterministicIDs())
	if err != nil {
		t.Fatal(err)
	}
	const ws, typ = "5eed0000000000000000b001", "p1700000000001"
	var ids []string
	for i := range 60 {
		in := ComponentSeed{Name: fmt.Sprintf("c%02d", i), RootWorkspace: ws, TypeID: typ}
		if i%7 == 0 {
			in.Name += strings.Repeat(" with a rather long name", i%3+1) + strings.Repeat("W", i)
		}
		if i >= 3 {
			p := ids[(i-3)/3]
			in.Parent = &p
		}
		c, err := s.SeedComponent(in)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, c.ID)
	}
	for i := range 60 {
		for _, j := range []int{(i + 1) % 60, (i * 11) % 60} {
			if _, err := s.SeedReference(ReferenceSeed{Source: ids[i], Target: ids[j], Type: 1 + int64(i%3)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	v := newOrgView(s.st, nil, false)
	for _, w := range v.workspaces() {
		checkDrawing(t, w.Name, layoutWorkspace(v, w))
	}
}

// A workspace too large to draw one by one is drawn collapsed, within the same bounds: its top-level
// components only, at most maxArrows arrows, each between two drawn components; a selection draws the
// selected component's top-level component expanded and each of their references, and no bundle.
func TestLayout_collapsed(t *testing.T) {
	s, err := New(WithDeterministicIDs())
	if err != nil {
		t.Fatal(err)
	}
	const ws, app, module = "5eed0000000000000000b001", "p1700000000001", "p1700000000002"
	var modules []string
	for i := range 150 {
		a, err := s.SeedComponent(ComponentSeed{Name: fmt.Sprintf("app %03d", i), RootWorkspace: ws, TypeID: app})
		if err != nil {
			t.Fatal(err)
		}
		for j := range 3 {
			m, err := s.SeedComponent(ComponentSeed{Name: fmt.Sprintf("module %d", j), RootWorkspace: ws, TypeID: module, Parent: &a.ID})
			if err != nil {
				t.Fatal(err)
			}
			modules = append(modules, m.ID)
		}
	}
	refsOf := map[string]int{}
	for i := range 450 {
		for _, j := range []int{(i + 3) % 450, (i * 13) % 450} {
			if i/3 == j/3 {
				continue
			}
			if _, err := s.SeedReference(ReferenceSeed{Source: modules[i], Target: modules[j], Type: 1}); err != nil {
				t.Fatal(err)
			}
			refsOf[modules[i]]++
			refsOf[modules[j]]++
		}
	}
	w := s.st.workspaces[ws]
	v := newOrgView(s.st, nil, false)
	d := layoutWorkspace(v, w)
	checkDrawing(t, "collapsed", d)
	if !d.Collapsed || len(d.Boxes) != 150 || len(d.Arrows) != maxArrows || d.Left == 0 || d.Bundles == 0 {
		t.Errorf("collapsed: %d boxes, %d arrows (%d bundles), %d left out; want 150 boxes, %d arrows, some bundles, some left out",
			len(d.Boxes), len(d.Arrows), d.Bundles, d.Left, maxArrows)
	}
	v.selected = modules[31] // app 010's module 1: selects app 010
	d = layoutWorkspace(v, w)
	checkDrawing(t, "selected", d)
	want := refsOf[modules[30]] + refsOf[modules[31]] + refsOf[modules[32]]
	if d.Selected != "app 010" || d.Bundles != 0 || len(d.Arrows) != want || d.SelectedRefs != want {
		t.Errorf("selected %q: %d arrows (%d bundles), want %d references of app 010's modules", d.Selected, len(d.Arrows), d.Bundles, want)
	}
}

// checkDrawing fails the test unless every box and label lies inside the drawing, no two boxes overlap,
// no two labels on one lane overlap (below maxLanes), and every arrow ends at a drawn box.
func checkDrawing(t *testing.T, name string, d drawing) {
	t.Helper()
	ids := map[string]bool{}
	for i, b := range d.Boxes {
		ids[b.ID] = true
		if i > 0 && b.Y < d.Boxes[i-1].Y+d.Boxes[i-1].H {
			t.Errorf("%s: box %q overlaps the one above", name, b.Label)
		}
		if strings.Join(lineTexts(b.Lines), "") != b.Label {
			t.Errorf("%s: box %q drawn as %q", name, b.Label, lineTexts(b.Lines))
		}
		if b.X < 0 || b.Y < 0 || b.X+b.W > d.W || b.Y+b.H > d.H {
			t.Errorf("%s: box %q at %d,%d %dx%d outside %dx%d", name, b.Label, b.X, b.Y, b.W, b.H, d.W, d.H)
		}
	}
	type extent struct{ lo, hi int }
	lanes := map[int][]extent{}
	right := 0
	for _, b := range d.Boxes {
		right = max(right, b.X+b.W)
	}
	used := (d.W - right - laneStart - padX) / laneGap
	shared := len(d.Boxes) > 0 && used >= maxLanes // past maxLanes lanes are shared, and may overlap
	t.Logf("%s: %d arrows on %d lanes, %dx%d", name, len(d.Arrows), used, d.W, d.H)
	for _, a := range d.Arrows {
		if a.Bundle > 0 {
			if ends := strings.Split(a.ID, ">"); len(ends) != 2 || !ids[ends[0]] || !ids[ends[1]] {
				t.Errorf("%s: the bundle %s does not run between drawn boxes", name, a.ID)
			}
		}
		n := utf8.RuneCountInString(a.Label) * labelW
		e := extent{a.LY - n, a.LY}
		if a.TextAnchor == "end" {
			e = extent{a.LY, a.LY + n}
		}
		if e.lo < 0 || e.hi > d.H || a.LX > d.W {
			t.Errorf("%s: label %q at %d, %d..%d outside %dx%d", name, a.Label, a.LX, e.lo, e.hi, d.W, d.H)
		}
		if !shared {
			for _, o := range lanes[a.LX] {
				if e.lo < o.hi && o.lo < e.hi {
					t.Errorf("%s: labels overlap on lane %d: %d..%d and %d..%d", name, a.LX, e.lo, e.hi, o.lo, o.hi)
				}
			}
		}
		lanes[a.LX] = append(lanes[a.LX], e)
	}
}

func lineTexts(lines []textLine) []string {
	var out []string
	for _, l := range lines {
		out = append(out, l.Text)
	}
	return out
}

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		in    string
		width int
		want  []string
	}{
		{"Orders DB", 200, []string{"Orders DB"}},
		{"", 200, []string{""}},
		{"Applications › Orders Database", 100, []string{"Applications › ", "Orders Database"}},
		{"Applications › Orders Database", 60, []string{"Applicati", "ons › ", "Orders ", "Database"}},
		{"Supercalifragilistic", 60, []string{"Supercali", "fragilistic"}},
	} {
		if got := wrap(tc.in, tc.width); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("wrap(%q, %d) = %q, want %q", tc.in, tc.width, got, tc.want)
		}
	}
}
