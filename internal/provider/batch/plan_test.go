package batch

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

func sp(s string) *string { return &s }

// strs builds custom field values written as strings (a configuration may write any value as one).
func strs(kv ...string) map[string]fields.Value {
	out := map[string]fields.Value{}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = fields.Value{Text: kv[i+1]}
	}
	return out
}

// testModels is workspace "w"'s model for planBatch tests.
var testModels = map[string]*client.WorkspaceContext{"w": {
	RootWorkspace: "w",
	ComponentTypes: []client.ComponentType{
		{TypeID: "t", Name: "Application", CustomFields: []string{"cost", "critical", "regions", "owner", "lifecycle", "external_id", "score"}},
		{TypeID: "t2", Name: "Server", CustomFields: []string{"external_id"}},
	},
	ReferenceTypes: []client.ReferenceType{{Type: 1, Name: "Uses", CustomFields: []string{"external_id"}}, {Type: 2, Name: "Runs on"}},
	CustomFields: []client.Field{
		{APIKey: "cost", Type: "Number"}, {APIKey: "critical", Type: "Checkbox"},
		{APIKey: "regions", Type: "SelectMultipleList", Options: []string{"eu", "us"}}, {APIKey: "owner", Type: "Text"},
		{APIKey: "lifecycle", Type: "List", Options: []string{"plan", "live"}}, {APIKey: "external_id", Type: "Text"},
		{APIKey: "score", Type: "Number", Calculated: true},
	},
}}

func planOf(prior, plan batchItems) batchPlanInput {
	return batchPlanInput{prior: prior, plan: plan, models: testModels}
}

func mustPlan(t *testing.T, in batchPlanInput) (string, batchOpKeys) {
	t.Helper()
	req, keys, diags := planBatch(in)
	if diags.HasError() {
		t.Fatal(diags)
	}
	b, _ := json.Marshal(req)
	return string(b), keys
}

