package emulator_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

func comp(name string, extra ...any) map[string]any {
	body := map[string]any{"name": name, "rootWorkspace": wsApps, "typeId": tApp}
	for i := 0; i+1 < len(extra); i += 2 {
		body[extra[i].(string)] = extra[i+1]
	}
	return body
}

func TestBatchCreateWithBatchIDs(t *testing.T) {
	c := start(t)
	r := c.must(200, c.do("POST", "/api/v2/batch", map[string]any{
		"options": map[string]any{"respondWithEntities": true},
		"components": map[string]any{"create": []any{
			map[string]any{"batchId": "child", "body": map[string]any{"name": "Child", "rootWorkspace": wsApps, "typeId": tModule, "parent": "app"}},
			map[string]any{"batchId": "app", "body": comp("App", "customFields", map[string]any{"external_id": "a1"})},
		}},
		"references": map[string]any{"create": []any{
			map[string]any{"batchId": "r1", "body": map[string]any{"source": "app", "target": "child", "type": 1}},
		}},
	})).body
	comps := r["components"].(map[string]any)
	created := comps["created"].([]any)
	if len(created) != 2 || len(comps["updated"].([]any)) != 0 || len(comps["deleted"].([]any)) != 0 {
		t.Fatalf("components result: %v", comps)
	}
	ids := map[string]string{}
	for _, x := range created {
		m := x.(map[string]any)
		ids[m["batchId"].(string)] = m["id"].(string)
		if m["body"].(map[string]any)["_id"] != m["id"] {
			t.Fatalf("respondWithEntities body: %v", m)
		}
	}
	child, _ := c.srv.Component(ids["child"])
	if child.Parent == nil || *child.Parent != ids["app"] {
		t.Fatalf("child parent %v, want %s", child.Parent, ids["app"])
	}
	ref := r["references"].(map[string]any)["created"].([]any)[0].(map[string]any)
	if ref["body"].(map[string]any)["source"] != ids["app"] {
		t.Fatalf("reference: %v", ref)
	}
	plain := c.must(200, c.do("POST", "/api/v2/batch", map[string]any{"components": map[string]any{"create": []any{map[string]any{"body": comp("No body")}}}})).body
	if _, has := plain["components"].(map[string]any)["created"].([]any)[0].(map[string]any)["body"]; has {
		t.Fatal("body must only be sent with respondWithEntities")
	}
}

func TestBatchFailuresRollBack(t *testing.T) {
	c := start(t)
	existing := c.app("Existing")["_id"].(string)
	cases := []struct {
		name   string
		req    map[string]any
		status int
		msg    string
	}{
		{"version mismatch", map[string]any{"components": map[string]any{
			"create": []any{map[string]any{"body": comp("New")}},
			"update": []any{map[string]any{"id": existing, "ifVersionMatch": 9, "body": map[string]any{"name": "x"}}}}},
			409, "components.update[0]: version mismatch"},
		{"bad custom field", map[string]any{"components": map[string]any{"create": []any{
			map[string]any{"body": comp("A")}, map[string]any{"body": comp("B", "customFields", map[string]any{"cost": "x"})}}}},
			400, "components.create[1]: customFields.cost"},
		{"duplicate batchId", map[string]any{"components": map[string]any{"create": []any{
			map[string]any{"batchId": "x", "body": comp("A")}, map[string]any{"batchId": "x", "body": comp("B")}}}},
			400, "components.create[1]: batchId \"x\" is used more than once"},
		{"parent cycle", map[string]any{"components": map[string]any{"create": []any{
			map[string]any{"batchId": "a", "body": comp("A", "parent", "b")}, map[string]any{"batchId": "b", "body": comp("B", "parent", "a")}}}},
			400, "cycle"},
		{"dangling parent", map[string]any{"components": map[string]any{"create": []any{map[string]any{"body": comp("A", "parent", "ghost")}}}},
			400, "components.create[0]: parent: component \"ghost\" does not exist"},
		{"unknown id delete", map[string]any{"components": map[string]any{"create": []any{map[string]any{"body": comp("A")}},
			"delete": []any{map[string]any{"id": "000000000000000000000bad"}}}},
			404, "components.delete[0]"},
		{"missing ifVersionMatch", map[string]any{"components": map[string]any{"update": []any{map[string]any{"id": existing, "body": map[string]any{}}}}},
			400, "components.update[0]: ifVersionMatch is required"},
		{"reference type", map[string]any{"components": map[string]any{"create": []any{map[string]any{"batchId": "n", "body": comp("N")}}},
			"references": map[string]any{"create": []any{map[string]any{"body": map[string]any{"source": "n", "target": existing, "type": 99}}}}},
			400, "references.create[0]: type: reference type 99"},
		{"unknown member", map[string]any{"component": map[string]any{}}, 400, "BatchRequest schema"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := c.srv.Snapshot()
			r := c.do("POST", "/api/v2/batch", tc.req)
			if r.status != tc.status || !strings.Contains(errMessage(r), tc.msg) {
				t.Fatalf("got %d %s, want %d with %q", r.status, r.raw, tc.status, tc.msg)
			}
			after := c.srv.Snapshot()
			if len(after.Components) != len(before.Components) || after.Components[len(after.Components)-1].Version != before.Components[len(before.Components)-1].Version || after.Sequences["5eed0000000000000000b001"] != before.Sequences["5eed0000000000000000b001"] {
				t.Fatal("a failed batch changed the store")
			}
			e := c.do("POST", "/api/v2/batch/expand", tc.req)
			if e.status != tc.status {
				t.Fatalf("expand must validate the same way: %d %s", e.status, e.raw)
			}
		})
	}
}

