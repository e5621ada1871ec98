package emulator

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

func (b *batchRun) resolveComponent(ref string) string {
	if id := b.batchIDs[ref]; id != "" {
		return id
	}
	if id, ok := b.compAliases[ref]; ok {
		return id
	}
	return ref
}

func (b *batchRun) resolveReference(ref string) string {
	if id := b.batchIDs[ref]; id != "" {
		return id
	}
	if id, ok := b.refAliases[ref]; ok {
		return id
	}
	return ref
}

func (b *batchRun) declareBatchIDs(comps, refs *opsGroup) error {
	declare := func(path, id string) error {
		if id == "" {
			return nil
		}
		if _, dup := b.batchIDs[id]; dup {
			return badRequest("%s: batchId %q is used more than once in the request", path, id)
		}
		b.batchIDs[id] = ""
		return nil
	}
	for kind, g := range map[string]*opsGroup{"components": comps, "references": refs} {
		for i, op := range g.Create {
			if err := declare(fmt.Sprintf("%s.create[%d]", kind, i), op.BatchID); err != nil {
				return err
			}
		}
		for i, op := range g.Upsert {
			if err := declare(fmt.Sprintf("%s.upsert[%d]", kind, i), op.BatchID); err != nil {
				return err
			}
		}
	}
	return nil
}

func (b *batchRun) resolveAliases() error {
	if b.req.Aliases == nil {
		return nil
	}
	for _, name := range slices.Sorted(maps.Keys(b.req.Aliases.Components)) {
		path := "aliases.components." + name
		q, err := b.componentCriteria(b.req.Aliases.Components[name], []string{"rootWorkspace", "name", "componentKey", "customFields"})
		if err != nil {
			return prefixed(path, err)
		}
		found := b.pre.findComponents(q)
		if len(found) != 1 {
			return badRequest("%s: matches %d components; an alias must match exactly one existing component", path, len(found))
		}
		b.compAliases[name] = found[0].ID
	}
	for _, name := range slices.Sorted(maps.Keys(b.req.Aliases.References)) {
		path := "aliases.references." + name
		q, err := b.referenceCriteria(b.req.Aliases.References[name], []string{"rootWorkspace", "source", "target", "type", "customFields"})
		if err != nil {
			return prefixed(path, err)
		}
		found := b.pre.findReferences(q)
		if len(found) != 1 {
			return badRequest("%s: matches %d references; an alias must match exactly one existing reference", path, len(found))
		}
		b.refAliases[name] = found[0].ID
	}
	return nil
}

// componentCriteria turns an alias or match object into a query.
func (b *batchRun) componentCriteria(crit map[string]any, allowed []string) (query, error) {
	if len(crit) == 0 {
		return nil, badRequest("criteria must not be empty")
	}
	var q query
	ws, _ := crit["rootWorkspace"].(string)
	for _, key := range slices.Sorted(maps.Keys(crit)) {
		if !contains(allowed, key) {
			return nil, badRequest("unknown criterion %q (allowed: %s)", key, strings.Join(allowed, ", "))
		}
		if key == "customFields" {
			cfq, err := b.customFieldCriteria(crit[key], ws)
			if err != nil {
				return nil, err
			}
			q = append(q, cfq...)
			continue
		}
		v, ok := crit[key].(string)
		if !ok {
			return nil, badRequest("%s must be a string", key)
		}
		q = append(q, condition{field: key, value: v})
	}
	return q, nil
}

func (b *batchRun) referenceCriteria(crit map[string]any, allowed []string) (query, error) {
	if len(crit) == 0 {
		return nil, badRequest("criteria must not be empty")
	}
	var q query
	ws, _ := crit["rootWorkspace"].(string)
	for _, key := range slices.Sorted(maps.Keys(crit)) {
		if !contains(allowed, key) {
			return nil, badRequest("unknown criterion %q (allowed: %s)", key, strings.Join(allowed, ", "))
		}
		switch key {
		case "customFields":
			cfq, err := b.customFieldCriteria(crit[key], ws)
			if err != nil {
				return nil, err
			}
			q = append(q, cfq...)
		case "type":
			t, err := integer(crit[key], "type")
			if err != nil {
				return nil, err
			}
			q = append(q, condition{field: key, value: strconv.FormatInt(t, 10)})
		default:
			v, ok := crit[key].(string)
			if !ok {
				return nil, badRequest("%s must be a string", key)
			}
			if key == "source" || key == "target" {
				v = b.resolveComponent(v)
			}
			q = append(q, condition{field: key, value: v})
		}
	}
	return q, nil
}

func (b *batchRun) customFieldCriteria(raw any, ws string) (query, error) {
	m, ok := raw.(map[string]any)
	if !ok {
		return nil, badRequest("customFields must be an object of field API keys to string values")
	}
	var q query
	for _, k := range slices.Sorted(maps.Keys(m)) {
		s, ok := m[k].(string)
		if !ok {
			return nil, badRequest("customFields.%s must be a string (it is interpreted by the field's type)", k)
		}
		c, err := b.st.customFieldCondition(k, s, ws)
		if err != nil {
			return nil, err
		}
		q = append(q, c)
	}
	return q, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
