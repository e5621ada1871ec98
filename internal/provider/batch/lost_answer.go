package batch

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/recovery"
)

// batchCheck rebuilds, from the org, what a batch whose answer was lost did. Ardoq applies a batch all
// or nothing, so either every operation took effect (the response is rebuilt and recorded whole) or
// none did; anything else means someone else changed the same entities. An update took effect when its
// entity is at a newer version and holds the values it set (lost_holds.go).
type batchCheck struct {
	data       *providerdata.Data
	client     *client.Client
	me         string
	since      time.Time                   // the earliest _meta.created on Ardoq's clock that the batch's creates can carry
	components map[string]client.Component // by id, every component of the workspaces involved
	references map[string]client.Reference
	created    map[string]string // batchId -> id of the entity found for it
	claimed    map[string]bool   // ids found for some create
	resp       client.BatchResponse
	took, not  int      // operations that took effect / did not
	missing    []string // creates with no match
	ambiguous  []string // creates with several matches
}

// recoverBatch returns the response Ardoq would have given when the whole batch took effect, with a
// warning saying how it was found; otherwise nil and an error that says what was found. lost is the
// sentence saying what went wrong with the answer; timing, how long to wait before looking again.
func (r *batchResource) recoverBatch(ctx context.Context, timing recovery.Timing, req client.BatchRequest, workspaces []string, sent time.Time,
	lost string, cause error) (*client.BatchResponse, diag.Diagnostics) {
	caller := ctx
	ctx, done := recovery.SeeThrough(ctx, r.data.Client)
	defer done()
	var diags diag.Diagnostics
	status, succeeded := recovery.AnsweredSuccess(cause)
	check, err := r.checkBatch(ctx, timing, req, workspaces, sent)
	looks := 1
	if err == nil && check.took == 0 && !succeeded {
		recovery.Pause(ctx, timing.Recheck) // Ardoq may still be working on it
		check, err = r.checkBatch(ctx, timing, req, workspaces, sent)
		looks++
	}
	adopt := "with adopt_components_by and adopt_references_by set, a new apply adopts items the batch created instead of creating " +
		"them again (see the guide \"When a run is interrupted\")."
	if why, cut := recovery.CutShort(caller, ctx, r.data.Client); err != nil && cut {
		diags.AddError("Batch Outcome Unknown", fmt.Sprintf("%s %s before it could find out whether Ardoq applied the batch, so nothing "+
			"was recorded. Before the next apply, run terraform plan to see where the items stand; %s", lost, why, adopt))
		return nil, diags
	}
	if err != nil {
		diags.AddError("Batch Outcome Unknown", fmt.Sprintf("%s Reading the items back failed too (%s), so Ardoq may or may not have "+
			"applied it (a batch is all or nothing). Nothing was recorded. Run terraform plan to see where the items stand; %s",
			lost, diagnostics.ClientErrorDetail(err), adopt))
		return nil, diags
	}
	switch {
	case check.not == 0 && check.took > 0:
		diags.AddWarning("Recovered From a Lost Answer", fmt.Sprintf("%s The provider read the items back: %s took effect "+
			"(every new item was found, created by you, every updated one holds the values sent at a newer version, every deleted one is "+
			"gone), so the result is recorded and nothing is created twice.", lost, allOperations(check.took)))
		return &check.resp, diags
	case check.took == 0 && succeeded:
		diags.AddError("Batch Outcome Unknown", fmt.Sprintf("%s Ardoq's status (HTTP %d) said it succeeded, yet the provider found none of "+
			"the operations it sent (%s) in effect, so it cannot tell what happened and recorded nothing. Run terraform plan to see where the "+
			"items stand before applying again; set adopt_components_by and adopt_references_by so that the apply adopts what the batch "+
			"made instead of creating it again (see the guide \"When a run is interrupted\").", lost, status, convert.Plural(check.not, "operation", "operations")))
	case check.took == 0:
		diags.AddError("Batch Not Applied", fmt.Sprintf("%s The provider read the items back %d times over %s and found none of the "+
			"operations it sent (%s) in effect, so it recorded nothing. Run terraform plan before applying again: should Ardoq still apply the lost "+
			"batch, the plan shows it; %s", lost, looks, timing.Recheck, convert.Plural(check.not, "operation", "operations"), adopt))
	default:
		detail := fmt.Sprintf("%s The provider read the items back: %s took effect and %d did not, which a batch (all or "+
			"nothing) cannot do by itself, so someone else changed these entities meanwhile.", lost, convert.Plural(check.took, "operation", "operations"), check.not)
		if len(check.missing) > 0 {
			detail += " Not found: " + strings.Join(check.missing, ", ") + "."
		}
		if len(check.ambiguous) > 0 {
			detail += " Found more than once: " + strings.Join(check.ambiguous, ", ") + "."
		}
		diags.AddError("Batch Outcome Unclear", detail+" Nothing was recorded. Run terraform plan to see where the items stand.")
	}
	return nil, diags
}

