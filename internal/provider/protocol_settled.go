package provider

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/single"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

// settledShape is what the protocol server needs to answer three RPCs of a single resource without the
// framework: the resource's type and schema version (to hand a saved state back as it came,
// UpgradeResourceState), its identity's type (to plan an unchanged resource, PlanResourceChange), and
// the resource itself (to read it, ReadResource, with values decoded and encoded by tfwire). A refresh
// of 200 components and 200 references spent half of the provider's time in the framework decoding,
// walking and encoding values: these RPCs change nothing or only what Read sets.
type settledShape struct {
	typ            tftypes.Object
	version        int64
	identity       tftypes.Object
	schema         schema.Schema
	identitySchema identityschema.Schema
	configured     func(*providerdata.Data) resource.Resource
}

// settledResources are the single resources served so. For each: no attribute has a default, none is
// write-only or has semantic equality, no plan modifier changes a value equal to the prior one,
// ModifyPlan returns at once when nothing changes (diagnostics.PlanChanges), no private state is kept, and there
// are no nested attributes or blocks, so a saved state's top-level names say whether it still fits
// (TestProtocol_settledSameAsFramework).
func settledResources(ctx context.Context) (map[string]settledShape, error) {
	out := map[string]settledShape{}
	configured := map[string]func(*providerdata.Data) resource.Resource{
		"ardoq_component": single.ConfiguredComponentResource,
		"ardoq_reference": single.ConfiguredReferenceResource,
	}
	for name, withData := range configured {
		r := withData(nil)
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		if err := settleable(s.Schema); err != nil {
			return nil, fmt.Errorf("%s cannot be served without the framework: %w", name, err)
		}
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
		out[name] = settledShape{typ: typ, version: s.Schema.Version, identity: identity, schema: s.Schema,
			identitySchema: i.IdentitySchema, configured: withData}
	}
	return out, nil
}

// settleable checks settledResources' conditions on a schema, so that a change to one (a default, a
// custom type, a nested attribute) stops the provider from starting instead of planning differently from
// the framework. The plan modifiers allowed change nothing when the plan equals the prior state.
func settleable(s schema.Schema) error {
	if len(s.Blocks) > 0 {
		return errors.New("it has blocks")
	}
	for name, a := range s.Attributes {
		if _, nested := a.(schema.NestedAttribute); nested || a.IsWriteOnly() {
			return fmt.Errorf("attribute %s is nested or write-only", name)
		}
		fields := reflect.ValueOf(a)
		for _, field := range []string{"Default", "CustomType"} {
			if f := fields.FieldByName(field); f.IsValid() && !f.IsNil() {
				return fmt.Errorf("attribute %s has a %s", name, field)
			}
		}
		modifiers := fields.FieldByName("PlanModifiers")
		for i := 0; modifiers.IsValid() && i < modifiers.Len(); i++ {
			kind := fmt.Sprintf("%T", modifiers.Index(i).Interface())
			if !strings.HasSuffix(kind, ".useStateForUnknownModifier") && !strings.HasSuffix(kind, ".requiresReplaceIfModifier") {
				return fmt.Errorf("attribute %s has the plan modifier %s", name, kind)
			}
		}
	}
	return nil
}

