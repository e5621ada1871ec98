package entity_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// The reference's mappers, as TestComponentMappers. The API cannot take a null displayText: an update
// clears it with "".
func TestReferenceMappers(t *testing.T) {
	for _, tc := range []struct {
		name       string
		api        client.Reference
		prior, was types.Dynamic
		want       entity.ReferenceModel
		wantCreate string
		wantUpdate string
	}{{
		name: "every attribute set",
		api: client.Reference{ID: "r1", Version: 2, Meta: client.Meta{Created: "t0", LastUpdated: "t1", CreatedByEmail: "ada@example.com", LastModifiedByEmail: "bo@example.com"}, Source: "c1", Target: "c2", Type: 3,
			RootWorkspace: "w1", TargetWorkspace: "w2", DisplayText: ptr("uses"), Description: ptr("d"),
			CustomFields: client.CustomFields{"weight": json.Number("2"), "note": "n"}},
		prior: object(map[string]attr.Value{"note": types.StringValue("old")}),
		was:   object(map[string]attr.Value{"note": types.StringValue("old")}),
		want: entity.ReferenceModel{ID: types.StringValue("r1"), Source: types.StringValue("c1"), Target: types.StringValue("c2"),
			Type: types.Int64Value(3), DisplayText: types.StringValue("uses"), Description: types.StringValue("d"),
			CustomFields: object(map[string]attr.Value{"note": types.StringValue("n")}), RootWorkspace: types.StringValue("w1"),
			TargetWorkspace: types.StringValue("w2"), Version: types.Int64Value(2), MetaModel: entity.MetaModel{Created: types.StringValue("t0"),
				LastUpdated: types.StringValue("t1"), CreatedBy: types.StringValue("ada@example.com"), LastModifiedBy: types.StringValue("bo@example.com")}},
		wantCreate: `{"source":"c1","target":"c2","type":3,"displayText":"uses","description":"d","customFields":{"note":"n"}}`,
		wantUpdate: `{"source":"c1","target":"c2","displayText":"uses","description":"d","customFields":{"note":"n"}}`,
	}, {
		name:  "nothing optional: null in the model, left out of a create, cleared by an update",
		api:   client.Reference{ID: "r2", Version: 1, Source: "c1", Target: "c2", Type: 3, DisplayText: ptr("")},
		prior: types.DynamicNull(), was: types.DynamicNull(),
		want: entity.ReferenceModel{ID: types.StringValue("r2"), Source: types.StringValue("c1"), Target: types.StringValue("c2"),
			Type: types.Int64Value(3), DisplayText: types.StringNull(), Description: types.StringNull(), CustomFields: types.DynamicNull(),
			RootWorkspace: types.StringValue(""), TargetWorkspace: types.StringValue(""), Version: types.Int64Value(1),
			MetaModel: entity.MetaModel{Created: types.StringValue(""), LastUpdated: types.StringValue(""), CreatedBy: types.StringValue(""),
				LastModifiedBy: types.StringValue("")}},
		wantCreate: `{"source":"c1","target":"c2","type":3}`,
		wantUpdate: `{"source":"c1","target":"c2","displayText":"","description":null}`,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			got := entity.ReferenceFromAPI(&tc.api, tc.prior, false)
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("ReferenceFromAPI:\ngot  %+v\nwant %+v", got, tc.want)
			}
			create, diags := got.ToCreate(scopeOf(fields.Scope{}))
			checkBody(t, "create", create, diags, tc.wantCreate)
			was := got
			was.CustomFields = tc.was
			update, diags := got.ToUpdate(was, scopeOf(fields.Scope{}))
			checkBody(t, "update", update, diags, tc.wantUpdate)
		})
	}
}

// ardoq_batch's reference values: source and target written as the configuration writes them (an item's
// key or an id), and named in the bodies as the request does.
func TestReferenceValuesMappers(t *testing.T) {
	api := client.Reference{ID: "r1", Version: 2, Meta: client.Meta{Created: "t0", LastUpdated: "t1", CreatedByEmail: "ada@example.com", LastModifiedByEmail: "bo@example.com"}, Source: "id-a", Target: "id-b", Type: 3,
		RootWorkspace: "w1", TargetWorkspace: "w2", Description: ptr(""), DisplayText: ptr("uses"),
		CustomFields: client.CustomFields{"note": "n", "weight": json.Number("2")}}
	want := entity.ReferenceValues{Source: "a", Target: "id-b", CustomFields: map[string]fields.Value{"note": {Text: "old"}}}
	v := entity.ReferenceValuesFrom(&api, want, map[string]string{"a": "id-a", "b": "other"})
	if wantValues := (entity.ReferenceValues{ID: "r1", Version: 2, RootWorkspace: "w1", TargetWorkspace: "w2",
		Source: "a", Target: "id-b", Type: 3, DisplayText: ptr("uses"), CustomFields: map[string]fields.Value{"note": {Text: "n"}}}); !reflect.DeepEqual(v, wantValues) {
		t.Fatalf("ReferenceValuesFrom:\ngot  %+v\nwant %+v", v, wantValues)
	}
	byKey := func(ref string) string { return "batch:" + ref }
	checkBody(t, "create", v.CreateBody(byKey, client.CustomFields{"note": "n"}), nil,
		`{"source":"batch:a","target":"batch:id-b","type":3,"displayText":"uses","customFields":{"note":"n"}}`)
	checkBody(t, "update", v.UpdateBody(byKey, nil), nil, `{"source":"batch:a","target":"batch:id-b","displayText":"uses","description":null}`)
}

// Same compares every configurable value, and only those.
func TestReferenceValuesSame(t *testing.T) {
	base := entity.ReferenceValues{Source: "a", Target: "b", Type: 1, DisplayText: ptr("x"), CustomFields: map[string]fields.Value{"k": {Text: "v"}}}
	equal := func(a, b string) bool { return a == b }
	for name, change := range map[string]func(*entity.ReferenceValues){
		"source":        func(v *entity.ReferenceValues) { v.Source = "c" },
		"target":        func(v *entity.ReferenceValues) { v.Target = "c" },
		"type":          func(v *entity.ReferenceValues) { v.Type = 2 },
		"display_text":  func(v *entity.ReferenceValues) { v.DisplayText = nil },
		"description":   func(v *entity.ReferenceValues) { v.Description = ptr("d") },
		"custom_fields": func(v *entity.ReferenceValues) { v.CustomFields = nil },
	} {
		changed := base
		change(&changed)
		if base.Same(changed, equal) || changed.Same(base, equal) {
			t.Errorf("a change of %s is not seen", name)
		}
	}
	assigned := base
	assigned.ID, assigned.Version, assigned.RootWorkspace, assigned.TargetWorkspace = "r", 3, "w", "w2"
	if !base.Same(assigned, equal) {
		t.Error("what Ardoq assigned is compared")
	}
}
