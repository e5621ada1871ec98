package emulator

import (
	"fmt"
)

func (b *batchRun) deleteReferences(ops []deleteOp) error {
	for i, op := range ops {
		path := fmt.Sprintf("references.delete[%d]", i)
		ids, err := b.deleteTargets(op, func(crit map[string]any) ([]string, error) {
			q, err := b.referenceCriteria(crit, []string{"rootWorkspace", "targetWorkspace", "source", "target", "type", "customFields"})
			if err != nil {
				return nil, err
			}
			var ids []string
			for _, r := range b.st.findReferences(q) {
				ids = append(ids, r.ID)
			}
			return ids, nil
		}, b.resolveReference, "reference", func(id string) bool { return b.st.references[id] != nil })
		if err != nil {
			return prefixed(path, err)
		}
		for _, id := range ids {
			b.st.deleteReference(id)
			b.deleted[id] = true
			b.resp.References.Deleted = append(b.resp.References.Deleted, deletedResult{ID: id})
			b.refDeletes = append(b.refDeletes, deleteOp{ID: id})
		}
	}
	return nil
}

func (b *batchRun) deleteComponents(ops []deleteOp) error {
	for i, op := range ops {
		path := fmt.Sprintf("components.delete[%d]", i)
		ids, err := b.deleteTargets(op, func(crit map[string]any) ([]string, error) {
			q, err := b.componentCriteria(crit, []string{"rootWorkspace", "name", "typeId", "componentKey", "customFields"})
			if err != nil {
				return nil, err
			}
			var ids []string
			for _, c := range b.st.findComponents(q) {
				ids = append(ids, c.ID)
			}
			return ids, nil
		}, b.resolveComponent, "component", func(id string) bool { return b.st.components[id] != nil })
		if err != nil {
			return prefixed(path, err)
		}
		for _, id := range ids {
			b.removeComponentTree(id)
			b.resp.Components.Deleted = append(b.resp.Components.Deleted, deletedResult{ID: id})
			b.compDeletes = append(b.compDeletes, deleteOp{ID: id})
		}
	}
	return nil
}

// deleteTargets resolves a delete operation to ids: an id (which must exist, or have been removed by an
// earlier cascade in this batch) or a match of zero or more entities.
func (b *batchRun) deleteTargets(op deleteOp, match func(map[string]any) ([]string, error), resolve func(string) string, noun string, exists func(string) bool) ([]string, error) {
	switch {
	case op.ID != "" && op.Match != nil:
		return nil, badRequest("give either id or match, not both")
	case op.Match != nil:
		return match(op.Match)
	case op.ID == "":
		return nil, badRequest("id or match is required")
	}
	id := resolve(op.ID)
	if exists(id) {
		return []string{id}, nil
	}
	if b.deleted[id] {
		b.st.requestedDelete(id) // removed by an earlier cascade in this batch; still reported as deleted
		return []string{id}, nil
	}
	return nil, notFound("%s %q does not exist", noun, op.ID)
}

// removeComponentTree deletes a component with the usual cascade, remembering everything that went so
// later deletes of descendants in the same batch succeed.
func (b *batchRun) removeComponentTree(id string) {
	for _, gone := range b.st.deleteComponent(id) {
		b.deleted[gone] = true
	}
}
