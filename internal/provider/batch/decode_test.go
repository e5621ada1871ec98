package batch

import (
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

func str(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }

func tfObject(attrs map[string]tftypes.Value) tftypes.Value {
	return convert.ObjectOrMap(tftypes.Object{}, attrs)
}

func tuple(ss ...string) tftypes.Value {
	return convert.StringListValue(tftypes.Tuple{}, ss)
}

var noItems = tftypes.NewValue(tftypes.DynamicPseudoType, nil)

func TestDecodeBatchItemsTakesNativeTypes(t *testing.T) {
	ws := "5eed0000000000000000b001"
	components := tfObject(map[string]tftypes.Value{"api": tfObject(map[string]tftypes.Value{
		"root_workspace": str(ws), "type_id": str("p1"), "name": str("API"),
		"parent": tftypes.NewValue(tftypes.DynamicPseudoType, nil),
		"custom_fields": tfObject(map[string]tftypes.Value{
			"cost": tftypes.NewValue(tftypes.Number, 1200.5), "critical": tftypes.NewValue(tftypes.Bool, true),
			"regions": tuple("eu", "us"), "note": str("x"), "gone": tftypes.NewValue(tftypes.String, nil),
		}),
	})})
	refType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"source": tftypes.String, "target": tftypes.String, "type": tftypes.Number, "description": tftypes.String}}
	references := tftypes.NewValue(tftypes.Map{ElementType: refType}, map[string]tftypes.Value{
		"r": tftypes.NewValue(refType, map[string]tftypes.Value{"source": str("api"), "target": str(ws), "type": tftypes.NewValue(tftypes.Number, 2),
			"description": tftypes.NewValue(tftypes.String, nil)}),
	})
	items, known, diags := decodeBatchItems(components, references)
	if diags.HasError() || !known {
		t.Fatalf("known=%v diags=%v", known, diags)
	}
	want := batchItems{
		Components: map[string]entity.ComponentValues{"api": {RootWorkspace: ws, TypeID: "p1", Name: "API",
			CustomFields: map[string]fields.Value{"cost": {Text: "1200.5", Kind: fields.NumberField}, "critical": {Text: "true", Kind: fields.BoolField},
				"regions": fields.ListValue([]string{"eu", "us"}), "note": {Text: "x"}}}},
		References: map[string]entity.ReferenceValues{"r": {Source: "api", Target: ws, Type: 2}},
	}
	if !reflect.DeepEqual(want, items) {
		t.Fatalf("items\n%+v\nwant\n%+v", items, want)
	}
}

func TestDecodeBatchItemsReportsUnknownAndBadValues(t *testing.T) {
	unknownName := tfObject(map[string]tftypes.Value{"a": tfObject(map[string]tftypes.Value{
		"root_workspace": str("5eed0000000000000000b001"), "type_id": str("p1"), "name": tftypes.NewValue(tftypes.String, tftypes.UnknownValue)})})
	if _, known, diags := decodeBatchItems(unknownName, noItems); known || diags.HasError() {
		t.Fatalf("an unknown name: known=%v diags=%v", known, diags)
	}
	bad := tfObject(map[string]tftypes.Value{"r": tfObject(map[string]tftypes.Value{"source": str("a"), "target": tftypes.NewValue(tftypes.Bool, true),
		"type": tftypes.NewValue(tftypes.Number, 1.5), "colour": str("red"), "sourse": str("b"), "display_text": str("")})})
	_, _, diags := decodeBatchItems(noItems, bad)
	var got []string
	for _, d := range diags {
		got = append(got, d.Detail())
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{`references["r"]: "colour" is not an attribute of this item; the attributes are`,
		`references["r"]: "sourse" is not an attribute of this item (did you mean "source"?); the attributes are`, `references["r"].type must be a whole number; got "1.5"`,
		`references["r"].display_text must not be empty; leave it out for none.`} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in:\n%s", want, all)
		}
	}
	if strings.Contains(all, "target must") {
		t.Errorf("a boolean target converts to a string as Terraform would: %s", all)
	}
}

func TestDidYouMeanSuggestsTheClosestItemAttribute(t *testing.T) {
	allowed := []string{"root_workspace", "type_id", "name", "description", "parent", "custom_fields"}
	for in, want := range map[string]string{"typeid": ` (did you mean "type_id"?)`, "root_worksapce": ` (did you mean "root_workspace"?)`,
		"customfields": ` (did you mean "custom_fields"?)`, "colour": ""} {
		if got := didYouMean(in, allowed); got != want {
			t.Errorf("didYouMean(%q) = %q, want %q", in, got, want)
		}
	}
}
