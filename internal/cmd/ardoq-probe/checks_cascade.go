package main

import (
	"context"
	"slices"
	"strings"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

var cascadeChecks = []check{
	{name: "cascade-delete", section: "cascade", writes: true,
		assumption: "deleting a component deletes its descendants and the references from and to them", run: checkCascadeDelete},
	{name: "delete-gone-404", section: "cascade", writes: true,
		assumption: "deleting a component that no longer exists is 404", run: checkDeleteGone},
	{name: "batch-deleted-list", section: "cascade", writes: true,
		assumption: "a batch's deleted lists what its operations named, not what a cascade took along; deleting what an earlier delete of the batch cascaded succeeds",
		run:        checkBatchDeletedList},
}

func checkCascadeDelete(ctx context.Context, p *probe) result {
	parent, err := p.write.newComponent(ctx, p.api, "cascade-parent", nil, nil)
	if err != nil {
		return failed(err)
	}
	child, err := p.write.newComponent(ctx, p.api, "cascade-child", parent, nil)
	if err != nil {
		return failed(err)
	}
	outside, err := p.write.newComponent(ctx, p.api, "cascade-outside", nil, nil)
	if err != nil {
		return failed(err)
	}
	var ref *client.Reference
	if p.write.referenceType != nil {
		if ref, err = p.write.newReference(ctx, p.api, outside, child); err != nil {
			return failed(err)
		}
	}
	if err := p.api.DeleteComponent(ctx, parent.ID); err != nil {
		return failed(err)
	}
	var left []string
	if _, err := p.api.GetComponent(ctx, child.ID); !client.IsNotFound(err) {
		left = append(left, "the child")
	}
	if ref != nil {
		if _, err := p.api.GetReference(ctx, ref.ID); !client.IsNotFound(err) {
			left = append(left, "the reference to the child")
		}
	}
	if _, err := p.api.GetComponent(ctx, outside.ID); err != nil {
		return differed("the component outside the deleted tree: %v", err)
	}
	if len(left) > 0 {
		return differed("after deleting the parent, %s remained", strings.Join(left, " and "))
	}
	if ref == nil {
		return held("the child went with its parent (the model has no reference type to check references)")
	}
	return held("the child and the reference to it went with the parent")
}

func checkDeleteGone(ctx context.Context, p *probe) result {
	c, err := p.write.newComponent(ctx, p.api, "gone", nil, nil)
	if err != nil {
		return failed(err)
	}
	if err := p.api.DeleteComponent(ctx, c.ID); err != nil {
		return failed(err)
	}
	err = p.api.DeleteComponent(ctx, c.ID)
	if !client.IsNotFound(err) {
		return differed("the second DELETE: %v", orSuccess(err))
	}
	return held("the second DELETE was 404")
}

func checkBatchDeletedList(ctx context.Context, p *probe) result {
	tree, err := p.write.newComponent(ctx, p.api, "batch-tree", nil, nil)
	if err != nil {
		return failed(err)
	}
	leaf, err := p.write.newComponent(ctx, p.api, "batch-leaf", tree, nil)
	if err != nil {
		return failed(err)
	}
	other, err := p.write.newComponent(ctx, p.api, "batch-other", nil, nil)
	if err != nil {
		return failed(err)
	}
	otherLeaf, err := p.write.newComponent(ctx, p.api, "batch-other-leaf", other, nil)
	if err != nil {
		return failed(err)
	}
	// The tree's leaf is not named; the other's leaf is named after the other, which takes it along.
	res, err := p.api.Batch(ctx, client.BatchRequest{Components: &client.ComponentOperations{
		Delete: []client.DeleteOp{{ID: tree.ID}, {ID: other.ID}, {ID: otherLeaf.ID}}}})
	if err != nil {
		return differed("deleting a component after its parent in one batch: %v", err)
	}
	var deleted []string
	for _, d := range res.Components.Deleted {
		deleted = append(deleted, d.ID)
	}
	slices.Sort(deleted)
	want := []string{tree.ID, other.ID, otherLeaf.ID}
	slices.Sort(want)
	if !slices.Equal(deleted, want) {
		return differed("deleted lists %q; the batch named %q (a cascade took %s along)", deleted, want, leaf.ID)
	}
	if _, err := p.api.GetComponent(ctx, leaf.ID); !client.IsNotFound(err) {
		return differed("the leaf of a component the batch deleted remained: %v", orSuccess(err))
	}
	return held("deleted lists the 3 named, not the cascaded leaf")
}

// orSuccess names a nil error as the success it was.
func orSuccess(err error) any {
	if err == nil {
		return "success"
	}
	return err
}
