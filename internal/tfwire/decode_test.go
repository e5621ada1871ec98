package tfwire_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire/tfwiretest"
)

// Decode gives what tftypes.ValueFromMsgPack gives, and what Encode writes tftypes reads as
// the value encoded: for dynamic values of every kind of type,
// with nulls, unknowns, numbers in each encoding (infinities too) and names that need escaping in JSON.
func TestMsgPack_sameAsTftypes(t *testing.T) {
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	num := func(f *big.Float) tftypes.Value { return tftypes.NewValue(tftypes.Number, f) }
	huge, _, _ := big.ParseFloat("123456789012345678901234567890.5", 10, 512, big.ToNearestEven)
	strList := tftypes.List{ElementType: tftypes.String}
	item := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"name": tftypes.String, "n": tftypes.Number, "ok": tftypes.Bool,
		"tags": strList, "set": tftypes.Set{ElementType: tftypes.Number}, "m": tftypes.Map{ElementType: tftypes.String},
		"tuple": tftypes.Tuple{ElementTypes: []tftypes.Type{tftypes.String, tftypes.Number}}, `we"ird\key ✓`: tftypes.String,
		"nested": tftypes.Object{AttributeTypes: map[string]tftypes.Type{"x": tftypes.DynamicPseudoType}}}}
	itemValue := func(name string, n *big.Float) tftypes.Value {
		return tftypes.NewValue(item, map[string]tftypes.Value{"name": str(name), "n": num(n), "ok": tftypes.NewValue(tftypes.Bool, true),
			"tags": tftypes.NewValue(strList, []tftypes.Value{str("a"), tftypes.NewValue(tftypes.String, tftypes.UnknownValue)}),
			"set":  tftypes.NewValue(tftypes.Set{ElementType: tftypes.Number}, []tftypes.Value{num(n)}),
			"m":    tftypes.NewValue(tftypes.Map{ElementType: tftypes.String}, map[string]tftypes.Value{"k": tftypes.NewValue(tftypes.String, nil)}),
			"tuple": tftypes.NewValue(tftypes.Tuple{ElementTypes: []tftypes.Type{tftypes.String, tftypes.Number}},
				[]tftypes.Value{str("t"), num(n)}),
			`we"ird\key ✓`: str("é"),
			"nested": tftypes.NewValue(tftypes.Object{AttributeTypes: map[string]tftypes.Type{"x": tftypes.DynamicPseudoType}},
				map[string]tftypes.Value{"x": str("inside")}),
		})
	}
	items := map[string]tftypes.Value{}
	itemTypes := map[string]tftypes.Type{}
	for i, n := range []*big.Float{big.NewFloat(0), big.NewFloat(-7), big.NewFloat(300), big.NewFloat(70000), big.NewFloat(5e9),
		big.NewFloat(-5e9), big.NewFloat(1.25), huge, big.NewFloat(math.Inf(1)), big.NewFloat(math.Inf(-1))} {
		key := string(rune('a' + i))
		items[key], itemTypes[key] = itemValue(key, n), item
	}
	schema := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String, "items": tftypes.DynamicPseudoType,
		"empty": tftypes.DynamicPseudoType, "null": tftypes.DynamicPseudoType, "unknown": tftypes.DynamicPseudoType,
		"dyn_list": tftypes.List{ElementType: tftypes.DynamicPseudoType}, "computed": tftypes.Map{ElementType: item}}}
	value := tftypes.NewValue(schema, map[string]tftypes.Value{
		"id":      tftypes.NewValue(tftypes.String, tftypes.UnknownValue),
		"items":   tftypes.NewValue(tftypes.Object{AttributeTypes: itemTypes}, items),
		"empty":   tftypes.NewValue(tftypes.Object{AttributeTypes: map[string]tftypes.Type{}}, map[string]tftypes.Value{}),
		"null":    tftypes.NewValue(tftypes.DynamicPseudoType, nil),
		"unknown": tftypes.NewValue(tftypes.DynamicPseudoType, tftypes.UnknownValue),
		"dyn_list": tftypes.NewValue(tftypes.List{ElementType: tftypes.DynamicPseudoType}, []tftypes.Value{
			str("one"), str("two")}),
		"computed": tftypes.NewValue(tftypes.Map{ElementType: item}, map[string]tftypes.Value{"a": itemValue("c", huge)}),
	})
	values := []struct {
		name  string
		typ   tftypes.Type
		value tftypes.Value
	}{{"every kind of type", schema, value}, {"a null resource", schema, tftypes.NewValue(schema, nil)}}

	for _, tc := range values {
		t.Run(tc.name, func(t *testing.T) { tfwiretest.SameAsTftypes(t, tc.typ, tc.value) })
	}
	t.Run("some attributes", func(t *testing.T) { sameAttributes(t, schema, value, "computed", "id", "unknown") })
	t.Run("some attributes of a null resource", func(t *testing.T) { sameAttributes(t, schema, tftypes.NewValue(schema, nil), "id") })
	t.Run("element strings", func(t *testing.T) {
		var attrs map[string]tftypes.Value
		if err := value.As(&attrs); err != nil {
			t.Fatal(err)
		}
		attrs["computed"] = tftypes.NewValue(tftypes.Map{ElementType: item}, map[string]tftypes.Value{"a": itemValue("c", huge),
			"b": itemValue("d", huge), "null": tftypes.NewValue(item, nil), "unknown": tftypes.NewValue(item, tftypes.UnknownValue)})
		computed := tftypes.NewValue(schema, attrs)
		dv, err := tfprotov6.NewDynamicValue(schema, computed)
		if err != nil {
			t.Fatal(err)
		}
		got, err := tfwire.ElementStrings(dv.MsgPack, schema, "computed", "name")
		if err != nil || len(got) != 2 || got["a"] != "c" || got["b"] != "d" {
			t.Fatalf("names %v, %v", got, err)
		}
		if _, err := tfwire.ElementStrings(dv.MsgPack, schema, "computed", "n"); err == nil {
			t.Fatal("a number read as a string")
		}
	})
}