func TestPlanBatch(t *testing.T) {
	prior := batchItems{
		Components: map[string]entity.ComponentValues{
			"api":  {ID: "a1", Version: 3, RootWorkspace: "w", TypeID: "t", Name: "API", CustomFields: strs("cost", "1", "owner", "x")},
			"db":   {ID: "d1", Version: 1, RootWorkspace: "w", TypeID: "t", Name: "DB", Parent: "api"},
			"gone": {ID: "g1", Version: 1, RootWorkspace: "w", TypeID: "t", Name: "Gone"},
			"same": {ID: "s1", Version: 7, RootWorkspace: "w", TypeID: "t", Name: "Same", Description: sp("d")},
		},
		References: map[string]entity.ReferenceValues{
			"api_db": {ID: "r1", Version: 2, Source: "api", Target: "db", Type: 1},
			"old":    {ID: "r2", Version: 1, Source: "api", Target: "gone", Type: 1},
		},
	}
	plan := batchItems{
		Components: map[string]entity.ComponentValues{
			"api": {RootWorkspace: "w", TypeID: "t", Name: "API v2", CustomFields: map[string]fields.Value{
				"cost": {Text: "2.5", Kind: fields.NumberField}, "critical": {Text: "true", Kind: fields.BoolField}, "regions": fields.ListValue([]string{"eu"})}},
			"db":   {RootWorkspace: "w", TypeID: "t", Name: "DB", Parent: "api"},
			"same": {RootWorkspace: "w", TypeID: "t", Name: "Same", Description: sp("d")},
			"new":  {RootWorkspace: "w", TypeID: "t", Name: "New", Parent: "api"},
			"kid":  {RootWorkspace: "w", TypeID: "t", Name: "Kid", Parent: "new"},
		},
		References: map[string]entity.ReferenceValues{
			"api_db":  {Source: "api", Target: "db", Type: 1},
			"new_api": {Source: "new", Target: "5eed0000000000000000c001", Type: 2, DisplayText: sp("x")},
		},
	}
	got, keys := mustPlan(t, planOf(prior, plan))
	want := `{"options":{"respondWithEntities":true},` +
		`"components":{"create":[{"batchId":"component:kid","body":{"name":"Kid","rootWorkspace":"w","typeId":"t","parent":"component:new"}},` +
		`{"batchId":"component:new","body":{"name":"New","rootWorkspace":"w","typeId":"t","parent":"a1"}}],` +
		`"update":[{"id":"a1","ifVersionMatch":3,"body":{"name":"API v2","parent":null,"description":null,"color":null,"shape":null,"icon":null,"image":null,` +
		`"customFields":{"cost":2.5,"critical":true,"owner":null,"regions":["eu"]}}}],` +
		`"delete":[{"id":"g1"}]},` +
		`"references":{"create":[{"batchId":"reference:new_api","body":{"source":"component:new","target":"5eed0000000000000000c001","type":2,"displayText":"x"}}],` +
		`"delete":[{"id":"r2"}]}}`
	if got != want {
		t.Fatalf("request\n got %s\nwant %s", got, want)
	}
	if keys.componentCreates[0] != "kid" || keys.componentUpdates[0] != "api" || keys.referenceDeletes[0] != "old" {
		t.Fatalf("keys %+v", keys)
	}

	t.Run("nothing changed sends nothing", func(t *testing.T) {
		req, _, _ := planBatch(planOf(prior, prior))
		if !batchEmpty(req) {
			t.Fatalf("%+v", req)
		}
	})
	t.Run("destroy deletes everything, references first", func(t *testing.T) {
		got, _ := mustPlan(t, batchPlanInput{prior: prior})
		if got != `{"options":{"respondWithEntities":true},"components":{"delete":[{"id":"a1"},{"id":"d1"},{"id":"g1"},{"id":"s1"}]},"references":{"delete":[{"id":"r1"},{"id":"r2"}]}}` {
			t.Fatal(got)
		}
	})
	t.Run("replacing an item re-points its dependants", func(t *testing.T) {
		moved := batchItems{Components: map[string]entity.ComponentValues{
			"api": {RootWorkspace: "w", TypeID: "t2", Name: "API"},
			"db":  {RootWorkspace: "w", TypeID: "t", Name: "DB", Parent: "api"},
		}, References: map[string]entity.ReferenceValues{"api_db": {Source: "api", Target: "db", Type: 1}}}
		got, _ := mustPlan(t, planOf(batchItems{Components: map[string]entity.ComponentValues{"api": prior.Components["api"], "db": prior.Components["db"]},
			References: map[string]entity.ReferenceValues{"api_db": prior.References["api_db"]}}, moved))
		want := `{"options":{"respondWithEntities":true},"components":{"create":[{"batchId":"component:api","body":{"name":"API","rootWorkspace":"w","typeId":"t2"}}],` +
			`"update":[{"id":"d1","ifVersionMatch":1,"body":{"name":"DB","parent":"component:api","description":null,"color":null,"shape":null,"icon":null,"image":null}}],` +
			`"delete":[{"id":"a1"}]},"references":{"update":[{"id":"r1","ifVersionMatch":2,"body":{"source":"component:api","target":"d1","displayText":"","description":null}}]}}`
		if got != want {
			t.Fatalf("\n got %s\nwant %s", got, want)
		}
	})
}

