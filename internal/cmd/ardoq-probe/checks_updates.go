package main

import (
	"context"
	"net/http"
	"net/url"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

var updateChecks = []check{
	{name: "patch-partial", section: "updates", writes: true,
		assumption: "a PATCH changes the fields it carries and leaves the others", run: checkPatchPartial},
	{name: "custom-field-merge", section: "updates", writes: true,
		assumption: "in a PATCH's customFields a key present is set, null clears it, a key absent is left alone", run: checkCustomFieldMerge},
	{name: "reference-update-same-type", section: "updates", writes: true,
		assumption: "a reference update may carry the type it has; a different type is refused with 400", run: checkReferenceSameType},
}

func checkPatchPartial(ctx context.Context, p *probe) result {
	c, err := p.write.newComponent(ctx, p.api, "partial", nil, nil)
	if err != nil {
		return failed(err)
	}
	described, err := p.api.UpdateComponent(ctx, c.ID, client.IfVersion(c.Version), describe("kept"))
	if err != nil {
		return failed(err)
	}
	renamed, err := p.api.UpdateComponent(ctx, c.ID, client.IfVersion(described.Version), client.ComponentUpdate{Name: client.Set(p.write.name("renamed"))})
	if err != nil {
		return failed(err)
	}
	if renamed.Description == nil || *renamed.Description != "kept" {
		return differed("a PATCH of the name alone left the description %v", renamed.Description)
	}
	return held("a PATCH of the name alone kept the description")
}

func checkCustomFieldMerge(ctx context.Context, p *probe) result {
	fields := p.write.textFields
	if len(fields) < 2 {
		return skipped("component type %q has %d writable Text or TextArea fields, and the check needs 2", p.write.componentType.Name, len(fields))
	}
	a, b := fields[0], fields[1]
	c, err := p.write.newComponent(ctx, p.api, "fields", nil, client.CustomFields{a: "a1", b: "b1"})
	if err != nil {
		return failed(err)
	}
	setA, err := p.api.UpdateComponent(ctx, c.ID, client.IfVersion(c.Version), client.ComponentUpdate{CustomFields: client.CustomFields{a: "a2"}})
	if err != nil {
		return failed(err)
	}
	if setA.CustomFields[a] != "a2" || setA.CustomFields[b] != "b1" {
		return differed("after a PATCH of {%s: a2} alone the fields are %s", a, compact(setA.CustomFields))
	}
	clearA, err := p.api.UpdateComponent(ctx, c.ID, client.IfVersion(setA.Version), client.ComponentUpdate{CustomFields: client.CustomFields{a: nil}})
	if err != nil {
		return failed(err)
	}
	if clearA.CustomFields[a] != nil || clearA.CustomFields[b] != "b1" {
		return differed("after a PATCH of {%s: null} the fields are %s", a, compact(clearA.CustomFields))
	}
	return held("%s set and cleared, %s left alone", a, b)
}

func checkReferenceSameType(ctx context.Context, p *probe) result {
	if p.write.referenceType == nil {
		return skipped("%v", errNoReferenceType)
	}
	source, err := p.write.newComponent(ctx, p.api, "ref-source", nil, nil)
	if err != nil {
		return failed(err)
	}
	target, err := p.write.newComponent(ctx, p.api, "ref-target", nil, nil)
	if err != nil {
		return failed(err)
	}
	ref, err := p.write.newReference(ctx, p.api, source, target)
	if err != nil {
		return failed(err)
	}
	path := "/references/" + url.PathEscape(ref.ID) + "?ifVersionMatch=latest"
	same, err := p.raw.do(ctx, http.MethodPatch, path, map[string]any{"type": ref.Type, "description": "same type"})
	if err != nil {
		return failed(err)
	}
	if same.status != http.StatusOK {
		return differed("an update carrying the reference's own type: %s", same)
	}
	for _, t := range p.write.context.ReferenceTypes {
		if t.Type == ref.Type {
			continue
		}
		other, err := p.raw.do(ctx, http.MethodPatch, path, map[string]any{"type": t.Type})
		if err != nil {
			return failed(err)
		}
		if other.status != http.StatusBadRequest {
			return differed("an update to another type (%d): %s", t.Type, other)
		}
		return held("its own type accepted, another (%d) refused with 400", t.Type)
	}
	return held("its own type accepted (the model has no other reference type to try)")
}
