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
		d := layoutWorkspace(v, w)
		for i, b := range d.Boxes {
			if i > 0 && b.Y < d.Boxes[i-1].Y+d.Boxes[i-1].H {
				t.Errorf("%s: box %q overlaps the one above", w.Name, b.Label)
			}
			if strings.Join(lineTexts(b.Lines), "") != b.Label {
				t.Errorf("%s: box %q drawn as %q", w.Name, b.Label, lineTexts(b.Lines))
			}
			if b.X < 0 || b.Y < 0 || b.X+b.W > d.W || b.Y+b.H > d.H {
				t.Errorf("%s: box %q at %d,%d %dx%d outside %dx%d", w.Name, b.Label, b.X, b.Y, b.W, b.H, d.W, d.H)
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
		t.Logf("%s: %d references on %d lanes, %dx%d", w.Name, len(d.Arrows), used, d.W, d.H)
		for _, a := range d.Arrows {
			n := utf8.RuneCountInString(a.Label) * labelW
			e := extent{a.LY - n, a.LY}
			if a.TextAnchor == "end" {
				e = extent{a.LY, a.LY + n}
			}
			if e.lo < 0 || e.hi > d.H || a.LX > d.W {
				t.Errorf("%s: label %q at %d, %d..%d outside %dx%d", w.Name, a.Label, a.LX, e.lo, e.hi, d.W, d.H)
			}
			if !shared {
				for _, o := range lanes[a.LX] {
					if e.lo < o.hi && o.lo < e.hi {
						t.Errorf("%s: labels overlap on lane %d: %d..%d and %d..%d", w.Name, a.LX, e.lo, e.hi, o.lo, o.hi)
					}
				}
			}
			lanes[a.LX] = append(lanes[a.LX], e)
		}
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
