package batch

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

// Protocol serves ardoq_batch's RPCs without terraform-plugin-framework's server. The framework walks a
// resource's whole value several times per plan (defaults, write-only attributes, blocks, computed
// values, plan modifiers, semantic equality), looking each value's path up in the schema; for ardoq_batch,
// whose items are one dynamic value, none of those passes changes anything, and at 10,000 items they took
// most of a plan's time and memory (BenchmarkBatchRPC). The resource's own methods are the same either way.
type Protocol struct {
	schema schema.Schema
	typ    tftypes.Object
}

// NewProtocol returns ardoq_batch's protocol handlers.
func NewProtocol() (*Protocol, error) {
	s := batchSchema()
	typ, ok := s.Type().TerraformType(context.Background()).(tftypes.Object)
	if !ok {
		return nil, fmt.Errorf("ardoq_batch's schema is not an object")
	}
	return &Protocol{schema: s, typ: typ}, nil
}

// Type is ardoq_batch's value type; SchemaVersion its schema's version.
func (s *Protocol) Type() tftypes.Object { return s.typ }

func (s *Protocol) SchemaVersion() int64 { return s.schema.Version }

// TypeName is the resource type this package serves.
const TypeName = "ardoq_batch"

func batchOf(data *providerdata.Data) (*batchResource, []*tfprotov6.Diagnostic) {
	if data == nil {
		return nil, []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError, Summary: "Provider Not Configured",
			Detail: "ardoq_batch was called before the provider was configured. This is a bug in the provider: please report it."}}
	}
	return &batchResource{data: data}, nil
}

// values decodes the named values, sharing the items they have in common (tfwire.Values); a nil one is
// null.
func (s *Protocol) values(named ...*tfprotov6.DynamicValue) ([]tftypes.Value, []*tfprotov6.Diagnostic) {
	out := make([]tftypes.Value, len(named))
	shared := tfwire.NewValues(len(named) > 1)
	for i, dv := range named {
		out[i] = tftypes.NewValue(s.typ, nil)
		if dv == nil {
			continue
		}
		v, err := unmarshalDynamic(dv, s.typ, shared)
		if err != nil {
			return nil, []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError, Summary: "Unable to Read ardoq_batch's Value",
				Detail: "Terraform sent a value the provider could not decode: " + err.Error()}}
		}
		out[i] = v
	}
	return out, nil
}

// unmarshalDynamic decodes what Terraform sends: msgpack with shared (tfwire.Values), JSON (which Terraform
// does not send for resource values) as tftypes does.
func unmarshalDynamic(dv *tfprotov6.DynamicValue, typ tftypes.Type, shared *tfwire.Values) (tftypes.Value, error) {
	if len(dv.MsgPack) == 0 {
		return dv.Unmarshal(typ)
	}
	return shared.Decode(dv.MsgPack, typ)
}

func (s *Protocol) dynamic(v tftypes.Value) (*tfprotov6.DynamicValue, []*tfprotov6.Diagnostic) {
	encoded, err := tfwire.Encode(v, s.typ)
	if err != nil {
		return nil, []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError, Summary: "Unable to Encode ardoq_batch's Value",
			Detail: "This is a bug in the provider: please report it. " + err.Error()}}
	}
	return &tfprotov6.DynamicValue{MsgPack: encoded}, nil
}

// PlanResourceChange plans ardoq_batch, with data the configured provider's (nil before Configure).
func (s *Protocol) PlanResourceChange(ctx context.Context, data *providerdata.Data, req *tfprotov6.PlanResourceChangeRequest) *tfprotov6.PlanResourceChangeResponse {
	resp := &tfprotov6.PlanResourceChangeResponse{PlannedPrivate: req.PriorPrivate}
	if tfwire.SameMsgPack(req.PriorState, req.ProposedNewState) {
		// The plan of an unchanged batch is its state: nothing below would alter it (diagnostics.PlanChanges), so it
		// is not decoded (at 20,000 + 20,000 items, three values of tens of MiB each).
		resp.PlannedState = req.ProposedNewState
		return resp
	}
	vals, diags := s.values(req.PriorState, req.ProposedNewState, req.Config)
	if diags != nil {
		resp.Diagnostics = diags
		return resp
	}
	prior, planned, config := vals[0], vals[1], vals[2]
	if !planned.IsNull() && !planned.Equal(prior) {
		planned = s.plannedComputed(prior, planned)
	}
	if !planned.IsNull() {
		r, diags := batchOf(data)
		if diags != nil {
			resp.Diagnostics = diags
			return resp
		}
		modify := resource.ModifyPlanResponse{Plan: tfsdk.Plan{Raw: planned, Schema: s.schema}}
		r.ModifyPlan(ctx, resource.ModifyPlanRequest{ClientCapabilities: planCapabilities(req.ClientCapabilities),
			Config: tfsdk.Config{Raw: config, Schema: s.schema}, Plan: modify.Plan, State: tfsdk.State{Raw: prior, Schema: s.schema}}, &modify)
		resp.Diagnostics = diagnostics.ToProtocol(modify.Diagnostics)
		if modify.Diagnostics.HasError() {
			return resp
		}
		planned = modify.Plan.Raw
	}
	resp.PlannedState, diags = s.dynamic(planned)
	resp.Diagnostics = append(resp.Diagnostics, diags...)
	return resp
}

