package provider

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// Benchmarks of ardoq_batch end to end inside the provider, as Terraform drives it over the plugin
// protocol: each RPC's request is the msgpack Terraform sends (items as dynamic values, their types in
// the message) and includes the framework's conversions, the provider's stages and the requests to an
// in-process emulator. Terraform's own cost is not in them (make bench measures that next to
// terraform_data). Sizes: 1,000 and 10,000 + as many references; ARDOQ_BENCH_SIZES="1000 100000" picks.

func benchSizes(b *testing.B, defaults ...int) []int {
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

// batchRPC is one provider server configured against its own emulator.
type batchRPC struct {
	b      testing.TB
	server tfprotov6.ProviderServer
	typ    tftypes.Object
}

func newBatchRPC(b testing.TB) *batchRPC {
	b.Helper()
	return newBatchRPCWith(b, NewProtocol6("bench"))
}

// newBatchRPCWith is newBatchRPC with the given server, in a fresh emulated org.
func newBatchRPCWith(b testing.TB, newServer func() (tfprotov6.ProviderServer, error)) *batchRPC {
	b.Helper()
	ctx := context.Background()
	org, err := emulator.New(emulator.WithRequestLog(0, 0), emulator.WithDeterministicIDs(), emulator.WithClock(fixedClock))
	if err != nil {
		b.Fatal(err)
	}
	api := httptest.NewServer(org)
	b.Cleanup(api.Close)
	server, err := newServer()
	if err != nil {
		b.Fatal(err)
	}
	schemas, err := server.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		b.Fatal(err)
	}
	r := &batchRPC{b: b, server: server, typ: schemas.ResourceSchemas["ardoq_batch"].ValueType().(tftypes.Object)}
	providerType := schemas.Provider.ValueType().(tftypes.Object)
	resp, err := server.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{TerraformVersion: "1.15.9",
		Config: r.dynamic(providerType, map[string]tftypes.Value{"base_url": tfStr(api.URL), "api_token": tfStr("emulator-token"), "org": tfStr("emulated")})})
	if err != nil {
		b.Fatal(err)
	}
	r.check("ConfigureProvider", resp.Diagnostics)
	return r
}

func (r *batchRPC) check(call string, diags []*tfprotov6.Diagnostic) {
	r.b.Helper()
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			r.b.Fatalf("%s: %s: %s", call, d.Summary, d.Detail)
		}
	}
}

// dynamic is an object value of typ with the attributes given and the others null, as msgpack.
func (r *batchRPC) dynamic(typ tftypes.Object, attrs map[string]tftypes.Value) *tfprotov6.DynamicValue {
	r.b.Helper()
	values := make(map[string]tftypes.Value, len(typ.AttributeTypes))
	for name, at := range typ.AttributeTypes {
		values[name] = tftypes.NewValue(at, nil)
		if v, ok := attrs[name]; ok {
			values[name] = v
		}
	}
	dv, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, values))
	if err != nil {
		r.b.Fatal(err)
	}
	return &dv
}

// smallItems is bench/batch-small's configuration: n components (nine in ten below a parent, by key) and
// n references by key, as the objects a for expression makes; the first renamed components renamed.
func smallItems(n, renamed int) map[string]tftypes.Value {
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
		comps[key] = tftypes.NewValue(componentType, map[string]tftypes.Value{"root_workspace": tfStr("5eed0000000000000000b001"),
			"type_id": tfStr(typeID), "parent": parent, "name": tfStr(name)})
		compTypes[key] = componentType
		key = fmt.Sprintf("r%d", i)
		refs[key] = tftypes.NewValue(referenceType, map[string]tftypes.Value{"source": tfStr(fmt.Sprintf("c%d", i)),
			"target": tfStr(fmt.Sprintf("c%d", (i+1)%n)), "type": tfNum(1)})
		refTypes[key] = referenceType
	}
	return map[string]tftypes.Value{
		"components": tftypes.NewValue(tftypes.Object{AttributeTypes: compTypes}, comps),
		"references": tftypes.NewValue(tftypes.Object{AttributeTypes: refTypes}, refs),
	}
}

