package single

import (
	"context"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/memo"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

// modelCheckKey names the model check of a resource of kind noun with these values (everything the
// check reads from the plan and the state), or "" when a value cannot be encoded. The apply walk of
// `terraform apply` plans every change again, in a new provider process, just before applying it; a model
// check that passed in the plan walk is not repeated there for the same key (core/memo): it would read the
// workspace's model again, one request in front of the first write of the apply. A model changed in Ardoq
// between the two walks fails the write with Ardoq's answer instead. tfwire encodes a map's keys in order,
// so that the same value always has the same key.
func modelCheckKey(ctx context.Context, d *providerdata.Data, noun string, values ...attr.Value) string {
	encoded := make([][]byte, len(values))
	for i, v := range values {
		tv, err := v.ToTerraformValue(ctx)
		if err != nil {
			return ""
		}
		if encoded[i], err = tfwire.Encode(tv, tftypes.DynamicPseudoType); err != nil {
			return ""
		}
	}
	return memo.Key(d.Client, noun+"-model-checked", encoded)
}

// checkAlongside runs a plan's model check and, for a create, its search for what an interrupted run made
// at the same time: both are requests, and neither needs the other's answer. The search's diagnostics
// count only when the check passed.
func checkAlongside(creating bool, check, search func() diag.Diagnostics) diag.Diagnostics {
	var found diag.Diagnostics
	var searching sync.WaitGroup
	if creating {
		searching.Go(func() { found = search() })
	}
	diags := check()
	searching.Wait()
	if !diags.HasError() {
		diags.Append(found...)
	}
	return diags
}
