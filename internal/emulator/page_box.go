package emulator

import (
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A component's box and a reference's label on the drawing (page_layout.go): names wrapped to fit,
// colours, shapes, the markers of a change, and the anchors that name an entity's panel.

func (v *orgView) box(r *row, y, right int, wsID string, k *collapse) box {
	c := r.c.c
	t := v.componentType(c)
	x := padX + r.depth*indent
	b := box{ID: c.ID, Anchor: anchor(c.ID), X: x, Y: y, W: right - x, H: boxH, TX: x + 22, TY: y + boxH/2 + 4, RX: right - 6,
		Type: t.Name, Color: pick(c.Color, t.Color), Status: status(r.c.kind), Badge: badge(r.c.kind, r.c.created),
		More: more(r), Selected: k.selRoot == r.c || c.ID == v.selected}
	b.Href = "#" + b.Anchor
	if k.shown != nil {
		b.Href = v.pageHref(c.ID) + b.Href
	}
	b.Glyph = glyph(strings.ToLower(pickShape(c.Shape, t.Shape)), x+11, y+boxH/2)
	name := c.Name
	if c.RootWorkspace != wsID {
		b.External = v.workspaceName(c.RootWorkspace)
		name = b.External + " › " + name
	}
	b.Title = fmt.Sprintf("%s (%s)", name, t.Name)
	room := func() int { return b.W - 22 - utf8.RuneCountInString(b.Type+" "+b.Badge+" "+b.More)*labelW - 12 }
	if room() < 90 {
		b.Type = "" // too narrow for both: the type is in the tooltip and the panel
	}
	b.Label = name
	for i, l := range wrap(name, room()) {
		b.Lines = append(b.Lines, textLine{X: b.TX, Y: b.TY + i*lineH, Text: l})
	}
	b.H += (len(b.Lines) - 1) * lineH
	return b
}

// nameWidth estimates the width in pixels of a 12px name, generously: a wrapped name must fit its box.
func nameWidth(s string) int {
	w := 0
	for _, r := range s {
		switch {
		case strings.ContainsRune("iljtfr.,;:'!|() ", r):
			w += 4
		case strings.ContainsRune("mwMW@%", r), unicode.IsUpper(r), r > 0x2e7f: // wide letters, capitals, CJK
			w += 10
		default:
			w += 7
		}
	}
	return w
}

// wrap breaks a name into lines of at most width pixels, between words where it can (a word too long
// for a line is broken inside). Each line but the last keeps its trailing space, so the lines joined are
// the name.
func wrap(s string, width int) []string {
	var lines []string
	var line []rune
	for _, word := range strings.SplitAfter(s, " ") {
		if len(line) > 0 && nameWidth(string(line)+strings.TrimRight(word, " ")) > width {
			lines, line = append(lines, string(line)), nil
		}
		for _, r := range word {
			if len(line) > 0 && r != ' ' && nameWidth(string(line)+string(r)) > width {
				lines, line = append(lines, string(line)), nil
			}
			line = append(line, r)
		}
	}
	if len(line) > 0 || len(lines) == 0 {
		lines = append(lines, string(line))
	}
	return lines
}

// refLabel is the text along a reference's arrow: its display text, or its type's name when it has none,
// after the change's marker (a symbol: the legend says which).
func (v *orgView) refLabel(r *viewRef) string {
	text := v.referenceTypeName(r.r)
	if d := r.r.DisplayText; d != nil && *d != "" {
		text = *d
	}
	if b := symbol(r.kind); b != "" {
		return b + " " + text
	}
	if r.r.RootWorkspace != r.r.TargetWorkspace {
		return "⇄ " + text
	}
	return text
}

func status(k changeKind) string {
	if k == 0 {
		return ""
	}
	return k.String()
}

// badge is the text marker of a change, so that no state is told by colour alone.
func badge(k changeKind, created bool) string {
	switch k {
	case changeCreated:
		return "+ NEW"
	case changeUpdated:
		return "~ UPDATED"
	case changeDeleted:
		if created {
			return "+− NEW, DELETED"
		}
		return "− DELETED"
	case changeCascaded:
		if created {
			return "+× NEW, CASCADE-DELETED"
		}
		return "× CASCADE-DELETED"
	}
	return ""
}

// symbol is the short marker of a change, on references.
func symbol(k changeKind) string {
	return map[changeKind]string{changeCreated: "+", changeUpdated: "~", changeDeleted: "−", changeCascaded: "×"}[k]
}

var colorRE = regexp.MustCompile(`^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30})$`)

// pick returns the first valid colour of own and typ, or a neutral grey.
func pick(own, typ *string) string {
	for _, c := range []*string{own, typ} {
		if c != nil && colorRE.MatchString(*c) {
			return *c
		}
	}
	return "#64748b"
}

func pickShape(own, typ *string) string {
	for _, s := range []*string{own, typ} {
		if s != nil && *s != "" {
			return *s
		}
	}
	return ""
}

// glyph draws a shape of Ardoq's (rectangle when unknown) 14 pixels wide around (x, y).
func glyph(shape string, x, y int) string {
	switch shape {
	case "ellipse", "circle", "oval":
		return fmt.Sprintf("M%d %da7 7 0 1 0 14 0a7 7 0 1 0 -14 0z", x-7, y)
	case "diamond", "rhombus":
		return fmt.Sprintf("M%d %dL%d %dL%d %dL%d %dz", x, y-7, x+7, y, x, y+7, x-7, y)
	case "database", "cylinder":
		return fmt.Sprintf("M%d %da7 3 0 0 1 14 0v9a7 3 0 0 1 -14 0zM%d %da7 3 0 0 0 14 0", x-7, y-4, x-7, y-4)
	case "server":
		return fmt.Sprintf("M%d %dh14v6h-14zM%d %dh14v6h-14z", x-7, y-7, x-7, y+1)
	case "hexagon":
		return fmt.Sprintf("M%d %dl4 -6h6l4 6l-4 6h-6z", x-7, y)
	case "triangle":
		return fmt.Sprintf("M%d %dL%d %dL%d %dz", x, y-7, x+7, y+6, x-7, y+6)
	}
	return fmt.Sprintf("M%d %dh14v12h-14z", x-7, y-6)
}

var anchorRE = regexp.MustCompile(`^[0-9A-Za-z_-]+$`)

// anchor is the fragment naming an entity's details on the page.
func anchor(id string) string {
	if anchorRE.MatchString(id) {
		return "e-" + id
	}
	return "x-" + hex.EncodeToString([]byte(id))
}
