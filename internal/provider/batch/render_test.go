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

// What Ardoq assigned an item is rendered and read back whole. Who made and last changed an item is
// unknown for one the request changes (Ardoq's answer may name others), and null, never unknown, where
// Ardoq named none or the state predates the attribute: a value Terraform keeps is wholly known.
func TestComputedValuesRoundTrip(t *testing.T) {
	meta := entity.ItemMeta{CreatedBy: "ada@example.com", LastModifiedBy: "bo@example.com"}
	components := map[string]entity.ComponentValues{
		"kept": {ID: "c1", Version: 2, ComponentKey: "APP-1", Meta: meta}, "changed": {ID: "c2", Version: 3, ComponentKey: "APP-2", Meta: meta},
		"unnamed": {ID: "c3", Version: 1, ComponentKey: "APP-3"}}
	references := map[string]entity.ReferenceValues{"kept": {ID: "r1", Version: 4, RootWorkspace: "w1", TargetWorkspace: "w2", Meta: meta}}
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
	kept := convert.ElementsOrNil(elems["kept"])
	for name, want := range map[string]string{"created_by": "ada@example.com", "last_modified_by": "bo@example.com"} {
		if got := rawString(elems["kept"], name); got != want {
			t.Errorf("a kept item's %s is %q, want %q (%v)", name, got, want, kept[name])
		}
	}
	changed := convert.ElementsOrNil(elems["changed"])
	for name, wantKnown := range map[string]bool{"id": true, "component_key": true, "created_by": false, "version": false, "last_modified_by": false} {
		if changed[name].IsKnown() != wantKnown {
			t.Errorf("a changed item's %s is known: %v, want %v", name, changed[name].IsKnown(), wantKnown)
		}
	}
	if !elems["unnamed"].IsFullyKnown() || !convert.ElementsOrNil(elems["unnamed"])["created_by"].IsNull() {
		t.Errorf("an item Ardoq named no user for is %v, want its users null and every value known", elems["unnamed"])
	}
}
