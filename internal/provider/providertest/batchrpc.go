package providertest

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// BatchServer is what BatchRPC calls: ardoq_batch's plan, apply and read as Terraform sends them, to the
// whole provider's protocol server (the mux) or to package batch's server alone.
type BatchServer interface {
	PlanResourceChange(context.Context, *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error)
	ApplyResourceChange(context.Context, *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error)
	ReadResource(context.Context, *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error)
}

// BatchRPC drives ardoq_batch over the plugin protocol: each request is the msgpack Terraform sends
// (items as dynamic values, their types in the message). Typ is ardoq_batch's value type.
type BatchRPC struct {
	B      testing.TB
	Server BatchServer
	Typ    tftypes.Object
}

// BenchSizes are the sizes a benchmark runs at: defaults, or ARDOQ_BENCH_SIZES ("1000 100000").
func BenchSizes(b *testing.B, defaults ...int) []int {
	b.Helper()
	sizes := defaults
	if s := os.Getenv("ARDOQ_BENCH_SIZES"); s != "" {
		sizes = nil
		for _, f := range strings.Fields(s) {
			n, err := strconv.Atoi(f)
			if err != nil {
				b.Fatalf("ARDOQ_BENCH_SIZES: %v", err)
			}
			sizes = append(sizes, n)
		}
	}
	return sizes
}

// FixedClock is the emulator's clock in benchmarks, so that runs compare.
func FixedClock() time.Time { return time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC) }

func (r *BatchRPC) Check(call string, diags []*tfprotov6.Diagnostic) {
	r.B.Helper()
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			r.B.Fatalf("%s: %s: %s", call, d.Summary, d.Detail)
		}
	}
}

// Dynamic is an object value of typ with the attributes given and the others null, as msgpack.
func (r *BatchRPC) Dynamic(typ tftypes.Object, attrs map[string]tftypes.Value) *tfprotov6.DynamicValue {
	r.B.Helper()
	values := make(map[string]tftypes.Value, len(typ.AttributeTypes))
	for name, at := range typ.AttributeTypes {
		values[name] = tftypes.NewValue(at, nil)
		if v, ok := attrs[name]; ok {
			values[name] = v
		}
	}
	dv, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, values))
	if err != nil {
		r.B.Fatal(err)
	}
	return &dv
}

// SmallItems is bench/batch-small's configuration: n components (nine in ten below a parent, by key) and
// n references by key, as the objects a for expression makes; the first renamed components renamed.
func SmallItems(n, renamed int) map[string]tftypes.Value {
	componentType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"root_workspace": tftypes.String, "type_id": tftypes.String, "parent": tftypes.String, "name": tftypes.String}}
	referenceType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"source": tftypes.String, "target": tftypes.String, "type": tftypes.Number}}
	comps := make(map[string]tftypes.Value, n)
	compTypes := make(map[string]tftypes.Type, n)
	refs := make(map[string]tftypes.Value, n)
	refTypes := make(map[string]tftypes.Type, n)
	for i := range n {
		typeID, parent := "p1700000000002", tftypes.NewValue(tftypes.String, fmt.Sprintf("c%d", i-i%10))
		if i%10 == 0 {
			typeID, parent = "p1700000000001", tftypes.NewValue(tftypes.String, nil)
		}
		name := fmt.Sprintf("Component %d", i)
		if i < renamed {
			name = fmt.Sprintf("Renamed %d", i)
		}
		key := fmt.Sprintf("c%d", i)
		comps[key] = tftypes.NewValue(componentType, map[string]tftypes.Value{"root_workspace": TFStr("5eed0000000000000000b001"),
			"type_id": TFStr(typeID), "parent": parent, "name": TFStr(name)})
		compTypes[key] = componentType
		key = fmt.Sprintf("r%d", i)
		refs[key] = tftypes.NewValue(referenceType, map[string]tftypes.Value{"source": TFStr(fmt.Sprintf("c%d", i)),
			"target": TFStr(fmt.Sprintf("c%d", (i+1)%n)), "type": TFNum(1)})
		refTypes[key] = referenceType
	}
	return map[string]tftypes.Value{
		"components": tftypes.NewValue(tftypes.Object{AttributeTypes: compTypes}, comps),
		"references": tftypes.NewValue(tftypes.Object{AttributeTypes: refTypes}, refs),
	}
}

