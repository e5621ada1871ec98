package batch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

func batchOf(data *providerdata.Data) (*batchResource, []*tfprotov6.Diagnostic) {
	if data == nil {
		return nil, errorDiagnostics("Provider Not Configured",
			"ardoq_batch was called before the provider was configured. This is a bug in the provider: please report it.")
	}
	return &batchResource{data: data}, nil
}

// values decodes the named values, sharing the items they have in common (tfwire.Values); a nil one is
// null. JSON, which Terraform does not send for resource values, is read as tftypes reads it.
func (s *Server) values(named ...*tfprotov6.DynamicValue) ([]tftypes.Value, []*tfprotov6.Diagnostic) {
	out := make([]tftypes.Value, len(named))
	shared := tfwire.NewValues(len(named) > 1)
	for i, dv := range named {
		var err error
		switch {
		case dv == nil:
			out[i] = tftypes.NewValue(s.typ, nil)
		case len(dv.MsgPack) == 0:
			out[i], err = dv.Unmarshal(s.typ)
		default:
			out[i], err = shared.Decode(dv.MsgPack, s.typ)
		}
		if err != nil {
			return nil, errorDiagnostics("Unable to Read ardoq_batch's Value", "Terraform sent a value the provider could not decode: "+err.Error())
		}
	}
	return out, nil
}

// dynamic encodes v for Terraform; like is the msgpack of values of about its size (the request's), to
// size the encoding's buffer.
func (s *Server) dynamic(v tftypes.Value, like ...*tfprotov6.DynamicValue) (*tfprotov6.DynamicValue, []*tfprotov6.Diagnostic) {
	size := 0
	for _, dv := range like {
		if dv != nil && !v.IsNull() { // a null value (a destroy's, a delete's) needs no room
			size = max(size, len(dv.MsgPack)+len(dv.MsgPack)/8)
		}
	}
	encoded, err := tfwire.EncodeSized(v, s.typ, size)
	if err != nil {
		return nil, errorDiagnostics("Unable to Encode ardoq_batch's Value", "This is a bug in the provider: please report it. "+err.Error())
	}
	return &tfprotov6.DynamicValue{MsgPack: encoded}, nil
}

// PlanResourceChange plans ardoq_batch: a create, an update, no change or a destroy (PlanDestroy). It
// decodes Terraform's values once, plans (plan_change.go lists the stages) and encodes the plan once.
func (s *Server) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	resp := &tfprotov6.PlanResourceChangeResponse{PlannedPrivate: req.PriorPrivate}
	if tfwire.SameMsgPack(req.PriorState, req.ProposedNewState) {
		// The plan of an unchanged batch is its state: no stage would alter it, so it is not decoded (at
		// 20,000 + 20,000 items, three values of tens of MiB each).
		resp.PlannedState = req.ProposedNewState
		resp.Diagnostics = s.checkUnchangedMoves(ctx, req.PriorState)
		return resp, nil
	}
	vals, diags := s.values(req.PriorState, req.ProposedNewState, req.Config)
	if diags != nil {
		resp.Diagnostics = diags
		return resp, nil
	}
	prior, planned := vals[0], vals[1]
	unchanged := isUnchanged(prior, planned)
	if !planned.IsNull() && !unchanged {
		planned = s.withComputedUnknown(prior, planned)
	}
	if !planned.IsNull() || !prior.IsNull() { // a destroy too: it says what it deletes
		r, diags := batchOf(s.data())
		if diags != nil {
			resp.Diagnostics = diags
			return resp, nil
		}
		var d diag.Diagnostics
		planned, d = r.modifyPlan(ctx, prior, planned, unchanged)
		resp.Diagnostics = diagnostics.ToProtocol(d)
		resp.PlannedPrivate = withAnnounced(req.PriorPrivate, r.announced) // this plan's, or none: never an older plan's
	}
	resp.PlannedState, diags = s.dynamic(planned, req.PriorState, req.ProposedNewState)
	resp.Diagnostics = append(resp.Diagnostics, diags...)
	return resp, nil
}

// withComputedUnknown marks what a changing plan does not know yet, as the framework does for computed
// attributes the configuration leaves null: they are unknown, except id, which keeps its value once there
// is one. Terraform's proposed value holds the prior state's, which must not stay where the items it
// describes are not known yet (planChange says what is known).
func (s *Server) withComputedUnknown(prior, planned tftypes.Value) tftypes.Value {
	attrs := batchRawOf(planned)
	priorAttrs := batchRawOf(prior)
	with := batchRaw{}
	for _, a := range s.schema.Block.Attributes {
		if !a.Computed || a.Optional {
			continue
		}
		with[a.Name] = tftypes.NewValue(s.typ.AttributeTypes[a.Name], tftypes.UnknownValue)
		if a.Name == "id" && !prior.IsNull() {
			with[a.Name] = priorAttrs.get(a.Name)
		}
	}
	return attrs.value(s.typ, with)
}

// ApplyResourceChange creates, updates or deletes: the new state is what the resource returns, and null,
// without private state, after a delete without errors.
func (s *Server) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	resp := &tfprotov6.ApplyResourceChangeResponse{Private: req.PlannedPrivate}
	vals, diags := s.values(req.PriorState, req.PlannedState)
	if diags == nil {
		var r *batchResource
		if r, diags = batchOf(s.data()); diags == nil {
			r.announced = decodeAnnounced(req.PlannedPrivate)
			resp.Private = withAnnounced(req.PlannedPrivate, nil) // an announcement serves one apply
			state, d := s.apply(ctx, r, vals[0], vals[1])
			if state.IsNull() && !d.HasError() {
				resp.Private = nil // nothing left to keep private data for
			}
			resp.NewState, diags = s.dynamic(state, req.PriorState, req.PlannedState)
			diags = append(diagnostics.ToProtocol(d), diags...)
		}
	}
	resp.Diagnostics = diags
	return resp, nil
}

func (s *Server) apply(ctx context.Context, r *batchResource, prior, planned tftypes.Value) (tftypes.Value, diag.Diagnostics) {
	switch {
	case planned.IsNull():
		d := r.delete(ctx, prior)
		if d.HasError() {
			return prior, d
		}
		return planned, d
	case prior.IsNull():
		return r.create(ctx, planned)
	default:
		return r.update(ctx, prior, planned)
	}
}

// ReadResource refreshes ardoq_batch.
func (s *Server) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	resp := &tfprotov6.ReadResourceResponse{Private: req.Private}
	vals, diags := s.values(req.CurrentState)
	if diags == nil {
		var r *batchResource
		if r, diags = batchOf(s.data()); diags == nil {
			state, d := r.read(ctx, vals[0])
			resp.NewState, diags = s.dynamic(state, req.CurrentState)
			diags = append(diagnostics.ToProtocol(d), diags...)
		}
	}
	resp.Diagnostics = diags
	return resp, nil
}
