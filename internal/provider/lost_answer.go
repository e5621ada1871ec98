package provider

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// When a write may have reached Ardoq but its answer was lost (client.IsAmbiguous), the provider finds
// out what Ardoq did before it answers Terraform: a create looks for the entity it may have made, an
// update reads the entity back, a delete checks that it is gone. Messages say what was found.

// clockAllowance widens "created since the request was sent" for clock differences with Ardoq.
const clockAllowance = time.Minute

// createdByCaller reports whether an entity was created by this token's user since the request
// started (less clockAllowance). Without a known user only the time is compared.
func createdByCaller(meta client.Meta, me string, since time.Time) bool {
	if me != "" && !strings.EqualFold(meta.CreatedByEmail, me) {
		return false
	}
	created, err := time.Parse(time.RFC3339Nano, meta.Created)
	return err == nil && !created.Before(since.Add(-clockAllowance))
}

// createSearch describes an ambiguous create to look for: what it was, how to find candidates, and the
// time it was sent.
type createSearch[T any] struct {
	noun       string // "component", "reference"
	what       string // how the message names what was sent: `component "Payments" (type ... in workspace ...)`
	sent       time.Time
	cause      error
	find       func(ctx context.Context) ([]T, error)
	meta       func(T) client.Meta
	idOf       func(T) string
	importHint string // the terraform import hint, e.g. "terraform import <address> <id>"
}

// recoverCreate returns the one entity an ambiguous create made (with a warning saying so), or nil
// with an error that says what was found: nothing (the create did not happen), several candidates, or
// that looking failed.
func recoverCreate[T any](ctx context.Context, d *providerData, s createSearch[T], summary string) (*T, diag.Diagnostics) {
	var diags diag.Diagnostics
	lost := fmt.Sprintf("Ardoq's answer to the create of %s was lost (%s).", s.what, clientErrorDetail(s.cause))
	me, err := d.callerEmail(ctx)
	var candidates []T
	if err == nil {
		candidates, err = s.find(ctx)
	}
	if err != nil {
		diags.AddError(summary, fmt.Sprintf("%s Looking for the %s it may have made failed too (%s), so Ardoq may or may not have "+
			"created it. Before applying again, look for it in Ardoq (created at about %s) and, if it is there, import it (%s).",
			lost, s.noun, clientErrorDetail(err), s.sent.UTC().Format(time.RFC3339), s.importHint))
		return nil, diags
	}
	var made []T
	for _, c := range candidates {
		if createdByCaller(s.meta(c), me, s.sent) {
			made = append(made, c)
		}
	}
	switch len(made) {
	case 1:
		diags.AddWarning("Recovered From a Lost Answer", fmt.Sprintf("%s The provider looked for it and found %s %s, created by you at %s: "+
			"it is recorded in the state, so nothing is created twice.", lost, s.noun, s.idOf(made[0]), s.meta(made[0]).Created))
		return &made[0], diags
	case 0:
		diags.AddError(summary, fmt.Sprintf("%s The provider then looked for a %s matching what it sent, created by you since %s, and "+
			"found none: Ardoq did not create it, and nothing was changed. Run terraform apply again.", lost, s.noun,
			s.sent.UTC().Format(time.RFC3339)))
	default:
		ids := make([]string, len(made))
		for i, c := range made {
			ids[i] = s.idOf(c)
		}
		diags.AddError(summary, fmt.Sprintf("%s The provider then found %d %ss matching what it sent, created by you since %s: %s. "+
			"It cannot tell which one this create made, so it recorded none. Delete the extra ones in Ardoq and import the one to keep (%s).",
			lost, len(made), s.noun, s.sent.UTC().Format(time.RFC3339), strings.Join(ids, ", "), s.importHint))
	}
	return nil, diags
}

// updateOutcome is what reading an entity back after an ambiguous or conflicting update showed.
type updateOutcome int

