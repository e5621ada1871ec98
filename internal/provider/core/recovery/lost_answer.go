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
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/detach"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// When a write may have reached Ardoq but its answer was lost (client.IsAmbiguous), the provider finds
// out what Ardoq did before it answers Terraform: a create looks for the entity it may have made, an
// update reads the entity back, a delete checks that it is gone. Messages say what was found.

// Timing is how a lost answer is looked into (FACTS.md §lost-answers). The provider's resources pass
// DefaultTiming; tests pass their own, so that none waits for real seconds.
type Timing struct {
	// Recheck is how long the provider waits before it looks a second time for what a write whose answer
	// was lost did: Ardoq may still be finishing the request.
	Recheck time.Duration
	// How far back "created since the request was sent" reaches: KnownClock when Ardoq's clock is known
	// from its Date headers (whole seconds, plus the request's travel), UnknownClock when not.
	KnownClock, UnknownClock time.Duration
}

// DefaultTiming is the provider's: a second look after 2 s, and 2 s of clock difference allowed when
// Ardoq's clock is known, a minute when not.
func DefaultTiming() Timing {
	return Timing{Recheck: 2 * time.Second, KnownClock: 2 * time.Second, UnknownClock: time.Minute}
}

// CreatedSince is the earliest _meta.created, on Ardoq's clock, that a create sent at sent can carry.
func (t Timing) CreatedSince(c *client.Client, sent time.Time) time.Time {
	if server, ok := c.ServerTime(sent); ok {
		return server.Add(-t.KnownClock)
	}
	return sent.Add(-t.UnknownClock)
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

// importHow says how to import what a lost create made, into the resource Terraform shows with the error.
const importHow = "into this resource: an import block with its id, or terraform import with its id"

// CreateSearch describes an ambiguous create to look for: what it was, how to find candidates, and the
// time it was sent.
type CreateSearch[T any] struct {
	Noun string // "component", "reference"
	// What names what was sent: `component "Payments" (type "Application" in workspace "Apps" (5eed…))`.
	// It is called only when there is something to say, as it may read Ardoq to name it.
	What  func(context.Context) string
	Sent  time.Time
	Cause error
	Find  func(ctx context.Context) ([]T, error)
	Meta  func(T) client.Meta
	IDOf  func(T) string
}

// RecoverCreate returns the one entity an ambiguous create made (with a warning saying so), or nil
// with an error that says what was found: nothing (after two looks, t.Recheck apart), several
// candidates, or that looking failed or was cut short by a stop. Entities another write of this process
// made, or another lost-answer search of it took, are never candidates.
func RecoverCreate[T any](ctx context.Context, d *providerdata.Data, t Timing, s CreateSearch[T], summary string) (*T, diag.Diagnostics) {
	caller := ctx
	ctx, done := SeeThrough(ctx, d.Client)
	defer done()
	var diags diag.Diagnostics
	since := t.CreatedSince(d.Client, s.Sent)
	made, err := lookForCreated(ctx, d, s, since)
	looks := 1
	status, succeeded := AnsweredSuccess(s.Cause)
	if err == nil && len(made) == 0 && !succeeded {
		Pause(ctx, t.Recheck) // Ardoq may still be working on it
		made, err = lookForCreated(ctx, d, s, since)
		looks++
	}
	// named after the looks, which come first in the time a stop leaves
	lost := fmt.Sprintf("Ardoq's answer to the create of %s was lost (%s).", s.What(ctx), diagnostics.ClientErrorDetail(s.Cause))
	lookFor := fmt.Sprintf("Before the next apply, look in Ardoq for the %s (created by you at about %s) and, if it is there, import it "+
		"%s; the next plan warns of it too, as one an interrupted run may have made.", s.Noun, s.Sent.UTC().Format(time.RFC3339), importHow)
	if why, cut := CutShort(caller, ctx, d.Client); err != nil && cut {
		diags.AddError(summary, fmt.Sprintf("%s %s before it could find out whether Ardoq made it, so it recorded nothing. %s", lost, why, lookFor))
		return nil, diags
	}
	if err != nil {
		diags.AddError(summary, fmt.Sprintf("%s Looking for the %s it may have made failed too (%s), so Ardoq may or may not have "+
			"created it, and nothing was recorded. %s", lost, s.Noun, diagnostics.ClientErrorDetail(err), lookFor))
		return nil, diags
	}
	switch {
	case len(made) == 1:
		d.Claims.Recovered(s.IDOf(made[0])) // found, not answered: it may be what an earlier run made moments before
		diags.AddWarning("Recovered From a Lost Answer", fmt.Sprintf("%s The provider looked for it and found %s %s, created by you at %s: "+
			"it is recorded in the state, so nothing is created twice.", lost, s.Noun, s.IDOf(made[0]), s.Meta(made[0]).Created))
		return &made[0], diags
	case len(made) == 0 && succeeded:
		diags.AddError(summary, fmt.Sprintf("%s Ardoq's status (HTTP %d) said it succeeded, yet the provider found no %s matching what it "+
			"sent, created by you since %s, so it cannot tell where it went and recorded nothing. Before applying again, look for it in "+
			"Ardoq and, if it is there, import it %s.", lost, status, s.Noun, since.UTC().Format(time.RFC3339), importHow))
	case len(made) == 0:
		diags.AddError(summary, fmt.Sprintf("%s The provider looked for a %s matching what it sent, created by you since %s, %d times "+
			"over %s, and found none, so it recorded nothing. Should Ardoq still make it later, the next plan warns of it as one an "+
			"interrupted run may have made (with prevent_duplicates the plan fails): run terraform plan before applying again.",
			lost, s.Noun, since.UTC().Format(time.RFC3339), looks, t.Recheck))
	default:
		ids := make([]string, len(made))
		for i, c := range made {
			ids[i] = s.IDOf(c)
		}
		diags.AddError(summary, fmt.Sprintf("%s The provider then found %d %ss matching what it sent, created by you since %s: %s. "+
			"It cannot tell which one this create made, so it recorded none. Delete the extra ones in Ardoq and import the one to keep %s.",
			lost, len(made), s.Noun, since.UTC().Format(time.RFC3339), strings.Join(ids, ", "), importHow))
	}
	return nil, diags
}

// lookForCreated lists the candidates of a search made by the caller since since, leaving out what
// another write of this process made or a lost-answer search of it took (core/claims). Who the caller is
// (once per provider process) is asked alongside the search, which does not need it.
func lookForCreated[T any](ctx context.Context, d *providerdata.Data, s CreateSearch[T], since time.Time) ([]T, error) {
	var me string
	var meErr error
	var asking sync.WaitGroup
	asking.Go(func() { me, meErr = d.Claims.CallerEmail(ctx) })
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
		if CreatedByCaller(s.Meta(c), me, since) && !d.Claims.Taken(s.IDOf(c)) {
			made = append(made, c)
		}
	}
	return made, nil
}

