package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

var readOnlyChecks = []check{
	{name: "workspace-context", section: "custom-fields",
		assumption: "a workspace context names its workspace, its types, and fields of the documented types", run: checkWorkspaceContext},
	{name: "workspace-component-model", section: "read-only",
		assumption: "a workspace answer may carry componentModel, its model's id", run: checkComponentModel},
	{name: "report-formats", section: "read-only",
		assumption: "report rows are keyed by column label (or key with keyFormat=key), leaving out empty columns; tabular rows are arrays as long as the columns",
		run:        checkReportFormats},
	{name: "batch-expand-alias", section: "batch",
		assumption: "POST /batch/expand executes nothing and replaces an alias by the id of the entity it names", run: checkExpandAlias},
}

// fieldTypes are the custom field types the client and the emulator know.
var fieldTypes = []string{"Text", "TextArea", "Number", "Checkbox", "DateTime", "Email", "Url", "User", "List", "SelectMultipleList"}

func checkWorkspaceContext(_ context.Context, p *probe) result {
	wc := p.context
	if wc.RootWorkspace != p.workspace.ID {
		return differed("rootWorkspace %q for workspace %s", wc.RootWorkspace, p.workspace.ID)
	}
	if len(wc.ComponentTypes) == 0 {
		return differed("no componentTypes")
	}
	for _, t := range wc.ComponentTypes {
		if t.TypeID == "" || t.Name == "" {
			return differed("a component type without typeId or name: %+v", t)
		}
	}
	var unknown []string
	for _, f := range wc.CustomFields {
		if !slices.Contains(fieldTypes, f.Type) {
			unknown = append(unknown, f.APIKey+": "+f.Type)
		}
	}
	if len(unknown) > 0 {
		return differed("custom fields of types the client does not know: %s", strings.Join(unknown, ", "))
	}
	return held("%d component types, %d reference types, %d custom fields", len(wc.ComponentTypes), len(wc.ReferenceTypes), len(wc.CustomFields))
}

func checkComponentModel(ctx context.Context, p *probe) result {
	obj, _, err := p.raw.getJSON(ctx, "/workspaces/"+url.PathEscape(p.workspace.ID))
	if err != nil {
		return failed(err)
	}
	v, present := obj["componentModel"]
	if !present {
		return held("absent: the provider does without it")
	}
	if id, _ := v.(string); !oid.MatchString(id) {
		return differed("componentModel is %s", compact(v))
	}
	return held("present: %s", v)
}

func checkReportFormats(ctx context.Context, p *probe) result {
	reports, err := p.api.ListReports(ctx, "")
	if err != nil {
		return failed(err)
	}
	if len(reports) == 0 {
		return skipped("the org has no reports")
	}
	r := reports[0]
	var labels, keys []string
	for _, c := range r.Columns {
		labels, keys = append(labels, c.Label), append(keys, c.Key)
	}
	byLabel, err := p.api.RunReportObjects(ctx, r.ID, "")
	if err != nil {
		return failed(err)
	}
	byKey, err := p.api.RunReportObjects(ctx, r.ID, "key")
	if err != nil {
		return failed(err)
	}
	tabular, err := p.api.RunReportTabular(ctx, r.ID)
	if err != nil {
		return failed(err)
	}
	if msg := rowsKeyedBy(byLabel.Rows, labels); msg != "" {
		return differed("report %s by label: %s", r.ID, msg)
	}
	if msg := rowsKeyedBy(byKey.Rows, keys); msg != "" {
		return differed("report %s by key: %s", r.ID, msg)
	}
	for _, row := range tabular.Rows {
		var cells []json.RawMessage
		if err := json.Unmarshal(row, &cells); err != nil || len(cells) != len(r.Columns) {
			return differed("report %s tabular: the row %s for %d columns", r.ID, row, len(r.Columns))
		}
	}
	return held("report %s: %d rows in each form", r.ID, len(tabular.Rows))
}

// rowsKeyedBy says what is wrong with rows that should be objects keyed by some of names (and no null).
func rowsKeyedBy(rows []json.RawMessage, names []string) string {
	for _, row := range rows {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(row, &obj); err != nil {
			return fmt.Sprintf("the row %s is not an object", row)
		}
		for k, v := range obj {
			if !slices.Contains(names, k) {
				return fmt.Sprintf("the row %s has %q, not among %q", row, k, names)
			}
			if string(v) == "null" {
				return fmt.Sprintf("the row %s has %q as null instead of leaving it out", row, k)
			}
		}
	}
	return ""
}

// checkExpandAlias expands (never runs) a batch that updates a component named by an alias.
func checkExpandAlias(ctx context.Context, p *probe) result {
	components, err := p.api.ListComponents(ctx, client.ComponentFilter{RootWorkspace: p.workspace.ID})
	if err != nil {
		return failed(err)
	}
	named := map[string]int{}
	for _, c := range components {
		named[c.Name]++
	}
	var target *client.Component
	for i, c := range components {
		if named[c.Name] == 1 {
			target = &components[i]
			break
		}
	}
	if target == nil {
		return skipped("workspace %q has no component with a name of its own", p.workspace.Name)
	}
	body := map[string]any{
		"aliases":    map[string]any{"components": map[string]any{"probe": map[string]any{"rootWorkspace": p.workspace.ID, "name": target.Name}}},
		"components": map[string]any{"update": []any{map[string]any{"id": "probe", "ifVersionMatch": target.Version, "body": map[string]any{"name": target.Name}}}},
	}
	a, err := p.raw.do(ctx, http.MethodPost, "/batch/expand", body)
	if err != nil {
		return failed(err)
	}
	if a.status != http.StatusOK {
		return differed("%s", a)
	}
	obj, err := a.object()
	if err != nil {
		return differed("%v", err)
	}
	updates, _ := member(obj, "components", "update").([]any)
	if len(updates) != 1 || member(updates[0], "id") != target.ID {
		return differed("the expanded batch: %s", excerpt(a.body))
	}
	after, err := p.api.GetComponent(ctx, target.ID)
	if err != nil {
		return failed(err)
	}
	if after.Version != target.Version {
		return differed("the component's version moved from %d to %d: the expand ran the update", target.Version, after.Version)
	}
	return held("the alias became %s; the component is unchanged", target.ID)
}
