package single

import (
	"context"
	"fmt"
	"strings"

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
// or the `id` of an import block's `identity` (Terraform 1.12 and later). An import id may name the
// entity's workspace first, "<workspace id>/<id>" (what ardoq-export writes): the read that follows then
// comes from the workspace's list pages, as a refresh does, instead of a GET per entity. resolve turns an
// import id that is not an Ardoq id into one (a component key), or returns "" with an error; nil accepts
// ids only.
func importOID(ctx context.Context, req resource.ImportStateRequest, noun string, resolve func(string) (string, diag.Diagnostics)) (id, workspace string, diags diag.Diagnostics) {
	raw := req.ID
	if raw == "" && req.Identity != nil {
		var identity entity.OIDIdentity
		diags.Append(req.Identity.Get(ctx, &identity)...)
		if diags.HasError() {
			return "", "", diags
		}
		if !entity.OIDPattern.MatchString(identity.ID.ValueString()) {
			diags.AddAttributeError(path.Root("id"), "Invalid Import Identity",
				fmt.Sprintf("The identity id %q is not an Ardoq %s id (24 lowercase hexadecimal characters).", identity.ID.ValueString(), noun))
			return "", "", diags
		}
		return identity.ID.ValueString(), "", diags
	}
	if ws, id, found := strings.Cut(raw, "/"); found {
		if !entity.OIDPattern.MatchString(ws) || !entity.OIDPattern.MatchString(id) {
			diags.AddError("Invalid Import Id", fmt.Sprintf("%q is not \"<workspace id>/<%s id>\": both parts are Ardoq ids "+
				"(24 hexadecimal characters). The %s id alone is enough; the workspace only saves requests.", raw, noun, noun))
			return "", "", diags
		}
		return id, ws, diags
	}
	if entity.OIDPattern.MatchString(raw) {
		return raw, "", diags
	}
	if resolve == nil {
		diags.AddError("Invalid Import Id", fmt.Sprintf("%q is not an Ardoq %s id (24 hexadecimal characters), "+
			"nor \"<workspace id>/<%s id>\".", raw, noun, noun))
		return "", "", diags
	}
	id, diags = resolve(raw)
	return id, "", diags
}

// importByOID is the ImportState of a resource whose state and identity hang on its Ardoq id; the
// workspace an import id names goes to root_workspace, for the read that follows.
func importByOID(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse, noun string,
	resolve func(string) (string, diag.Diagnostics)) {
	id, workspace, diags := importOID(ctx, req, noun, resolve)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), id)...)
	if workspace != "" {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("root_workspace"), workspace)...)
	}
	resp.Diagnostics.Append(entity.SetIdentity(ctx, resp.Identity, id)...)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, adoptionKey, importing)...) // the Read that follows records the fields (adoption.go)
}