const (
	updateApplied    updateOutcome = iota // the entity holds the planned values at the next version
	updateNotApplied                      // the entity is still at the version the update was sent for
	updateOvertaken                       // someone else changed the entity
	updateGone                            // the entity was deleted
)

// judgeUpdate classifies what an update that failed with cause did, from the entity read back:
// sentVersion is the version the update was guarded with, holdsPlan whether the entity now has every
// planned value. A conflict is someone else's change unless the entity holds the plan at the next
// version (a retry that met its own first attempt).
func judgeUpdate(cause, readErr error, version, sentVersion int64, holdsPlan bool) updateOutcome {
	switch {
	case client.IsNotFound(readErr):
		return updateGone
	case version == sentVersion+1 && holdsPlan:
		return updateApplied
	case version == sentVersion && !client.IsConflict(cause):
		return updateNotApplied
	}
	return updateOvertaken
}

// addUpdateOutcome reports an update that failed ambiguously or with a conflict, after the entity was
// read back. It returns true when the update was in fact applied (the caller records the entity).
func addUpdateOutcome(diags *diag.Diagnostics, noun, id string, sentVersion int64, cause error, outcome updateOutcome, readErr error, nowVersion int64) bool {
	if readErr != nil && outcome != updateGone {
		diags.AddError("Unable to Update "+noun, fmt.Sprintf("The update of %s %s failed (%s), and reading it back failed too (%s), so "+
			"Ardoq may or may not have applied it. Run terraform plan to see where it stands.", strings.ToLower(noun), id,
			clientErrorDetail(cause), clientErrorDetail(readErr)))
		return false
	}
	switch outcome {
	case updateApplied:
		if !client.IsConflict(cause) {
			diags.AddWarning("Recovered From a Lost Answer", fmt.Sprintf("Ardoq's answer to the update of %s %s was lost (%s). The "+
				"provider read it back: it holds the planned values at version %d, so the update was applied and is recorded.",
				strings.ToLower(noun), id, clientErrorDetail(cause), nowVersion))
		}
		return true
	case updateGone:
		addUpdateError(diags, noun, id, sentVersion, readErr)
	case updateNotApplied:
		diags.AddError("Unable to Update "+noun, fmt.Sprintf("The update of %s %s failed (%s). The provider read it back: it is still "+
			"at version %d, so the update was not applied and nothing was changed. Run terraform apply again.", strings.ToLower(noun), id,
			clientErrorDetail(cause), sentVersion))
	default:
		addConflictError(diags, noun, id, sentVersion, nowVersion, cause)
	}
	return false
}

// callerEmail is the e-mail of the token's user, read once per provider run (GET /me).
func (d *providerData) callerEmail(ctx context.Context) (string, error) {
	d.meMu.Lock()
	defer d.meMu.Unlock()
	if d.me == "" {
		info, err := d.client.Me(ctx)
		if err != nil {
			return "", err
		}
		d.me = info.User.Email
	}
	return d.me, nil
}

// confirmDeleted reads an entity back after an ambiguous delete: gone is success; otherwise the error
// says whether it is still there.
func confirmDeleted(ctx context.Context, diags *diag.Diagnostics, noun, id string, cause error, read func(context.Context) error) {
	lost := fmt.Sprintf("Ardoq's answer to deleting %s %s was lost (%s).", strings.ToLower(noun), id, clientErrorDetail(cause))
	switch err := read(ctx); {
	case client.IsNotFound(err):
		tflog.Info(ctx, "answer to a delete was lost; the entity is gone", map[string]any{"id": id})
	case err != nil:
		diags.AddError("Unable to Delete "+noun, fmt.Sprintf("%s Reading it back failed too (%s), so it may or may not be deleted. "+
			"Run terraform apply again.", lost, clientErrorDetail(err)))
	default:
		diags.AddError("Unable to Delete "+noun, lost+" The provider read it back: it still exists, so it was not deleted. Run terraform apply again.")
	}
}

// textOf is a pointer's string, "" for nil.
func textOf(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
