package provider

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// fieldScope is what an item's custom fields are checked against: its workspace's model (nil when not
// known, and then nothing is checked) and the fields its type allows (nil when the type is unknown).
type fieldScope struct {
	model    *client.WorkspaceContext
	allowed  []string
	typeName string
}

// checkItemKeys reports every parent, source and target that is neither a component key of this
// resource nor an Ardoq id: most likely a misspelt key.
func (b *batchPlanner) checkItemKeys() {
	keys := sortedKeysOf(b.plan.Components)
	check := func(p path.Path, ref string) {
		if _, isKey := b.plan.Components[ref]; isKey || ref == "" || oidPattern.MatchString(ref) {
			return
		}
		b.diags.AddAttributeError(p, "Unknown Item Key", fmt.Sprintf("%s: %q is not a key of this resource's components, nor an "+
			"Ardoq id (24 hexadecimal characters). %s", pathText(p), ref, keyHint(ref, keys)))
	}
	for _, k := range keys {
		check(path.Root("components").AtMapKey(k).AtName("parent"), b.plan.Components[k].Parent)
	}
	for _, k := range sortedKeysOf(b.plan.References) {
		r := b.plan.References[k]
		check(path.Root("references").AtMapKey(k).AtName("source"), r.Source)
		check(path.Root("references").AtMapKey(k).AtName("target"), r.Target)
	}
}

// keyHint lists the component keys, or the closest few to ref when there are many.
func keyHint(ref string, keys []string) string {
	const listed = 10
	switch {
	case len(keys) == 0:
		return "This resource has no components."
	case len(keys) <= listed:
		return "Its component keys are: " + strings.Join(keys, ", ") + "."
	}
	closest := slices.Clone(keys)
	distance := make(map[string]int, len(keys))
	for _, k := range keys {
		distance[k] = editDistance(ref, k)
	}
	sort.SliceStable(closest, func(i, j int) bool { return distance[closest[i]] < distance[closest[j]] })
	return fmt.Sprintf("The closest of its %d component keys are: %s.", len(keys), strings.Join(closest[:5], ", "))
}

// editDistance is the Levenshtein distance between two strings.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// componentScope checks a component's type against its workspace's model.
func (b *batchPlanner) componentScope(p path.Path, c batchComponent) fieldScope {
	model, read := b.models[c.RootWorkspace]
	if model == nil {
		if read { // read and not found: the workspace does not exist
			b.unknownWorkspace(p.AtName("root_workspace"), c.RootWorkspace)
		}
		return fieldScope{}
	}
	typ, ok := componentTypeOf(model, c.TypeID)
	if !ok {
		b.diags.AddAttributeError(p.AtName("type_id"), "Unknown Component Type", fmt.Sprintf("%s.type_id: component type %q is not in "+
			"the model of workspace %s. Its types are: %s.", pathText(p), c.TypeID, c.RootWorkspace, componentTypeList(model)))
		return fieldScope{model: model}
	}
	return fieldScope{model: model, allowed: typ.CustomFields, typeName: typ.Name}
}

// unknownWorkspace reports an item in a workspace Ardoq does not have (its model was read as nil). The
// text is the one batchResource.models gives at the first item in it, so that one is not repeated.
func (b *batchPlanner) unknownWorkspace(p path.Path, ws string) {
	b.diags.AddAttributeError(p, "Unknown Workspace", fmt.Sprintf("%s: Ardoq has no workspace %q. Look workspaces up with the "+
		"ardoq_workspace data source.", pathText(p), ws))
}

// adoptionProperties are the uniqueBy properties the provider matches items by (as Ardoq does), besides
// customFields.<api key>; the emulator accepts the same, and "rootWorkspace" for references as an
// alias of "source.rootWorkspace".
var adoptionProperties = map[string][]string{
	"adopt_components_by": {"rootWorkspace", "name", "typeId", "parent"},
	"adopt_references_by": {"source", "target", "type", "source.rootWorkspace", "rootWorkspace"},
}

// checkAdoptionProperties reports every adopt_components_by / adopt_references_by value the provider
// cannot match by: with one, the plan's matching and Ardoq's uniqueBy would disagree.
func (b *batchPlanner) checkAdoptionProperties() {
	for _, attr := range []string{"adopt_components_by", "adopt_references_by"} {
		props := b.adoptComponentsBy
		if attr == "adopt_references_by" {
			props = b.adoptReferencesBy
		}
		for i, prop := range props {
			if key, isField := strings.CutPrefix(prop, "customFields."); (isField && key != "") || slices.Contains(adoptionProperties[attr], prop) {
				continue
			}
			b.diags.AddAttributeError(path.Root(attr).AtListIndex(i), "Unsupported Adoption Property", fmt.Sprintf("%s[%d]: %q is not a "+
				"property items can be adopted by. Supported are: %s and customFields.<api key>.", attr, i, prop,
				strings.Join(adoptionProperties[attr], ", ")))
		}
	}
}

