package batch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
)

// ValidateResourceConfig validates ardoq_batch's items with the resource's own ValidateConfig, and lets
// the framework (validateRest) validate the rest of the configuration (the adoption lists' validators)
// without the items, which it would only decode and walk to find nothing to check in them.
func (s *Protocol) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest,
	validateRest func(context.Context, *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error),
) (*tfprotov6.ValidateResourceConfigResponse, error) {
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
	framework, err := validateRest(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: req.TypeName,
		Config: rest, ClientCapabilities: req.ClientCapabilities})
	if err != nil {
		return nil, err
	}
	validate := resource.ValidateConfigResponse{}
	(&batchResource{}).ValidateConfig(ctx, resource.ValidateConfigRequest{Config: tfsdk.Config{Raw: config, Schema: s.schema}}, &validate)
	resp.Diagnostics = append(framework.Diagnostics, diagnostics.ToProtocol(validate.Diagnostics)...)
	return resp, nil
}
