package batch

import (
	"context"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/moves"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

// The move check, the plan's last stage: it records which entities the plan keeps (the items it holds,
// adopts or imports) and which it deletes (items removed, replaced, or the whole batch destroyed), and
// fails the plan when a single resource of the same plan does the opposite (moves.Plans): moving an
// entity between ardoq_component/ardoq_reference and ardoq_batch without a removed block would delete
// it in Ardoq and make it again with a new id. Only a plan without errors is recorded.

// checkMoves records entities as this batch's plan and reports its conflicts at their items.
func checkMoves(ctx context.Context, data *providerdata.Data, entities []moves.BatchEntity) diag.Diagnostics {
	var diags diag.Diagnostics
	for _, c := range data.Moves.Batch(entities) {
		summary, detail := moves.MoveConflict(data.Contexts.Names(ctx), c.ID, c.Single, c.Batch)
		diags.AddAttributeError(path.Root(c.Batch.Item.Kind).AtMapKey(c.Batch.Item.Key), summary, c.Batch.Item.String()+": "+detail)
	}
	return diags
}

// plannedEntities reads what a planned value does with each entity: the items whose id its computed maps
// know are kept, and the entities its deletions name (and no item keeps) are deleted. Of an item whose
// id the plan leaves unknown (values known only at apply, or an entity made anew) nothing is drawn, and
// nothing of the deletions while they are not known.
func plannedEntities(planned batchRaw) []moves.BatchEntity {
	ids := map[string]map[string]string{}
	for _, kind := range []string{"components", "references"} {
		ids[kind] = map[string]string{}
		for key, v := range convert.ElementsOrNil(planned.get("computed_" + kind)) {
			if id := rawString(v, "id"); id != "" {
				ids[kind][key] = id
			}
		}
	}
	return batchEntities(ids, deletedEntities(planned.get("deletions")))
}

// changeEntities is plannedEntities of a plan whose values are all known, from what it rendered them of:
// its items, with the ids plannedComputed gave them, and its deletions.
func changeEntities(items batchItems, dels []deletion) []moves.BatchEntity {
	ids := map[string]map[string]string{"components": {}, "references": {}}
	for key, c := range items.Components {
		if c.ID != "" {
			ids["components"][key] = c.ID
		}
	}
	for key, r := range items.References {
		if r.ID != "" {
			ids["references"][key] = r.ID
		}
	}
	return batchEntities(ids, destroyedEntities(dels))
}

// batchEntities are the entities kept, by kind and item key (ids), and those deleted that no item keeps.
func batchEntities(ids map[string]map[string]string, deleted []moves.BatchEntity) []moves.BatchEntity {
	entities := make([]moves.BatchEntity, 0, len(ids["components"])+len(ids["references"])+len(deleted))
	for _, kind := range []string{"components", "references"} {
		for _, key := range slices.Sorted(maps.Keys(ids[kind])) {
			entities = append(entities, moves.BatchEntity{ID: ids[kind][key], Item: moves.ItemPath{Kind: kind, Key: key}})
		}
	}
	if len(deleted) == 0 {
		return entities
	}
	kept := make(map[string]bool, len(entities))
	for _, e := range entities {
		kept[e.ID] = true
	}
	for _, d := range deleted {
		if d.ID != "" && !kept[d.ID] {
			entities = append(entities, d)
		}
	}
	return entities
}

// deletedEntities are the entities a `deletions` value names; none while it is not known.
func deletedEntities(deletions tftypes.Value) []moves.BatchEntity {
	var dels []tftypes.Value
	if !deletions.IsKnown() || deletions.IsNull() || deletions.As(&dels) != nil {
		return nil
	}
	entities := make([]moves.BatchEntity, len(dels))
	for i, del := range dels {
		entities[i] = moves.BatchEntity{ID: rawString(del, "id"), Destroyed: true,
			Item: moves.ItemPath{Kind: rawString(del, "kind") + "s", Key: rawString(del, "key")}, Name: rawString(del, "name")}
	}
	return entities
}

// destroyedEntities are the entities a plan's deletions delete: for a destroy, every entity of its state.
func destroyedEntities(dels []deletion) []moves.BatchEntity {
	entities := make([]moves.BatchEntity, len(dels))
	for i, d := range dels {
		entities[i] = moves.BatchEntity{ID: d.id, Destroyed: true, Item: moves.ItemPath{Kind: d.kind + "s", Key: d.key}, Name: d.name}
	}
	return entities
}

// checkUnchangedMoves is the move check of a batch whose plan is its state, which is not decoded: its
// items' ids are read from the state's bytes without building values (tfwire.ElementStrings), and its
// deletions, a refresh's empty list or the last apply's, decoded alone.
func (s *Server) checkUnchangedMoves(ctx context.Context, state *tfprotov6.DynamicValue) []*tfprotov6.Diagnostic {
	data := s.data()
	if data == nil {
		return nil
	}
	ids := map[string]map[string]string{}
	var err error
	for _, kind := range []string{"components", "references"} {
		if ids[kind], err = tfwire.ElementStrings(state.MsgPack, s.typ, "computed_"+kind, "id"); err != nil {
			return unreadableForMoves(err)
		}
	}
	attrs, err := tfwire.DecodeAttributes(state.MsgPack, s.typ, "deletions")
	if err != nil {
		return unreadableForMoves(err)
	}
	return diagnostics.ToProtocol(checkMoves(ctx, data, batchEntities(ids, deletedEntities(batchRaw(attrs).get("deletions")))))
}

// unreadableForMoves fails the plan of a batch whose state the move check cannot read: a check that
// cannot be made fails closed.
func unreadableForMoves(err error) []*tfprotov6.Diagnostic {
	return errorDiagnostics("Unable to Read ardoq_batch's State", "The plan checks which entities this batch keeps against "+
		"the single resources of the same plan, and could not read them from the state ("+err.Error()+"). Remove the "+
		"resource from state and import it again.")
}
