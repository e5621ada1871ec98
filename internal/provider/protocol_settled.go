package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// settledShape is what the protocol server needs to answer two RPCs of a single resource without the
// framework: the resource's type and schema version (to hand a saved state back as it came,
// UpgradeResourceState) and its identity's type (to plan an unchanged resource, PlanResourceChange).
// A refresh of 200 components and 200 references spent half of the provider's time in the framework
// decoding, walking and encoding values these two RPCs hand back unchanged.
type settledShape struct {
	typ      tftypes.Object
	version  int64
	identity tftypes.Object
}

// settledResources are the single resources served so. Both hold for each: no attribute has a default,
// no plan modifier changes a value equal to the prior one, ModifyPlan returns at once when nothing
// changes (planChanges), and no private state is kept; their schemas have no nested attributes, so a
// saved state's top-level names say whether it still fits (TestProtocol_settledSameAsFramework).
func settledResources(ctx context.Context) (map[string]settledShape, error) {
	out := map[string]settledShape{}
	for name, newResource := range map[string]func() resource.Resource{"ardoq_component": NewComponentResource, "ardoq_reference": NewReferenceResource} {
		r := newResource()
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		typ, ok := s.Schema.Type().TerraformType(ctx).(tftypes.Object)
		withIdentity, hasIdentity := r.(resource.ResourceWithIdentity)
		if !ok || !hasIdentity {
			return nil, fmt.Errorf("%s's schema is not an object, or it has no identity", name)
		}
		var i resource.IdentitySchemaResponse
		withIdentity.IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &i)
		identity, ok := i.IdentitySchema.Type().TerraformType(ctx).(tftypes.Object)
		if !ok {
			return nil, fmt.Errorf("%s's identity schema is not an object", name)
		}
		out[name] = settledShape{typ: typ, version: s.Schema.Version, identity: identity}
	}
	return out, nil
}

// planUnchanged answers the plan of a single resource whose proposed state is exactly its prior state,
// with no private state: the plan is the prior state, and the identity the prior one (a null one when
// Terraform sent none, as the framework answers). ok is false when the framework must plan.
func (s *protocolServer) planUnchanged(req *tfprotov6.PlanResourceChangeRequest) (resp *tfprotov6.PlanResourceChangeResponse, ok bool) {
	shape, settled := s.settled[req.TypeName]
	if !settled || len(req.PriorPrivate) > 0 || !unchanged(req.PriorState, req.ProposedNewState) {
		return nil, false
	}
	identity := req.PriorIdentity
	if identity == nil {
		null, err := tfprotov6.NewDynamicValue(shape.identity, tftypes.NewValue(shape.identity, nil))
		if err != nil {
			return nil, false
		}
		identity = &tfprotov6.ResourceIdentityData{IdentityData: &null}
	}
	return &tfprotov6.PlanResourceChangeResponse{PlannedState: req.ProposedNewState, PlannedIdentity: identity}, true
}
