// Package recovery keeps a lost answer or a killed run from duplicating or losing what a write did: it
// finds out what Ardoq did with a write whose answer was lost, and warns of what an earlier, interrupted
// run made (already_made.go).
package recovery

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// When a write may have reached Ardoq but its answer was lost (client.IsAmbiguous), the provider finds
// out what Ardoq did before it answers Terraform: a create looks for the entity it may have made, an
// update reads the entity back, a delete checks that it is gone. Messages say what was found.

// How far back "created since the request was sent" reaches: a little when Ardoq's clock is known
// from its Date headers (whole seconds, plus the request's travel), a minute of clock difference when not.
const (
	knownClockAllowance   = 2 * time.Second
	unknownClockAllowance = time.Minute
)

// RecheckPause is how long the provider waits before it looks a second time and concludes that a
// write did not happen: Ardoq may still be finishing a request whose answer timed out.
var RecheckPause = 2 * time.Second

// CreatedSince is the earliest _meta.created, on Ardoq's clock, that a create sent at sent can carry.
func CreatedSince(c *client.Client, sent time.Time) time.Time {
	if server, ok := c.ServerTime(sent); ok {
		return server.Add(-knownClockAllowance)
	}
	return sent.Add(-unknownClockAllowance)
}

// CreatedByCaller reports whether an entity was created by this token's user at or after since.
// Without a known user only the time is compared.
func CreatedByCaller(meta client.Meta, me string, since time.Time) bool {
	if me != "" && !strings.EqualFold(meta.CreatedByEmail, me) {
		return false
	}
	created, err := time.Parse(time.RFC3339Nano, meta.Created)
	return err == nil && !created.Before(since)
}

// AnsweredSuccess reports whether Ardoq's (cut-off) answer said the request succeeded.
func AnsweredSuccess(cause error) (int, bool) {
	var amb *client.AmbiguousError
	if errors.As(cause, &amb) && amb.Status >= 200 && amb.Status < 300 {
		return amb.Status, true
	}
	return 0, false
}

// CreateSearch describes an ambiguous create to look for: what it was, how to find candidates, and the
// time it was sent.
type CreateSearch[T any] struct {
	Noun       string // "component", "reference"
	What       string // how the message names what was sent: `component "Payments" (type ... in workspace ...)`
	Sent       time.Time
	Cause      error
	Find       func(ctx context.Context) ([]T, error)
	Meta       func(T) client.Meta
	IDOf       func(T) string
	ImportHint string // the terraform import hint, e.g. "terraform import <address> <id>"
}