// allOperations is "its one operation" or "all 3 operations".
func allOperations(n int) string {
	if n == 1 {
		return "its one operation"
	}
	return fmt.Sprintf("all %d operations", n)
}

// lostBatchAnswer is the sentence recoverBatch starts with when the batch's answer was lost.
func lostBatchAnswer(cause error) string {
	return fmt.Sprintf("Ardoq's answer to the batch was lost (%s).", diagnostics.ClientErrorDetail(cause))
}

func (r *batchResource) checkBatch(ctx context.Context, timing recovery.Timing, req client.BatchRequest, workspaces []string, sent time.Time) (*batchCheck, error) {
	check := &batchCheck{data: r.data, client: r.data.Client, since: timing.CreatedSince(r.data.Client, sent), components: map[string]client.Component{},
		references: map[string]client.Reference{}, created: map[string]string{}, claimed: map[string]bool{}}
	return check, check.run(ctx, r.data, req, workspaces)
}

func (b *batchCheck) run(ctx context.Context, d *providerdata.Data, req client.BatchRequest, workspaces []string) error {
	me, err := d.Claims.CallerEmail(ctx)
	if err != nil {
		return err
	}
	b.me = me
	for _, ws := range workspaces {
		comps, err := b.client.ListComponents(ctx, client.ComponentFilter{RootWorkspace: ws})
		if err != nil {
			return err
		}
		for _, c := range comps {
			b.components[c.ID] = c
		}
	}
	comps, refs := orEmptyComponentOps(req.Components), orEmptyReferenceOps(req.References)
	b.componentCreates(comps)
	updates := make([]sentUpdate[client.Component], len(comps.Update))
	for i, op := range comps.Update {
		updates[i] = sentUpdate[client.Component]{op.ID, op.IfVersionMatch, func(c client.Component) bool { return componentHolds(c, op.Body, b.resolve) }}
	}
	b.resp.Components.Updated, b.resp.Components.Deleted = tallyWrites(b, b.components, func(c client.Component) int64 { return c.Version },
		updates, comps.Delete)
	if err := b.listReferences(ctx, req, workspaces); err != nil {
		return err
	}
	b.referenceCreates(refs)
	refUpdates := make([]sentUpdate[client.Reference], len(refs.Update))
	for i, op := range refs.Update {
		refUpdates[i] = sentUpdate[client.Reference]{op.ID, op.IfVersionMatch, func(r client.Reference) bool { return referenceHolds(r, op.Body, b.resolve) }}
	}
	b.resp.References.Updated, b.resp.References.Deleted = tallyWrites(b, b.references, func(r client.Reference) int64 { return r.Version },
		refUpdates, refs.Delete)
	return nil
}

// sentUpdate is an update operation's target, the version it was guarded with, and whether an entity
// holds what it set.
type sentUpdate[T any] struct {
	id             string
	ifVersionMatch any
	holds          func(T) bool
}

// tallyWrites counts the updates (found at a newer version holding what they set) and deletes (gone)
// that took effect, and lists them as Ardoq's response would.
func tallyWrites[T any](b *batchCheck, listed map[string]T, version func(T) int64, updates []sentUpdate[T],
	deletes []client.DeleteOp) ([]client.Updated[T], []client.Deleted) {
	var updated []client.Updated[T]
	for _, u := range updates {
		e, ok := listed[u.id]
		b.tally(ok && version(e) != versionOf(u.ifVersionMatch) && u.holds(e))
		if ok {
			updated = append(updated, client.Updated[T]{ID: u.id, Body: &e})
		}
	}
	var deleted []client.Deleted
	for _, op := range deletes {
		_, still := listed[op.ID]
		b.tally(!still)
		deleted = append(deleted, client.Deleted{ID: op.ID})
	}
	return updated, deleted
}

func (b *batchCheck) tally(took bool) {
	if took {
		b.took++
	} else {
		b.not++
	}
}

