package cascade

// Report says at plan time what Ardoq will delete that Terraform's plan summary does not count: items
// removed from an ardoq_batch, and what Ardoq deletes along with a component. Each is a warning at the
// resource, or an error when the provider's prevent_implicit_deletions is set, for pipelines that must never
// delete without a human reading the plan.

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Setting is the provider setting that turns these warnings into errors, and its environment variable.
const (
	Setting     = "prevent_implicit_deletions"
	EnvVariable = "ARDOQ_PREVENT_IMPLICIT_DELETIONS"
)

// Report adds one notice of deletions: a warning, or an error when prevent is set. An empty at adds it to
// the resource as a whole.
func Report(diags *diag.Diagnostics, prevent bool, at path.Path, summary, detail string) {
	if prevent {
		detail += fmt.Sprintf("\n\nThe plan stops here because %s is set (or %s=true). Review what is listed; to let "+
			"the deletions happen, run this plan with %s = false.", Setting, EnvVariable, Setting)
		addAt(diags, at, diag.NewErrorDiagnostic(summary, detail), diag.NewAttributeErrorDiagnostic(at, summary, detail))
		return
	}
	detail += fmt.Sprintf("\n\nSet %s = true in the provider block (or %s=true) to make this an error.", Setting, EnvVariable)
	addAt(diags, at, diag.NewWarningDiagnostic(summary, detail), diag.NewAttributeWarningDiagnostic(at, summary, detail))
}

// NotChecked reports a plan-time check of deletions that could not be made (Ardoq could not be read): the
// plan fails under prevent_implicit_deletions, which promises that nothing unlisted is deleted, and warns
// that it was not checked otherwise. The apply's guard still looks before any delete is sent.
func NotChecked(diags *diag.Diagnostics, prevent bool, summary, detail string) {
	if prevent {
		diags.AddError(summary, detail+fmt.Sprintf("\n\nThe plan stops here because %s is set (or %s=true) and this could not be "+
			"checked. Plan again once Ardoq answers.", Setting, EnvVariable))
		return
	}
	diags.AddWarning(summary, detail+"\n\nThis was not checked. The apply still looks before each delete is sent and refuses one "+
		"that would take along what no plan listed.")
}

func addAt(diags *diag.Diagnostics, at path.Path, whole, attribute diag.Diagnostic) {
	if at.Equal(path.Empty()) {
		diags.Append(whole)
		return
	}
	diags.Append(attribute)
}

// ChangedSincePlan lists components to delete that changed in Ardoq since the plan: each by name, key
// and id, with the version the plan saw, the version Ardoq holds, and who changed it when, where Ardoq
// says.
func ChangedSincePlan(changed []Changed) string {
	var b strings.Builder
	b.WriteString("Changed in Ardoq since the plan, so not deleted:\n")
	for _, ch := range changed {
		c := ch.Now
		fmt.Fprintf(&b, "  - component %q (%s, id %s): version %d at plan, %d now%s\n", c.Name,
			cmp.Or(c.ComponentKey, "no key"), c.ID, ch.Seen, c.Version, ModifiedBy(c.Meta))
	}
	return b.String()
}

// Origin is ", made by Ada Lovelace (ada@example.com) at 2026-11-20T09:00:00Z, last changed by ... at ...",
// from what Ardoq's meta says, or "".
func Origin(m client.Meta) string {
	out := ""
	if who := person(m.CreatedByName, m.CreatedByEmail); who != "" {
		out = ", made by " + who
		if m.Created != "" {
			out += " at " + m.Created
		}
	}
	if m.LastUpdated == m.Created && m.LastModifiedByEmail == m.CreatedByEmail && m.LastModifiedByName == m.CreatedByName {
		return out // never changed since it was made
	}
	return out + ModifiedBy(m)
}

func person(name, email string) string {
	if email == "" {
		return name
	}
	return strings.TrimSpace(name + " (" + email + ")")
}

// ModifiedBy is ", last changed by Ada Lovelace (ada@example.com) at 2026-11-27T10:00:00Z", from what
// Ardoq's meta says, or "".
func ModifiedBy(m client.Meta) string {
	who := person(m.LastModifiedByName, m.LastModifiedByEmail)
	out := ""
	if who != "" {
		out = ", last changed by " + who
	}
	if m.LastUpdated != "" {
		out += " at " + m.LastUpdated
	}
	return out
}
