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
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/itemkey"
)

// importState takes "<workspace id>" (import_workspace.go: every component and reference of the
// workspace, keyed as ardoq-export writes them) or "<workspace id>/<custom field api key>": every
// component and reference of the workspace with that field set becomes an item keyed by the field's
// value, and a warning counts those left out.
// The state is a value of typ; on error it is null.
func (r *batchResource) importState(ctx context.Context, typ tftypes.Type, id string) (tftypes.Value, diag.Diagnostics) {
	var diags diag.Diagnostics
	none := tftypes.NewValue(typ, nil)
	ws, apiKey, byField := strings.Cut(id, "/")
	if !entity.OIDPattern.MatchString(ws) || (byField && apiKey == "") {
		diags.AddError("Invalid Import Id", fmt.Sprintf("Import ardoq_batch with \"<workspace id>\" (the whole workspace, "+
			"%s, as ardoq-export writes it), for example 5eed0000000000000000b001, or with \"<workspace id>/<custom field API key>\" "+
			"(the entities that have the field, keyed by its value), for example 5eed0000000000000000b001/external_id; got %q.", itemkey.Describe, id))
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
	var imported batchImport
	if byField {
		imported, err = importedBatch(ws, apiKey, comps, refs)
	} else {
		imported, err = r.importedWorkspace(ctx, ws, comps, refs)
	}
	if err != nil {
		summary := "Unable to Import Batch"
		if byField {
			summary = "Ambiguous Import Key"
		}
		diags.AddError(summary, err.Error()+".")
		return none, diags
	}
	if byField {
		diags.Append(leftOut(ws, apiKey, len(comps)-len(imported.items.Components), len(refs)-len(imported.items.References))...)
	}
	return batchRaw{}.value(typ, batchRaw{
		"id":                  tftypes.NewValue(tftypes.String, id),
		"components":          imported.components,
		"references":          imported.references,
		"computed_components": computedComponents(imported.items.Components, nil, tftypes.Value{}),
		"computed_references": computedReferences(imported.items.References, nil, tftypes.Value{}),
		"deletions":           noDeletions(),
	}), diags
}

// leftOut warns of the entities an import by a field did not take, and how to take them.
func leftOut(ws, apiKey string, components, references int) diag.Diagnostics {
	var diags diag.Diagnostics
	if components == 0 && references == 0 {
		return diags
	}
	diags.AddWarning("Import Left Entities Out", fmt.Sprintf("The import took the components and references of workspace %s "+
		"that have %s set, and left out %s and %s without it: Terraform does not manage them, and this ardoq_batch neither "+
		"changes nor deletes them. To take them too, give each a %s value in Ardoq and import again, or import the whole "+
		"workspace with \"%s\" (%s); ardoq-export writes the configuration that matches that import.",
		ws, apiKey, convert.Plural(components, "component", "components"), convert.Plural(references, "reference", "references"),
		apiKey, ws, itemkey.Describe))
	return diags
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
				return out, fmt.Errorf("item keys must be unique, but two components of workspace %s have %s = %q. Give them "+
					"different values in Ardoq, or import by another field", ws, apiKey, v.Text)
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
				return out, fmt.Errorf("item keys must be unique, but two references of workspace %s have %s = %q. Give them "+
					"different values in Ardoq, or import by another field", ws, apiKey, v.Text)
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
	if len(view.fields) > 0 {
		attrs["custom_fields"] = fields.Natural(view.fields)
	}
	return convert.ObjectOrMap(tftypes.Object{}, attrs)
}