// referenceScope checks a reference's type against the model of its source's workspace (ws).
func (b *batchPlanner) referenceScope(p path.Path, ws string, r batchReference) fieldScope {
	model := b.models[ws]
	if model == nil {
		return fieldScope{}
	}
	typ, ok := referenceTypeOf(model, r.Type)
	if !ok {
		b.diags.AddAttributeError(p.AtName("type"), "Unknown Reference Type", fmt.Sprintf("%s.type: reference type %d is not in the "+
			"model of workspace %s (the source's). Its reference types are: %s.", pathText(p), r.Type, ws, referenceTypeList(model)))
		return fieldScope{model: model}
	}
	return fieldScope{model: model, allowed: typ.CustomFields, typeName: typ.Name}
}

// customFields types an item's values by their field definitions for the request, reporting every
// value its scope does not allow, and clears the keys the prior state managed that are gone.
func (b *batchPlanner) customFields(p path.Path, scope fieldScope, values, prior map[string]string) client.CustomFields {
	out := client.CustomFields{}
	for _, k := range sortedKeysOf(values) {
		fp := p.AtName("custom_fields").AtMapKey(k)
		f, known := b.fieldDef(scope.model, k)
		if scope.model != nil {
			if summary, problem := fieldProblem(f, known, k, scope); problem != "" {
				b.diags.AddAttributeError(fp, summary, pathText(fp)+": "+problem)
				continue
			}
		}
		v, problem := typedFieldValue(f, values[k])
		if problem != "" {
			b.diags.AddAttributeError(fp, "Invalid Custom Field Value", fmt.Sprintf("%s: custom field %q (%s): %s.", pathText(fp), k, f.Type, problem))
			continue
		}
		out[k] = v
	}
	for k := range prior {
		if _, kept := values[k]; !kept {
			out[k] = nil
		}
	}
	return out
}

// fieldDef finds a field's definition in the item's model, or (where that is not known) in any model
// of the request, for typing only.
func (b *batchPlanner) fieldDef(model *client.WorkspaceContext, apiKey string) (client.Field, bool) {
	models := []*client.WorkspaceContext{model}
	if model == nil {
		models = nil
		for _, ws := range sortedKeysOf(b.models) {
			if m := b.models[ws]; m != nil { // nil: a workspace Ardoq does not have
				models = append(models, m)
			}
		}
	}
	for _, m := range models {
		if i := slices.IndexFunc(m.CustomFields, func(f client.Field) bool { return f.APIKey == apiKey }); i >= 0 {
			return m.CustomFields[i], true
		}
	}
	return client.Field{}, false
}

// fieldProblem says why a field cannot be set on the item, with the fields that can.
func fieldProblem(f client.Field, known bool, apiKey string, scope fieldScope) (summary, problem string) {
	switch {
	case !known && scope.allowed == nil:
		keys := make([]string, 0, len(scope.model.CustomFields))
		for _, def := range scope.model.CustomFields {
			keys = append(keys, def.APIKey)
		}
		return "Unknown Custom Field", fmt.Sprintf("workspace %s has no custom field %q. Its fields are: %s.", scope.model.RootWorkspace,
			apiKey, strings.Join(keys, ", "))
	case !known:
		return "Unknown Custom Field", fmt.Sprintf("the workspace has no custom field %q. Fields allowed on %q: %s.", apiKey, scope.typeName,
			strings.Join(scope.allowed, ", "))
	case scope.allowed != nil && !slices.Contains(scope.allowed, apiKey):
		return "Custom Field Not Allowed on Type", fmt.Sprintf("custom field %q is not allowed on type %q. Fields allowed on it: %s.", apiKey,
			scope.typeName, strings.Join(scope.allowed, ", "))
	case f.Calculated:
		return "Calculated Custom Field", fmt.Sprintf("custom field %q is calculated by Ardoq and cannot be set; remove it.", apiKey)
	case f.ReadOnly:
		return "Read-Only Custom Field", fmt.Sprintf("custom field %q is read-only and cannot be set; remove it.", apiKey)
	}
	return "", ""
}

// typedFieldValue turns an item's text into the value the field's type takes, or says what is wrong
// with it. A field of unknown type takes the text as it is.
func typedFieldValue(f client.Field, s string) (any, string) {
	switch f.Type {
	case "Number":
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			return nil, fmt.Sprintf("%q is not a number", s)
		}
		return json.Number(s), ""
	case "Checkbox":
		v, err := strconv.ParseBool(s)
		if err != nil {
			return nil, fmt.Sprintf("%q is not true or false", s)
		}
		return v, ""
	case "SelectMultipleList":
		var list []string
		if err := json.Unmarshal([]byte(s), &list); err != nil {
			return nil, fmt.Sprintf("%q is not a list of strings among the options %q", s, f.Options)
		}
		for _, v := range list {
			if len(f.Options) > 0 && !slices.Contains(f.Options, v) {
				return nil, fmt.Sprintf("%q is not one of the options %q", v, f.Options)
			}
		}
		return list, ""
	}
	return s, checkStringField(f, s)
}

// fieldValueString renders an API value the way the configuration writes it.
func fieldValueString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return canonicalNumber(x.String())
	case bool:
		return strconv.FormatBool(x)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func canonicalNumber(s string) string {
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return s
}