func TestBatchAliasesUpsertMatch(t *testing.T) {
	c := start(t)
	a := c.app("A", "customFields", map[string]any{"external_id": "ext-a", "cost": 3})["_id"].(string)
	b := c.app("B", "customFields", map[string]any{"external_id": "ext-b"})["_id"].(string)
	c.app("Twin", "customFields", map[string]any{"owner": "dup"})
	c.app("Twin2", "customFields", map[string]any{"owner": "dup"})
	ref := c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": a, "target": b, "type": 1, "customFields": map[string]any{"external_id": "r-ab"}})).body["_id"].(string)

	t.Run("alias must match exactly one", func(t *testing.T) {
		for crit, msg := range map[string]string{"dup": "matches 2 components", "none": "matches 0 components"} {
			r := c.do("POST", "/api/v2/batch", map[string]any{"aliases": map[string]any{"components": map[string]any{"x": map[string]any{"rootWorkspace": wsApps, "customFields": map[string]any{"owner": crit}}}}})
			if r.status != 400 || !strings.Contains(errMessage(r), "aliases.components.x: "+msg) {
				t.Fatalf("%s: %d %s", crit, r.status, r.raw)
			}
		}
	})

	req := map[string]any{
		"aliases": map[string]any{
			"components": map[string]any{"web": map[string]any{"rootWorkspace": wsApps, "customFields": map[string]any{"external_id": "ext-a"}}, "cheap": map[string]any{"rootWorkspace": wsApps, "customFields": map[string]any{"cost": "3"}}},
			"references": map[string]any{"link": map[string]any{"source": "web", "type": 1}},
		},
		"components": map[string]any{
			"create": []any{map[string]any{"batchId": "kid", "body": map[string]any{"name": "Kid", "rootWorkspace": wsApps, "typeId": tModule, "parent": "web"}}},
			"update": []any{map[string]any{"id": "cheap", "ifVersionMatch": "latest", "body": map[string]any{"description": "aliased"}}},
			"upsert": []any{
				map[string]any{"batchId": "ub", "uniqueBy": []any{"rootWorkspace", "customFields.external_id"}, "body": comp("B renamed", "customFields", map[string]any{"external_id": "ext-b"})},
				map[string]any{"batchId": "uc", "uniqueBy": []any{"rootWorkspace", "customFields.external_id"}, "body": comp("C", "customFields", map[string]any{"external_id": "ext-c"})},
			},
			"delete": []any{map[string]any{"match": map[string]any{"rootWorkspace": wsApps, "name": "Twin"}}, map[string]any{"match": map[string]any{"name": "nothing"}}},
		},
		"references": map[string]any{
			"update": []any{map[string]any{"id": "link", "ifVersionMatch": 1, "body": map[string]any{"displayText": "aliased"}}},
		},
	}
	t.Run("expand", func(t *testing.T) {
		before := c.srv.Snapshot()
		e := c.must(200, c.do("POST", "/api/v2/batch/expand", req)).body
		if _, has := e["aliases"]; has {
			t.Fatalf("aliases must be expanded away: %v", e)
		}
		comps := e["components"].(map[string]any)
		if comps["update"].([]any)[0].(map[string]any)["id"] != a {
			t.Fatalf("update alias not replaced: %v", comps["update"])
		}
		if comps["create"].([]any)[0].(map[string]any)["body"].(map[string]any)["parent"] != a {
			t.Fatalf("parent alias not replaced: %v", comps["create"])
		}
		dels := comps["delete"].([]any)
		if len(dels) != 1 || dels[0].(map[string]any)["match"] != nil {
			t.Fatalf("match deletes must become id deletes: %v", dels)
		}
		if e["references"].(map[string]any)["update"].([]any)[0].(map[string]any)["id"] != ref {
			t.Fatalf("reference alias: %v", e["references"])
		}
		if after := c.srv.Snapshot(); len(after.Components) != len(before.Components) {
			t.Fatal("expand executed something")
		}
	})
	t.Run("execute", func(t *testing.T) {
		r := c.must(200, c.do("POST", "/api/v2/batch", req)).body
		comps := r["components"].(map[string]any)
		if n := len(comps["created"].([]any)); n != 2 { // kid, uc
			t.Fatalf("created %v", comps["created"])
		}
		if n := len(comps["updated"].([]any)); n != 2 { // cheap, ub
			t.Fatalf("updated %v", comps["updated"])
		}
		if n := len(comps["deleted"].([]any)); n != 1 {
			t.Fatalf("deleted %v", comps["deleted"])
		}
		gotB, _ := c.srv.Component(b)
		if gotB.Name != "B renamed" || gotB.Version != 2 {
			t.Fatalf("upsert must update the single match: %+v", gotB)
		}
		gotA, _ := c.srv.Component(a)
		if gotA.Description == nil || *gotA.Description != "aliased" {
			t.Fatalf("alias update: %+v", gotA)
		}
		gotRef, _ := c.srv.Reference(ref)
		if gotRef.DisplayText == nil || *gotRef.DisplayText != "aliased" {
			t.Fatalf("reference alias update: %+v", gotRef)
		}
	})
	t.Run("uniqueBy matching several fails", func(t *testing.T) {
		r := c.do("POST", "/api/v2/batch", map[string]any{"components": map[string]any{"upsert": []any{
			map[string]any{"uniqueBy": []any{"rootWorkspace", "customFields.owner"}, "body": comp("T", "customFields", map[string]any{"owner": "dup"})},
			map[string]any{"uniqueBy": []any{"rootWorkspace", "name"}, "body": comp("Twin2")},
		}}})
		if r.status != 200 {
			t.Fatalf("one twin left, upsert must update it: %d %s", r.status, r.raw)
		}
		c.app("Twin2")
		r = c.do("POST", "/api/v2/batch", map[string]any{"components": map[string]any{"upsert": []any{
			map[string]any{"uniqueBy": []any{"rootWorkspace", "name"}, "body": comp("Twin2")}}}})
		if r.status != 400 || !strings.Contains(errMessage(r), "components.upsert[0]: uniqueBy [rootWorkspace name] matches 2 components") {
			t.Fatalf("%d %s", r.status, r.raw)
		}
	})
}

