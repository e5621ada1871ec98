package emulator

import (
	"fmt"
	"strconv"
	"strings"
)

func (b *batchRun) placeReferences(g *opsGroup) error {
	for i, op := range g.Create {
		path := fmt.Sprintf("references.create[%d]", i)
		doc, err := parseReferenceDoc(op.Body, true)
		if err != nil {
			return prefixed(path, err)
		}
		r, err := b.w.createReference(doc)
		if err != nil {
			return prefixed(path, err)
		}
		b.created[r.ID] = true
		b.resp.References.Created = append(b.resp.References.Created, createdResult{ID: r.ID, BatchID: op.BatchID})
		if op.BatchID != "" {
			b.batchIDs[op.BatchID] = r.ID
		}
	}
	for i, op := range g.Upsert {
		path := fmt.Sprintf("references.upsert[%d]", i)
		if err := b.upsertReference(op); err != nil {
			return prefixed(path, err)
		}
	}
	return nil
}

func (b *batchRun) upsertReference(op upsertOp) error {
	doc, err := parseReferenceDoc(op.Body, true)
	if err != nil {
		return err
	}
	if len(op.UniqueBy) == 0 {
		return badRequest("uniqueBy must name at least one property")
	}
	var q query
	for _, p := range op.UniqueBy {
		c, err := b.referenceUniqueCondition(p, doc)
		if err != nil {
			return err
		}
		q = append(q, c)
	}
	var matches []*Reference
	for _, r := range b.st.findReferences(q) {
		if !b.created[r.ID] {
			matches = append(matches, r)
		}
	}
	var id string
	switch len(matches) {
	case 0:
		r, err := b.w.createReference(doc)
		if err != nil {
			return err
		}
		id = r.ID
		b.created[id] = true
		b.resp.References.Created = append(b.resp.References.Created, createdResult{ID: id, BatchID: op.BatchID})
	case 1:
		if matches[0].Type != doc.typ {
			return badRequest("uniqueBy matches reference %q, whose type cannot be changed", matches[0].ID)
		}
		delete(doc.set, "type")
		r, err := b.w.updateReference(matches[0].ID, versionMatch{latest: true}, doc)
		if err != nil {
			return err
		}
		id = r.ID
		b.resp.References.Updated = append(b.resp.References.Updated, updatedResult{ID: id})
	default:
		return badRequest("uniqueBy %v matches %d references; it must match at most one", op.UniqueBy, len(matches))
	}
	if op.BatchID != "" {
		b.batchIDs[op.BatchID] = id
	}
	return nil
}

func (b *batchRun) referenceUniqueCondition(path string, doc referenceDoc) (condition, error) {
	if key, ok := strings.CutPrefix(path, "customFields."); ok {
		v, present := doc.customFields[key]
		if !present || v == nil {
			return condition{}, badRequest("uniqueBy %q: the body has no value for customFields.%s", path, key)
		}
		return condition{field: key, value: canon(normaliseValue(v)), cf: true}, nil
	}
	switch path {
	case "source.rootWorkspace", "rootWorkspace":
		src, ok := b.st.components[b.resolveComponent(doc.source)]
		if !ok {
			return condition{}, badRequest("source: component %q does not exist", doc.source)
		}
		return condition{field: "rootWorkspace", value: src.RootWorkspace}, nil
	case "source":
		return condition{field: path, value: b.resolveComponent(doc.source)}, nil
	case "target":
		return condition{field: path, value: b.resolveComponent(doc.target)}, nil
	case "type":
		return condition{field: path, value: strconv.FormatInt(doc.typ, 10)}, nil
	}
	return condition{}, badRequest("uniqueBy %q is not supported for references; use source.rootWorkspace, source, target, type or customFields.<apiKey>", path)
}

func (b *batchRun) updateReferences(ops []updateOp) error {
	for i, op := range ops {
		path := fmt.Sprintf("references.update[%d]", i)
		vm, err := parseVersionJSON(op.IfVersionMatch)
		if err != nil {
			return prefixed(path, err)
		}
		doc, err := parseReferenceDoc(op.Body, false)
		if err != nil {
			return prefixed(path, err)
		}
		r, err := b.w.updateReference(b.resolveReference(op.ID), vm, doc)
		if err != nil {
			return prefixed(path, err)
		}
		b.resp.References.Updated = append(b.resp.References.Updated, updatedResult{ID: r.ID})
	}
	return nil
}
