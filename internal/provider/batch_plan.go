package provider

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// batchItems is the plain-Go form of an ardoq_batch's items, for planBatch.
type batchItems struct {
	Components map[string]batchComponent
	References map[string]batchReference
}

type batchComponent struct {
	ID, ComponentKey                       string // known once created
	Version                                int64
	RootWorkspace, TypeID, Name            string
	Parent                                 string // an item key of this resource, or a component id; "" for none
	Description, Color, Shape, Icon, Image *string
	CustomFields                           map[string]string
}

type batchReference struct {
	ID                             string
	Version                        int64
	RootWorkspace, TargetWorkspace string
	Source, Target                 string // item keys of this resource, or component ids
	Type                           int64
	DisplayText, Description       *string
	CustomFields                   map[string]string
}

// batchOpKeys names the item behind every operation of a request, in order, so results and errors
// (which name operations such as components.update[3]) map back to item keys.
type batchOpKeys struct {
	componentCreates, componentUpdates, componentDeletes []string
	referenceCreates, referenceUpdates, referenceDeletes []string
}

// batchIDs are unique across the whole request, so components and references get distinct prefixes.
func componentBatchID(key string) string { return "component:" + key }
func referenceBatchID(key string) string { return "reference:" + key }

// fieldTyper returns the Ardoq type of a custom field (Number, Checkbox, SelectMultipleList, ...).
type fieldTyper func(apiKey string) string

