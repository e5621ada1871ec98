package single

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// Resource identity (Terraform 1.12 and later): ardoq_component and ardoq_reference are identified by
// their Ardoq id alone, which Ardoq never changes. Older Terraform versions ignore the identity.

var (
	_ resource.ResourceWithIdentity = (*componentResource)(nil)
	_ resource.ResourceWithIdentity = (*referenceResource)(nil)
)

func (r *componentResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = entity.OIDIdentitySchema("component")
}

func (r *referenceResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = entity.OIDIdentitySchema("reference")
}

// importOID is the id an import names: the import id of `terraform import` or an import block's `id`,
// or the `id` of an import block's `identity` (Terraform 1.12 and later). resolve turns an import id
// that is not an Ardoq id into one (a component key), or returns "" with an error; nil accepts ids only.
func importOID(ctx context.Context, req resource.ImportStateRequest, noun string, resolve func(string) (string, diag.Diagnostics)) (string, diag.Diagnostics) {
	var diags diag.Diagnostics
	raw := req.ID
	if raw == "" && req.Identity != nil {
		var identity entity.OIDIdentity
		diags.Append(req.Identity.Get(ctx, &identity)...)
		if diags.HasError() {
			return "", diags
		}
		if !entity.OIDPattern.MatchString(identity.ID.ValueString()) {
			diags.AddAttributeError(path.Root("id"), "Invalid Import Identity",
				fmt.Sprintf("The identity id %q is not an Ardoq %s id (24 lowercase hexadecimal characters).", identity.ID.ValueString(), noun))
			return "", diags
		}
		return identity.ID.ValueString(), diags
	}
	if entity.OIDPattern.MatchString(raw) {
		return raw, diags
	}
	if resolve == nil {
		diags.AddError("Invalid Import Id", fmt.Sprintf("%q is not an Ardoq %s id (24 hexadecimal characters).", raw, noun))
		return "", diags
	}
	return resolve(raw)
}

// importByOID is the ImportState of a resource whose state and identity hang on its Ardoq id.
func importByOID(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse, noun string,
	resolve func(string) (string, diag.Diagnostics)) {
	id, diags := importOID(ctx, req, noun, resolve)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), id)...)
	resp.Diagnostics.Append(entity.SetIdentity(ctx, resp.Identity, id)...)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, adoptionKey, importing)...) // the Read that follows records the fields (adoption.go)
}