// RecoverCreate returns the one entity an ambiguous create made (with a warning saying so), or nil
// with an error that says what was found: nothing (the create did not happen), several candidates, or
// that looking failed. Entities another create of this run made are never candidates.
func RecoverCreate[T any](ctx context.Context, d *providerdata.Data, s CreateSearch[T], summary string) (*T, diag.Diagnostics) {
	ctx = SeeThrough(ctx)
	var diags diag.Diagnostics
	lost := fmt.Sprintf("Ardoq's answer to the create of %s was lost (%s).", s.What, diagnostics.ClientErrorDetail(s.Cause))
	since := CreatedSince(d.Client, s.Sent)
	made, err := lookForCreated(ctx, d, s, since)
	status, succeeded := AnsweredSuccess(s.Cause)
	if err == nil && len(made) == 0 && !succeeded {
		Pause(ctx, RecheckPause) // Ardoq may still be working on it
		made, err = lookForCreated(ctx, d, s, since)
	}
	if err != nil {
		diags.AddError(summary, fmt.Sprintf("%s Looking for the %s it may have made failed too (%s), so Ardoq may or may not have "+
			"created it. Before applying again, look for it in Ardoq (created at about %s) and, if it is there, import it (%s).",
			lost, s.Noun, diagnostics.ClientErrorDetail(err), s.Sent.UTC().Format(time.RFC3339), s.ImportHint))
		return nil, diags
	}
	switch {
	case len(made) == 1:
		d.Claim(s.IDOf(made[0])) // found, not answered: it may be what an earlier run made moments before
		diags.AddWarning("Recovered From a Lost Answer", fmt.Sprintf("%s The provider looked for it and found %s %s, created by you at %s: "+
			"it is recorded in the state, so nothing is created twice.", lost, s.Noun, s.IDOf(made[0]), s.Meta(made[0]).Created))
		return &made[0], diags
	case len(made) == 0 && succeeded:
		diags.AddError(summary, fmt.Sprintf("%s Ardoq's status (HTTP %d) said it succeeded, yet the provider found no %s matching what it "+
			"sent, created by you since %s, so it cannot tell where it went and recorded nothing. Before applying again, look for it in "+
			"Ardoq and, if it is there, import it (%s).", lost, status, s.Noun, since.UTC().Format(time.RFC3339), s.ImportHint))
	case len(made) == 0:
		diags.AddError(summary, fmt.Sprintf("%s The provider then looked twice, %s apart, for a %s matching what it sent, created by you "+
			"since %s, and found none: Ardoq did not create it, and nothing was changed. Run terraform apply again.", lost, RecheckPause,
			s.Noun, since.UTC().Format(time.RFC3339)))
	default:
		ids := make([]string, len(made))
		for i, c := range made {
			ids[i] = s.IDOf(c)
		}
		diags.AddError(summary, fmt.Sprintf("%s The provider then found %d %ss matching what it sent, created by you since %s: %s. "+
			"It cannot tell which one this create made, so it recorded none. Delete the extra ones in Ardoq and import the one to keep (%s).",
			lost, len(made), s.Noun, since.UTC().Format(time.RFC3339), strings.Join(ids, ", "), s.ImportHint))
	}
	return nil, diags
}

// lookForCreated lists the candidates of a search made by the caller since since, leaving out what
// another create of this run made. Who the caller is (once per provider process) is asked alongside the
// search, which does not need it.
func lookForCreated[T any](ctx context.Context, d *providerdata.Data, s CreateSearch[T], since time.Time) ([]T, error) {
	var me string
	var meErr error
	var asking sync.WaitGroup
	asking.Go(func() { me, meErr = d.CallerEmail(ctx) })
	candidates, err := s.Find(ctx)
	asking.Wait()
	if meErr != nil {
		return nil, meErr
	}
	if err != nil {
		return nil, err
	}
	var made []T
	for _, c := range candidates {
		if CreatedByCaller(s.Meta(c), me, since) && !d.Claimed(s.IDOf(c)) {
			made = append(made, c)
		}
	}
	return made, nil
}

// SeeThrough is the context a lost answer is looked into on: the run may be stopping (Terraform cancels
// the provider's contexts on an interrupt), but a write that was sent must end with what Ardoq did
// recorded, or the next apply makes it twice. The client's timeout and retries bound each look.
func SeeThrough(ctx context.Context) context.Context { return context.WithoutCancel(ctx) }