// plannedComputed does what the framework does to a changing plan: the computed attributes are unknown,
// and id keeps its value (UseStateForUnknown).
func (s *Protocol) plannedComputed(prior, planned tftypes.Value) tftypes.Value {
	attrs := batchRawOf(planned)
	priorAttrs := batchRawOf(prior)
	with := batchRaw{}
	for name, a := range s.schema.Attributes {
		if !a.IsComputed() || a.IsOptional() || a.IsRequired() || !attrs.get(name).IsNull() {
			continue
		}
		with[name] = tftypes.NewValue(s.typ.AttributeTypes[name], tftypes.UnknownValue)
		if name == "id" && !prior.IsNull() {
			with[name] = priorAttrs.get(name)
		}
	}
	return attrs.value(s.typ, with)
}

func planCapabilities(c *tfprotov6.PlanResourceChangeClientCapabilities) resource.ModifyPlanClientCapabilities {
	return resource.ModifyPlanClientCapabilities{DeferralAllowed: c != nil && c.DeferralAllowed}
}

// ApplyResourceChange applies ardoq_batch's plan, with data the configured provider's.
func (s *Protocol) ApplyResourceChange(ctx context.Context, data *providerdata.Data, req *tfprotov6.ApplyResourceChangeRequest) *tfprotov6.ApplyResourceChangeResponse {
	resp := &tfprotov6.ApplyResourceChangeResponse{Private: req.PlannedPrivate}
	vals, diags := s.values(req.PriorState, req.PlannedState, req.Config)
	if diags == nil {
		var r *batchResource
		if r, diags = batchOf(data); diags == nil {
			var state tftypes.Value
			state, diags = s.apply(ctx, r, vals[0], vals[1], vals[2])
			resp.NewState, resp.Diagnostics = s.dynamic(state)
		}
	}
	resp.Diagnostics = append(resp.Diagnostics, diags...)
	return resp
}

// apply creates, updates or deletes, as the framework would: the new state starts as null for a create
// and as the prior state otherwise, and a delete without errors leaves null.
func (s *Protocol) apply(ctx context.Context, r *batchResource, prior, planned, config tftypes.Value) (tftypes.Value, []*tfprotov6.Diagnostic) {
	state := tfsdk.State{Raw: prior, Schema: s.schema}
	var d diag.Diagnostics
	switch {
	case planned.IsNull():
		resp := resource.DeleteResponse{State: state}
		r.Delete(ctx, resource.DeleteRequest{State: state}, &resp)
		d, state = resp.Diagnostics, resp.State
		if !d.HasError() {
			state.Raw = tftypes.NewValue(s.typ, nil)
		}
	case prior.IsNull():
		resp := resource.CreateResponse{State: state}
		r.Create(ctx, resource.CreateRequest{Plan: tfsdk.Plan{Raw: planned, Schema: s.schema}, Config: tfsdk.Config{Raw: config, Schema: s.schema}}, &resp)
		d, state = resp.Diagnostics, resp.State
	default:
		resp := resource.UpdateResponse{State: state}
		r.Update(ctx, resource.UpdateRequest{Plan: tfsdk.Plan{Raw: planned, Schema: s.schema}, Config: tfsdk.Config{Raw: config, Schema: s.schema},
			State: state}, &resp)
		d, state = resp.Diagnostics, resp.State
	}
	return state.Raw, diagnostics.ToProtocol(d)
}

// ReadResource refreshes ardoq_batch, with data the configured provider's.
func (s *Protocol) ReadResource(ctx context.Context, data *providerdata.Data, req *tfprotov6.ReadResourceRequest) *tfprotov6.ReadResourceResponse {
	resp := &tfprotov6.ReadResourceResponse{Private: req.Private}
	vals, diags := s.values(req.CurrentState)
	if diags == nil {
		var r *batchResource
		if r, diags = batchOf(data); diags == nil {
			state := tfsdk.State{Raw: vals[0], Schema: s.schema}
			read := resource.ReadResponse{State: state}
			r.Read(ctx, resource.ReadRequest{State: state}, &read)
			diags = diagnostics.ToProtocol(read.Diagnostics)
			var encodeDiags []*tfprotov6.Diagnostic
			resp.NewState, encodeDiags = s.dynamic(read.State.Raw)
			diags = append(diags, encodeDiags...)
		}
	}
	resp.Diagnostics = diags
	return resp
}
