package batch

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/moves"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// BenchmarkMovesKept measures the memory the move conflict check (moves.Plans) keeps after a batch's plan
// in a process that plans no single resource: the heap after the plan, less the heap once the records are
// let go. The request is the plan's own copy, as Terraform's is, so what the records hold of it counts.
// ns/op is the plan's alone.
// Sizes: 20,000 + as many references (ARDOQ_BENCH_SIZES picks others).
func BenchmarkMovesKept(b *testing.B) {
	for _, n := range providertest.BenchSizes(b, 20000) {
		config := providertest.SmallItems(n, 0)
		r, p, data := newProtocolRPC(b)
		state := r.Apply(nil, r.Plan(nil, nil, config).PlannedState, config)
		attrs := r.Attrs(state)
		for _, step := range []struct {
			name   string
			config map[string]tftypes.Value
		}{{"same-bytes", nil}, {"no-change", config}, {"change-10", providertest.SmallItems(n, 10)}} {
			b.Run(fmt.Sprintf("%s/%d", step.name, n), func(b *testing.B) {
				var kept uint64
				for b.Loop() {
					b.StopTimer()
					data.Moves = moves.NewPlans()
					req := &tfprotov6.PlanResourceChangeRequest{TypeName: TypeName,
						PriorState:       &tfprotov6.DynamicValue{MsgPack: bytes.Clone(state.MsgPack)},
						ProposedNewState: &tfprotov6.DynamicValue{MsgPack: bytes.Clone(state.MsgPack)}} // Terraform's own encoding: not decoded
					if step.config != nil { // this provider's encoding of the state and tftypes' of the proposal differ: decoded
						req.ProposedNewState = r.Dynamic(r.Typ, providertest.ProposedAttrs(attrs, step.config))
						req.Config = r.Dynamic(r.Typ, step.config)
					}
					b.StartTimer()
					resp, err := p.PlanResourceChange(context.Background(), req)
					if err != nil {
						b.Fatal(err)
					}
					b.StopTimer()
					r.Check("PlanResourceChange", resp.Diagnostics)
					withRecords := heapInUse()
					data.Moves = moves.NewPlans()
					kept = withRecords - heapInUse()
					b.StartTimer()
				}
				b.ReportMetric(float64(kept), "B-kept")
			})
		}
	}
}

func heapInUse() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
