package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

var versionChecks = []check{
	{name: "version-new-and-update", section: "versions", writes: true,
		assumption: "a new entity is at version 1 and an update adds one", run: checkVersionNewAndUpdate},
	{name: "version-noop-patch", section: "versions", writes: true,
		assumption: "an update that changes nothing still adds one to the version", run: checkNoopPatch},
	{name: "version-conflict", section: "versions", writes: true,
		assumption: `an update with a stale ifVersionMatch is 409 with a body {"message", "status", "code"}, and changes nothing`, run: checkVersionConflict},
	{name: "version-parent-unmoved", section: "versions", writes: true,
		assumption: "a component's version does not move with writes to its children or to references touching it", run: checkParentUnmoved},
}

func describe(text string) client.ComponentUpdate {
	return client.ComponentUpdate{Description: client.Set(text)}
}

func checkVersionNewAndUpdate(ctx context.Context, p *probe) result {
	c, err := p.write.newComponent(ctx, p.api, "versions", nil, nil)
	if err != nil {
		return failed(err)
	}
	updated, err := p.api.UpdateComponent(ctx, c.ID, client.IfVersion(c.Version), describe("changed"))
	if err != nil {
		return failed(err)
	}
	if c.Version != 1 || updated.Version != 2 {
		return differed("created at version %d, updated to %d", c.Version, updated.Version)
	}
	return held("created at 1, updated to 2")
}

func checkNoopPatch(ctx context.Context, p *probe) result {
	c, err := p.write.newComponent(ctx, p.api, "noop", nil, nil)
	if err != nil {
		return failed(err)
	}
	same, err := p.api.UpdateComponent(ctx, c.ID, client.IfVersion(c.Version), client.ComponentUpdate{Name: client.Set(c.Name)})
	if err != nil {
		return failed(err)
	}
	if same.Version != c.Version+1 {
		return differed("a PATCH sending the name it had moved the version from %d to %d", c.Version, same.Version)
	}
	return held("version %d to %d", c.Version, same.Version)
}

func checkVersionConflict(ctx context.Context, p *probe) result {
	c, err := p.write.newComponent(ctx, p.api, "conflict", nil, nil)
	if err != nil {
		return failed(err)
	}
	if _, err := p.api.UpdateComponent(ctx, c.ID, client.IfVersion(c.Version), describe("first")); err != nil {
		return failed(err)
	}
	_, err = p.api.UpdateComponent(ctx, c.ID, client.IfVersion(c.Version), describe("stale"))
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) {
		return differed("an update at the stale version %d was answered %v", c.Version, err)
	}
	now, err := p.api.GetComponent(ctx, c.ID)
	if err != nil {
		return failed(err)
	}
	if now.Description == nil || *now.Description != "first" {
		return differed("the refused update changed the component (description %v)", now.Description)
	}
	return errorBodyIs(&answer{status: apiErr.StatusCode, body: []byte(apiErr.Body), header: http.Header{}}, http.StatusConflict)
}

func checkParentUnmoved(ctx context.Context, p *probe) result {
	parent, err := p.write.newComponent(ctx, p.api, "parent", nil, nil)
	if err != nil {
		return failed(err)
	}
	child, err := p.write.newComponent(ctx, p.api, "child", parent, nil)
	if err != nil {
		return failed(err)
	}
	if _, err := p.api.UpdateComponent(ctx, child.ID, client.IfVersion(child.Version), describe("changed")); err != nil {
		return failed(err)
	}
	writes := "a child created and updated"
	if p.write.referenceType != nil {
		other, err := p.write.newComponent(ctx, p.api, "other", nil, nil)
		if err != nil {
			return failed(err)
		}
		if _, err := p.write.newReference(ctx, p.api, parent, other); err != nil {
			return failed(err)
		}
		writes += ", a reference from it created"
	}
	now, err := p.api.GetComponent(ctx, parent.ID)
	if err != nil {
		return failed(err)
	}
	if now.Version != parent.Version {
		return differed("%s: the parent's version moved from %d to %d", writes, parent.Version, now.Version)
	}
	return held("%s: the parent stayed at version %d", writes, now.Version)
}

// errNoReferenceType is why the reference checks cannot run in a model without reference types.
var errNoReferenceType = fmt.Errorf("the write workspace's model has no reference type")
