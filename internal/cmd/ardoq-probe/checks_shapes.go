package main

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/cmd/cmdtext"
)

var shapeChecks = []check{
	{name: "field-shapes", section: "updates",
		assumption: "unset optional fields come back as null; a custom field without a value is left out of customFields", run: checkFieldShapes},
	{name: "id-format", section: "ids", assumption: "every _id is 24 lowercase hexadecimal characters", run: checkIDFormat},
	{name: "component-key-format", section: "ids", assumption: "componentKey is <workspaceKey>-<n>", run: checkComponentKeys},
	{name: "custom-field-types", section: "custom-fields",
		assumption: "custom field values come in their type's JSON form (Number a number, Checkbox a boolean, DateTime YYYY-MM-DDTHH:MM:SS.sssZ ...)",
		run:        checkCustomFieldTypes},
	{name: "date-header", section: "lost-answers", assumption: "every answer carries an HTTP Date header", run: checkDateHeader},
}

// The optional members the provider reads, which Ardoq sends as null when unset.
var (
	componentOptional = []string{"parent", "description", "color", "shape", "icon", "image"}
	referenceOptional = []string{"displayText", "description"}
)

// workspaceEntities is the first page of the read workspace's components and of its references.
func (p *probe) workspaceEntities(ctx context.Context) (components, references []map[string]any, err error) {
	ws := url.QueryEscape(p.workspace.ID)
	cp, err := p.rawPage(ctx, "/components?rootWorkspace="+ws)
	if err != nil {
		return nil, nil, err
	}
	rp, err := p.rawPage(ctx, "/references?rootWorkspace="+ws)
	if err != nil {
		return nil, nil, err
	}
	return cp.values, rp.values, nil
}

func checkFieldShapes(ctx context.Context, p *probe) result {
	components, references, err := p.workspaceEntities(ctx)
	if err != nil {
		return failed(err)
	}
	if len(components) == 0 {
		return skipped("workspace %q has no components", p.workspace.Name)
	}
	absent := map[string]int{}
	nullFields := 0
	count := func(entities []map[string]any, kind string, optional []string) {
		for _, e := range entities {
			for _, name := range optional {
				if _, present := e[name]; !present {
					absent[kind+"."+name]++
				}
			}
			fields, _ := e["customFields"].(map[string]any)
			for _, v := range fields {
				if v == nil {
					nullFields++
				}
			}
		}
	}
	count(components, "component", componentOptional)
	count(references, "reference", referenceOptional)
	var found []string
	for _, name := range slices.Sorted(maps.Keys(absent)) {
		found = append(found, fmt.Sprintf("%s absent from %d", name, absent[name]))
	}
	if nullFields > 0 {
		found = append(found, fmt.Sprintf("%d custom fields given as null", nullFields))
	}
	if len(found) > 0 {
		return differed("of %s and %s: %s (the client reads both forms)", cmdtext.Count(len(components), "component"), cmdtext.Count(len(references), "reference"),
			strings.Join(found, ", "))
	}
	return held("%s and %s: unset members null, no null custom field", cmdtext.Count(len(components), "component"), cmdtext.Count(len(references), "reference"))
}

var oid = regexp.MustCompile(`^[0-9a-f]{24}$`)

func checkIDFormat(ctx context.Context, p *probe) result {
	components, references, err := p.workspaceEntities(ctx)
	if err != nil {
		return failed(err)
	}
	workspaces, err := p.rawPage(ctx, "/workspaces")
	if err != nil {
		return failed(err)
	}
	all := slices.Concat(components, references, workspaces.values)
	for _, e := range all {
		if id, _ := e["_id"].(string); !oid.MatchString(id) {
			return differed("the id %v", e["_id"])
		}
	}
	return held("%d ids", len(all))
}

func checkComponentKeys(ctx context.Context, p *probe) result {
	components, _, err := p.workspaceEntities(ctx)
	if err != nil {
		return failed(err)
	}
	if len(components) == 0 {
		return skipped("workspace %q has no components", p.workspace.Name)
	}
	form := regexp.MustCompile(`^` + regexp.QuoteMeta(p.workspace.WorkspaceKey) + `-[0-9]+$`)
	for _, c := range components {
		if key, _ := c["componentKey"].(string); !form.MatchString(key) {
			return differed("componentKey %v in workspace %s", c["componentKey"], p.workspace.WorkspaceKey)
		}
	}
	return held("%d keys of the form %s-<n>", len(components), p.workspace.WorkspaceKey)
}

var dateTimeForm = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`)

func checkCustomFieldTypes(ctx context.Context, p *probe) result {
	components, err := p.api.ListComponents(ctx, client.ComponentFilter{RootWorkspace: p.workspace.ID})
	if err != nil {
		return failed(err)
	}
	references, err := p.api.ListReferences(ctx, client.ReferenceFilter{RootWorkspace: p.workspace.ID})
	if err != nil {
		return failed(err)
	}
	values := []client.CustomFields{}
	for _, c := range components {
		values = append(values, c.CustomFields)
	}
	for _, r := range references {
		values = append(values, r.CustomFields)
	}
	types := map[string]string{}
	for _, f := range p.context.CustomFields {
		types[f.APIKey] = f.Type
	}
	checked := 0
	var wrong []string
	for _, fields := range values {
		for key, v := range fields {
			typ, known := types[key]
			if !known || v == nil {
				continue
			}
			checked++
			if !valueHasType(v, typ) {
				wrong = append(wrong, fmt.Sprintf("%s (%s) is %s %s", key, typ, jsonKind(v), compact(v)))
			}
		}
	}
	if checked == 0 {
		return skipped("no custom field values in workspace %q", p.workspace.Name)
	}
	if len(wrong) > 0 {
		return differed("%s", strings.Join(wrong, "; "))
	}
	return held("%d values", checked)
}

func valueHasType(v any, typ string) bool {
	switch typ {
	case "Number":
		_, ok := v.(json.Number)
		return ok
	case "Checkbox":
		_, ok := v.(bool)
		return ok
	case "SelectMultipleList":
		list, ok := v.([]any)
		for _, e := range list {
			if _, isString := e.(string); !isString {
				return false
			}
		}
		return ok
	case "DateTime":
		s, _ := v.(string)
		return dateTimeForm.MatchString(s)
	}
	_, ok := v.(string)
	return ok
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func checkDateHeader(ctx context.Context, p *probe) result {
	a, err := p.raw.do(ctx, http.MethodGet, "/me", nil)
	if err != nil {
		return failed(err)
	}
	if _, err := http.ParseTime(a.header.Get("Date")); err != nil {
		return differed("Date: %q", a.header.Get("Date"))
	}
	return held("Date: %s", a.header.Get("Date"))
}
