package emulator

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// What the page writes about entities: the panels of fields a click shows.

func (v *orgView) refTitle(r *Reference) string {
	name := func(id string) string {
		if c := v.comps[id]; c != nil {
			return c.c.Name
		}
		return id
	}
	if r.DisplayText != nil && *r.DisplayText != "" {
		return fmt.Sprintf("%s → %s: %s (%s)", name(r.Source), name(r.Target), *r.DisplayText, v.referenceTypeName(r))
	}
	return fmt.Sprintf("%s → %s (%s)", name(r.Source), name(r.Target), v.referenceTypeName(r))
}

func (v *orgView) componentPanel(c *viewComp) panel {
	t := v.componentType(c.c)
	p := panel{Anchor: anchor(c.c.ID), Kind: "Component", Name: c.c.Name, Status: status(c.kind), Badge: badge(c.kind, c.created)}
	p.Fields = append(p.Fields, field{Label: "name", Value: c.c.Name}, field{Label: "key", Value: c.c.ComponentKey},
		field{Label: "type", Value: t.Name + " (" + c.c.TypeID + ")"}, field{Label: "id", Value: c.c.ID},
		field{Label: "version", Value: strconv.FormatInt(c.c.Version, 10)}, field{Label: "workspace", Value: v.workspaceName(c.c.RootWorkspace)})
	if c.c.Parent != nil {
		f := field{Label: "parent", Value: *c.c.Parent}
		if pc := v.comps[*c.c.Parent]; pc != nil {
			f.Value, f.Link = pc.c.Name, anchor(pc.c.ID)
		}
		p.Fields = append(p.Fields, f)
	}
	p.Fields = appendOptional(p.Fields, "description", c.c.Description)
	p.Fields = appendOptional(p.Fields, "color", c.c.Color)
	p.Fields = appendOptional(p.Fields, "shape", c.c.Shape)
	p.Fields = append(p.Fields, field{Label: "last updated", Value: c.c.Meta.LastUpdated})
	if n := v.causeNote(c.cause); n != "" {
		p.Fields = append(p.Fields, field{Label: "deleted", Value: "by cascade, " + n, Link: anchor(c.cause)})
	}
	return appendCustomFields(p, v.st.modelOf(c.c.RootWorkspace), c.c.CustomFields)
}

func (v *orgView) referencePanel(r *viewRef) panel {
	p := panel{Anchor: anchor(r.r.ID), Kind: "Reference", Name: v.refTitle(r.r), Status: status(r.kind), Badge: badge(r.kind, r.created)}
	end := func(label, id string) field {
		if c := v.comps[id]; c != nil {
			return field{Label: label, Value: c.c.Name + " (" + v.workspaceName(c.c.RootWorkspace) + ")", Link: anchor(id)}
		}
		return field{Label: label, Value: id}
	}
	p.Fields = append(p.Fields, field{Label: "type", Value: v.referenceTypeName(r.r) + " (" + strconv.FormatInt(r.r.Type, 10) + ")"},
		field{Label: "id", Value: r.r.ID}, field{Label: "version", Value: strconv.FormatInt(r.r.Version, 10)},
		end("source", r.r.Source), end("target", r.r.Target))
	p.Fields = appendOptional(p.Fields, "display text", r.r.DisplayText)
	p.Fields = appendOptional(p.Fields, "description", r.r.Description)
	p.Fields = append(p.Fields, field{Label: "last updated", Value: r.r.Meta.LastUpdated})
	if n := v.causeNote(r.cause); n != "" {
		p.Fields = append(p.Fields, field{Label: "deleted", Value: "by cascade, " + n, Link: anchor(r.cause)})
	}
	return appendCustomFields(p, v.st.modelOf(r.r.RootWorkspace), r.r.CustomFields)
}

func appendOptional(fs []field, label string, s *string) []field {
	if s != nil && *s != "" {
		fs = append(fs, field{Label: label, Value: *s})
	}
	return fs
}

// appendCustomFields adds the custom fields by their labels in the model (the API key in small print), in
// the order of the labels: a text as it is, any other value as JSON (the template escapes both).
func appendCustomFields(p panel, m *Model, cf map[string]any) panel {
	keys := slices.Sorted(maps.Keys(cf))
	slices.SortStableFunc(keys, func(a, b string) int {
		return strings.Compare(strings.ToLower(fieldLabel(m, a)), strings.ToLower(fieldLabel(m, b)))
	})
	for _, k := range keys {
		p.Fields = append(p.Fields, field{Label: fieldLabel(m, k), Key: "customFields." + k, Value: fieldValue(cf[k])})
	}
	return p
}