func TestPlanBatchAdoption(t *testing.T) {
	byExternalID := []string{"rootWorkspace", "customFields.external_id"}
	item := func(name, ext string) entity.ComponentValues {
		return entity.ComponentValues{RootWorkspace: "w", TypeID: "t", Name: name, CustomFields: strs("external_id", ext)}
	}
	legacy := batchMatch{ID: "x1", Version: 5, ComponentKey: "APP-9", Name: "Legacy", RootWorkspace: "w", TypeID: "t"}
	adopting := func(prior, plan batchItems, matches batchMatches) batchPlanInput {
		in := planOf(prior, plan)
		in.adoptComponentsBy, in.adoptReferencesBy, in.matches = byExternalID, []string{"source", "target", "type"}, matches
		return in
	}
	components := func(m map[string]batchMatch) batchMatches { return batchMatches{Components: m} }

	t.Run("a matched item updates that entity with the whole item; others stay upserts or creates", func(t *testing.T) {
		plan := batchItems{Components: map[string]entity.ComponentValues{
			"a":     item("A", "e1"),
			"fresh": item("Fresh", "e2"),
			"plain": {RootWorkspace: "w", TypeID: "t", Name: "No key"},
		}, References: map[string]entity.ReferenceValues{
			"uses": {Source: "a", Target: "fresh", Type: 1},
			"from": {Source: "a", Target: "5eed0000000000000000c001", Type: 1},
		}}
		in := adopting(batchItems{}, plan, components(map[string]batchMatch{"a": legacy}))
		in.matches.References = map[string]batchMatch{"from": {ID: "rx", Version: 2, Type: 1}}
		got, keys := mustPlan(t, in)
		want := `{"options":{"respondWithEntities":true},"components":{` +
			`"create":[{"batchId":"component:plain","body":{"name":"No key","rootWorkspace":"w","typeId":"t"}}],` +
			`"upsert":[{"uniqueBy":["rootWorkspace","customFields.external_id"],"batchId":"component:fresh","body":{"name":"Fresh","rootWorkspace":"w","typeId":"t","customFields":{"external_id":"e2"}}}],` +
			`"update":[{"id":"x1","ifVersionMatch":5,"body":{"name":"A","parent":null,"description":null,"color":null,"shape":null,"icon":null,"image":null,"customFields":{"external_id":"e1"}}}]},` +
			`"references":{"upsert":[{"uniqueBy":["source","target","type"],"batchId":"reference:uses","body":{"source":"x1","target":"component:fresh","type":1}}],` +
			`"update":[{"id":"rx","ifVersionMatch":2,"body":{"source":"x1","target":"5eed0000000000000000c001","displayText":"","description":null}}]}}`
		if got != want {
			t.Fatalf("\n got %s\nwant %s", got, want)
		}
		if keys.adopted.Components["a"].ID != "x1" || keys.adopted.References["from"].ID != "rx" || keys.componentUpdates[0] != "a" ||
			keys.componentUpserts[0] != "fresh" || keys.componentCreates[0] != "plain" {
			t.Fatalf("keys %+v", keys)
		}
	})
	t.Run("renaming a key that adopts the same entity updates it under the new key and never deletes it", func(t *testing.T) {
		prior := batchItems{Components: map[string]entity.ComponentValues{
			"old":  {ID: "x1", Version: 5, RootWorkspace: "w", TypeID: "t", Name: "A", CustomFields: strs("external_id", "e1")},
			"kept": {ID: "k1", Version: 1, RootWorkspace: "w", TypeID: "t", Name: "K"},
		}, References: map[string]entity.ReferenceValues{"r": {ID: "r1", Version: 1, Source: "old", Target: "kept", Type: 1}}}
		plan := batchItems{Components: map[string]entity.ComponentValues{"new": item("A", "e1"), "kept": {RootWorkspace: "w", TypeID: "t", Name: "K"}},
			References: map[string]entity.ReferenceValues{"r": {Source: "new", Target: "kept", Type: 1}}}
		got, keys := mustPlan(t, adopting(prior, plan, components(map[string]batchMatch{"new": legacy})))
		want := `{"options":{"respondWithEntities":true},"components":{"update":[{"id":"x1","ifVersionMatch":5,"body":{"name":"A","parent":null,` +
			`"description":null,"color":null,"shape":null,"icon":null,"image":null,"customFields":{"external_id":"e1"}}}]}}`
		if got != want {
			t.Fatalf("\n got %s\nwant %s", got, want)
		}
		if len(keys.componentDeletes)+len(keys.referenceDeletes) != 0 || keys.componentUpdates[0] != "new" {
			t.Fatalf("keys %+v", keys)
		}
	})
	t.Run("an item replacing the entity it matches creates a new one", func(t *testing.T) {
		prior := batchItems{Components: map[string]entity.ComponentValues{"a": {ID: "x1", Version: 5, RootWorkspace: "w", TypeID: "t", Name: "A",
			CustomFields: strs("external_id", "e1")}}}
		plan := batchItems{Components: map[string]entity.ComponentValues{"a": {RootWorkspace: "w", TypeID: "t2", Name: "A", CustomFields: strs("external_id", "e1")}}}
		got, _ := mustPlan(t, adopting(prior, plan, components(map[string]batchMatch{"a": legacy})))
		want := `{"options":{"respondWithEntities":true},"components":{"create":[{"batchId":"component:a","body":{"name":"A","rootWorkspace":"w",` +
			`"typeId":"t2","customFields":{"external_id":"e1"}}}],"delete":[{"id":"x1"}]}}`
		if got != want {
			t.Fatalf("\n got %s\nwant %s", got, want)
		}
	})
	t.Run("matches that cannot be taken over are errors at the item", func(t *testing.T) {
		prior := batchItems{Components: map[string]entity.ComponentValues{"owner": {ID: "x1", Version: 5, RootWorkspace: "w", TypeID: "t", Name: "A",
			CustomFields: strs("external_id", "e1")}}}
		plan := batchItems{Components: map[string]entity.ComponentValues{
			"owner":  prior.Components["owner"],
			"second": item("A", "e1"),                                                                        // x1 stays with "owner"
			"server": {RootWorkspace: "w", TypeID: "t2", Name: "S", CustomFields: strs("external_id", "e3")}, // x3 is an Application
			"twin1":  item("T", "e4"),
			"twin2":  item("T", "e4"),
		}}
		_, _, diags := planBatch(adopting(prior, plan, components(map[string]batchMatch{"second": legacy,
			"server": {ID: "x3", Name: "App", RootWorkspace: "w", TypeID: "t"}, "twin1": {ID: "x4", TypeID: "t", RootWorkspace: "w"},
			"twin2": {ID: "x4", TypeID: "t", RootWorkspace: "w"}})))
		expectErrors(t, diags, map[string]string{
			`components["second"]`: `matches component x1 ("Legacy"), which this resource manages as components["owner"]`,
			`components["server"]`: `matches component x3 ("App"), which has type_id t and root_workspace w: Ardoq cannot change those`,
			`components["twin2"]`:  `which components["twin1"] takes over too`,
		})
	})
}