// Plan is PlanResourceChange with Terraform's proposed new state: the configuration, with the computed
// attributes of prior (null on create).
func (r *BatchRPC) Plan(prior *tfprotov6.DynamicValue, priorAttrs, config map[string]tftypes.Value) *tfprotov6.PlanResourceChangeResponse {
	r.B.Helper()
	if prior == nil {
		prior = &tfprotov6.DynamicValue{MsgPack: NullMsgPack(r.B, r.Typ)}
	}
	resp, err := r.Server.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{TypeName: "ardoq_batch",
		PriorState: prior, ProposedNewState: r.Dynamic(r.Typ, ProposedAttrs(priorAttrs, config)), Config: r.Dynamic(r.Typ, config)})
	if err != nil {
		r.B.Fatal(err)
	}
	r.Check("PlanResourceChange", resp.Diagnostics)
	return resp
}

// ProposedAttrs is Terraform's proposed new state: the configuration with prior's computed attributes.
func ProposedAttrs(priorAttrs, config map[string]tftypes.Value) map[string]tftypes.Value {
	proposed := map[string]tftypes.Value{}
	for name, v := range config {
		proposed[name] = v
	}
	for _, name := range []string{"id", "computed_components", "computed_references", "deletions"} { // ardoq_batch's computed-only attributes
		if v, ok := priorAttrs[name]; ok {
			proposed[name] = v
		}
	}
	return proposed
}

// Proposed is the proposed new state and the configuration of a plan from state to config, as msgpack.
func (r *BatchRPC) Proposed(state tftypes.Value, config map[string]tftypes.Value) (proposed, configValue *tfprotov6.DynamicValue) {
	r.B.Helper()
	var priorAttrs map[string]tftypes.Value
	if err := state.As(&priorAttrs); err != nil {
		r.B.Fatal(err)
	}
	return r.Dynamic(r.Typ, ProposedAttrs(priorAttrs, config)), r.Dynamic(r.Typ, config)
}

func (r *BatchRPC) Apply(prior, planned *tfprotov6.DynamicValue, config map[string]tftypes.Value) *tfprotov6.DynamicValue {
	r.B.Helper()
	if prior == nil {
		prior = &tfprotov6.DynamicValue{MsgPack: NullMsgPack(r.B, r.Typ)}
	}
	resp, err := r.Server.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{TypeName: "ardoq_batch",
		PriorState: prior, PlannedState: planned, Config: r.Dynamic(r.Typ, config)})
	if err != nil {
		r.B.Fatal(err)
	}
	r.Check("ApplyResourceChange", resp.Diagnostics)
	return resp.NewState
}

func (r *BatchRPC) Read(state *tfprotov6.DynamicValue) *tfprotov6.DynamicValue {
	r.B.Helper()
	resp, err := r.Server.ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{TypeName: "ardoq_batch", CurrentState: state})
	if err != nil {
		r.B.Fatal(err)
	}
	r.Check("ReadResource", resp.Diagnostics)
	return resp.NewState
}

func (r *BatchRPC) Attrs(state *tfprotov6.DynamicValue) map[string]tftypes.Value {
	r.B.Helper()
	v, err := state.Unmarshal(r.Typ)
	if err != nil {
		r.B.Fatal(err)
	}
	var out map[string]tftypes.Value
	if err := v.As(&out); err != nil {
		r.B.Fatal(err)
	}
	return out
}

// NullMsgPack is a null value of typ, as msgpack.
func NullMsgPack(b testing.TB, typ tftypes.Type) []byte {
	dv, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, nil))
	if err != nil {
		b.Fatal(err)
	}
	return dv.MsgPack
}