// SeeThrough is the context a lost answer is looked into on: the run may be stopping (Terraform cancels
// the provider's contexts on an interrupt), but a write that was sent must end with what Ardoq did
// recorded, or the next apply makes it twice. The looking is bounded all the same (core/detach): after a
// stop it gets one request timeout more at most. done releases it.
func SeeThrough(ctx context.Context, c *client.Client) (detached context.Context, done context.CancelFunc) {
	return detach.Context(ctx, c.RequestTimeout())
}

// CutShort says, when looking on detached (from SeeThrough) ended before it found out, why: Terraform
// stopped the provider, or the look-ups outran their bound. why starts a sentence.
func CutShort(caller, detached context.Context, c *client.Client) (why string, cut bool) {
	if detached.Err() == nil {
		return "", false
	}
	if caller.Err() != nil {
		return fmt.Sprintf("Terraform stopped the provider (an interrupt), and the provider stopped looking (it looks for at most %s after "+
			"a stop, two request timeouts)", detach.StopBound(c.RequestTimeout())), true
	}
	return fmt.Sprintf("The provider's look-ups did not finish within %s (two request timeouts), so it stopped looking",
		detach.StopBound(c.RequestTimeout())), true
}

// Pause waits d, or until ctx ends.
func Pause(ctx context.Context, d time.Duration) {
	select {
	case <-time.After(d):
	case <-ctx.Done():
	}
}

// ConfirmDeleted reads an entity back after an ambiguous delete (a second time after recheck when it is
// still there): gone is success; otherwise the error says what was found.
func ConfirmDeleted(ctx context.Context, c *client.Client, recheck time.Duration, diags *diag.Diagnostics, noun, id string, cause error,
	read func(context.Context) error) {
	caller := ctx
	ctx, done := SeeThrough(ctx, c)
	defer done()
	lost := fmt.Sprintf("Ardoq's answer to deleting %s %s was lost (%s).", strings.ToLower(noun), id, diagnostics.ClientErrorDetail(cause))
	err := read(ctx)
	if err == nil {
		Pause(ctx, recheck) // Ardoq may still be working on it
		err = read(ctx)
	}
	why, cut := CutShort(caller, ctx, c)
	switch {
	case client.IsNotFound(err):
		tflog.Info(ctx, "answer to a delete was lost; the entity is gone", map[string]any{"id": id})
	case err != nil && cut:
		diags.AddError("Unable to Delete "+noun, fmt.Sprintf("%s %s before it could find out whether Ardoq deleted it. Run terraform "+
			"apply again: its refresh finds out.", lost, why))
	case err != nil:
		diags.AddError("Unable to Delete "+noun, fmt.Sprintf("%s Reading it back failed too (%s), so it may or may not be deleted. "+
			"Run terraform apply again.", lost, diagnostics.ClientErrorDetail(err)))
	default:
		diags.AddError("Unable to Delete "+noun, fmt.Sprintf("%s The provider read it back twice, %s apart: it still exists, so it "+
			"has not been deleted. Run terraform apply again.", lost, recheck))
	}
}
