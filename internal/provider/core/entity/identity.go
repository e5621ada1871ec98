package entity

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Resource identity (Terraform 1.12 and later): ardoq_component and ardoq_reference are identified by
// their Ardoq id alone, which Ardoq never changes. Older Terraform versions ignore the identity.

// OIDIdentity is the identity of ardoq_component and ardoq_reference.
type OIDIdentity struct {
	ID types.String `tfsdk:"id"`
}

func OIDIdentitySchema(what string) identityschema.Schema {
	return identityschema.Schema{
		Attributes: map[string]identityschema.Attribute{
			"id": identityschema.StringAttribute{
				RequiredForImport: true,
				Description:       "The " + what + "'s Ardoq id (24 hexadecimal characters), which Ardoq never changes.",
			},
		},
	}
}

// SetIdentity records id as the resource's identity. Read calls it before it may remove the resource,
// because the framework wants an identity even then (state written before identity existed has none).
func SetIdentity(ctx context.Context, identity *tfsdk.ResourceIdentity, id string) diag.Diagnostics {
	if identity == nil || id == "" {
		return nil
	}
	return identity.Set(ctx, OIDIdentity{ID: types.StringValue(id)})
}