func TestBatchDeleteCascadeInSameBatch(t *testing.T) {
	c := start(t)
	parent := c.app("P")["_id"].(string)
	child := c.createComponent(map[string]any{"name": "C", "rootWorkspace": wsApps, "typeId": tModule, "parent": parent})["_id"].(string)
	other := c.app("O")["_id"].(string)
	ref := c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": child, "target": other, "type": 1})).body["_id"].(string)
	r := c.must(200, c.do("POST", "/api/v2/batch", map[string]any{
		"components": map[string]any{"delete": []any{map[string]any{"id": parent}, map[string]any{"id": child}}},
		"references": map[string]any{"delete": []any{map[string]any{"id": ref}}},
	})).body
	if n := len(r["components"].(map[string]any)["deleted"].([]any)); n != 2 {
		t.Fatalf("deleted: %v", r)
	}
	if n, refs := c.srv.Counts(); n != 4 || refs != 1 { // 3 seeded capabilities and their reference, + O
		t.Fatalf("left %d components %d references", n, refs)
	}
}

// Ardoq documents no batch limit, so by default there is none; WithMaxBatchOperations sets one, above
// which a batch (and its expand) is refused with 413 and nothing applied.
func TestBatchLimit(t *testing.T) {
	ops := make([]any, 1001)
	for i := range ops {
		ops[i] = map[string]any{"body": comp(fmt.Sprint(i))}
	}
	batch := map[string]any{"components": map[string]any{"create": ops}}
	c := start(t)
	c.must(200, c.do("POST", "/api/v2/batch", batch))

	c = start(t, emulator.WithMaxBatchOperations(1000))
	before, _ := c.srv.Counts()
	for _, path := range []string{"/api/v2/batch", "/api/v2/batch/expand"} {
		r := c.do("POST", path, batch)
		if r.status != 413 || !strings.Contains(errMessage(r), "at most 1000") {
			t.Fatalf("%s: %d %s", path, r.status, r.raw)
		}
	}
	if n, _ := c.srv.Counts(); n != before {
		t.Fatalf("a refused batch applied something: %d components", n)
	}
}