// sameAttributes checks that DecodeAttributes reads the named attributes of value as tftypes reads them,
// and no others.
func sameAttributes(t *testing.T, schema tftypes.Object, value tftypes.Value, names ...string) {
	t.Helper()
	dv, err := tfprotov6.NewDynamicValue(schema, value)
	if err != nil {
		t.Fatal(err)
	}
	got, err := tfwire.DecodeAttributes(dv.MsgPack, schema, names...)
	if err != nil {
		t.Fatal(err)
	}
	if value.IsNull() {
		if got != nil {
			t.Fatalf("a null value's attributes: %v", got)
		}
		return
	}
	var want map[string]tftypes.Value
	if err := value.As(&want); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(names) {
		t.Fatalf("read %d attributes, want %d: %v", len(got), len(names), got)
	}
	for _, name := range names {
		if !got[name].Equal(want[name]) || got[name].String() != want[name].String() {
			t.Errorf("%s: %s", name, tfwiretest.Differences(got[name], want[name]))
		}
	}
}

// Values decoded together share their items only where type and bytes are the same: an item whose
// bytes equal another's but whose type differs (a null of another type) is its own value, and every
// value reads as tftypes reads it alone.
func TestMsgPack_sharedItemsKeepTheirTypes(t *testing.T) {
	withP := func(p tftypes.Type, v any) tftypes.Value {
		return tftypes.NewValue(tftypes.Object{AttributeTypes: map[string]tftypes.Type{"p": p}}, map[string]tftypes.Value{"p": tftypes.NewValue(p, v)})
	}
	computed := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String}}
	schema := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"items": tftypes.DynamicPseudoType, "computed": tftypes.Map{ElementType: computed}}}
	resource := func(a tftypes.Value, id string) tftypes.Value {
		items := map[string]tftypes.Value{"a": a, "b": withP(tftypes.String, "x")}
		itemTypes := map[string]tftypes.Type{"a": a.Type(), "b": items["b"].Type()}
		return tftypes.NewValue(schema, map[string]tftypes.Value{
			"items": tftypes.NewValue(tftypes.Object{AttributeTypes: itemTypes}, items),
			"computed": tftypes.NewValue(tftypes.Map{ElementType: computed}, map[string]tftypes.Value{
				"a": tftypes.NewValue(computed, map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, id)})}),
		})
	}
	values := []tftypes.Value{
		resource(withP(tftypes.String, nil), "1"),
		resource(withP(tftypes.DynamicPseudoType, nil), "1"), // a's bytes as above, another type
		resource(withP(tftypes.String, nil), "2"),
	}
	shared := tfwire.NewValues(true)
	for i, v := range values {
		dv, err := tfprotov6.NewDynamicValue(schema, v)
		if err != nil {
			t.Fatal(err)
		}
		want, err := dv.Unmarshal(schema)
		if err != nil {
			t.Fatal(err)
		}
		got, err := shared.Decode(dv.MsgPack, schema)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Equal(want) || got.String() != want.String() {
			t.Fatalf("value %d decoded with the others differs from its own: %s", i, tfwiretest.Differences(got, want))
		}
	}
	// a with a string, a with a dynamic p, b once; computed "a" with id 1 and with id 2
	if shared.ItemCount() != 5 {
		t.Errorf("%d distinct items kept, want 5", shared.ItemCount())
	}
}
