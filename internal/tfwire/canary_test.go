package tfwire_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

// Canary of tfwire: terraform-plugin-go's codec (v0.31.0, tfprotov6.DynamicValue.Unmarshal, through
// tftypes/value_msgpack.go msgpackUnmarshalDynamic and tftypes/type.go ParseJSONType, which parses a
// dynamic value's type JSON with a json.Decoder per nested type) still allocates at least
// minAllocsRatio times what tfwire.Decode does for ardoq_batch's shape of value (many items of one
// object type in a dynamic attribute); today about 3.4 times. When this fails, upstream decodes such values
// about as cheaply: measure again as bench/README.md ("tfwire against terraform-plugin-go's codec") did,
// and if its memory is no higher, decode and encode with tfprotov6.DynamicValue and NewDynamicValue in
// batch.Server and remove internal/tfwire.
func TestCanary_tftypesDecodesDynamicItemsDearly(t *testing.T) {
	const n = 500
	item := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"name": tftypes.String, "type": tftypes.String,
		"parent": tftypes.String, "description": tftypes.String, "fields": tftypes.Map{ElementType: tftypes.String}}}
	itemTypes := map[string]tftypes.Type{}
	items := map[string]tftypes.Value{}
	for i := range n {
		key := fmt.Sprintf("item%d", i)
		itemTypes[key] = item
		items[key] = tftypes.NewValue(item, map[string]tftypes.Value{"name": tftypes.NewValue(tftypes.String, key),
			"type": tftypes.NewValue(tftypes.String, "Application"), "parent": tftypes.NewValue(tftypes.String, nil),
			"description": tftypes.NewValue(tftypes.String, "d"),
			"fields":      tftypes.NewValue(tftypes.Map{ElementType: tftypes.String}, map[string]tftypes.Value{"k": tftypes.NewValue(tftypes.String, "v")})})
	}
	schema := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"items": tftypes.DynamicPseudoType}}
	value := tftypes.NewValue(schema, map[string]tftypes.Value{"items": tftypes.NewValue(tftypes.Object{AttributeTypes: itemTypes}, items)})
	dv, err := tfprotov6.NewDynamicValue(schema, value)
	if err != nil {
		t.Fatal(err)
	}
	byTftypes := testing.AllocsPerRun(3, func() {
		if _, err := dv.Unmarshal(schema); err != nil {
			t.Fatal(err)
		}
	})
	byTfwire := testing.AllocsPerRun(3, func() {
		if _, err := tfwire.Decode(dv.MsgPack, schema); err != nil {
			t.Fatal(err)
		}
	})
	const minAllocsRatio = 2
	if byTftypes < minAllocsRatio*byTfwire {
		t.Fatalf("tfprotov6.DynamicValue.Unmarshal allocates %v against tfwire's %v, under %d times: measure both in ardoq_batch's "+
			"server again (bench/README.md, \"tfwire against terraform-plugin-go's codec\") and, if upstream's memory is no higher, "+
			"use tfprotov6's codec in batch.Server and remove internal/tfwire", byTftypes, byTfwire, minAllocsRatio)
	}
}
