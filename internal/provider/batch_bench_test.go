package provider

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Benchmarks of ardoq_batch's hot paths at 10,000 + 10,000 items, so that a quadratic step shows:
// run with `make bench-provider` and compare ns/op across sizes.

func benchItems(n int) (components, references tftypes.Value) {
	comps := make(map[string]tftypes.Value, n)
	refs := make(map[string]tftypes.Value, n)
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	for i := range n {
		attrs := map[string]tftypes.Value{"root_workspace": str("5eed0000000000000000b001"), "type_id": str("p1700000000001"),
			"name": str(fmt.Sprintf("App %d", i)), "custom_fields": objectOrMap(tftypes.Object{}, map[string]tftypes.Value{
				"external_id": str(fmt.Sprintf("app-%d", i)), "cost": tftypes.NewValue(tftypes.Number, i)})}
		if i > 0 {
			attrs["parent"] = str(fmt.Sprintf("c%d", i/2))
		}
		comps[fmt.Sprintf("c%d", i)] = objectOrMap(tftypes.Object{}, attrs)
		refs[fmt.Sprintf("r%d", i)] = objectOrMap(tftypes.Object{}, map[string]tftypes.Value{"source": str(fmt.Sprintf("c%d", i)),
			"target": str(fmt.Sprintf("c%d", (i+1)%n)), "type": tftypes.NewValue(tftypes.Number, 1)})
	}
	return objectOrMap(tftypes.Object{}, comps), objectOrMap(tftypes.Object{}, refs)
}

func BenchmarkBatchDecode(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		components, references := benchItems(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, _, diags := decodeBatchItems(components, references); diags.HasError() {
					b.Fatal(diags)
				}
			}
		})
	}
}

func BenchmarkPlanBatch(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		components, references := benchItems(n)
		planned, _, _ := decodeBatchItems(components, references)
		prior, _, _ := decodeBatchItems(components, references)
		i := 0
		for k, c := range prior.Components { // as applied: ids and versions known; one in ten renamed since
			c.ID, c.Version = fmt.Sprintf("%024x", i), 1
			if i%10 == 0 {
				c.Name += " (old)"
			}
			prior.Components[k] = c
			i++
		}
		for k, r := range prior.References {
			r.ID, r.Version = fmt.Sprintf("%024x", i), 1
			prior.References[k] = r
			i++
		}
		b.Run(fmt.Sprintf("create/%d", n), func(b *testing.B) {
			for b.Loop() {
				planBatch(batchPlanInput{plan: planned})
			}
		})
		b.Run(fmt.Sprintf("change/%d", n), func(b *testing.B) {
			for b.Loop() {
				planBatch(batchPlanInput{prior: prior, plan: planned})
			}
		})
	}
}

func BenchmarkBatchRender(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		components, references := benchItems(n)
		items, _, _ := decodeBatchItems(components, references)
		views := make(map[string]itemView, n)
		for k, c := range items.Components {
			views[k] = componentView(c)
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				renderItems(components, views)
				computedComponents(items.Components, nil)
			}
		})
	}
}