// planBatch turns the prior state and the plan into the one batch request that makes the org match:
// creates (or upserts, when adopting) for new keys, updates with ifVersionMatch from state for changed
// items only, deletes for removed keys. Operations are ordered by key, so the request is deterministic.
func planBatch(prior, plan batchItems, typeOf fieldTyper, adoptComponentsBy, adoptReferencesBy []string) (client.BatchRequest, batchOpKeys, error) {
	var keys batchOpKeys
	comps := &client.ComponentOperations{}
	refs := &client.ReferenceOperations{}
	// Items whose immutable attributes changed are deleted and created again; whatever points at them by
	// key is re-pointed in the same request, before the delete's cascade could take it along.
	replaced := replacedItems(prior, plan)
	componentRef := func(ref string) string { // an item key becomes its id, or its batchId while it is new
		if _, isKey := plan.Components[ref]; !isKey {
			return ref
		}
		if p, existed := prior.Components[ref]; existed && p.ID != "" && !replaced["components/"+ref] {
			return p.ID
		}
		return componentBatchID(ref)
	}
	isNew := func(kind, key string, id string) bool { return id == "" || replaced[kind+"/"+key] }
	pointsAtReplaced := func(refs ...string) bool {
		for _, r := range refs {
			if replaced["components/"+r] {
				return true
			}
		}
		return false
	}
	for _, key := range sortedKeysOf(plan.Components) {
		c := plan.Components[key]
		old, existed := prior.Components[key]
		cf, err := customFieldsForAPI(c.CustomFields, nil, typeOf)
		if err != nil {
			return client.BatchRequest{}, keys, fmt.Errorf("components[%q].custom_fields: %w", key, err)
		}
		if !existed || isNew("components", key, old.ID) {
			body := client.ComponentCreate{Name: c.Name, RootWorkspace: c.RootWorkspace, TypeID: c.TypeID, Description: c.Description,
				Color: c.Color, Shape: c.Shape, Icon: c.Icon, Image: c.Image, CustomFields: nonEmpty(cf)}
			if c.Parent != "" {
				parent := componentRef(c.Parent)
				body.Parent = &parent
			}
			if adoptable(adoptComponentsBy, c.CustomFields) {
				comps.Upsert = append(comps.Upsert, client.ComponentUpsertOp{UniqueBy: adoptComponentsBy, BatchID: componentBatchID(key), Body: body})
			} else {
				comps.Create = append(comps.Create, client.ComponentCreateOp{BatchID: componentBatchID(key), Body: body})
			}
			keys.componentCreates = append(keys.componentCreates, key)
			continue
		}
		if componentUnchanged(old, c, prior, plan) && !pointsAtReplaced(c.Parent) {
			continue
		}
		cf, err = customFieldsForAPI(c.CustomFields, old.CustomFields, typeOf)
		if err != nil {
			return client.BatchRequest{}, keys, fmt.Errorf("components[%q].custom_fields: %w", key, err)
		}
		parent := client.Null[string]()
		if c.Parent != "" {
			parent = client.Set(componentRef(c.Parent))
		}
		comps.Update = append(comps.Update, client.ComponentUpdateOp{ID: old.ID, IfVersionMatch: old.Version, Body: client.ComponentUpdate{
			Name: client.Set(c.Name), Parent: parent, Description: client.SetOrNull(c.Description), Color: client.SetOrNull(c.Color),
			Shape: client.SetOrNull(c.Shape), Icon: client.SetOrNull(c.Icon), Image: client.SetOrNull(c.Image), CustomFields: cf}})
		keys.componentUpdates = append(keys.componentUpdates, key)
	}
	for _, key := range sortedKeysOf(plan.References) {
		r := plan.References[key]
		old, existed := prior.References[key]
		if !existed || isNew("references", key, old.ID) {
			cf, err := customFieldsForAPI(r.CustomFields, nil, typeOf)
			if err != nil {
				return client.BatchRequest{}, keys, fmt.Errorf("references[%q].custom_fields: %w", key, err)
			}
			body := client.ReferenceCreate{Source: componentRef(r.Source), Target: componentRef(r.Target), Type: r.Type,
				DisplayText: r.DisplayText, Description: r.Description, CustomFields: nonEmpty(cf)}
			if adoptable(adoptReferencesBy, r.CustomFields) {
				refs.Upsert = append(refs.Upsert, client.ReferenceUpsertOp{UniqueBy: adoptReferencesBy, BatchID: referenceBatchID(key), Body: body})
			} else {
				refs.Create = append(refs.Create, client.ReferenceCreateOp{BatchID: referenceBatchID(key), Body: body})
			}
			keys.referenceCreates = append(keys.referenceCreates, key)
			continue
		}
		if referenceUnchanged(old, r, prior, plan) && !pointsAtReplaced(r.Source, r.Target) {
			continue
		}
		cf, err := customFieldsForAPI(r.CustomFields, old.CustomFields, typeOf)
		if err != nil {
			return client.BatchRequest{}, keys, fmt.Errorf("references[%q].custom_fields: %w", key, err)
		}
		display := ""
		if r.DisplayText != nil {
			display = *r.DisplayText
		}
		refs.Update = append(refs.Update, client.ReferenceUpdateOp{ID: old.ID, IfVersionMatch: old.Version, Body: client.ReferenceUpdate{
			Source: client.Set(componentRef(r.Source)), Target: client.Set(componentRef(r.Target)), DisplayText: client.Set(display),
			Description: client.SetOrNull(r.Description), CustomFields: cf}})
		keys.referenceUpdates = append(keys.referenceUpdates, key)
	}
	for _, key := range sortedKeysOf(prior.References) {
		if _, kept := plan.References[key]; (!kept || replaced["references/"+key]) && prior.References[key].ID != "" {
			refs.Delete = append(refs.Delete, client.DeleteOp{ID: prior.References[key].ID})
			keys.referenceDeletes = append(keys.referenceDeletes, key)
		}
	}
	for _, key := range sortedKeysOf(prior.Components) {
		if _, kept := plan.Components[key]; (!kept || replaced["components/"+key]) && prior.Components[key].ID != "" {
			comps.Delete = append(comps.Delete, client.DeleteOp{ID: prior.Components[key].ID})
			keys.componentDeletes = append(keys.componentDeletes, key)
		}
	}
	req := client.BatchRequest{Options: &client.BatchOptions{RespondWithEntities: true}}
	if len(comps.Create)+len(comps.Upsert)+len(comps.Update)+len(comps.Delete) > 0 {
		req.Components = comps
	}
	if len(refs.Create)+len(refs.Upsert)+len(refs.Update)+len(refs.Delete) > 0 {
		req.References = refs
	}
	return req, keys, nil
}

// adoptable reports whether an item can be sent as an upsert: adoption is on and the item has a value
// for every custom field its uniqueBy names (items without one are plain creates).
func adoptable(uniqueBy []string, fields map[string]string) bool {
	if len(uniqueBy) == 0 {
		return false
	}
	for _, p := range uniqueBy {
		if key, isField := strings.CutPrefix(p, "customFields."); isField {
			if _, ok := fields[key]; !ok {
				return false
			}
		}
	}
	return true
}

// replacedItems lists the items whose root_workspace, type_id or (for references) type changed.
func replacedItems(prior, plan batchItems) map[string]bool {
	out := map[string]bool{}
	for k, c := range plan.Components {
		if old, ok := prior.Components[k]; ok && old.ID != "" && (old.RootWorkspace != c.RootWorkspace || old.TypeID != c.TypeID) {
			out["components/"+k] = true
		}
	}
	for k, r := range plan.References {
		if old, ok := prior.References[k]; ok && old.ID != "" && old.Type != r.Type {
			out["references/"+k] = true
		}
	}
	return out
}