// plan is PlanResourceChange with Terraform's proposed new state: the configuration, with the computed
// attributes of prior (null on create).
func (r *batchRPC) plan(prior *tfprotov6.DynamicValue, priorAttrs, config map[string]tftypes.Value) *tfprotov6.PlanResourceChangeResponse {
	r.b.Helper()
	if prior == nil {
		prior = &tfprotov6.DynamicValue{MsgPack: nullMsgPack(r.b, r.typ)}
	}
	resp, err := r.server.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{TypeName: "ardoq_batch",
		PriorState: prior, ProposedNewState: r.dynamic(r.typ, proposedAttrs(priorAttrs, config)), Config: r.dynamic(r.typ, config)})
	if err != nil {
		r.b.Fatal(err)
	}
	r.check("PlanResourceChange", resp.Diagnostics)
	return resp
}

// proposedAttrs is Terraform's proposed new state: the configuration with prior's computed attributes.
func proposedAttrs(priorAttrs, config map[string]tftypes.Value) map[string]tftypes.Value {
	proposed := map[string]tftypes.Value{}
	for name, v := range config {
		proposed[name] = v
	}
	for _, name := range []string{"id", "computed_components", "computed_references"} {
		if v, ok := priorAttrs[name]; ok {
			proposed[name] = v
		}
	}
	return proposed
}

// proposed is the proposed new state and the configuration of a plan from state to config, as msgpack.
func (r *batchRPC) proposed(state tftypes.Value, config map[string]tftypes.Value) (proposed, configValue *tfprotov6.DynamicValue) {
	r.b.Helper()
	var priorAttrs map[string]tftypes.Value
	if err := state.As(&priorAttrs); err != nil {
		r.b.Fatal(err)
	}
	return r.dynamic(r.typ, proposedAttrs(priorAttrs, config)), r.dynamic(r.typ, config)
}

func (r *batchRPC) apply(prior, planned *tfprotov6.DynamicValue, config map[string]tftypes.Value) *tfprotov6.DynamicValue {
	r.b.Helper()
	if prior == nil {
		prior = &tfprotov6.DynamicValue{MsgPack: nullMsgPack(r.b, r.typ)}
	}
	resp, err := r.server.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{TypeName: "ardoq_batch",
		PriorState: prior, PlannedState: planned, Config: r.dynamic(r.typ, config)})
	if err != nil {
		r.b.Fatal(err)
	}
	r.check("ApplyResourceChange", resp.Diagnostics)
	return resp.NewState
}

func (r *batchRPC) read(state *tfprotov6.DynamicValue) *tfprotov6.DynamicValue {
	r.b.Helper()
	resp, err := r.server.ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{TypeName: "ardoq_batch", CurrentState: state})
	if err != nil {
		r.b.Fatal(err)
	}
	r.check("ReadResource", resp.Diagnostics)
	return resp.NewState
}

func (r *batchRPC) attrs(state *tfprotov6.DynamicValue) map[string]tftypes.Value {
	r.b.Helper()
	v, err := state.Unmarshal(r.typ)
	if err != nil {
		r.b.Fatal(err)
	}
	var out map[string]tftypes.Value
	if err := v.As(&out); err != nil {
		r.b.Fatal(err)
	}
	return out
}

func nullMsgPack(b testing.TB, typ tftypes.Type) []byte {
	dv, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, nil))
	if err != nil {
		b.Fatal(err)
	}
	return dv.MsgPack
}

