package batch

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
)

// ValidateResourceConfig checks the adoption lists and every item's shape and types (batchResource.validate).
func (s *Server) ValidateResourceConfig(_ context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	resp := &tfprotov6.ValidateResourceConfigResponse{}
	if req.Config == nil {
		return resp, nil
	}
	vals, diags := s.values(req.Config)
	if diags != nil {
		resp.Diagnostics = diags
		return resp, nil
	}
	resp.Diagnostics = diagnostics.ToProtocol((&batchResource{}).validate(vals[0]))
	return resp, nil
}

// validate checks that each adoption list names a property (an empty uniqueBy would adopt nothing), and
// every item's shape and types, with the item's path in each error.
func (r *batchResource) validate(config tftypes.Value) diag.Diagnostics {
	var diags diag.Diagnostics
	raw := batchRawOf(config)
	for _, name := range []string{adoptComponentsBy, adoptReferencesBy} {
		var elems []tftypes.Value
		if v := raw.get(name); v.IsKnown() && !v.IsNull() && v.As(&elems) == nil && len(elems) == 0 {
			diags.AddAttributeError(path.Root(name), "Empty Adoption List", fmt.Sprintf("%s names no property, so it would "+
				"adopt nothing. Name at least one property (see the attribute's documentation), or remove %s.", name, name))
		}
	}
	_, _, d := raw.planned()
	return append(diags, d...)
}
