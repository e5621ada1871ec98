package single

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/recovery"
)

// kind is what ardoq_component and ardoq_reference differ in on their way to and from Ardoq. The steps
// both take are written once, below: one request per write, the version guard on updates, lost-answer
// recovery for every write, claims, and the state from Ardoq's answer through the entity's one mapper.
// M is the resource's model, E the API's entity, C and U its create and update bodies.
type kind[M, E, C, U any] struct {
	noun         string // "Component", as summaries name it
	fromAPI      func(e *E, prior types.Dynamic) M
	customFields func(m *M) types.Dynamic
	holds        func(read, plan M) bool
	sameBesides  func(prior, plan M) bool // the same configurable values, custom fields apart
	idOf         func(e *E) string
	versionOf    func(e *E) int64
	create       func(ctx context.Context, body C) (*E, error)
	get          func(ctx context.Context, id string) (*E, error)
	update       func(ctx context.Context, id, ifVersionMatch string, body U) (*E, error)
	remove       func(ctx context.Context, id string) error
	goneWith     string // what else deletes it in Ardoq, for the warning of a delete that found it gone
	// describe names the entity of prior state for an error: `"CRM" (CMP-1, id 6b08…)`. Error paths only:
	// it may read what the state does not name.
	describe func(ctx context.Context, prior M) string
}

// created is what a create of body made: Ardoq's answer, or, when the answer was lost, what recovery
// found the create made (nil with diagnostics when neither).
func (k kind[M, E, C, U]) created(ctx context.Context, d *providerdata.Data, diags *diag.Diagnostics, body C,
	search func(sent time.Time, cause error) recovery.CreateSearch[E]) *E {
	sent := time.Now()
	made, err := k.create(ctx, body)
	summary := "Unable to Create " + k.noun
	switch {
	case client.IsAmbiguous(err):
		var recovered diag.Diagnostics
		made, recovered = recovery.RecoverCreate(ctx, d, search(sent, err), summary) // it claims what it found
		diags.Append(recovered...)
		if made == nil {
			return nil
		}
	case err != nil:
		diagnostics.AddClientError(diags, summary, err)
		return nil
	default:
		d.ClaimCreated(k.idOf(made)) // Ardoq answered: this create made it
	}
	tflog.Debug(ctx, "created "+strings.ToLower(k.noun), map[string]any{"id": k.idOf(made), "version": k.versionOf(made)})
	return made
}

// read is the entity for a refresh, by read (from the shared listing or on its own); nil when it is gone,
// after removing the resource from state.
func (k kind[M, E, C, U]) read(ctx context.Context, d *providerdata.Data, state *tfsdk.State, diags *diag.Diagnostics, id string,
	read func() (*E, error)) *E {
	got, err := read()
	if client.IsNotFound(err) {
		tflog.Info(ctx, strings.ToLower(k.noun)+" no longer exists; removing it from state", map[string]any{"id": id})
		state.RemoveResource(ctx)
		return nil
	}
	if err != nil {
		diagnostics.AddClientError(diags, "Unable to Read "+k.noun, err)
		return nil
	}
	d.Claim(k.idOf(got)) // held by this resource: never what another resource's plan or lost answer is looking for
	return got
}

// updated is the entity after an update of prior to plan, sent only if it is still at prior's version. A
// lost answer, or a conflict met by a retry of its own, is settled by reading the entity back: the update
// is applied when the entity holds the planned values at a newer version. An entity that holds them
// already is not written (no_write.go).
func (k kind[M, E, C, U]) updated(ctx context.Context, d *providerdata.Data, diags *diag.Diagnostics, id string, version int64, body U,
	prior, plan M) *E {
	if held := k.heldAlready(ctx, id, version, prior, plan); held != nil {
		return held
	}
	updated, err := k.update(ctx, id, client.IfVersion(version), body)
	if client.IsAmbiguous(err) || client.IsConflict(err) {
		read := func(ctx context.Context) (*E, error) { return k.get(ctx, id) }
		holds := func(e *E) bool { return k.holds(k.fromAPI(e, k.customFields(&plan)), plan) }
		cur, nowVersion, outcome, why, readErr := recovery.ReadBack(ctx, d.Client, err, version, read, k.versionOf, holds)
		if !recovery.AddUpdateOutcome(diags, k.noun, k.describe(ctx, prior), version, err, outcome, readErr, nowVersion, why) {
			return nil
		}
		return cur
	}
	if err != nil {
		diagnostics.AddUpdateError(diags, k.noun, k.describe(ctx, prior), version, err)
		return nil
	}
	return updated
}

// deleted deletes id; an entity already gone is a warning, and a lost answer is settled by looking.
func (k kind[M, E, C, U]) deleted(ctx context.Context, d *providerdata.Data, diags *diag.Diagnostics, id string) {
	err := k.remove(ctx, id)
	if err == nil || client.IsNotFound(err) {
		d.CascadeViews.DeletedByRun(id)
	}
	switch {
	case client.IsAmbiguous(err):
		recovery.ConfirmDeleted(ctx, d.Client, diags, k.noun, id, err, func(ctx context.Context) error {
			_, err := k.get(ctx, id)
			return err
		})
	case client.IsNotFound(err):
		diags.AddWarning(k.noun+" Already Deleted in Ardoq", fmt.Sprintf("%s %s was deleted in Ardoq (by someone in the app, or "+
			"along with %s) after Terraform last read it; there was nothing left to delete.", k.noun, id, k.goneWith))
	case err != nil:
		diagnostics.AddClientError(diags, "Unable to Delete "+k.noun, err)
	}
}

// setState records e as the resource's state (prior says which custom fields it holds), and its identity.
func (k kind[M, E, C, U]) setState(ctx context.Context, state *tfsdk.State, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics,
	e *E, prior types.Dynamic) {
	m := k.fromAPI(e, prior)
	diags.Append(state.Set(ctx, &m)...)
	if identity != nil {
		diags.Append(entity.SetIdentity(ctx, identity, k.idOf(e))...)
	}
}
