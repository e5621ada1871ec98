package diagnostics

import (
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// Plan-time checks of ardoq_component and ardoq_reference against the workspace model (types, custom
// fields) share two rules.
//
// Only what a plan creates or changes is checked. A resource whose planned value is its state changes
// nothing in Ardoq, so a model that changed under it (a type or field removed since) does not fail the
// plan, nor `terraform destroy`, whose refresh plans the configuration as a normal plan does.
//
// That refresh is why a check's first error carries DestroyHint: Terraform runs it with the configuration
// before every destroy (unless -refresh=false), and nothing in the protocol tells a provider that a
// plan is that refresh rather than `terraform plan`, so a resource whose configuration has a mistake
// (a create of something not in state, or a change to something in state) fails the destroy as it
// fails the plan (hashicorp/terraform#33908).

// DestroyHint is the advice for a model check's error that stops a destroy: one line, at the end of the
// first error of each resource's check (WithDestroyHint), whatever other resources of the plan report.
const DestroyHint = " If this stops `terraform destroy` (which plans the configuration first), run `terraform destroy -refresh=false`."

// WithDestroyHint is diags with DestroyHint at the end of its first error's detail.
func WithDestroyHint(diags diag.Diagnostics) diag.Diagnostics {
	if !diags.HasError() {
		return diags
	}
	return WithDetail(diags, DestroyHint, true)
}

// PlanChanges reports whether a plan creates or changes the resource: a plan equal to the state does
// neither (the framework leaves computed values known only then).
func PlanChanges(req resource.ModifyPlanRequest) bool {
	return req.State.Raw.IsNull() || !req.Plan.Raw.Equal(req.State.Raw)
}

// WithDetail appends text to the detail of every error of diags, or of the first only.
func WithDetail(diags diag.Diagnostics, text string, firstOnly bool) diag.Diagnostics {
	out := make(diag.Diagnostics, 0, len(diags))
	done := false
	for _, d := range diags {
		if d.Severity() != diag.SeverityError || done {
			out = append(out, d)
			continue
		}
		done = firstOnly
		if withPath, ok := d.(diag.DiagnosticWithPath); ok {
			out = append(out, diag.NewAttributeErrorDiagnostic(withPath.Path(), d.Summary(), d.Detail()+text))
		} else {
			out = append(out, diag.NewErrorDiagnostic(d.Summary(), d.Detail()+text))
		}
	}
	return out
}
