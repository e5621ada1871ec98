package recovery

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// Ardoq may already hold what the plan is about to create: made by another configuration, a second
// terraform workspace, someone in Ardoq's UI, a run that was killed (SIGKILL, an out-of-memory kill, a
// crashed CI runner) after its writes and before Terraform saved its state, or managed by another resource
// of this configuration that describes the same entity. The plan of a new component or reference therefore
// looks for one Ardoq holds with the same identity, the way the lost-answer search does (lost_answer.go),
// created by the token's user, and reports each it finds: a warning at the resource (or the ardoq_batch
// item) with the id to take over, an error with prevent_duplicates. The summary names the entity, so that
// Terraform does not fold the warnings of many resources into one and hide their ids.
//
// What the search reports follows from the request and Ardoq's answers: whether another resource manages
// the entity, or read it first, changes nothing. It leaves out only what the request holds itself (an
// ardoq_batch's own items, the entity a -replace replaces) and what this provider process's own writes
// made or changed (core/claims): the plan walk writes nothing, so leaving them out makes the plan Terraform
// makes again in the apply walk (a new process, among the apply's writes) answer as the plan walk did, in
// whatever order Terraform applies. The provider keeps nothing between processes. A search that fails is
// an error with prevent_duplicates (the plan cannot promise what the setting asks), a warning without.

// AlreadyMade is where an already-made warning goes and how it says to take the entity over.
type AlreadyMade struct {
	Noun string // "Component": the summary is `Component "Payments" Already in Ardoq`
	// Name is `"Payments"`, or "Payments → Orders DB (Depends on)" for a reference; called only when there
	// is something to say, as it may read Ardoq to name the entity.
	Name func(context.Context) string
	At   path.Path // an attribute (an ardoq_batch item); empty for the resource as a whole
	// TakeOver says how to take over the entity with this id instead of making a second one: a full
	// sentence or more.
	TakeOver func(id string) string
}

// ImportInto is the single resources' way to take an entity over: import it into the resource the
// warning is at (Terraform prints its address above the message).
func ImportInto(id string) string {
	return fmt.Sprintf("To take it over instead, import it into this resource: an import block with id = %q, or terraform import "+
		"with the id %s.", id, id)
}

// WarnAlreadyMade adds a warning for each entity a search finds, an error with prevent_duplicates; the
// fix it names is an import into the resource.
func WarnAlreadyMade[T any](ctx context.Context, d *providerdata.Data, s CreateSearch[T], noun string, name func(context.Context) string) diag.Diagnostics {
	return WarnIfAlreadyMade(ctx, d, s, AlreadyMade{Noun: noun, Name: name, TakeOver: ImportInto})
}

// WarnIfAlreadyMade adds a warning for each entity a search finds, an error with prevent_duplicates.
func WarnIfAlreadyMade[T any](ctx context.Context, d *providerdata.Data, s CreateSearch[T], at AlreadyMade) diag.Diagnostics {
	var diags diag.Diagnostics
	made, err := lookForCreated(ctx, d, s, time.Time{})
	if err != nil {
		addSearchFailed(&diags, d.Settings.PreventDuplicates, at.Noun+" "+at.Name(ctx), at.At, s.What(ctx), err)
		return diags
	}
	for _, m := range made {
		id := s.IDOf(m)
		summary := fmt.Sprintf("%s %s Already in Ardoq", at.Noun, at.Name(ctx))
		detail := fmt.Sprintf("Ardoq already holds %s with id %s, created by you at %s; creating this one makes a second. %s "+
			"If another resource of this configuration manages it, the two describe the same %s: keep one of them (a moved block "+
			"gives a resource a new address without making its entity again). More in the guide \"When a run is interrupted\".",
			s.What(ctx), id, s.Meta(m).Created, at.TakeOver(id), strings.ToLower(at.Noun))
		if d.Settings.PreventDuplicates {
			add(&diags, at.At, diag.NewErrorDiagnostic(summary, detail+preventDuplicatesStops), diag.NewAttributeErrorDiagnostic(at.At, summary, detail+preventDuplicatesStops))
			continue
		}
		add(&diags, at.At, diag.NewWarningDiagnostic(summary, detail), diag.NewAttributeWarningDiagnostic(at.At, summary, detail))
	}
	return diags
}

const preventDuplicatesStops = " The plan stops here because prevent_duplicates is set (or ARDOQ_PREVENT_DUPLICATES=true)."

// add appends whole, or attribute when at names an attribute.
func add(diags *diag.Diagnostics, at path.Path, whole, attribute diag.Diagnostic) {
	if at.Equal(path.Empty()) {
		diags.Append(whole)
		return
	}
	diags.Append(attribute)
}

// addSearchFailed reports a search for what an interrupted run made that could not be made: an error with
// prevent_duplicates, a warning without.
func addSearchFailed(diags *diag.Diagnostics, preventDuplicates bool, named string, at path.Path, what string, err error) {
	summary := named + " Not Checked for Duplicates"
	lookedFor := fmt.Sprintf("Before creating %s, the plan looks for one Ardoq already holds (made by another configuration or "+
		"workspace, in Ardoq's UI, or by an interrupted run); looking failed (%s).", what, diagnostics.ClientErrorDetail(err))
	if preventDuplicates {
		detail := lookedFor + " With prevent_duplicates set, the plan stops here rather than risk creating it " +
			"a second time. Try again once Ardoq answers, or set prevent_duplicates = false (or ARDOQ_PREVENT_DUPLICATES=false) " +
			"to plan without the check."
		add(diags, at, diag.NewErrorDiagnostic(summary, detail), diag.NewAttributeErrorDiagnostic(at, summary, detail))
		return
	}
	detail := lookedFor + " The plan does not know whether creating it makes a second one. Plan again " +
		"to check, or set prevent_duplicates = true to make a failed check stop the plan."
	add(diags, at, diag.NewWarningDiagnostic(summary, detail), diag.NewAttributeWarningDiagnostic(at, summary, detail))
}

// Known is a Name or What that needs no reading: the text itself.
func Known(text string) func(context.Context) string {
	return func(context.Context) string { return text }
}

// ComponentIdentity is what makes a component Ardoq holds the one a create would make, for both the
// already-made and the lost-answer searches of ardoq_component and ardoq_batch: same workspace, name,
// type and parent (an empty parent for a top-level component).
func ComponentIdentity(workspace, name, typeID, parent string) string {
	return strings.Join([]string{workspace, name, typeID, parent}, "\x00")
}