// batchEmpty reports whether a request has no operation at all.
func batchEmpty(req client.BatchRequest) bool { return req.Components == nil && req.References == nil }

func componentUnchanged(old, c batchComponent, prior, plan batchItems) bool {
	return old.Name == c.Name && sameRef(old.Parent, c.Parent, prior, plan) && eqPtr(old.Description, c.Description) &&
		eqPtr(old.Color, c.Color) && eqPtr(old.Shape, c.Shape) && eqPtr(old.Icon, c.Icon) && eqPtr(old.Image, c.Image) &&
		eqFields(old.CustomFields, c.CustomFields)
}

func referenceUnchanged(old, r batchReference, prior, plan batchItems) bool {
	return sameRef(old.Source, r.Source, prior, plan) && sameRef(old.Target, r.Target, prior, plan) &&
		eqPtr(old.DisplayText, r.DisplayText) && eqPtr(old.Description, r.Description) && eqFields(old.CustomFields, r.CustomFields)
}

// sameRef compares two component references that may be keys or ids: a key stands for its item's id.
func sameRef(a, b string, prior, plan batchItems) bool {
	resolve := func(ref string) string {
		if c, ok := prior.Components[ref]; ok && c.ID != "" {
			if _, stillKey := plan.Components[ref]; stillKey {
				return c.ID
			}
		}
		return ref
	}
	return resolve(a) == resolve(b)
}

func eqPtr(a, b *string) bool { return (a == nil && b == nil) || (a != nil && b != nil && *a == *b) }

func eqFields(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func nonEmpty(cf client.CustomFields) client.CustomFields {
	if len(cf) == 0 {
		return nil
	}
	return cf
}

// customFieldsForAPI types string values by their field's type and clears keys the prior state managed.
func customFieldsForAPI(values, prior map[string]string, typeOf fieldTyper) (client.CustomFields, error) {
	out := client.CustomFields{}
	for _, k := range sortedKeysOf(values) {
		v, err := typedFieldValue(typeOf(k), values[k])
		if err != nil {
			return nil, fmt.Errorf("%q: %w", k, err)
		}
		out[k] = v
	}
	for k := range prior {
		if _, kept := values[k]; !kept {
			out[k] = nil
		}
	}
	return out, nil
}

func typedFieldValue(fieldType, s string) (any, error) {
	switch fieldType {
	case "Number":
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			return nil, fmt.Errorf("%q is not a number (Number field)", s)
		}
		return json.Number(s), nil
	case "Checkbox":
		b, err := strconv.ParseBool(s)
		if err != nil {
			return nil, fmt.Errorf("%q is not true or false (Checkbox field)", s)
		}
		return b, nil
	case "SelectMultipleList":
		var list []string
		if err := json.Unmarshal([]byte(s), &list); err != nil {
			return nil, fmt.Errorf("%q is not a JSON list of strings such as jsonencode([\"eu\", \"us\"]) (SelectMultipleList field)", s)
		}
		return list, nil
	}
	return s, nil
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

func sortedKeysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// batchErrorPath maps an error message naming an operation ("components.update[2]: customFields.cost: ...")
// to the item key and attribute it is about.
func batchErrorPath(message string, keys batchOpKeys) (kind, key, attribute, fieldKey string, ok bool) {
	head, rest, found := strings.Cut(message, ": ")
	if !found {
		return "", "", "", "", false
	}
	var op string
	var index int
	if n, err := fmt.Sscanf(strings.Replace(strings.Replace(head, "[", " ", 1), "]", "", 1), "%s %d", &op, &index); n != 2 || err != nil {
		return "", "", "", "", false
	}
	lists := map[string][]string{
		"components.create": keys.componentCreates, "components.upsert": keys.componentCreates, "components.update": keys.componentUpdates,
		"components.delete": keys.componentDeletes, "references.create": keys.referenceCreates, "references.upsert": keys.referenceCreates,
		"references.update": keys.referenceUpdates, "references.delete": keys.referenceDeletes,
	}
	list, known := lists[op]
	if !known || index < 0 || index >= len(list) {
		return "", "", "", "", false
	}
	kind = strings.Split(op, ".")[0]
	attribute = map[string]string{"name": "name", "rootWorkspace": "root_workspace", "typeId": "type_id", "parent": "parent",
		"source": "source", "target": "target", "type": "type", "displayText": "display_text", "description": "description"}[strings.SplitN(rest, ":", 2)[0]]
	if f, isField := strings.CutPrefix(strings.SplitN(rest, ":", 2)[0], "customFields."); isField {
		attribute, fieldKey = "custom_fields", f
	}
	return kind, list[index], attribute, fieldKey, true
}
