package single

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/memo"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// The apply walk of `terraform apply` plans every change again, in a new provider process, just before
// applying it. A model check that passed in the plan walk is not repeated there for the same values
// (core/memo): it would read the workspace's model again, one request in front of the first write of the
// apply. A model changed in Ardoq between the two walks fails the write with Ardoq's answer instead.

// modelCheckKey names the model check of a resource of kind noun with these values (everything the
// check reads from the plan and the state), or "" when a value cannot be encoded.
func modelCheckKey(ctx context.Context, d *providerdata.Data, noun string, values ...attr.Value) string {
	encoded := make([][]byte, len(values))
	for i, v := range values {
		tv, err := v.ToTerraformValue(ctx)
		if err != nil {
			return ""
		}
		dv, err := tfprotov6.NewDynamicValue(tftypes.DynamicPseudoType, tv)
		if err != nil {
			return ""
		}
		encoded[i] = dv.MsgPack
	}
	return memo.Key(d.Client, noun+"-model-checked", encoded)
}
