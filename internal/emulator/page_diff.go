package emulator

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"
)

// What an update changed, field by field, for the change view: the entity as it was at the mark against
// how it is now, fields by the labels a user knows (custom fields by their label in the workspace's model,
// a parent or a reference's end by its name).

// fieldChange is one field an update changed.
type fieldChange struct {
	Label, Key string // Key: the API's name of a custom field, shown in small print by its label
	Old, New   string
}

// maxValueRunes bounds a value in the change table; the entity's panel shows it whole.
const maxValueRunes = 80

// diffs collects the fields that differ.
type diffs []fieldChange

func (d *diffs) add(label, was, now string) {
	if was != now {
		*d = append(*d, fieldChange{Label: label, Old: shorten(was), New: shorten(now)})
	}
}

func (v *orgView) componentDiff(before, after *Component) []fieldChange {
	var out diffs
	out.add("name", before.Name, after.Name)
	out.add("type", v.componentType(before).Name, v.componentType(after).Name)
	out.add("parent", v.compName(before.Parent), v.compName(after.Parent))
	out.add("description", deref(before.Description), deref(after.Description))
	out.add("color", deref(before.Color), deref(after.Color))
	out.add("shape", deref(before.Shape), deref(after.Shape))
	out.add("icon", deref(before.Icon), deref(after.Icon))
	out.add("image", deref(before.Image), deref(after.Image))
	return append(out, customFieldDiff(v.st.modelOf(after.RootWorkspace), before.CustomFields, after.CustomFields)...)
}

func (v *orgView) referenceDiff(before, after *Reference) []fieldChange {
	var out diffs
	out.add("source", v.compPath(before.Source), v.compPath(after.Source))
	out.add("target", v.compPath(before.Target), v.compPath(after.Target))
	out.add("type", v.referenceTypeName(before), v.referenceTypeName(after))
	out.add("display text", deref(before.DisplayText), deref(after.DisplayText))
	out.add("description", deref(before.Description), deref(after.Description))
	return append(out, customFieldDiff(v.st.modelOf(after.RootWorkspace), before.CustomFields, after.CustomFields)...)
}

// customFieldDiff compares two sets of custom field values, by label (the API key in small print).
func customFieldDiff(m *Model, before, after map[string]any) []fieldChange {
	keys := slices.Sorted(maps.Keys(before))
	for k := range after {
		if _, ok := before[k]; !ok {
			keys = append(keys, k)
		}
	}
	var out []fieldChange
	for _, k := range keys {
		was, now := fieldValue(before[k]), fieldValue(after[k])
		if was != now {
			out = append(out, fieldChange{Label: fieldLabel(m, k), Key: "customFields." + k, Old: shorten(was), New: shorten(now)})
		}
	}
	slices.SortStableFunc(out, func(a, b fieldChange) int { return strings.Compare(strings.ToLower(a.Label), strings.ToLower(b.Label)) })
	return out
}

func fieldLabel(m *Model, apiKey string) string {
	if m != nil {
		if f, ok := m.field(apiKey); ok && f.Label != "" {
			return f.Label
		}
	}
	return apiKey
}

// fieldValue is a custom field's value as the page writes it: a text as it is, any other value as JSON,
// an absent one (or null) as "".
func fieldValue(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSpace(b.String())
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func shorten(s string) string {
	if utf8.RuneCountInString(s) <= maxValueRunes {
		return s
	}
	return string([]rune(s)[:maxValueRunes-1]) + "…"
}

// compName is the name of the component id points at ("" for none).
func (v *orgView) compName(id *string) string {
	if id == nil {
		return ""
	}
	if c := v.comps[*id]; c != nil {
		return c.c.Name
	}
	return *id
}

// compPath names a component with the components above it, "Web Shop › Checkout", so that a module is
// known by its application.
func (v *orgView) compPath(id string) string {
	c := v.comps[id]
	if c == nil {
		return id
	}
	return strings.Join(append(v.ancestorNames(c.c), c.c.Name), " › ")
}

// ancestorNames are the names of the components above c, the top one first, as far as the view knows
// them (a parent deleted before the mark is not known).
func (v *orgView) ancestorNames(c *Component) []string {
	var names []string
	seen := map[string]bool{c.ID: true}
	for p := c.Parent; p != nil && !seen[*p]; {
		pc := v.comps[*p]
		if pc == nil {
			break
		}
		seen[*p] = true
		names = append(names, pc.c.Name)
		p = pc.c.Parent
	}
	slices.Reverse(names)
	return names
}
