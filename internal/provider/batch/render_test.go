package batch

import (
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

func TestRenderItemsKeepsTheConfigurationsWayAndShowsDrift(t *testing.T) {
	cost := tftypes.NewValue(tftypes.Number, 1200)
	prior := tfObject(map[string]tftypes.Value{
		"api": tfObject(map[string]tftypes.Value{"name": str("API"), "description": tftypes.NewValue(tftypes.String, nil),
			"custom_fields": tfObject(map[string]tftypes.Value{"cost": cost, "regions": tuple("eu", "us"), "owner": str("me")})}),
		"gone": tfObject(map[string]tftypes.Value{"name": str("Gone")}),
	})
	views := map[string]itemView{"api": {
		attrs:  map[string]*string{"name": ptr("API 2"), "description": ptr("set in the app"), "color": ptr("#fff"), "parent": nil},
		fields: map[string]fields.Value{"cost": {Text: "1200", Kind: fields.NumberField}, "regions": fields.ListValue([]string{"eu"})},
	}}
	got := renderItems(prior, views)
	want := tfObject(map[string]tftypes.Value{
		"api": tfObject(map[string]tftypes.Value{"name": str("API 2"), "description": str("set in the app"), "color": str("#fff"),
			"custom_fields": tfObject(map[string]tftypes.Value{"cost": cost, "regions": tuple("eu"), "owner": tftypes.NewValue(tftypes.String, nil)})}),
	})
	if !got.Equal(want) {
		t.Fatalf("rendered\n%s\nwant\n%s", got, want)
	}
}

func TestRenderItemsKeepsAMapWhileTheElementTypeHolds(t *testing.T) {
	itemType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"name": tftypes.String}}
	prior := tftypes.NewValue(tftypes.Map{ElementType: itemType}, map[string]tftypes.Value{
		"a": tftypes.NewValue(itemType, map[string]tftypes.Value{"name": str("A")}),
		"b": tftypes.NewValue(itemType, map[string]tftypes.Value{"name": str("B")}),
	})
	same := renderItems(prior, map[string]itemView{"a": {attrs: map[string]*string{"name": ptr("A")}}, "b": {attrs: map[string]*string{"name": ptr("B 2")}}})
	if !same.Type().Is(tftypes.Map{}) {
		t.Fatalf("a map whose items keep their type must stay a map: %s", same.Type())
	}
	grown := renderItems(prior, map[string]itemView{"a": {attrs: map[string]*string{"name": ptr("A"), "description": ptr("new")}}})
	if !grown.Type().Is(tftypes.Object{}) {
		t.Fatalf("items of different types can only be an object: %s", grown.Type())
	}
}

func ptr[T any](v T) *T { return &v }

// What Ardoq assigned an item is rendered and read back whole; the version of an item the request changes
// is unknown, and a value Terraform keeps is wholly known.
func TestComputedValuesRoundTrip(t *testing.T) {
	components := map[string]entity.ComponentValues{
		"kept": {ID: "c1", Version: 2, ComponentKey: "APP-1"}, "changed": {ID: "c2", Version: 3, ComponentKey: "APP-2"}}
	references := map[string]entity.ReferenceValues{"kept": {ID: "r1", Version: 4, RootWorkspace: "w1", TargetWorkspace: "w2"}}
	renderedComponents := computedComponents(components, map[string]bool{"changed": true}, tftypes.Value{})
	renderedReferences := computedReferences(references, nil, tftypes.Value{})

	items := batchItems{Components: map[string]entity.ComponentValues{"kept": {}}, References: map[string]entity.ReferenceValues{"kept": {}}}
	readAssigned(items, renderedComponents, renderedReferences)
	if got := items.Components["kept"]; !reflect.DeepEqual(got, components["kept"]) {
		t.Errorf("component read back as %+v, want %+v", got, components["kept"])
	}
	if got := items.References["kept"]; !reflect.DeepEqual(got, references["kept"]) {
		t.Errorf("reference read back as %+v, want %+v", got, references["kept"])
	}
	elems := convert.ElementsOrNil(renderedComponents)
	if !elems["kept"].IsFullyKnown() {
		t.Errorf("a kept item is %v, want every value known", elems["kept"])
	}
	changed := convert.ElementsOrNil(elems["changed"])
	for name, wantKnown := range map[string]bool{"id": true, "component_key": true, "version": false} {
		if changed[name].IsKnown() != wantKnown {
			t.Errorf("a changed item's %s is known: %v, want %v", name, changed[name].IsKnown(), wantKnown)
		}
	}
}

// ardoq_batch's computed maps hold what configurations refer to (ids, versions, keys, workspaces), not who
// made or changed an item: the addresses of every item cost each plan and apply of Terraform more than the
// provider can save (bench/README.md, "Issue 58"). The component and reference data sources show them.
func TestComputedValues_noUsers(t *testing.T) {
	for name, typ := range map[string]map[string]tftypes.Type{"component": computedComponentType.AttributeTypes, "reference": computedReferenceType.AttributeTypes} {
		for _, who := range []string{"created_by", "last_modified_by"} {
			if _, ok := typ[who]; ok {
				t.Errorf("a computed %s holds %s: measure make bench at 10,000 + 10,000 items first", name, who)
			}
		}
	}
}