func Pause(ctx context.Context, d time.Duration) {
	select {
	case <-time.After(d):
	case <-ctx.Done():
	}
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

// ReadBack reads an entity back after an update failed with cause (its answer lost, or a conflict)
// and judges what the update did; one that seems not applied is read again after a pause, as Ardoq may
// still be applying it. now is the entity as read (nil if the read failed) and nowVersion its version.
func ReadBack[T any](ctx context.Context, cause error, sentVersion int64, read func(context.Context) (*T, error),
	version func(*T) int64, holds func(*T) bool) (now *T, nowVersion int64, outcome updateOutcome, readErr error) {
	ctx = SeeThrough(ctx)
	for look := 0; ; look++ {
		now, readErr = read(ctx)
		if readErr == nil {
			nowVersion = version(now)
		}
		outcome = judgeUpdate(cause, readErr, nowVersion, sentVersion, readErr == nil && holds(now))
		if outcome != updateNotApplied || look == 1 {
			return now, nowVersion, outcome, readErr
		}
		Pause(ctx, RecheckPause)
	}
}

// AddUpdateOutcome reports an update that failed ambiguously or with a conflict, after the entity was
// read back. It returns true when the update was in fact applied (the caller records the entity).
func AddUpdateOutcome(diags *diag.Diagnostics, noun, id string, sentVersion int64, cause error, outcome updateOutcome, readErr error, nowVersion int64) bool {
	if readErr != nil && outcome != updateGone {
		diags.AddError("Unable to Update "+noun, fmt.Sprintf("The update of %s %s failed (%s), and reading it back failed too (%s), so "+
			"Ardoq may or may not have applied it. Run terraform plan to see where it stands.", strings.ToLower(noun), id,
			diagnostics.ClientErrorDetail(cause), diagnostics.ClientErrorDetail(readErr)))
		return false
	}
	switch {
	case outcome == updateApplied:
		if !client.IsConflict(cause) {
			diags.AddWarning("Recovered From a Lost Answer", fmt.Sprintf("Ardoq's answer to the update of %s %s was lost (%s). The "+
				"provider read it back: it holds the planned values at version %d, so the update was applied and is recorded.",
				strings.ToLower(noun), id, diagnostics.ClientErrorDetail(cause), nowVersion))
		}
		return true
	case outcome == updateGone:
		diagnostics.AddUpdateError(diags, noun, id, sentVersion, readErr)
	case outcome == updateNotApplied:
		diags.AddError("Unable to Update "+noun, fmt.Sprintf("The update of %s %s failed (%s). The provider read it back twice, %s "+
			"apart: it is still at version %d, so the update has not taken effect, and nothing was recorded. "+
			"Run terraform apply again: the update is sent for that version only, so should Ardoq still apply the lost request, the "+
			"next apply reports the change instead of overwriting it.",
			strings.ToLower(noun), id, diagnostics.ClientErrorDetail(cause), RecheckPause, sentVersion))
	case client.IsConflict(cause):
		diagnostics.AddConflictError(diags, noun, id, sentVersion, nowVersion, cause)
	default:
		diags.AddError(noun+" Changed Outside Terraform", fmt.Sprintf("The update of %s %s failed (%s). The provider read it back: "+
			"someone else changed it meanwhile (it is now at version %d and does not hold the planned values), so the provider "+
			"cannot tell whether this update was applied before that change. Run terraform plan to see where it stands.",
			strings.ToLower(noun), id, diagnostics.ClientErrorDetail(cause), nowVersion))
	}
	return false
}

// ConfirmDeleted reads an entity back after an ambiguous delete: gone is success; otherwise the error
// says whether it is still there.
func ConfirmDeleted(ctx context.Context, diags *diag.Diagnostics, noun, id string, cause error, read func(context.Context) error) {
	ctx = SeeThrough(ctx)
	lost := fmt.Sprintf("Ardoq's answer to deleting %s %s was lost (%s).", strings.ToLower(noun), id, diagnostics.ClientErrorDetail(cause))
	err := read(ctx)
	if err == nil {
		Pause(ctx, RecheckPause) // Ardoq may still be working on it
		err = read(ctx)
	}
	switch {
	case client.IsNotFound(err):
		tflog.Info(ctx, "answer to a delete was lost; the entity is gone", map[string]any{"id": id})
	case err != nil:
		diags.AddError("Unable to Delete "+noun, fmt.Sprintf("%s Reading it back failed too (%s), so it may or may not be deleted. "+
			"Run terraform apply again.", lost, diagnostics.ClientErrorDetail(err)))
	default:
		diags.AddError("Unable to Delete "+noun, fmt.Sprintf("%s The provider read it back twice, %s apart: it still exists, so it "+
			"has not been deleted. Run terraform apply again.", lost, RecheckPause))
	}
}
