package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

// ValidateResourceConfig validates ardoq_batch's items with the resource's own ValidateConfig, and lets
// the framework validate the rest of the configuration (the adoption lists' validators) without the
// items, which it would only decode and walk to find nothing to check in them.
func (s *protocolServer) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	if req.TypeName != batchTypeName || req.Config == nil {
		return s.frameworkServer.ValidateResourceConfig(ctx, req)
	}
	resp := &tfprotov6.ValidateResourceConfigResponse{}
	vals, diags := s.values(req.Config)
	if diags != nil {
		resp.Diagnostics = diags
		return resp, nil
	}
	config := vals[0]
	noItems := tftypes.NewValue(tftypes.DynamicPseudoType, nil)
	rest, diags := s.dynamic(batchRawOf(config).value(s.typ, batchRaw{"components": noItems, "references": noItems}))
	if diags != nil {
		resp.Diagnostics = diags
		return resp, nil
	}
	framework, err := s.frameworkServer.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: req.TypeName,
		Config: rest, ClientCapabilities: req.ClientCapabilities})
	if err != nil {
		return nil, err
	}
	validate := resource.ValidateConfigResponse{}
	(&batchResource{}).ValidateConfig(ctx, resource.ValidateConfigRequest{Config: tfsdk.Config{Raw: config, Schema: s.schema}}, &validate)
	resp.Diagnostics = append(framework.Diagnostics, protocolDiagnostics(validate.Diagnostics)...)
	return resp, nil
}

// UpgradeResourceState hands a state saved with the current schema back as the JSON it came in, which
// Terraform reads as it wrote it; the framework would decode it into values and encode them again,
// seconds for a large batch, and a third of a single resource's refresh. A state naming an attribute the
// schema does not have, or of another version, goes to the framework (which drops such attributes). Only
// the top level is checked: removing an attribute of computed_components or computed_references needs a
// new schema version (batch_schema.go); the single resources have no nested attributes.
func (s *protocolServer) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	typ, version := s.typ, s.schema.Version
	if shape, ok := s.settled[req.TypeName]; ok {
		typ, version = shape.typ, shape.version
	} else if req.TypeName != batchTypeName {
		return s.frameworkServer.UpgradeResourceState(ctx, req)
	}
	if req.Version != version || req.RawState == nil || len(req.RawState.JSON) == 0 {
		return s.frameworkServer.UpgradeResourceState(ctx, req)
	}
	names, err := tfwire.ObjectKeys(req.RawState.JSON)
	if err != nil {
		return s.frameworkServer.UpgradeResourceState(ctx, req)
	}
	for _, name := range names {
		if _, ok := typ.AttributeTypes[name]; !ok {
			return s.frameworkServer.UpgradeResourceState(ctx, req)
		}
	}
	return &tfprotov6.UpgradeResourceStateResponse{UpgradedState: &tfprotov6.DynamicValue{JSON: req.RawState.JSON}}, nil
}
