package provider

import (
	"bytes"
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

// frameworkServer is what terraform-plugin-framework's server implements: the protocol with list
// resources, actions and state stores, which Terraform finds by these interfaces.
type frameworkServer interface {
	tfprotov6.ProviderServer
	tfprotov6.ListResourceServer
	tfprotov6.ActionServer
	tfprotov6.StateStoreServer
}

// protocolServer is the framework's server, except that it plans, applies and reads ardoq_batch itself.
// For every other RPC, and every other resource, the framework serves. The framework walks a resource's
// whole value several times per plan (defaults, write-only attributes, blocks, computed values, plan
// modifiers, semantic equality), looking each value's path up in the schema; for ardoq_batch, whose items
// are one dynamic value, none of those passes changes anything, and at 10,000 items they took most of a
// plan's time and memory (BenchmarkBatchRPC). The batch's own methods are the same either way.
type protocolServer struct {
	frameworkServer
	provider *ardoqProvider
	schema   schema.Schema
	typ      tftypes.Object
	settled  map[string]settledShape // protocol_settled.go
}

// NewProtocol6 returns the provider's protocol server: the framework's, with ardoq_batch served directly.
func NewProtocol6(version string) func() (tfprotov6.ProviderServer, error) {
	return func() (tfprotov6.ProviderServer, error) {
		p := &ardoqProvider{version: version}
		fw, err := providerserver.NewProtocol6WithError(p)()
		if err != nil {
			return nil, err
		}
		full, ok := fw.(frameworkServer)
		if !ok {
			return nil, fmt.Errorf("terraform-plugin-framework's server lacks the list resource, action or state store RPCs")
		}
		s := batchSchema()
		typ, ok := s.Type().TerraformType(context.Background()).(tftypes.Object)
		if !ok {
			return nil, fmt.Errorf("ardoq_batch's schema is not an object")
		}
		settled, err := settledResources(context.Background())
		if err != nil {
			return nil, err
		}
		return &protocolServer{frameworkServer: full, provider: p, schema: s, typ: typ, settled: settled}, nil
	}
}

const batchTypeName = "ardoq_batch"

func (s *protocolServer) batch() (*batchResource, []*tfprotov6.Diagnostic) {
	if s.provider.data == nil {
		return nil, []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError, Summary: "Provider Not Configured",
			Detail: "ardoq_batch was called before the provider was configured. This is a bug in the provider: please report it."}}
	}
	return &batchResource{data: s.provider.data}, nil
}

// values decodes the named values, sharing the items they have in common (tfwire.Values); a nil one is
// null.
func (s *protocolServer) values(named ...*tfprotov6.DynamicValue) ([]tftypes.Value, []*tfprotov6.Diagnostic) {
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

func (s *protocolServer) dynamic(v tftypes.Value) (*tfprotov6.DynamicValue, []*tfprotov6.Diagnostic) {
	encoded, err := tfwire.Encode(v, s.typ)
	if err != nil {
		return nil, []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError, Summary: "Unable to Encode ardoq_batch's Value",
			Detail: "This is a bug in the provider: please report it. " + err.Error()}}
	}
	return &tfprotov6.DynamicValue{MsgPack: encoded}, nil
}

func (s *protocolServer) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	if req.TypeName != batchTypeName {
		if resp, ok := s.planUnchanged(req); ok {
			return resp, nil
		}
		return s.frameworkServer.PlanResourceChange(ctx, req)
	}
	resp := &tfprotov6.PlanResourceChangeResponse{PlannedPrivate: req.PriorPrivate}
	if unchanged(req.PriorState, req.ProposedNewState) {
		// The plan of an unchanged batch is its state: nothing below would alter it (diagnostics.PlanChanges), so it
		// is not decoded (at 20,000 + 20,000 items, three values of tens of MiB each).
		resp.PlannedState = req.ProposedNewState
		return resp, nil
	}
	vals, diags := s.values(req.PriorState, req.ProposedNewState, req.Config)
	if diags != nil {
		resp.Diagnostics = diags
		return resp, nil
	}
	prior, planned, config := vals[0], vals[1], vals[2]
	if !planned.IsNull() && !planned.Equal(prior) {
		planned = s.plannedComputed(prior, planned)
	}
	if !planned.IsNull() {
		r, diags := s.batch()
		if diags != nil {
			resp.Diagnostics = diags
			return resp, nil
		}
		modify := resource.ModifyPlanResponse{Plan: tfsdk.Plan{Raw: planned, Schema: s.schema}}
		r.ModifyPlan(ctx, resource.ModifyPlanRequest{ClientCapabilities: planCapabilities(req.ClientCapabilities),
			Config: tfsdk.Config{Raw: config, Schema: s.schema}, Plan: modify.Plan, State: tfsdk.State{Raw: prior, Schema: s.schema}}, &modify)
		resp.Diagnostics = protocolDiagnostics(modify.Diagnostics)
		if modify.Diagnostics.HasError() {
			return resp, nil
		}
		planned = modify.Plan.Raw
	}
	resp.PlannedState, diags = s.dynamic(planned)
	resp.Diagnostics = append(resp.Diagnostics, diags...)
	return resp, nil
}

