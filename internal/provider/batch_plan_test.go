package provider

import (
	"encoding/json"
	"testing"
)

func sp(s string) *string { return &s }

func typer(k string) string {
	return map[string]string{"cost": "Number", "critical": "Checkbox", "regions": "SelectMultipleList"}[k]
}

func TestPlanBatch(t *testing.T) {
	prior := batchItems{
		Components: map[string]batchComponent{
			"api":  {ID: "a1", Version: 3, RootWorkspace: "w", TypeID: "t", Name: "API", CustomFields: map[string]string{"cost": "1", "owner": "x"}},
			"db":   {ID: "d1", Version: 1, RootWorkspace: "w", TypeID: "t", Name: "DB", Parent: "api"},
			"gone": {ID: "g1", Version: 1, RootWorkspace: "w", TypeID: "t", Name: "Gone"},
			"same": {ID: "s1", Version: 7, RootWorkspace: "w", TypeID: "t", Name: "Same", Description: sp("d")},
		},
		References: map[string]batchReference{
			"api_db": {ID: "r1", Version: 2, Source: "api", Target: "db", Type: 1},
			"old":    {ID: "r2", Version: 1, Source: "api", Target: "gone", Type: 1},
		},
	}
	plan := batchItems{
		Components: map[string]batchComponent{
			"api":  {RootWorkspace: "w", TypeID: "t", Name: "API v2", CustomFields: map[string]string{"cost": "2.5", "critical": "true", "regions": `["eu"]`}},
			"db":   {RootWorkspace: "w", TypeID: "t", Name: "DB", Parent: "api"},
			"same": {RootWorkspace: "w", TypeID: "t", Name: "Same", Description: sp("d")},
			"new":  {RootWorkspace: "w", TypeID: "t", Name: "New", Parent: "api"},
			"kid":  {RootWorkspace: "w", TypeID: "t", Name: "Kid", Parent: "new"},
		},
		References: map[string]batchReference{
			"api_db":  {Source: "api", Target: "db", Type: 1},
			"new_api": {Source: "new", Target: "5eed0000000000000000c001", Type: 2, DisplayText: sp("x")},
		},
	}
	req, keys, err := planBatch(prior, plan, typer, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(req)
	want := `{"options":{"respondWithEntities":true},` +
		`"components":{"create":[{"batchId":"component:kid","body":{"name":"Kid","rootWorkspace":"w","typeId":"t","parent":"component:new"}},` +
		`{"batchId":"component:new","body":{"name":"New","rootWorkspace":"w","typeId":"t","parent":"a1"}}],` +
		`"update":[{"id":"a1","ifVersionMatch":3,"body":{"name":"API v2","parent":null,"description":null,"color":null,"shape":null,"icon":null,"image":null,` +
		`"customFields":{"cost":2.5,"critical":true,"owner":null,"regions":["eu"]}}}],` +
		`"delete":[{"id":"g1"}]},` +
		`"references":{"create":[{"batchId":"reference:new_api","body":{"source":"component:new","target":"5eed0000000000000000c001","type":2,"displayText":"x"}}],` +
		`"delete":[{"id":"r2"}]}}`
	if string(got) != want {
		t.Fatalf("request\n got %s\nwant %s", got, want)
	}
	if keys.componentCreates[0] != "kid" || keys.componentUpdates[0] != "api" || keys.referenceDeletes[0] != "old" {
		t.Fatalf("keys %+v", keys)
	}

	t.Run("nothing changed sends nothing", func(t *testing.T) {
		req, _, _ := planBatch(prior, prior, typer, nil, nil)
		if !batchEmpty(req) {
			t.Fatalf("%+v", req)
		}
	})
	t.Run("destroy deletes everything, references first", func(t *testing.T) {
		req, _, _ := planBatch(prior, batchItems{}, typer, nil, nil)
		b, _ := json.Marshal(req)
		if string(b) != `{"options":{"respondWithEntities":true},"components":{"delete":[{"id":"a1"},{"id":"d1"},{"id":"g1"},{"id":"s1"}]},"references":{"delete":[{"id":"r1"},{"id":"r2"}]}}` {
			t.Fatal(string(b))
		}
	})
	t.Run("adoption sends upserts", func(t *testing.T) {
		req, _, _ := planBatch(batchItems{}, batchItems{Components: map[string]batchComponent{"a": {RootWorkspace: "w", TypeID: "t", Name: "A"}}},
			typer, []string{"rootWorkspace", "name"}, nil)
		if len(req.Components.Upsert) != 1 || len(req.Components.Create) != 0 || req.Components.Upsert[0].UniqueBy[1] != "name" {
			t.Fatalf("%+v", req.Components)
		}
	})
	t.Run("replacing an item re-points its dependants", func(t *testing.T) {
		moved := batchItems{Components: map[string]batchComponent{
			"api": {RootWorkspace: "w", TypeID: "t2", Name: "API"},
			"db":  {RootWorkspace: "w", TypeID: "t", Name: "DB", Parent: "api"},
		}, References: map[string]batchReference{"api_db": {Source: "api", Target: "db", Type: 1}}}
		req, _, _ := planBatch(batchItems{Components: map[string]batchComponent{"api": prior.Components["api"], "db": prior.Components["db"]},
			References: map[string]batchReference{"api_db": prior.References["api_db"]}}, moved, typer, nil, nil)
		b, _ := json.Marshal(req)
		want := `{"options":{"respondWithEntities":true},"components":{"create":[{"batchId":"component:api","body":{"name":"API","rootWorkspace":"w","typeId":"t2"}}],` +
			`"update":[{"id":"d1","ifVersionMatch":1,"body":{"name":"DB","parent":"component:api","description":null,"color":null,"shape":null,"icon":null,"image":null}}],` +
			`"delete":[{"id":"a1"}]},"references":{"update":[{"id":"r1","ifVersionMatch":2,"body":{"source":"component:api","target":"d1","displayText":"","description":null}}]}}`
		if string(b) != want {
			t.Fatalf("\n got %s\nwant %s", b, want)
		}
	})
	t.Run("bad typed values are errors naming the item", func(t *testing.T) {
		for _, v := range []map[string]string{{"cost": "cheap"}, {"critical": "maybe"}, {"regions": "eu"}} {
			_, _, err := planBatch(batchItems{}, batchItems{Components: map[string]batchComponent{"x": {Name: "x", CustomFields: v}}}, typer, nil, nil)
			if err == nil {
				t.Fatalf("%v accepted", v)
			}
		}
	})
}

func TestBatchErrorPath(t *testing.T) {
	keys := batchOpKeys{componentCreates: []string{"a", "b"}, componentUpdates: []string{"c"}, referenceCreates: []string{"r"}}
	cases := map[string][4]string{
		"components.create[1]: customFields.cost: Number field needs a number": {"components", "b", "custom_fields", "cost"},
		"components.update[0]: version mismatch: ...":                          {"components", "c", "", ""},
		"components.create[0]: parent: component \"x\" does not exist":         {"components", "a", "parent", ""},
		"references.create[0]: type: reference type 9 is not in the model":     {"references", "r", "type", ""},
	}
	for msg, want := range cases {
		kind, key, attr, field, ok := batchErrorPath(msg, keys)
		if !ok || [4]string{kind, key, attr, field} != want {
			t.Errorf("%s -> %v %v %v %v %v", msg, kind, key, attr, field, ok)
		}
	}
	if _, _, _, _, ok := batchErrorPath("components.create[7]: x", keys); ok {
		t.Error("an index out of range must not map")
	}
}
