package emulator

import (
	"maps"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// condition is one AND-combined criterion of a list filter, alias, match or uniqueBy.
type condition struct {
	field string // name, rootWorkspace, parent, componentKey, typeId, source, target, targetWorkspace, type, displayText
	value string
	cf    bool // field is a custom field API key and value a canon() form
}

type query []condition

// customFieldCondition types a custom field criterion by the field's definition in the model.
func (st *store) customFieldCondition(apiKey, raw, workspaceID string) (condition, error) {
	f, ok := st.findField(apiKey, workspaceID)
	if !ok {
		return condition{}, badRequest("customFields.%s: unknown custom field", apiKey)
	}
	v, err := coerceFilter(f, raw)
	if err != nil {
		return condition{}, badRequest("%s", err.Error())
	}
	return condition{field: apiKey, value: canon(v), cf: true}, nil
}

func (st *store) findField(apiKey, workspaceID string) (*Field, bool) {
	if m := st.modelOf(workspaceID); m != nil {
		if f, ok := m.field(apiKey); ok {
			return f, true
		}
	}
	for _, id := range slices.Sorted(maps.Keys(st.models)) {
		if f, ok := st.models[id].field(apiKey); ok {
			return f, true
		}
	}
	return nil, false
}

// parseListQuery reads the documented filters of a list endpoint. Other parameters are ignored, as Ardoq
// does: production clients send parameters the document does not list (rootWorkspaceId, say) and repeat
// their filters on next links. A misspelt filter therefore matches everything; the request contract
// tests (internal/openapitest) catch the provider's own.
func (st *store) parseListQuery(values url.Values, allowed []string) (query, error) {
	var q query
	ws := values.Get("rootWorkspace")
	for _, key := range slices.Sorted(maps.Keys(values)) {
		if key == "cursor" {
			continue
		}
		val := values.Get(key)
		if apiKey, ok := strings.CutPrefix(key, "customFields."); ok && apiKey != "" {
			c, err := st.customFieldCondition(apiKey, val, ws)
			if err != nil {
				return nil, err
			}
			q = append(q, c)
			continue
		}
		if !slices.Contains(allowed, key) {
			continue
		}
		if key == "type" {
			if _, err := strconv.ParseInt(val, 10, 64); err != nil {
				return nil, badRequest("type must be an integer reference type, got %q", val)
			}
		}
		q = append(q, condition{field: key, value: val})
	}
	return q, nil
}

func lookup(ix index, key string) map[string]struct{} {
	if set, ok := ix[key]; ok {
		return set
	}
	return map[string]struct{}{}
}

func (st *store) findComponents(q query) []*Component {
	var sets []map[string]struct{}
	for _, c := range q {
		switch {
		case c.cf:
			sets = append(sets, lookup(st.compByCF, c.field+"="+c.value))
		case c.field == "rootWorkspace":
			sets = append(sets, lookup(st.compByWS, c.value))
		case c.field == "parent":
			sets = append(sets, lookup(st.compByParent, c.value))
		case c.field == "componentKey":
			sets = append(sets, lookup(st.compByKey, c.value))
		}
	}
	var out []*Component
	if set, ok := smallest(sets...); ok {
		for id := range set {
			if c := st.components[id]; componentMatches(c, q) {
				out = append(out, c)
			}
		}
	} else {
		for _, c := range st.components {
			if componentMatches(c, q) {
				out = append(out, c)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

func componentMatches(c *Component, q query) bool {
	for _, cond := range q {
		var ok bool
		switch {
		case cond.cf:
			ok = fieldMatches(c.CustomFields[cond.field], cond.value)
		case cond.field == "name":
			ok = c.Name == cond.value
		case cond.field == "rootWorkspace":
			ok = c.RootWorkspace == cond.value
		case cond.field == "parent":
			ok = c.Parent != nil && *c.Parent == cond.value
		case cond.field == "componentKey":
			ok = c.ComponentKey == cond.value
		case cond.field == "typeId":
			ok = c.TypeID == cond.value
		}
		if !ok {
			return false
		}
	}
	return true
}

func (st *store) findReferences(q query) []*Reference {
	var sets []map[string]struct{}
	for _, c := range q {
		switch {
		case c.cf:
			sets = append(sets, lookup(st.refByCF, c.field+"="+c.value))
		case c.field == "rootWorkspace":
			sets = append(sets, lookup(st.refByWS, c.value))
		case c.field == "targetWorkspace":
			sets = append(sets, lookup(st.refByTargetW, c.value))
		case c.field == "source":
			sets = append(sets, lookup(st.refBySource, c.value))
		case c.field == "target":
			sets = append(sets, lookup(st.refByTarget, c.value))
		}
	}
	var out []*Reference
	if set, ok := smallest(sets...); ok {
		for id := range set {
			if r := st.references[id]; referenceMatches(r, q) {
				out = append(out, r)
			}
		}
	} else {
		for _, r := range st.references {
			if referenceMatches(r, q) {
				out = append(out, r)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

func referenceMatches(r *Reference, q query) bool {
	for _, cond := range q {
		var ok bool
		switch {
		case cond.cf:
			ok = fieldMatches(r.CustomFields[cond.field], cond.value)
		case cond.field == "displayText":
			ok = r.DisplayText != nil && *r.DisplayText == cond.value
		case cond.field == "rootWorkspace":
			ok = r.RootWorkspace == cond.value
		case cond.field == "targetWorkspace":
			ok = r.TargetWorkspace == cond.value
		case cond.field == "source":
			ok = r.Source == cond.value
		case cond.field == "target":
			ok = r.Target == cond.value
		case cond.field == "type":
			ok = strconv.FormatInt(r.Type, 10) == cond.value
		}
		if !ok {
			return false
		}
	}
	return true
}

// fieldMatches compares a stored custom field value with a canon() form; a multi-select matches when
// any of its values does.
func fieldMatches(v any, want string) bool {
	if arr, ok := v.([]any); ok {
		for _, e := range arr {
			if canon(e) == want {
				return true
			}
		}
		return false
	}
	return v != nil && canon(v) == want
}