// unchanged reports whether Terraform proposes exactly the prior state: the same msgpack bytes are the
// same value (the converse need not hold, and then the values are compared decoded).
func unchanged(prior, proposed *tfprotov6.DynamicValue) bool {
	return prior != nil && proposed != nil && len(prior.MsgPack) > 0 && bytes.Equal(prior.MsgPack, proposed.MsgPack)
}

// plannedComputed does what the framework does to a changing plan: the computed attributes are unknown,
// and id keeps its value (UseStateForUnknown).
func (s *protocolServer) plannedComputed(prior, planned tftypes.Value) tftypes.Value {
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

func (s *protocolServer) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	if req.TypeName != batchTypeName {
		return s.frameworkServer.ApplyResourceChange(ctx, req)
	}
	resp := &tfprotov6.ApplyResourceChangeResponse{Private: req.PlannedPrivate}
	vals, diags := s.values(req.PriorState, req.PlannedState, req.Config)
	if diags == nil {
		var r *batchResource
		if r, diags = s.batch(); diags == nil {
			var state tftypes.Value
			state, diags = s.apply(ctx, r, vals[0], vals[1], vals[2])
			resp.NewState, resp.Diagnostics = s.dynamic(state)
		}
	}
	resp.Diagnostics = append(resp.Diagnostics, diags...)
	return resp, nil
}

// apply creates, updates or deletes, as the framework would: the new state starts as null for a create
// and as the prior state otherwise, and a delete without errors leaves null.
func (s *protocolServer) apply(ctx context.Context, r *batchResource, prior, planned, config tftypes.Value) (tftypes.Value, []*tfprotov6.Diagnostic) {
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
	return state.Raw, protocolDiagnostics(d)
}

func (s *protocolServer) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	// Right after an import the framework marks the private state; it reads that one itself.
	if resp, ok := s.readSettled(ctx, req); ok {
		return resp, nil
	}
	if req.TypeName != batchTypeName || bytes.Contains(req.Private, []byte(".import_before_read")) {
		return s.frameworkServer.ReadResource(ctx, req)
	}
	resp := &tfprotov6.ReadResourceResponse{Private: req.Private}
	vals, diags := s.values(req.CurrentState)
	if diags == nil {
		var r *batchResource
		if r, diags = s.batch(); diags == nil {
			state := tfsdk.State{Raw: vals[0], Schema: s.schema}
			read := resource.ReadResponse{State: state}
			r.Read(ctx, resource.ReadRequest{State: state}, &read)
			diags = protocolDiagnostics(read.Diagnostics)
			var encodeDiags []*tfprotov6.Diagnostic
			resp.NewState, encodeDiags = s.dynamic(read.State.Raw)
			diags = append(diags, encodeDiags...)
		}
	}
	resp.Diagnostics = diags
	return resp, nil
}

// protocolDiagnostics converts the framework's diagnostics, with their attribute paths.
func protocolDiagnostics(diags diag.Diagnostics) []*tfprotov6.Diagnostic {
	var out []*tfprotov6.Diagnostic
	for _, d := range diags {
		pd := &tfprotov6.Diagnostic{Summary: d.Summary(), Detail: d.Detail(), Severity: tfprotov6.DiagnosticSeverityWarning}
		if d.Severity() == diag.SeverityError {
			pd.Severity = tfprotov6.DiagnosticSeverityError
		}
		if withPath, ok := d.(diag.DiagnosticWithPath); ok {
			pd.Attribute = attributePath(withPath.Path())
		}
		out = append(out, pd)
	}
	return out
}

func attributePath(p path.Path) *tftypes.AttributePath {
	steps := p.Steps()
	if len(steps) == 0 {
		return nil
	}
	out := tftypes.NewAttributePath()
	for _, step := range steps {
		switch s := step.(type) {
		case path.PathStepAttributeName:
			out = out.WithAttributeName(string(s))
		case path.PathStepElementKeyString:
			out = out.WithElementKeyString(string(s))
		case path.PathStepElementKeyInt:
			out = out.WithElementKeyInt(int(s))
		default:
			return out
		}
	}
	return out
}