// componentCreates matches creates (and upserts) to components created by the caller since the batch
// was sent, with the same name, type, workspace and parent; a parent given by batchId is matched once
// that parent is found, so items are resolved parents first.
func (b *batchCheck) componentCreates(ops *client.ComponentOperations) {
	type pending struct {
		batchID string
		body    client.ComponentCreate
	}
	var todo []pending
	for _, op := range ops.Create {
		todo = append(todo, pending{op.BatchID, op.Body})
	}
	for _, op := range ops.Upsert {
		todo = append(todo, pending{op.BatchID, op.Body})
	}
	for progress := true; progress && len(todo) > 0; {
		progress = false
		var next []pending
		for _, p := range todo {
			parent, known := b.resolve(convert.TextOf(p.body.Parent))
			if !known {
				next = append(next, p)
				continue
			}
			progress = true
			var found []client.Component
			for _, c := range b.components {
				if !b.claimed[c.ID] && c.Name == p.body.Name && c.TypeID == p.body.TypeID && c.RootWorkspace == p.body.RootWorkspace &&
					convert.TextOf(c.Parent) == parent && recovery.CreatedByCaller(c.Meta, b.me, b.since) && !b.data.Claims.Taken(c.ID) {
					found = append(found, c)
				}
			}
			b.record(p.batchID, len(found), func() string { return found[0].ID })
			if len(found) == 1 {
				b.resp.Components.Created = append(b.resp.Components.Created, client.Created[client.Component]{ID: found[0].ID, BatchID: p.batchID, Body: &found[0]})
			}
		}
		todo = next
	}
	for _, p := range todo { // their parent was never found
		b.record(p.batchID, 0, nil)
	}
}

func (b *batchCheck) referenceCreates(ops *client.ReferenceOperations) {
	bodies := map[string]client.ReferenceCreate{}
	for _, op := range ops.Create {
		bodies[op.BatchID] = op.Body
	}
	for _, op := range ops.Upsert {
		bodies[op.BatchID] = op.Body
	}
	for _, batchID := range slices.Sorted(maps.Keys(bodies)) {
		body := bodies[batchID]
		source, okS := b.resolve(body.Source)
		target, okT := b.resolve(body.Target)
		var found []client.Reference
		for _, r := range b.references {
			if okS && okT && !b.claimed[r.ID] && r.Source == source && r.Target == target && r.Type == body.Type &&
				recovery.CreatedByCaller(r.Meta, b.me, b.since) && !b.data.Claims.Taken(r.ID) {
				found = append(found, r)
			}
		}
		b.record(batchID, len(found), func() string { return found[0].ID })
		if len(found) == 1 {
			b.resp.References.Created = append(b.resp.References.Created, client.Created[client.Reference]{ID: found[0].ID, BatchID: batchID, Body: &found[0]})
		}
	}
}

func (b *batchCheck) record(batchID string, matches int, id func() string) {
	b.tally(matches == 1)
	switch matches {
	case 1:
		b.created[batchID] = id()
		b.claimed[id()] = true
	case 0:
		b.missing = append(b.missing, batchID)
	default:
		b.ambiguous = append(b.ambiguous, batchID)
	}
}

// resolve turns a parent, source or target of the request into an id: a batchId once its entity is
// found, anything else as it is.
func (b *batchCheck) resolve(ref string) (string, bool) {
	if !isBatchID(ref) {
		return ref, true
	}
	id, ok := b.created[ref]
	return id, ok
}

func isBatchID(ref string) bool {
	return strings.HasPrefix(ref, componentBatchID("")) || strings.HasPrefix(ref, referenceBatchID(""))
}

// listReferences lists the references of every workspace a reference of the request lives in: the
// workspaces of its sources.
func (b *batchCheck) listReferences(ctx context.Context, req client.BatchRequest, workspaces []string) error {
	seen := map[string]bool{}
	list := func(ws string) error {
		if ws == "" || seen[ws] {
			return nil
		}
		seen[ws] = true
		refs, err := b.client.ListReferences(ctx, client.ReferenceFilter{RootWorkspace: ws})
		for _, r := range refs {
			b.references[r.ID] = r
		}
		return err
	}
	for _, ws := range workspaces {
		if err := list(ws); err != nil {
			return err
		}
	}
	refs := orEmptyReferenceOps(req.References)
	var sources []string
	for _, op := range refs.Create {
		sources = append(sources, op.Body.Source)
	}
	for _, op := range refs.Upsert {
		sources = append(sources, op.Body.Source)
	}
	for _, src := range sources {
		id, ok := b.resolve(src)
		if !ok {
			continue
		}
		c, known := b.components[id]
		if !known {
			got, err := b.client.GetComponent(ctx, id)
			if client.IsNotFound(err) {
				continue // a reference from it cannot exist
			}
			if err != nil {
				return err
			}
			c = *got
			b.components[id] = c
		}
		if err := list(c.RootWorkspace); err != nil {
			return err
		}
	}
	return nil
}

func orEmptyComponentOps(ops *client.ComponentOperations) *client.ComponentOperations {
	if ops == nil {
		return &client.ComponentOperations{}
	}
	return ops
}

func orEmptyReferenceOps(ops *client.ReferenceOperations) *client.ReferenceOperations {
	if ops == nil {
		return &client.ReferenceOperations{}
	}
	return ops
}

func versionOf(ifVersionMatch any) int64 {
	if v, ok := ifVersionMatch.(int64); ok {
		return v
	}
	return -1 // "latest": the version it was sent for is not known, so any version may be newer
}