// expectErrors checks that diags are exactly errors at these paths, each containing its text.
func expectErrors(t *testing.T, diags diag.Diagnostics, want map[string]string) {
	t.Helper()
	got := map[string]string{}
	for _, d := range diags {
		if wp, ok := d.(diag.DiagnosticWithPath); ok {
			got[convert.PathText(wp.Path())] = d.Summary() + ": " + d.Detail()
		} else {
			got["(no path)"] = d.Summary() + ": " + d.Detail()
		}
	}
	for p, text := range want {
		if !strings.Contains(got[p], text) {
			t.Errorf("at %s want %q, got %q", p, text, got[p])
		}
	}
	if len(got) != len(want) || len(diags) != len(want) {
		t.Errorf("want %d errors, got %d: %v", len(want), len(diags), got)
	}
}

func TestPlanBatchReportsEveryItemError(t *testing.T) {
	plan := batchItems{Components: map[string]entity.ComponentValues{
		"api": {RootWorkspace: "w", TypeID: "p0000", Name: "API"},
		"db":  {RootWorkspace: "w", TypeID: "t", Name: "DB", Parent: "apj"},
		"web": {RootWorkspace: "w", TypeID: "t", Name: "Web", CustomFields: map[string]fields.Value{"cost": {Text: "cheap"},
			"regions": fields.ListValue([]string{"mars"}), "costs": {Text: "red"}, "lifecycle": {Text: "dead"}, "score": {Text: "1", Kind: fields.NumberField}}},
		"host": {RootWorkspace: "w", TypeID: "t2", Name: "Host", CustomFields: strs("owner", "x", "critical", "maybe")},
		"free": {RootWorkspace: "elsewhere", TypeID: "anything", Name: "Unchecked", CustomFields: strs("whatever", "x")},
		// A workspace Ardoq answered 404 for has a nil model: its items are unchecked, their fields typed by
		// the request's other models, and each says the workspace does not exist.
		"ghost":  {RootWorkspace: "5eed00000000000000000bad", TypeID: "t", Name: "Ghost", CustomFields: strs("cost", "1", "x", "y")},
		"ghost2": {RootWorkspace: "5eed00000000000000000bad", TypeID: "t", Name: "Ghost 2", Parent: "ghost", CustomFields: strs("owner", "o")},
	}, References: map[string]entity.ReferenceValues{
		"r":     {Source: "web", Target: "dbb", Type: 9},
		"spook": {Source: "ghost", Target: "web", Type: 1, CustomFields: strs("external_id", "e")},
	}}
	in := planOf(batchItems{}, plan)
	in.models = map[string]*client.WorkspaceContext{"w": testModels["w"], "5eed00000000000000000bad": nil}
	_, _, diags := planBatch(in)
	expectErrors(t, diags, map[string]string{
		`components["ghost"].root_workspace`:           `components["ghost"].root_workspace: Ardoq has no workspace "5eed00000000000000000bad"`,
		`components["ghost2"].root_workspace`:          `Ardoq has no workspace "5eed00000000000000000bad"`,
		`components["api"].type_id`:                    `component type "p0000" is not in the model of workspace w. Its types are: Application (t), Server (t2)`,
		`components["db"].parent`:                      `"apj" is not a key of this resource's components, nor an Ardoq id (24 hexadecimal characters). Its component keys are: api, db, free, ghost, ghost2, host, web.`,
		`references["r"].target`:                       `"dbb" is not a key of this resource's components`,
		`references["r"].type`:                         `reference type 9 is not in the model of workspace w (the source's). Its reference types are: Uses (1), Runs on (2)`,
		`components["web"].custom_fields["cost"]`:      `custom field "cost" (Number): "cheap" is not a number`,
		`components["web"].custom_fields["regions"]`:   `"mars" is not one of the options ["eu" "us"]`,
		`components["web"].custom_fields["costs"]`:     `the workspace has no custom field "costs"; closest: "cost". Fields you can set on "Application": cost, critical, regions, owner, lifecycle, external_id.`,
		`components["web"].custom_fields["lifecycle"]`: `"dead" is not one of the options ["plan" "live"]`,
		`components["web"].custom_fields["score"]`:     `custom field "score" is calculated by Ardoq and cannot be set`,
		`components["host"].custom_fields["owner"]`:    `custom field "owner" is not allowed on type "Server". Fields you can set on it: external_id`,
		`components["host"].custom_fields["critical"]`: `custom field "critical" is not allowed on type "Server"`,
	})
	for _, d := range diags {
		if wp := d.(diag.DiagnosticWithPath); wp.Path().Equal(path.Root("components").AtMapKey("web").AtName("custom_fields").AtMapKey("cost")) &&
			d.Summary() != "Invalid Custom Field Value" {
			t.Errorf("summary %q", d.Summary())
		}
	}
}

