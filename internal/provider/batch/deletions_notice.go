package batch

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

// listedDeletions is how many deleted items a notice lists one by one; the rest are counted.
const listedDeletions = 20

// reportDeletions says at the resource what the apply deletes (deletions.go): a warning, or an error
// with prevent_implicit_deletions. batchID is the resource's id, an import id for an imported batch.
func (r *batchResource) reportDeletions(ctx context.Context, diags *diag.Diagnostics, dels []deletion, batchID string, destroy bool) {
	if len(dels) == 0 {
		return
	}
	names := r.deletionNames(ctx, dels)
	prevent := r.data.Settings.PreventImplicitDeletions
	summary, detail := deletionsNotice(dels, names, batchID, destroy, prevent)
	cascade.Report(diags, prevent, path.Empty(), summary, detail)
}

// deletionsNotice is the notice's summary and detail. With prevent, the notice is an error and the plan
// fails, so it does not point at the plan's deletions attribute: a failed plan has nothing to show.
func deletionsNotice(dels []deletion, names deletedNames, batchID string, destroy, prevent bool) (summary, detail string) {
	var components, references int
	for _, d := range dels {
		if d.kind == "component" {
			components++
		} else {
			references++
		}
	}
	var counts, summaries []string
	if components > 0 {
		counts = append(counts, convert.Plural(components, "component", "components"))
		summaries = append(summaries, convert.Plural(components, "Component", "Components"))
	}
	if references > 0 {
		counts = append(counts, convert.Plural(references, "reference", "references"))
		summaries = append(summaries, convert.Plural(references, "Reference", "References"))
	}
	var b strings.Builder
	if destroy {
		fmt.Fprintf(&b, "Destroying this ardoq_batch deletes every item it holds from Ardoq: %s (Terraform's summary counts "+
			"the batch as 1 to destroy):\n", strings.Join(counts, " and "))
	} else {
		fmt.Fprintf(&b, "The apply deletes %s from Ardoq that this ardoq_batch holds and its configuration no longer has, "+
			"or replaces (Terraform's summary counts the batch as 1 to change):\n", strings.Join(counts, " and "))
	}
	for i, d := range dels {
		if i == listedDeletions {
			fmt.Fprintf(&b, "  - and %d more\n", len(dels)-i)
			break
		}
		b.WriteString("  - " + names.line(d) + "\n")
	}
	switch {
	case destroy && !prevent:
		b.WriteString("A policy check finds them in the plan's prior value of this resource (change.before's computed_components " +
			"and computed_references in terraform show -json).")
	case !destroy:
		b.WriteString("To keep an item, put it back in the configuration under the same key.")
		if ws, field, imported := strings.Cut(batchID, "/"); imported {
			fmt.Fprintf(&b, " This ardoq_batch was imported with id %q, which takes over every component and reference of workspace "+
				"%s that has %s set, including those no configuration of yours declares: declare the ones to keep, or remove the batch "+
				"from the state (terraform state rm, or a removed block) and import by a custom field only this configuration's "+
				"entities have.", batchID, names.workspace(ws), field)
		}
		if !prevent {
			b.WriteString("\nThe same list is the plan's value of this resource's deletions attribute (terraform show -json), for policy checks.")
		}
	}
	return "Batch Deletes " + strings.Join(summaries, " and ") + " in Ardoq", strings.TrimSuffix(b.String(), "\n")
}

// deletedNames are the names of the workspaces and types of deleted items, looked up for the notice:
// what cannot be looked up is named by its id.
type deletedNames struct {
	workspaces map[string]string
	models     map[string]*client.WorkspaceContext
}

func (r *batchResource) deletionNames(ctx context.Context, dels []deletion) deletedNames {
	names := deletedNames{workspaces: map[string]string{}, models: map[string]*client.WorkspaceContext{}}
	for _, d := range dels {
		if _, seen := names.models[d.workspace]; seen || d.workspace == "" {
			continue
		}
		names.models[d.workspace], _ = r.data.Contexts.Get(ctx, d.workspace)
		if w, err := r.data.Client.GetWorkspace(ctx, d.workspace); err == nil && w.Name != "" {
			names.workspaces[d.workspace] = w.Name
		}
	}
	return names
}

func (n deletedNames) workspace(id string) string {
	if name, ok := n.workspaces[id]; ok {
		return fmt.Sprintf("%q", name)
	}
	return id
}

// line names a deleted item: `components["c"]: "Orders DB" (Database, DB-3, workspace "Architecture"), id …`, or
// `references["r"]: Payments → Orders DB (Depends on), workspace "Architecture", id …`.
func (n deletedNames) line(d deletion) string {
	model := n.models[d.workspace]
	var line string
	switch item := d.item.(type) {
	case entity.ComponentValues:
		typeName := "type " + item.TypeID
		for _, t := range modelComponentTypes(model) {
			if t.TypeID == item.TypeID {
				typeName = t.Name
			}
		}
		line = fmt.Sprintf("components[%q]: %q (%s", d.key, d.name, typeName)
		if item.ComponentKey != "" {
			line += ", " + item.ComponentKey
		}
		line += fmt.Sprintf(", workspace %s), id %s", n.workspace(d.workspace), d.id)
	case entity.ReferenceValues:
		typeName := "type " + strconv.FormatInt(item.Type, 10)
		for _, t := range modelReferenceTypes(model) {
			if t.Type == item.Type {
				typeName = t.Name
			}
		}
		source, target, _ := strings.Cut(d.name, " → ")
		line = fmt.Sprintf("references[%q]: %s, workspace %s, id %s", d.key, wsmodel.ReferenceLabel(source, target, typeName),
			n.workspace(d.workspace), d.id)
	}
	if d.replaced {
		line += ": replaced (its type or workspace changes), so Ardoq deletes it and the apply creates it again with a new id"
	}
	return line
}

func modelComponentTypes(m *client.WorkspaceContext) []client.ComponentType {
	if m == nil {
		return nil
	}
	return m.ComponentTypes
}

func modelReferenceTypes(m *client.WorkspaceContext) []client.ReferenceType {
	if m == nil {
		return nil
	}
	return m.ReferenceTypes
}
