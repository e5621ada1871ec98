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
	var entities []moves.BatchEntity
	kept := map[string]bool{}
	for _, kind := range []string{"components", "references"} {
		computed := convert.ElementsOrNil(planned.get("computed_" + kind))
		for _, key := range slices.Sorted(maps.Keys(computed)) {
			if id := rawString(computed[key], "id"); id != "" {
				kept[id] = true
				entities = append(entities, moves.BatchEntity{ID: id, Item: moves.ItemPath{Kind: kind, Key: key}})
			}
		}
	}
	var dels []tftypes.Value
	if v := planned.get("deletions"); v.IsKnown() && !v.IsNull() && v.As(&dels) == nil {
		for _, del := range dels {
			if id := rawString(del, "id"); id != "" && !kept[id] {
				entities = append(entities, moves.BatchEntity{ID: id, Destroyed: true,
					Item: moves.ItemPath{Kind: rawString(del, "kind") + "s", Key: rawString(del, "key")}, Name: rawString(del, "name")})
			}
		}
	}
	return entities
}

// destroyedEntities is what a destroy does: it deletes every entity of its state.
func destroyedEntities(dels []deletion) []moves.BatchEntity {
	entities := make([]moves.BatchEntity, len(dels))
	for i, d := range dels {
		entities[i] = moves.BatchEntity{ID: d.id, Destroyed: true, Item: moves.ItemPath{Kind: d.kind + "s", Key: d.key}, Name: d.name}
	}
	return entities
}

// checkUnchangedMoves is the move check of a batch whose plan is its state, which is not decoded: only
// the attributes the check reads are (tfwire.DecodeAttributes), so an unchanged batch of thousands of
// items costs a read of their ids.
func (s *Server) checkUnchangedMoves(ctx context.Context, state *tfprotov6.DynamicValue) []*tfprotov6.Diagnostic {
	data := s.data()
	if data == nil {
		return nil
	}
	attrs, err := tfwire.DecodeAttributes(state.MsgPack, s.typ, "computed_components", "computed_references", "deletions")
	if err != nil {
		return nil // the plan of a change decodes the state whole, and says what it cannot read
	}
	return diagnostics.ToProtocol(checkMoves(ctx, data, plannedEntities(attrs)))
}