// BenchmarkBatchRPC runs each step of make bench's batch-small workload on its own: the create's plan and
// apply, a refresh, a plan with no change, and the plan and apply of a change to ten items.
func BenchmarkBatchRPC(b *testing.B) {
	for _, n := range benchSizes(b, 1000, 10000) {
		config, changed := smallItems(n, 0), smallItems(n, 10)
		b.Run(fmt.Sprintf("plan-create/%d", n), func(b *testing.B) {
			r := newBatchRPC(b)
			for b.Loop() {
				r.plan(nil, nil, config)
			}
		})
		b.Run(fmt.Sprintf("apply-create/%d", n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				r := newBatchRPC(b)
				planned := r.plan(nil, nil, config).PlannedState
				b.StartTimer()
				r.apply(nil, planned, config)
			}
		})
		r := newBatchRPC(b)
		state := r.apply(nil, r.plan(nil, nil, config).PlannedState, config)
		stateAttrs := r.attrs(state)
		b.Run(fmt.Sprintf("refresh/%d", n), func(b *testing.B) {
			for b.Loop() {
				r.read(state)
			}
		})
		b.Run(fmt.Sprintf("plan-no-change/%d", n), func(b *testing.B) {
			for b.Loop() {
				r.plan(state, stateAttrs, config)
			}
		})
		b.Run(fmt.Sprintf("plan-change-10/%d", n), func(b *testing.B) {
			for b.Loop() {
				r.plan(state, stateAttrs, changed)
			}
		})
		b.Run(fmt.Sprintf("apply-change-10/%d", n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				planned := r.plan(state, stateAttrs, changed).PlannedState
				b.StartTimer()
				// Ardoq's versions move on after the first iteration: the apply would be refused as a
				// conflict, so each iteration applies to the state the previous one left.
				state = r.apply(state, planned, changed)
				stateAttrs = r.attrs(state)
				changed, config = config, changed
			}
		})
	}
}

func fixedClock() time.Time { return time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC) }

// The protocol server plans, applies and reads ardoq_batch as the framework's server does: the same
// planned values, the same states, through a create, a refresh, a plan with no change, a change of ten
// items and a destroy, each side against its own identical org.
func TestBatchProtocol_sameAsFramework(t *testing.T) {
	framework := func() (tfprotov6.ProviderServer, error) {
		return providerserver.NewProtocol6WithError(New("bench")())()
	}
	sides := []*batchRPC{newBatchRPCWith(t, framework), newBatchRPCWith(t, NewProtocol6("bench"))}
	config, changed := smallItems(30, 0), smallItems(30, 10)
	same := func(step string, got []*tfprotov6.DynamicValue) {
		t.Helper()
		var values [2]map[string]tftypes.Value
		for i, dv := range got {
			values[i] = sides[i].attrs(dv)
			if id, ok := values[i]["id"]; ok { // random per resource: compared by whether it is known, and null
				values[i]["id"] = tftypes.NewValue(tftypes.String, fmt.Sprintf("known %t, null %t", id.IsKnown(), id.IsKnown() && id.IsNull()))
			}
		}
		for name, v := range values[0] {
			if !v.Equal(values[1][name]) {
				t.Errorf("%s: %s differs:\nframework: %s\nprotocol:  %s", step, name, v, values[1][name])
			}
		}
		if len(values[0]) != len(values[1]) {
			t.Errorf("%s: %d attributes from the framework, %d from the protocol server", step, len(values[0]), len(values[1]))
		}
	}
	var states [2]*tfprotov6.DynamicValue
	var attrs [2]map[string]tftypes.Value
	each := func(f func(i int, r *batchRPC) *tfprotov6.DynamicValue) []*tfprotov6.DynamicValue {
		out := make([]*tfprotov6.DynamicValue, 2)
		for i, r := range sides {
			out[i] = f(i, r)
		}
		return out
	}
	planned := each(func(_ int, r *batchRPC) *tfprotov6.DynamicValue { return r.plan(nil, nil, config).PlannedState })
	same("plan (create)", planned)
	created := each(func(i int, r *batchRPC) *tfprotov6.DynamicValue { return r.apply(nil, planned[i], config) })
	same("apply (create)", created)
	refreshed := each(func(i int, r *batchRPC) *tfprotov6.DynamicValue { return r.read(created[i]) })
	same("refresh", refreshed)
	for i, r := range sides {
		states[i], attrs[i] = refreshed[i], r.attrs(refreshed[i])
	}
	same("plan (no change)", each(func(i int, r *batchRPC) *tfprotov6.DynamicValue {
		return r.plan(states[i], attrs[i], config).PlannedState
	}))
	planned = each(func(i int, r *batchRPC) *tfprotov6.DynamicValue {
		return r.plan(states[i], attrs[i], changed).PlannedState
	})
	same("plan (change 10)", planned)
	same("apply (change 10)", each(func(i int, r *batchRPC) *tfprotov6.DynamicValue { return r.apply(states[i], planned[i], changed) }))
}
