package emulator

import (
	"fmt"
	"strings"
)

// placement is a component create or upsert, ordered so that parents given as batchIds come first.
type placement struct {
	path     string
	batchID  string
	uniqueBy []string
	body     any
	upsert   bool
}

func (b *batchRun) placeComponents(g *opsGroup) error {
	var ops []placement
	for i, op := range g.Create {
		ops = append(ops, placement{path: fmt.Sprintf("components.create[%d]", i), batchID: op.BatchID, body: op.Body})
	}
	for i, op := range g.Upsert {
		ops = append(ops, placement{path: fmt.Sprintf("components.upsert[%d]", i), batchID: op.BatchID, body: op.Body, uniqueBy: op.UniqueBy, upsert: true})
	}
	order, err := parentOrder(ops)
	if err != nil {
		return err
	}
	for _, op := range order {
		doc, err := parseComponentDoc(op.body, true)
		if err != nil {
			return prefixed(op.path, err)
		}
		var id string
		if op.upsert {
			id, err = b.upsertComponent(op, doc)
		} else {
			var c *Component
			if c, err = b.w.createComponent(doc); err == nil {
				id = c.ID
				b.created[id] = true
				b.resp.Components.Created = append(b.resp.Components.Created, createdResult{ID: id, BatchID: op.batchID})
			}
		}
		if err != nil {
			return prefixed(op.path, err)
		}
		if op.batchID != "" {
			b.batchIDs[op.batchID] = id
		}
	}
	return nil
}

// parentOrder sorts placements so that an operation whose parent is another operation's batchId comes
// after it; a cycle is an error.
func parentOrder(ops []placement) ([]placement, error) {
	byBatchID := map[string]int{}
	for i, op := range ops {
		if op.batchID != "" {
			byBatchID[op.batchID] = i
		}
	}
	state := make([]int, len(ops)) // 0 new, 1 visiting, 2 done
	out := make([]placement, 0, len(ops))
	var visit func(i int) error
	visit = func(i int) error {
		switch state[i] {
		case 1:
			return badRequest("%s: parent batchIds form a cycle", ops[i].path)
		case 2:
			return nil
		}
		state[i] = 1
		if body, ok := ops[i].body.(map[string]any); ok {
			if p, ok := body["parent"].(string); ok {
				if j, ok := byBatchID[p]; ok {
					if err := visit(j); err != nil {
						return err
					}
				}
			}
		}
		state[i] = 2
		out = append(out, ops[i])
		return nil
	}
	for i := range ops {
		if err := visit(i); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (b *batchRun) upsertComponent(op placement, doc componentDoc) (string, error) {
	if len(op.uniqueBy) == 0 {
		return "", badRequest("uniqueBy must name at least one property")
	}
	var q query
	for _, p := range op.uniqueBy {
		c, err := b.componentUniqueCondition(p, doc)
		if err != nil {
			return "", err
		}
		q = append(q, c)
	}
	var matches []*Component
	for _, c := range b.st.findComponents(q) {
		if !b.created[c.ID] {
			matches = append(matches, c)
		}
	}
	switch len(matches) {
	case 0:
		c, err := b.w.createComponent(doc)
		if err != nil {
			return "", err
		}
		b.created[c.ID] = true
		b.resp.Components.Created = append(b.resp.Components.Created, createdResult{ID: c.ID, BatchID: op.batchID})
		return c.ID, nil
	case 1:
		cur := matches[0]
		if cur.TypeID != doc.typeID || cur.RootWorkspace != doc.rootWorkspace {
			return "", badRequest("uniqueBy matches component %q, whose typeId and rootWorkspace cannot be changed to the body's", cur.ID)
		}
		delete(doc.set, "typeId")
		delete(doc.set, "rootWorkspace")
		c, err := b.w.updateComponent(cur.ID, versionMatch{latest: true}, doc)
		if err != nil {
			return "", err
		}
		b.resp.Components.Updated = append(b.resp.Components.Updated, updatedResult{ID: c.ID})
		return c.ID, nil
	default:
		return "", badRequest("uniqueBy %v matches %d components; it must match at most one", op.uniqueBy, len(matches))
	}
}

func (b *batchRun) componentUniqueCondition(path string, doc componentDoc) (condition, error) {
	if key, ok := strings.CutPrefix(path, "customFields."); ok {
		v, present := doc.customFields[key]
		if !present || v == nil {
			return condition{}, badRequest("uniqueBy %q: the body has no value for customFields.%s", path, key)
		}
		return condition{field: key, value: canon(normaliseValue(v)), cf: true}, nil
	}
	switch path {
	case "rootWorkspace":
		return condition{field: path, value: doc.rootWorkspace}, nil
	case "name":
		return condition{field: path, value: doc.name}, nil
	case "typeId":
		return condition{field: path, value: doc.typeID}, nil
	case "parent":
		if doc.parent == nil {
			return condition{}, badRequest("uniqueBy %q: the body has no parent", path)
		}
		return condition{field: path, value: b.resolveComponent(*doc.parent)}, nil
	}
	return condition{}, badRequest("uniqueBy %q is not supported for components; use rootWorkspace, name, typeId, parent or customFields.<apiKey>", path)
}

func normaliseValue(v any) any {
	if n, ok := toFloat(v); ok {
		return n
	}
	return v
}

func (b *batchRun) updateComponents(ops []updateOp) error {
	for i, op := range ops {
		path := fmt.Sprintf("components.update[%d]", i)
		vm, err := parseVersionJSON(op.IfVersionMatch)
		if err != nil {
			return prefixed(path, err)
		}
		doc, err := parseComponentDoc(op.Body, false)
		if err != nil {
			return prefixed(path, err)
		}
		c, err := b.w.updateComponent(b.resolveComponent(op.ID), vm, doc)
		if err != nil {
			return prefixed(path, err)
		}
		b.resp.Components.Updated = append(b.resp.Components.Updated, updatedResult{ID: c.ID})
	}
	return nil
}