// planUnchanged answers the plan of a single resource whose proposed state is exactly its prior state,
// with no private state: the plan is the prior state, and the identity the prior one (a null one when
// Terraform sent none, as the framework answers). ok is false when the framework must plan.
func (s *protocolServer) planUnchanged(req *tfprotov6.PlanResourceChangeRequest) (resp *tfprotov6.PlanResourceChangeResponse, ok bool) {
	shape, settled := s.settled[req.TypeName]
	if !settled || len(req.PriorPrivate) > 0 || !tfwire.SameMsgPack(req.PriorState, req.ProposedNewState) {
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

// readSettled reads a single resource as the framework would, without its passes over the values
// (semantic equality, write-only attributes), which change nothing for these schemas. ok is false when
// the framework must read: a resource with private state (right after an import), a state not sent as
// msgpack, or a provider not configured.
func (s *protocolServer) readSettled(ctx context.Context, req *tfprotov6.ReadResourceRequest) (resp *tfprotov6.ReadResourceResponse, ok bool) {
	shape, settled := s.settled[req.TypeName]
	if !settled || len(req.Private) > 0 || req.CurrentState == nil || len(req.CurrentState.MsgPack) == 0 || s.provider.data == nil {
		return nil, false
	}
	current, err := tfwire.Decode(req.CurrentState.MsgPack, shape.typ)
	if err != nil {
		return nil, false
	}
	identity := tftypes.NewValue(shape.identity, nil)
	if req.CurrentIdentity != nil && req.CurrentIdentity.IdentityData != nil {
		if identity, err = tfwire.Decode(req.CurrentIdentity.IdentityData.MsgPack, shape.identity); err != nil {
			return nil, false
		}
	}
	state := tfsdk.State{Raw: current, Schema: shape.schema}
	read := resource.ReadResponse{State: state, Identity: &tfsdk.ResourceIdentity{Raw: identity, Schema: shape.identitySchema}}
	shape.configured(s.provider.data).Read(ctx, resource.ReadRequest{ClientCapabilities: readCapabilities(req.ClientCapabilities), State: state,
		Identity: &tfsdk.ResourceIdentity{Raw: identity, Schema: shape.identitySchema}}, &read)
	resp = &tfprotov6.ReadResourceResponse{Diagnostics: diagnostics.ToProtocol(read.Diagnostics)}
	if read.Deferred != nil {
		resp.Deferred = &tfprotov6.Deferred{Reason: tfprotov6.DeferredReason(read.Deferred.Reason)}
	}
	if !read.Diagnostics.HasError() {
		resp.Diagnostics = append(resp.Diagnostics, identityProblems(identity, read.Identity.Raw)...)
	}
	var diags []*tfprotov6.Diagnostic
	if resp.NewState, diags = encodeValue(read.State.Raw, shape.typ); diags == nil {
		var identityData *tfprotov6.DynamicValue
		identityData, diags = encodeValue(read.Identity.Raw, shape.identity)
		resp.NewIdentity = &tfprotov6.ResourceIdentityData{IdentityData: identityData}
	}
	resp.Diagnostics = append(resp.Diagnostics, diags...)
	return resp, true
}

// identityProblems are the framework's checks of the identity a Read leaves: present, and the one
// Terraform sent if it sent one.
func identityProblems(current, read tftypes.Value) []*tfprotov6.Diagnostic {
	problem := func(summary, detail string) []*tfprotov6.Diagnostic {
		return []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError, Summary: summary, Detail: detail}}
	}
	if !current.IsFullyNull() && !current.Equal(read) {
		return problem("Unexpected Identity Change", "During the read operation, the Terraform Provider unexpectedly returned a different identity "+
			"than the previously stored one.\n\nThis is always a problem with the provider and should be reported to the provider developer.\n\n"+
			fmt.Sprintf("Current Identity: %s\n\nNew Identity: %s", current.String(), read.String()))
	}
	if read.IsFullyNull() {
		return problem("Missing Resource Identity After Read", "The Terraform Provider unexpectedly returned no resource identity data after "+
			"having no errors in the resource read. This is always an issue in the Terraform Provider and should be reported to the provider developers.")
	}
	return nil
}

func readCapabilities(c *tfprotov6.ReadResourceClientCapabilities) resource.ReadClientCapabilities {
	return resource.ReadClientCapabilities{DeferralAllowed: c != nil && c.DeferralAllowed}
}

// encodeValue encodes a value of typ for Terraform.
func encodeValue(v tftypes.Value, typ tftypes.Type) (*tfprotov6.DynamicValue, []*tfprotov6.Diagnostic) {
	encoded, err := tfwire.Encode(v, typ)
	if err != nil {
		return nil, []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError, Summary: "Unable to Encode a Value",
			Detail: "This is a bug in the provider: please report it. " + err.Error()}}
	}
	return &tfprotov6.DynamicValue{MsgPack: encoded}, nil
}
