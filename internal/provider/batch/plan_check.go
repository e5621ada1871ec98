package batch

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

// checkItemKeys reports every parent, source and target that is neither a component key of this
// resource nor an Ardoq id: most likely a misspelt key.
func (b *batchPlanner) checkItemKeys() {
	keys := slices.Sorted(maps.Keys(b.plan.Components))
	check := func(p path.Path, ref string) {
		if _, isKey := b.plan.Components[ref]; isKey || ref == "" || entity.OIDPattern.MatchString(ref) {
			return
		}
		b.diags.AddAttributeError(p, "Unknown Item Key", fmt.Sprintf("%s: %q is not a key of this resource's components, nor an "+
			"Ardoq id (24 hexadecimal characters). %s", convert.PathText(p), ref, keyHint(ref, keys)))
	}
	for _, k := range keys {
		check(path.Root("components").AtMapKey(k).AtName("parent"), b.plan.Components[k].Parent)
	}
	for _, k := range slices.Sorted(maps.Keys(b.plan.References)) {
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
func (b *batchPlanner) componentScope(p path.Path, c entity.ComponentValues) fields.Scope {
	model, read := b.models[c.RootWorkspace]
	if model == nil {
		if read { // read and not found: the workspace does not exist
			b.unknownWorkspace(p.AtName("root_workspace"), c.RootWorkspace)
		}
		return fields.Scope{Typing: b.known}
	}
	if _, ok := wsmodel.ComponentTypeOf(model, c.TypeID); !ok {
		b.diags.AddAttributeError(p.AtName("type_id"), "Unknown Component Type", fmt.Sprintf("%s.type_id: component type %q is not in "+
			"the model of workspace %s.%s %s", convert.PathText(p), c.TypeID, b.names.Workspace(c.RootWorkspace),
			b.names.ComponentTypeElsewhere(c.TypeID, c.RootWorkspace), wsmodel.ComponentTypeHint(model, c.TypeID)))
	}
	return fields.ComponentScope(model, c.TypeID)
}

// unknownWorkspace reports an item in a workspace Ardoq does not have (its model was read as nil). The
// text is the one batchResource.models gives at the first item in it, so that one is not repeated.
func (b *batchPlanner) unknownWorkspace(p path.Path, ws string) {
	b.diags.AddAttributeError(p, "Unknown Workspace", fmt.Sprintf("%s: Ardoq has no workspace %q. Look workspaces up with the "+
		"ardoq_workspace data source.", convert.PathText(p), ws))
}

// referenceScope checks a reference's type against the model of its source's workspace (ws).
func (b *batchPlanner) referenceScope(p path.Path, ws string, r entity.ReferenceValues) fields.Scope {
	model := b.models[ws]
	if model == nil {
		return fields.Scope{Typing: b.known}
	}
	if _, ok := wsmodel.ReferenceTypeOf(model, r.Type); !ok {
		b.diags.AddAttributeError(p.AtName("type"), "Unknown Reference Type", fmt.Sprintf("%s.type: reference type %d is not in the "+
			"model of workspace %s (the source's).%s Its reference types are: %s.", convert.PathText(p), r.Type, b.names.Workspace(ws),
			b.names.ReferenceTypeElsewhere(r.Type, ws), wsmodel.ReferenceTypeList(model)))
	}
	return fields.ReferenceScope(model, r.Type)
}

// customFields checks an item's custom fields against its scope and types them for the request,
// clearing the keys the prior state managed that are gone (the one codec, core/fields).
func (b *batchPlanner) customFields(p path.Path, scope fields.Scope, values, prior map[string]fields.Value) client.CustomFields {
	out, diags := fields.Encode(p.AtName("custom_fields"), values, prior, scope)
	b.diags.Append(diags...)
	return out
}
