package batch

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// ImportState takes "<workspace id>/<custom field api key>": every component and reference of the
// workspace with that field set becomes an item keyed by the field's value.
// The state is a value of typ; on error it is null.
func (r *batchResource) importState(ctx context.Context, typ tftypes.Type, id string) (tftypes.Value, diag.Diagnostics) {
	var diags diag.Diagnostics
	none := tftypes.NewValue(typ, nil)
	ws, apiKey, ok := strings.Cut(id, "/")
	if !ok || !entity.OIDPattern.MatchString(ws) || apiKey == "" {
		diags.AddError("Invalid Import Id", fmt.Sprintf("Import ardoq_batch with \"<workspace id>/<custom field API key>\", "+
			"for example 5eed0000000000000000b001/external_id; got %q.", id))
		return none, diags
	}
	comps, err := r.data.Client.ListComponents(ctx, client.ComponentFilter{RootWorkspace: ws})
	if err != nil {
		diagnostics.AddClientError(&diags, "Unable to Import Batch", err)
		return none, diags
	}
	refs, err := r.data.Client.ListReferences(ctx, client.ReferenceFilter{RootWorkspace: ws})
	if err != nil {
		diagnostics.AddClientError(&diags, "Unable to Import Batch", err)
		return none, diags
	}
	imported, err := importedBatch(ws, apiKey, comps, refs)
	if err != nil {
		diags.AddError("Ambiguous Import Key", fmt.Sprintf("Item keys must be unique, but %s. Give them different values "+
			"in Ardoq, or import by another field.", err))
		return none, diags
	}
	return batchRaw{}.value(typ, batchRaw{
		"id":                  tftypes.NewValue(tftypes.String, id),
		"components":          imported.components,
		"references":          imported.references,
		"computed_components": computedComponents(imported.items.Components, nil, tftypes.Value{}),
		"computed_references": computedReferences(imported.items.References, nil, tftypes.Value{}),
		"deletions":           noDeletions(),
	}), nil
}

// batchImport is what an import finds: the items, and their values written as a configuration would.
type batchImport struct {
	items                  batchItems
	components, references tftypes.Value
}

// importedBatch maps the entities that have the key field set to items keyed by its value, each with
// every attribute it has a value for, so the first plan shows exactly what differs from the
// configuration, and no custom field: an import takes over none (the rule in core/fields), so an
// item without custom_fields plans no change of them, and one naming some plans them as added. Two
// components (or two references) with one key value are an error.
func importedBatch(ws, apiKey string, comps []client.Component, refs []client.Reference) (batchImport, error) {
	out := batchImport{items: batchItems{Components: map[string]entity.ComponentValues{}, References: map[string]entity.ReferenceValues{}}}
	ids := map[string]string{}
	for i := range comps {
		if v, ok := fields.APIValue(comps[i].CustomFields[apiKey]); ok {
			if _, dup := ids[v.Text]; dup {
				return out, fmt.Errorf("two components of workspace %s have %s = %q", ws, apiKey, v.Text)
			}
			ids[v.Text] = comps[i].ID
		}
	}
	components, references := map[string]tftypes.Value{}, map[string]tftypes.Value{}
	for i := range comps {
		if v, ok := fields.APIValue(comps[i].CustomFields[apiKey]); ok {
			c := entity.ComponentValuesFrom(&comps[i], entity.ComponentValues{}, ids)
			out.items.Components[v.Text] = c
			components[v.Text] = importedItem(componentView(c))
		}
	}
	for i := range refs {
		if v, ok := fields.APIValue(refs[i].CustomFields[apiKey]); ok {
			if _, dup := out.items.References[v.Text]; dup {
				return out, fmt.Errorf("two references of workspace %s have %s = %q", ws, apiKey, v.Text)
			}
			ref := entity.ReferenceValuesFrom(&refs[i], entity.ReferenceValues{}, ids)
			out.items.References[v.Text] = ref
			references[v.Text] = importedItem(referenceView(ref))
		}
	}
	out.components, out.references = importedItems(components), importedItems(references)
	return out, nil
}

// importedItems is the items' object, or null when there are none (as when a configuration leaves
// the attribute out).
func importedItems(items map[string]tftypes.Value) tftypes.Value {
	if len(items) == 0 {
		return tftypes.NewValue(tftypes.DynamicPseudoType, nil)
	}
	return convert.ObjectOrMap(tftypes.Object{}, items)
}

// importedItem writes an item as a configuration would: an object of its set attributes.
func importedItem(view itemView) tftypes.Value {
	attrs := map[string]tftypes.Value{}
	for name, s := range view.attrs {
		if s != nil {
			attrs[name] = convert.TextValue(*s, naturalType(name))
		}
	}
	return convert.ObjectOrMap(tftypes.Object{}, attrs)
}