func TestBatchKeyHintNamesTheClosestKeysOfMany(t *testing.T) {
	var keys []string
	for i := range 30 {
		keys = append(keys, fmt.Sprintf("service-%02d", i))
	}
	keys = append(keys, "payments-api")
	if got := keyHint("payment-api", keys); !strings.HasPrefix(got, "The closest of its 31 component keys are: payments-api, ") {
		t.Fatal(got)
	}
}

// An upsert that Ardoq's uniqueBy would match to an entity the same request deletes takes that entity
// over (an update, no delete) or, when it cannot (another type or workspace), is created instead: the
// plan-time lookup found nothing (it lists only the items' workspaces), state decides.
func TestPlanBatchAdoptsWhatItDeletes(t *testing.T) {
	ext := func(v string) map[string]fields.Value { return strs("external_id", v) }
	kept := entity.ComponentValues{ID: "k1", Version: 1, RootWorkspace: "w", TypeID: "t", Name: "K"}
	cases := []struct {
		name             string
		adoptComponents  []string
		adoptReferences  []string
		prior, plan      batchItems
		sourceWorkspaces map[string]string
		want             string
		adopted          map[string]string // item key -> entity id taken over
	}{{
		name:            "a renamed key matching across the org (no rootWorkspace) updates its entity under the new key",
		adoptComponents: []string{"name", "customFields.external_id"},
		prior: batchItems{Components: map[string]entity.ComponentValues{
			"old":  {ID: "x1", Version: 5, ComponentKey: "APP-1", RootWorkspace: "w", TypeID: "t", Name: "A", CustomFields: ext("e1")},
			"kept": kept,
		}, References: map[string]entity.ReferenceValues{"r": {ID: "r1", Version: 1, RootWorkspace: "w", Source: "old", Target: "kept", Type: 1}}},
		plan: batchItems{Components: map[string]entity.ComponentValues{
			"new":  {RootWorkspace: "w", TypeID: "t", Name: "A", CustomFields: ext("e1")},
			"kept": {RootWorkspace: "w", TypeID: "t", Name: "K"},
		}, References: map[string]entity.ReferenceValues{"r": {Source: "new", Target: "kept", Type: 1}}},
		want: `{"options":{"respondWithEntities":true},"components":{"update":[{"id":"x1","ifVersionMatch":5,"body":{"name":"A","parent":null,` +
			`"description":null,"color":null,"shape":null,"icon":null,"image":null,"customFields":{"external_id":"e1"}}}]}}`,
		adopted: map[string]string{"new": "x1"},
	}, {
		name:            "one in another workspace cannot be updated into the item: the item is created, the old entity deleted",
		adoptComponents: []string{"name", "customFields.external_id"},
		prior: batchItems{Components: map[string]entity.ComponentValues{
			"old": {ID: "x1", Version: 5, RootWorkspace: "w", TypeID: "t", Name: "A", CustomFields: ext("e1")},
		}},
		plan: batchItems{Components: map[string]entity.ComponentValues{"new": {RootWorkspace: "w2", TypeID: "t", Name: "A", CustomFields: ext("e1")}}},
		want: `{"options":{"respondWithEntities":true},"components":{"create":[{"batchId":"component:new","body":{"name":"A","rootWorkspace":"w2",` +
			`"typeId":"t","customFields":{"external_id":"e1"}}}],"delete":[{"id":"x1"}]}}`,
	}, {
		name:            "nor one of another type, its own key's included",
		adoptComponents: []string{"rootWorkspace", "name"},
		prior:           batchItems{Components: map[string]entity.ComponentValues{"a": {ID: "x1", Version: 5, RootWorkspace: "w", TypeID: "t", Name: "A"}}},
		plan:            batchItems{Components: map[string]entity.ComponentValues{"a": {RootWorkspace: "w", TypeID: "t2", Name: "A"}}},
		want: `{"options":{"respondWithEntities":true},"components":{"create":[{"batchId":"component:a","body":{"name":"A","rootWorkspace":"w",` +
			`"typeId":"t2"}}],"delete":[{"id":"x1"}]}}`,
	}, {
		name:            "parents first: renamed parent and child matched by parent and name keep both entities",
		adoptComponents: []string{"parent", "name"},
		prior: batchItems{Components: map[string]entity.ComponentValues{
			"p": {ID: "p1", Version: 2, RootWorkspace: "w", TypeID: "t", Name: "P"},
			"c": {ID: "c1", Version: 3, RootWorkspace: "w", TypeID: "t", Name: "C", Parent: "p"},
		}},
		plan: batchItems{Components: map[string]entity.ComponentValues{
			"p2": {RootWorkspace: "w", TypeID: "t", Name: "P"},
			"c2": {RootWorkspace: "w", TypeID: "t", Name: "C", Parent: "p2"},
		}},
		want: `{"options":{"respondWithEntities":true},"components":{"update":[` +
			`{"id":"c1","ifVersionMatch":3,"body":{"name":"C","parent":"p1","description":null,"color":null,"shape":null,"icon":null,"image":null}},` +
			`{"id":"p1","ifVersionMatch":2,"body":{"name":"P","parent":null,"description":null,"color":null,"shape":null,"icon":null,"image":null}}]}}`,
		adopted: map[string]string{"p2": "p1", "c2": "c1"},
	}, {
		name:             "a renamed reference matched by its source's workspace (a source given as an id) updates its entity",
		adoptReferences:  []string{"source.rootWorkspace", "customFields.external_id"},
		sourceWorkspaces: map[string]string{"5eed0000000000000000c001": "w"},
		prior: batchItems{Components: map[string]entity.ComponentValues{"kept": kept}, References: map[string]entity.ReferenceValues{
			"old":   {ID: "r1", Version: 2, RootWorkspace: "w", Source: "5eed0000000000000000c002", Target: "kept", Type: 1, CustomFields: ext("e9")},
			"typed": {ID: "r2", Version: 4, RootWorkspace: "w", Source: "kept", Target: "5eed0000000000000000c002", Type: 2, CustomFields: ext("e8")},
		}},
		plan: batchItems{Components: map[string]entity.ComponentValues{"kept": {RootWorkspace: "w", TypeID: "t", Name: "K"}}, References: map[string]entity.ReferenceValues{
			"new":   {Source: "5eed0000000000000000c001", Target: "kept", Type: 1, CustomFields: ext("e9")},
			"typed": {Source: "kept", Target: "5eed0000000000000000c002", Type: 1, CustomFields: ext("e8")},
		}},
		want: `{"options":{"respondWithEntities":true},"references":{"create":[{"batchId":"reference:typed","body":{"source":"k1",` +
			`"target":"5eed0000000000000000c002","type":1,"customFields":{"external_id":"e8"}}}],` +
			`"update":[{"id":"r1","ifVersionMatch":2,"body":{"source":"5eed0000000000000000c001","target":"k1","displayText":"","description":null,` +
			`"customFields":{"external_id":"e9"}}}],"delete":[{"id":"r2"}]}}`,
		adopted: map[string]string{"new": "r1"},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := planOf(tc.prior, tc.plan)
			in.adoptComponentsBy, in.adoptReferencesBy = tc.adoptComponents, tc.adoptReferences
			in.matches.sourceWorkspaces = tc.sourceWorkspaces
			got, keys := mustPlan(t, in)
			if got != tc.want {
				t.Fatalf("\n got %s\nwant %s", got, tc.want)
			}
			adopted := map[string]string{}
			for k, m := range keys.adopted.Components {
				adopted[k] = m.ID
			}
			for k, m := range keys.adopted.References {
				adopted[k] = m.ID
			}
			if fmt.Sprint(adopted) != fmt.Sprint(tc.adopted) { // fmt sorts map keys
				t.Fatalf("adopted %v, want %v", adopted, tc.adopted)
			}
		})
	}

	t.Run("an entity two upserts match, or an upsert matching two, is an error at the item", func(t *testing.T) {
		prior := batchItems{Components: map[string]entity.ComponentValues{
			"old":  {ID: "x1", Version: 1, RootWorkspace: "w", TypeID: "t", Name: "A"},
			"dup1": {ID: "x2", Version: 1, RootWorkspace: "w", TypeID: "t", Name: "D"},
			"dup2": {ID: "x3", Version: 1, RootWorkspace: "w", TypeID: "t", Name: "D"},
		}}
		plan := batchItems{Components: map[string]entity.ComponentValues{
			"a1": {RootWorkspace: "w", TypeID: "t", Name: "A"},
			"a2": {RootWorkspace: "w", TypeID: "t", Name: "A"},
			"d":  {RootWorkspace: "w", TypeID: "t", Name: "D"},
		}}
		in := planOf(prior, plan)
		in.adoptComponentsBy = []string{"name"}
		_, _, diags := planBatch(in)
		expectErrors(t, diags, map[string]string{
			`components["a2"]`: `matches component x1 ("A"), which components["a1"] takes over too`,
			`components["d"]`:  `adopt_components_by matches 2 components in Ardoq: component x2 ("D"), component x3 ("D")`,
		})
	})
}

