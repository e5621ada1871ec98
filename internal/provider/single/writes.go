package single

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/recovery"
)

// What ardoq_component and ardoq_reference do alike with Ardoq's answer to a request is written once,
// here: lost-answer recovery for every write, the claim of what a create made, the version guard's
// errors, and a read or delete that finds the entity gone. Each resource makes its own client calls,
// passes the answer here, and maps what comes back to its state through its entity's one mapper
// (core/entity). noun is "Component" or "Reference", as summaries name it.

// settleCreate is what a create made, given Ardoq's answer (made, err): made, or, when the answer was
// lost, what search finds the create made; nil, with diagnostics, when neither.
func settleCreate[E any](ctx context.Context, d *providerdata.Data, diags *diag.Diagnostics, noun string, made *E, err error,
	search recovery.CreateSearch[E]) *E {
	summary := "Unable to Create " + noun
	switch {
	case client.IsAmbiguous(err):
		found, recovered := recovery.RecoverCreate(ctx, d, recovery.DefaultTiming(), search, summary) // it claims what it found
		diags.Append(recovered...)
		return found
	case err != nil:
		diagnostics.AddClientError(diags, summary, err)
		return nil
	}
	d.Claims.Made(search.IDOf(*made)) // Ardoq answered: this create made it
	return made
}

// readFound reports whether a refresh's read of id, which failed with err or not, found the entity. One
// found gone is removed from state, with a warning, so that a plan creating it again never comes silently;
// a failed read is an error.
func readFound(ctx context.Context, state *tfsdk.State, diags *diag.Diagnostics, noun, id string, err error) bool {
	if client.IsNotFound(err) {
		tflog.Info(ctx, strings.ToLower(noun)+" no longer exists; removing it from state", map[string]any{"id": id})
		state.RemoveResource(ctx)
		along := "its parent"
		if noun == "Reference" {
			along = "the component at one of its ends"
		}
		diags.AddWarning(noun+" Deleted in Ardoq", fmt.Sprintf("%s %s is no longer in Ardoq: it was deleted outside this resource (in "+
			"the app, or by Ardoq along with %s). It is removed from state; if the configuration still declares it, the plan creates "+
			"it again.", noun, id, along))
		return false
	}
	if err != nil {
		diagnostics.AddClientError(diags, "Unable to Read "+noun, err)
		return false
	}
	return true
}

// settleUpdate is the entity after an update sent only if it was still at version, given Ardoq's answer
// (updated, err). A lost answer, or a conflict met by a retry of its own, is settled by reading the entity
// back (get): the update is applied when the entity holds the planned values (holds) at a newer version.
// describe names the entity for errors (it may read Ardoq: it is called on those paths only).
func settleUpdate[E any](ctx context.Context, d *providerdata.Data, diags *diag.Diagnostics, noun string, version int64, updated *E, err error,
	get func(context.Context) (*E, error), versionOf func(*E) int64, holds func(*E) bool, describe func() string) *E {
	if client.IsAmbiguous(err) || client.IsConflict(err) {
		recheck := recovery.DefaultTiming().Recheck
		cur, nowVersion, outcome, why, readErr := recovery.ReadBack(ctx, d.Client, recheck, err, version, get, versionOf, holds)
		if !recovery.AddUpdateOutcome(diags, noun, describe(), version, err, outcome, readErr, nowVersion, why, recheck) {
			return nil
		}
		return cur
	}
	if err != nil {
		diagnostics.AddUpdateError(diags, noun, describe(), version, err)
		return nil
	}
	return updated
}

// settleDelete settles a delete of id that failed with err or not: an entity already gone is what the
// plan wanted (goneWith says what else deletes it in Ardoq: a parent this apply deleted first may have
// taken it along), and a lost answer is settled by reading it (get).
func settleDelete(ctx context.Context, d *providerdata.Data, diags *diag.Diagnostics, noun, goneWith, id string, err error,
	get func(context.Context) error) {
	switch {
	case client.IsAmbiguous(err):
		recovery.ConfirmDeleted(ctx, d.Client, recovery.DefaultTiming().Recheck, diags, noun, id, err, get)
	case client.IsNotFound(err):
		tflog.Info(ctx, "already deleted in Ardoq (along with "+goneWith+", or in the app); nothing left to delete", map[string]any{"id": id})
	case err != nil:
		diagnostics.AddClientError(diags, "Unable to Delete "+noun, err)
	}
}
