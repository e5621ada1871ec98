package recovery

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
)

// What an update whose answer was lost (or that met a conflict) did is judged from the entity read back,
// by what Ardoq documents: each update makes a new version, and the entity holds what was sent or not.
// How much the version moved is not documented, so it is not counted (FACTS.md §versions).

// updateOutcome is what reading an entity back after an ambiguous or conflicting update showed. Its zero
// value is updateUnknown: an outcome nobody set never records an update as applied.
type updateOutcome int

const (
	updateUnknown    updateOutcome = iota // the reading failed or was cut short by a stop
	updateApplied                         // a newer version that holds the values sent
	updateNotApplied                      // still the version the update was sent for
	updateOvertaken                       // a newer version that does not hold the values sent: someone else's change
	updateGone                            // the entity was deleted
)

// judgeUpdate classifies what an update that failed with cause did, from the entity read back:
// sentVersion is the version the update was guarded with, holdsSent whether the entity now has every
// value the update set. A newer version holding them is the update applied (perhaps with someone
// else's change on top that left those values alone: the provider cannot tell, and the values are
// what it sent). A conflict at the same version is someone else's change before the update was sent.
func judgeUpdate(cause, readErr error, version, sentVersion int64, holdsSent bool) updateOutcome {
	switch {
	case client.IsNotFound(readErr):
		return updateGone
	case readErr != nil:
		return updateUnknown
	case version != sentVersion && holdsSent:
		return updateApplied
	case version == sentVersion && !client.IsConflict(cause):
		return updateNotApplied
	}
	return updateOvertaken
}

// ReadBack reads an entity back after an update failed with cause (its answer lost, or a conflict)
// and judges what the update did; one that seems not applied is read again after recheck, as Ardoq may
// still be applying it. now is the entity as read (nil if the read failed) and nowVersion its version;
// holds says whether an entity holds the values the update set. cut is set when the reading was cut
// short by a stop (core/detach), why saying so.
func ReadBack[T any](ctx context.Context, c *client.Client, recheck time.Duration, cause error, sentVersion int64, read func(context.Context) (*T, error),
	version func(*T) int64, holds func(*T) bool) (now *T, nowVersion int64, outcome updateOutcome, why string, readErr error) {
	caller := ctx
	ctx, done := SeeThrough(ctx, c)
	defer done()
	for look := 0; ; look++ {
		now, readErr = read(ctx)
		if readErr == nil {
			nowVersion = version(now)
		}
		outcome = judgeUpdate(cause, readErr, nowVersion, sentVersion, readErr == nil && holds(now))
		if outcome != updateNotApplied || look == 1 {
			if reason, cut := CutShort(caller, ctx, c); cut && readErr != nil {
				why = reason
			}
			return now, nowVersion, outcome, why, readErr
		}
		Pause(ctx, recheck)
	}
}

// AddUpdateOutcome reports an update that failed ambiguously or with a conflict, after the entity was
// read back (why is ReadBack's, when the reading was cut short; recheck the pause ReadBack was given);
// what names the entity as messages do. It returns true when the update was in fact applied (the caller
// records the entity), and only then.
func AddUpdateOutcome(diags *diag.Diagnostics, noun, what string, sentVersion int64, cause error, outcome updateOutcome, readErr error,
	nowVersion int64, why string, recheck time.Duration) bool {
	entity := strings.ToLower(noun) + " " + what
	switch {
	case outcome == updateUnknown && why != "":
		diags.AddError("Unable to Update "+noun, fmt.Sprintf("The update of %s failed (%s). %s before it could read it back, so "+
			"Ardoq may or may not have applied it, and nothing was recorded. Run terraform plan to see where it stands: the next apply "+
			"sends whatever is still missing.", entity, diagnostics.ClientErrorDetail(cause), why))
	case outcome == updateUnknown && readErr != nil:
		diags.AddError("Unable to Update "+noun, fmt.Sprintf("The update of %s failed (%s), and reading it back failed too (%s), so "+
			"Ardoq may or may not have applied it. Run terraform plan to see where it stands.", entity,
			diagnostics.ClientErrorDetail(cause), diagnostics.ClientErrorDetail(readErr)))
	case outcome == updateUnknown:
		diags.AddError("Unable to Update "+noun, fmt.Sprintf("The update of %s failed (%s), and the provider does not know whether "+
			"Ardoq applied it, so nothing was recorded. Run terraform plan to see where it stands.", entity, diagnostics.ClientErrorDetail(cause)))
	case outcome == updateApplied:
		if !client.IsConflict(cause) {
			diags.AddWarning("Recovered From a Lost Answer", fmt.Sprintf("Ardoq's answer to the update of %s was lost (%s). The "+
				"provider read it back: it is at a newer version (%d) and holds the values the update set, so the update is recorded "+
				"as applied.", entity, diagnostics.ClientErrorDetail(cause), nowVersion))
		}
		return true
	case outcome == updateGone:
		diagnostics.AddUpdateError(diags, noun, what, sentVersion, readErr)
	case outcome == updateNotApplied:
		diags.AddError("Unable to Update "+noun, fmt.Sprintf("The update of %s failed (%s). The provider read it back twice, %s "+
			"apart: it is still at version %d, so the update has not taken effect, and nothing was recorded. "+
			"Run terraform apply again: the update is sent for that version only, so should Ardoq still apply the lost request, the "+
			"next apply reports the change instead of overwriting it.",
			entity, diagnostics.ClientErrorDetail(cause), recheck, sentVersion))
	case client.IsConflict(cause):
		diagnostics.AddConflictError(diags, noun, what, sentVersion, nowVersion, cause)
	default:
		diags.AddError(noun+" Changed Outside Terraform", fmt.Sprintf("The update of %s failed (%s). The provider read it back: "+
			"it is at version %d (the update was sent for version %d) and does not hold the values the update set, so someone else "+
			"changed it, and the provider cannot tell whether this update was applied before that change. Run terraform plan to see "+
			"where it stands.", entity, diagnostics.ClientErrorDetail(cause), nowVersion, sentVersion))
	}
	return false
}