func TestPlanBatchChecksAdoptionProperties(t *testing.T) {
	in := planOf(batchItems{}, batchItems{Components: map[string]entity.ComponentValues{"a": {RootWorkspace: "w", TypeID: "t", Name: "A"}}})
	in.adoptComponentsBy = []string{"rootWorkspace", "description", "customFields.", "customFields.external_id"}
	in.adoptReferencesBy = []string{"rootWorkspace", "source", "source.name"}
	_, _, diags := planBatch(in)
	want := map[string]string{
		`adopt_components_by[1]`: `"description" is not a property items can be adopted by. Supported are: rootWorkspace, name, typeId, parent and customFields.<api key>.`,
		`adopt_components_by[2]`: `"customFields." is not a property`,
		`adopt_references_by[2]`: `"source.name" is not a property items can be adopted by. Supported are: source, target, type, source.rootWorkspace, rootWorkspace and customFields.<api key>.`,
	}
	if len(diags) != len(want) {
		t.Fatalf("want %d errors, got %v", len(want), diags)
	}
	for _, d := range diags {
		p := d.(diag.DiagnosticWithPath).Path()
		steps := p.Steps()
		where := fmt.Sprintf("%s[%d]", steps[0], steps[1].(path.PathStepElementKeyInt))
		if !strings.Contains(d.Detail(), want[where]) || d.Summary() != "Unsupported Adoption Property" || !strings.HasPrefix(d.Detail(), where+": ") {
			t.Errorf("at %s: %s: %s", where, d.Summary(), d.Detail())
		}
	}
}
