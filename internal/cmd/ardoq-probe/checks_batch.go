package main

import (
	"context"
	"errors"
	"net/http"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

var batchChecks = []check{
	{name: "batch-result-lists", section: "batch", writes: true,
		assumption: "a batch answer has all six result lists (components and references: created, updated, deleted), empty or not", run: checkBatchResultLists},
	{name: "batch-ordering", section: "batch", writes: true,
		assumption: "a batch creates parents named by batchId before their children, and references between what it creates, whatever the order sent",
		run:        checkBatchOrdering},
	{name: "batch-upsert-missing-key", section: "batch", writes: true,
		assumption: "an upsert whose uniqueBy names a property its body lacks is refused with 400", run: checkUpsertMissingKey},
	{name: "batch-match-delete", section: "batch", writes: true,
		assumption: "a match delete deletes exactly what matches; /batch/expand turns it into id deletes", run: checkMatchDelete},
	{name: "version-matched-upsert", section: "versions", writes: true,
		assumption: "an upsert that matches an entity updates it, adding one to its version", run: checkMatchedUpsert},
}

func checkBatchResultLists(ctx context.Context, p *probe) result {
	body := client.BatchRequest{Components: &client.ComponentOperations{Create: []client.ComponentCreateOp{{BatchID: "one",
		Body: client.ComponentCreate{Name: p.write.name("lists"), RootWorkspace: p.write.id, TypeID: p.write.componentType.TypeID}}}}}
	a, err := p.raw.do(ctx, http.MethodPost, "/batch", body)
	if err != nil {
		return failed(err)
	}
	if a.status != http.StatusOK {
		return failed(&client.APIError{Method: "POST", Path: "/batch", StatusCode: a.status, Message: excerpt(a.body)})
	}
	obj, err := a.object()
	if err != nil {
		return differed("%v", err)
	}
	p.write.rememberRaw(obj)
	for _, kind := range []string{"components", "references"} {
		for _, list := range []string{"created", "updated", "deleted"} {
			if _, ok := member(obj, kind, list).([]any); !ok {
				return differed("%s.%s is %s: %s", kind, list, compact(member(obj, kind, list)), excerpt(a.body))
			}
		}
	}
	return held("all six present")
}

func checkBatchOrdering(ctx context.Context, p *probe) result {
	create := func(batchID, parent string) client.ComponentCreateOp {
		op := client.ComponentCreateOp{BatchID: batchID, Body: client.ComponentCreate{Name: p.write.name("order-" + batchID),
			RootWorkspace: p.write.id, TypeID: p.write.componentType.TypeID}}
		if parent != "" {
			op.Body.Parent = &parent
		}
		return op
	}
	req := client.BatchRequest{Components: &client.ComponentOperations{Create: []client.ComponentCreateOp{create("child", "parent"), create("parent", "")}}}
	if p.write.referenceType != nil {
		req.References = &client.ReferenceOperations{Create: []client.ReferenceCreateOp{{BatchID: "ref",
			Body: client.ReferenceCreate{Source: "child", Target: "parent", Type: p.write.referenceType.Type}}}}
	}
	res, err := p.api.Batch(ctx, req)
	if err != nil {
		return differed("a child sent before its parent: %v", err)
	}
	p.write.remember(res)
	ids := map[string]string{}
	for _, c := range res.Components.Created {
		ids[c.BatchID] = c.ID
	}
	child, err := p.api.GetComponent(ctx, ids["child"])
	if err != nil {
		return failed(err)
	}
	if child.Parent == nil || *child.Parent != ids["parent"] {
		return differed("the child's parent is %v, the parent made is %s", child.Parent, ids["parent"])
	}
	return held("child sent first, parent by batchId, a reference between them: all made")
}

func checkUpsertMissingKey(ctx context.Context, p *probe) result {
	req := client.BatchRequest{Components: &client.ComponentOperations{Upsert: []client.ComponentUpsertOp{{UniqueBy: []string{"parent"},
		Body: client.ComponentCreate{Name: p.write.name("upsert-no-parent"), RootWorkspace: p.write.id, TypeID: p.write.componentType.TypeID}}}}}
	res, err := p.api.Batch(ctx, req)
	if err == nil {
		p.write.remember(res)
		return differed("accepted: %d created, %d updated", len(res.Components.Created), len(res.Components.Updated))
	}
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest {
		return differed("%v", err)
	}
	return held("400: %s", apiErr.Message)
}

func checkMatchDelete(ctx context.Context, p *probe) result {
	doomed, err := p.write.newComponent(ctx, p.api, "match-doomed", nil, nil)
	if err != nil {
		return failed(err)
	}
	kept, err := p.write.newComponent(ctx, p.api, "match-kept", nil, nil)
	if err != nil {
		return failed(err)
	}
	req := client.BatchRequest{Components: &client.ComponentOperations{Delete: []client.DeleteOp{{Match: client.Criteria{"rootWorkspace": p.write.id, "name": doomed.Name}}}}}
	expanded, err := p.api.ExpandBatch(ctx, req)
	if err != nil {
		return differed("/batch/expand: %v", err)
	}
	if ops := expanded.Components; ops == nil || len(ops.Delete) != 1 || ops.Delete[0].ID != doomed.ID {
		return differed("/batch/expand answered %s", compact(expanded))
	}
	res, err := p.api.Batch(ctx, req)
	if err != nil {
		return differed("%v", err)
	}
	if len(res.Components.Deleted) != 1 || res.Components.Deleted[0].ID != doomed.ID {
		return differed("deleted lists %s", compact(res.Components.Deleted))
	}
	if _, err := p.api.GetComponent(ctx, kept.ID); err != nil {
		return differed("the component that did not match: %v", err)
	}
	return held("expanded to an id delete; deleted exactly the match")
}

func checkMatchedUpsert(ctx context.Context, p *probe) result {
	c, err := p.write.newComponent(ctx, p.api, "upsert", nil, nil)
	if err != nil {
		return failed(err)
	}
	req := client.BatchRequest{Components: &client.ComponentOperations{Upsert: []client.ComponentUpsertOp{{UniqueBy: []string{"rootWorkspace", "name"},
		Body: client.ComponentCreate{Name: c.Name, RootWorkspace: p.write.id, TypeID: c.TypeID}}}}}
	res, err := p.api.Batch(ctx, req)
	if err != nil {
		return differed("%v", err)
	}
	p.write.remember(res)
	if len(res.Components.Updated) != 1 || res.Components.Updated[0].ID != c.ID {
		return differed("the upsert of an existing name: %s", compact(res.Components))
	}
	now, err := p.api.GetComponent(ctx, c.ID)
	if err != nil {
		return failed(err)
	}
	if now.Version != c.Version+1 {
		return differed("the matched upsert moved the version from %d to %d", c.Version, now.Version)
	}
	return held("matched, version %d to %d", c.Version, now.Version)
}
