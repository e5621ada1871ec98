package single

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

// Plan-time checks of ardoq_component and ardoq_reference against the workspace model (types, custom
// fields) share two rules.
//
// Only what a plan creates or changes is checked. A resource whose planned value is its state changes
// nothing in Ardoq, so a model that changed under it (a type or field removed since) does not fail the
// plan, nor `terraform destroy`, whose refresh plans the configuration as a normal plan does.
//
// That refresh is why the first error of these checks carries diagnostics.DestroyHint: Terraform runs it with the configuration
// before every destroy (unless -refresh=false), and nothing in the protocol tells a provider that a
// plan is that refresh rather than `terraform plan`, so a resource whose configuration has a mistake
// (a create of something not in state, or a change to something in state) fails the destroy as it
// fails the plan (hashicorp/terraform#33908).

// checkReference checks a reference's type and custom fields against the model of its source's
// workspace.
func checkReference(names wsmodel.Names, model *client.WorkspaceContext, workspace string, plan, prior entity.ReferenceModel) diag.Diagnostics {
	typ, ok := wsmodel.ReferenceTypeOf(model, plan.Type.ValueInt64())
	if !ok {
		var diags diag.Diagnostics
		diags.AddAttributeError(path.Root("type"), "Unknown Reference Type",
			fmt.Sprintf("Reference type %d is not in the model of the source's workspace %s.%s Its reference types are: %s.",
				plan.Type.ValueInt64(), names.Workspace(workspace), names.ReferenceTypeElsewhere(plan.Type.ValueInt64(), workspace),
				wsmodel.ReferenceTypeList(model)))
		return diags
	}
	return fields.Check(plan.CustomFields, prior.CustomFields, fields.Scope{Model: model, Allowed: typ.CustomFields, TypeName: typ.Name})
}

// CheckReferenceAnywhere checks a reference whose source is not known until apply: a component this
// plan creates or replaces. Its workspace, whose model defines the reference types and the fields they
// allow, is then not known either, so the reference fails the plan only when it would be refused in
// every workspace of the org: never when the source is in one where it is valid.
//
// The models this provider run has read come first. They include the workspace of every component the
// reference depends on (Terraform plans those first, and their checks read the model), so a valid
// reference costs no request. Only one that fits none of them makes the provider read the models of
// the org's other workspaces (once per run): if it fits one of those, the plan goes on with a warning,
// since the source may be there; otherwise the plan fails. A reference that fits some workspace of the
// org, but not its source's, fails at apply, after its source was created (Terraform plans it again
// once the source is known, and the check runs then, before the reference is sent).
func CheckReferenceAnywhere(ctx context.Context, d *providerdata.Data, plan, prior entity.ReferenceModel) diag.Diagnostics {
	fits := func(m *client.WorkspaceContext) bool {
		return !checkReference(wsmodel.Names{}, m, "", plan, prior).HasError()
	}
	read := d.Contexts.Loaded()
	for _, ws := range slices.Sorted(maps.Keys(read)) {
		if fits(read[ws]) {
			return nil
		}
	}
	var diags diag.Diagnostics
	names := d.Contexts.Names(ctx)
	all, err := d.Contexts.All(ctx)
	if err != nil {
		diags.AddWarning("Reference Not Checked Against the Model", fmt.Sprintf("The source of this reference is known only at apply, "+
			"and the models of the org's workspaces, one of which is its source's, could not be read: %s The apply checks the reference "+
			"before sending it, once its source exists.", diagnostics.ClientErrorDetail(err)))
		return diags
	}
	var elsewhere []string
	for _, ws := range slices.Sorted(maps.Keys(all)) {
		if _, seen := read[ws]; !seen && fits(all[ws]) {
			elsewhere = append(elsewhere, ws)
		}
	}
	if len(elsewhere) > 0 {
		if len(read) > 0 {
			diags.AddAttributeWarning(path.Root("type"), "Reference May Not Fit Its Source's Workspace", fmt.Sprintf("The source of this "+
				"reference is known only at apply. Reference type %d with these custom fields is valid in the model of none of the workspaces "+
				"this plan has read (%s), only in that of %s. If the source is in one of the former, the apply creates it and then fails on "+
				"this reference.", plan.Type.ValueInt64(), workspaceList(names, slices.Sorted(maps.Keys(read))), workspaceList(names, elsewhere)))
		}
		return diags
	}
	ws, ok := workspaceWithType(read, plan.Type.ValueInt64())
	if !ok {
		ws, ok = workspaceWithType(all, plan.Type.ValueInt64())
	}
	if !ok { // the type is in no model
		if ws, ok = firstKey(read, all); !ok {
			return nil // the org has no workspace to tell
		}
		model := all[ws]
		if model == nil {
			model = read[ws]
		}
		diags.AddAttributeError(path.Root("type"), "Unknown Reference Type", fmt.Sprintf("Reference type %d is not in the model of "+
			"any workspace of the org, so not in that of the source's workspace (known only at apply). The reference types of "+
			"workspace %s are: %s.", plan.Type.ValueInt64(), names.Workspace(ws), wsmodel.ReferenceTypeList(model)))
		return diags
	}
	model := read[ws]
	if model == nil {
		model = all[ws]
	}
	return diagnostics.WithDetail(checkReference(names, model, ws, plan, prior), fmt.Sprintf(" (This is the model of workspace %s. The source is known "+
		"only at apply, but no workspace of the org has a model in which this reference is valid.)", names.Workspace(ws)), false)
}

// workspaceList names workspaces by name with their ids.
func workspaceList(names wsmodel.Names, ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = names.Workspace(id)
	}
	return strings.Join(out, ", ")
}

// workspaceWithType is the first workspace (by id) whose model has the reference type.
func workspaceWithType(models map[string]*client.WorkspaceContext, typ int64) (string, bool) {
	for _, ws := range slices.Sorted(maps.Keys(models)) {
		if _, ok := wsmodel.ReferenceTypeOf(models[ws], typ); ok {
			return ws, true
		}
	}
	return "", false
}

// firstKey is the first workspace (by id) of the first non-empty map.
func firstKey(all ...map[string]*client.WorkspaceContext) (string, bool) {
	for _, m := range all {
		if keys := slices.Sorted(maps.Keys(m)); len(keys) > 0 {
			return keys[0], true
		}
	}
	return "", false
}
