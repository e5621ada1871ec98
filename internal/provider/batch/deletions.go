package batch

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

// The deletions of an ardoq_batch plan: the entities its apply deletes in Ardoq (items removed from the
// configuration, or replaced), which Terraform's summary counts as "1 to change", and for a destroy as
// "1 to destroy" however many items go. The plan says them in a warning at the resource (deletions_notice.go;
// an error with prevent_implicit_deletions), and holds them in the computed attribute `deletions`, known
// at plan, which `terraform show -json` gives to policy checks. A refresh empties it: it is what the next
// apply deletes, never a history.

// deletion is one entity the apply deletes, as the `deletions` attribute holds it. Every value comes
// from the state, so the plan walk and the apply walk compute the same list.
type deletion struct {
	kind      string // "component" or "reference"
	key       string // the item's key
	name      string // a component's name; a reference's "Source → Target"
	id        string
	workspace string // the workspace id (a reference's: its source's)
	replaced  bool   // the item stays, but its entity is deleted and created again (type or workspace changed)
	item      any    // entity.ComponentValues or entity.ReferenceValues, for the warning's wording
}

// deletionType is an element of the `deletions` attribute.
var deletionType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{
	"kind": tftypes.String, "key": tftypes.String, "name": tftypes.String, "id": tftypes.String, "workspace": tftypes.String}}

// deletionsType is the `deletions` attribute's type.
var deletionsType = tftypes.List{ElementType: deletionType}

// plannedDeletions lists what a request deletes: the prior items behind its delete operations,
// components first, each kind by key (the order of keys).
func plannedDeletions(prior batchItems, keys batchOpKeys, plan batchItems) []deletion {
	var out []deletion
	for _, k := range keys.componentDeletes {
		_, kept := plan.Components[k]
		out = append(out, componentDeletion(prior, k, kept))
	}
	for _, k := range keys.referenceDeletes {
		_, kept := plan.References[k]
		out = append(out, referenceDeletion(prior, k, kept))
	}
	return out
}

// destroyDeletions lists every item of a state that has an entity: what destroying the batch deletes.
func destroyDeletions(prior batchItems) []deletion {
	var out []deletion
	for _, k := range slices.Sorted(maps.Keys(prior.Components)) {
		if prior.Components[k].ID != "" {
			out = append(out, componentDeletion(prior, k, false))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(prior.References)) {
		if prior.References[k].ID != "" {
			out = append(out, referenceDeletion(prior, k, false))
		}
	}
	return out
}

func componentDeletion(prior batchItems, key string, replaced bool) deletion {
	c := prior.Components[key]
	return deletion{kind: "component", key: key, name: c.Name, id: c.ID, workspace: c.RootWorkspace, replaced: replaced, item: c}
}

func referenceDeletion(prior batchItems, key string, replaced bool) deletion {
	r := prior.References[key]
	return deletion{kind: "reference", key: key, name: wsmodel.ReferenceLabel(componentName(prior, r.Source), componentName(prior, r.Target), ""),
		id: r.ID, workspace: r.RootWorkspace, replaced: replaced, item: r}
}

// componentName names what a reference's source or target in state stands for: a component item (by key
// or by id) by its name, any other component by its id.
func componentName(prior batchItems, ref string) string {
	if c, ok := prior.Components[ref]; ok {
		return c.Name
	}
	for _, c := range prior.Components {
		if c.ID == ref && c.ID != "" {
			return c.Name
		}
	}
	return ref
}

// deletionsValue is the `deletions` attribute holding dels: an empty list when nothing is deleted.
func deletionsValue(dels []deletion) tftypes.Value {
	elems := make([]tftypes.Value, len(dels))
	for i, d := range dels {
		elems[i] = tftypes.NewValue(deletionType, map[string]tftypes.Value{
			"kind": tftypes.NewValue(tftypes.String, d.kind), "key": tftypes.NewValue(tftypes.String, d.key),
			"name": tftypes.NewValue(tftypes.String, d.name), "id": tftypes.NewValue(tftypes.String, d.id),
			"workspace": tftypes.NewValue(tftypes.String, d.workspace)})
	}
	return tftypes.NewValue(deletionsType, elems)
}

// noDeletions is the `deletions` of a state: what a refresh, an import or a create leaves.
func noDeletions() tftypes.Value { return deletionsValue(nil) }

// unknownDeletions is the `deletions` of a plan whose items are not known yet.
func unknownDeletions() tftypes.Value { return tftypes.NewValue(deletionsType, tftypes.UnknownValue) }

// checkPlannedDeletions refuses an apply whose request would delete other entities than its plan said
// (an entity an item adopts changed in Ardoq since the plan), before anything is sent.
func checkPlannedDeletions(planned, now tftypes.Value) diag.Diagnostics {
	var diags diag.Diagnostics
	if !planned.IsKnown() || planned.IsNull() || tfwire.Equal(planned, now) {
		return diags
	}
	diags.AddError("Deletions Changed Since Plan", fmt.Sprintf("The plan said this apply deletes %s; the request built now "+
		"deletes %s, because what the items adopt changed in Ardoq since the plan. Nothing was changed; run terraform plan again.",
		deletionsText(planned), deletionsText(now)))
	return diags
}

// deletionsText names the items of a `deletions` value: `component "a", reference "r"`, or "nothing".
func deletionsText(v tftypes.Value) string {
	var elems []tftypes.Value
	if v.As(&elems) != nil || len(elems) == 0 {
		return "nothing"
	}
	names := make([]string, len(elems))
	for i, e := range elems {
		names[i] = fmt.Sprintf("%s %q", rawString(e, "kind"), rawString(e, "key"))
	}
	return strings.Join(names, ", ")
}
