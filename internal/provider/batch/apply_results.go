package batch

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// What the apply stage makes of Ardoq's answer: the returned entities merged into the items, and a
// failed operation's error put at the item it was about.

// mergeBatchResults puts the returned entities into result: created ones by batchId, updated ones by
// the id their operation named (an adopted entity under the key that adopted it), and upserts that
// matched an entity in Ardoq (returned as updates without a batchId) by their uniqueBy values.
func mergeBatchResults(resp *client.BatchResponse, keys batchOpKeys, prior, planned, result batchItems, adopt adoption) error {
	ids := map[string]string{} // item key -> id, for the planned components
	for _, c := range resp.Components.Created {
		ids[strings.TrimPrefix(c.BatchID, "component:")] = c.ID
	}
	for k, m := range keys.adopted.Components {
		ids[k] = m.ID
	}
	for k := range planned.Components {
		if _, known := ids[k]; !known && prior.Components[k].ID != "" {
			ids[k] = prior.Components[k].ID
		}
	}
	keyOfID := map[string]string{}
	for k, c := range prior.Components {
		keyOfID["c"+c.ID] = k
	}
	for k, ref := range prior.References {
		keyOfID["r"+ref.ID] = k
	}
	for k, m := range keys.adopted.Components {
		keyOfID["c"+m.ID] = k // a renamed key took it over
	}
	for k, m := range keys.adopted.References {
		keyOfID["r"+m.ID] = k
	}
	for _, u := range resp.Components.Updated {
		key, ok := keyOfID["c"+u.ID]
		if !ok && u.Body != nil {
			key, ok = adoptedComponentKey(u.Body, keys.componentUpserts, planned, ids, adopt.components)
			ids[key] = u.ID
		}
		if u.Body == nil || !ok {
			return fmt.Errorf("unexpected updated component %s", u.ID)
		}
		result.Components[key] = entity.ComponentValuesFrom(u.Body, planned.Components[key], ids)
	}
	for _, c := range resp.Components.Created {
		key := strings.TrimPrefix(c.BatchID, "component:")
		if c.Body == nil {
			return fmt.Errorf("component %q came back without its body", key)
		}
		result.Components[key] = entity.ComponentValuesFrom(c.Body, planned.Components[key], ids)
	}
	for _, c := range resp.References.Created {
		key := strings.TrimPrefix(c.BatchID, "reference:")
		if c.Body == nil {
			return fmt.Errorf("reference %q came back without its body", key)
		}
		result.References[key] = entity.ReferenceValuesFrom(c.Body, planned.References[key], ids)
	}
	for _, u := range resp.References.Updated {
		key, ok := keyOfID["r"+u.ID]
		if !ok && u.Body != nil {
			key, ok = adoptedReferenceKey(u.Body, keys.referenceUpserts, planned, ids, adopt.references)
		}
		if u.Body == nil || !ok {
			return fmt.Errorf("unexpected updated reference %s", u.ID)
		}
		result.References[key] = entity.ReferenceValuesFrom(u.Body, planned.References[key], ids)
	}
	return nil
}

// mergeAdoptedAsIs puts into result the adopted items the request does not send, their entities
// already holding their values: as Ardoq listed them when the request was planned.
func mergeAdoptedAsIs(keys batchOpKeys, prior, planned, result batchItems) {
	ids := map[string]string{} // item key -> id, for the components that exist before the request
	for k, c := range prior.Components {
		if c.ID != "" {
			ids[k] = c.ID
		}
	}
	for k, m := range keys.adopted.Components {
		ids[k] = m.ID
	}
	for _, k := range keys.componentsAsIs {
		result.Components[k] = entity.ComponentValuesFrom(keys.adopted.Components[k].component, planned.Components[k], ids)
	}
	for _, k := range keys.referencesAsIs {
		result.References[k] = entity.ReferenceValuesFrom(keys.adopted.References[k].reference, planned.References[k], ids)
	}
}

// resolveByIDs turns an item key into the id the batch gave it; anything else is an id already.
func resolveByIDs(planned batchItems, ids map[string]string) func(string) (string, bool) {
	return func(ref string) (string, bool) {
		if id, ok := ids[ref]; ok {
			return id, true
		}
		_, isKey := planned.Components[ref]
		return ref, !isKey
	}
}

// adoptedComponentKey finds the upserted item an updated component answers: the one whose uniqueBy
// values it has.
func adoptedComponentKey(c *client.Component, candidates []string, planned batchItems, ids map[string]string, uniqueBy []string) (string, bool) {
	want, ok := uniqueKey(uniqueBy, componentUniqueValues(c))
	for _, key := range candidates {
		if got, match := uniqueKey(uniqueBy, componentItemUniqueValues(planned.Components[key], resolveByIDs(planned, ids))); ok && match && got == want {
			return key, true
		}
	}
	return "", false
}

// adoptedReferenceKey is adoptedComponentKey for references. The entity returned is the one after the
// upsert set its source to the item's, so an item whose source is an id has that id's workspace
// exactly when the sources agree.
func adoptedReferenceKey(r *client.Reference, candidates []string, planned batchItems, ids map[string]string, uniqueBy []string) (string, bool) {
	want, ok := uniqueKey(uniqueBy, referenceUniqueValues(r))
	resolve := resolveByIDs(planned, ids)
	for _, key := range candidates {
		item := planned.References[key]
		ws := ""
		if c, isKey := planned.Components[item.Source]; isKey {
			ws = c.RootWorkspace
		} else if source, _ := resolve(item.Source); source == r.Source {
			ws = r.RootWorkspace
		}
		if got, match := uniqueKey(uniqueBy, referenceItemUniqueValues(item, resolve, ws)); ok && match && got == want {
			return key, true
		}
	}
	return "", false
}

// batchOpInMessage is how the emulator names the failed operation at the start of a batch error's
// message: "components.update[2]: customFields.cost: ...". Ardoq does not document its batch errors
// (FACTS.md §batch-errors), so only a message of exactly this shape is located.
var batchOpInMessage = regexp.MustCompile(`(?s)^((?:components|references)\.(?:create|upsert|update|delete))\[(\d+)\]: (.*)$`)

// batchErrorPath maps an error message naming an operation ("components.update[2]: customFields.cost: ...")
// to the item key and attribute it is about; ok is false for a message that names none this batch sent.
func batchErrorPath(message string, keys batchOpKeys) (kind, key, attribute, fieldKey string, ok bool) {
	m := batchOpInMessage.FindStringSubmatch(message)
	if m == nil {
		return "", "", "", "", false
	}
	op, rest := m[1], m[3]
	index, err := strconv.Atoi(m[2])
	if err != nil {
		return "", "", "", "", false
	}
	lists := map[string][]string{
		"components.create": keys.componentCreates, "components.upsert": keys.componentUpserts, "components.update": keys.componentUpdates,
		"components.delete": keys.componentDeletes, "references.create": keys.referenceCreates, "references.upsert": keys.referenceUpserts,
		"references.update": keys.referenceUpdates, "references.delete": keys.referenceDeletes,
	}
	list, known := lists[op]
	if !known || index < 0 || index >= len(list) {
		return "", "", "", "", false
	}
	kind = strings.Split(op, ".")[0]
	member := strings.SplitN(rest, ":", 2)[0]
	if f, isField := strings.CutPrefix(member, "customFields."); isField {
		member, fieldKey = "customFields", f
	}
	attribute = referenceMembers[member]
	if kind == "components" {
		attribute = componentMembers[member]
	}
	return kind, list[index], attribute, fieldKey, true
}

// The items' attributes by the API members that Ardoq's messages name; what Ardoq assigns has none.
var (
	componentMembers = map[string]string{"rootWorkspace": "root_workspace", "typeId": "type_id", "name": "name", "parent": "parent",
		"description": "description", "color": "color", "shape": "shape", "icon": "icon", "image": "image", "customFields": "custom_fields"}
	referenceMembers = map[string]string{"source": "source", "target": "target", "type": "type", "displayText": "display_text",
		"description": "description", "customFields": "custom_fields"}
)

// addBatchError points at the item (and attribute) a failed operation was about, when Ardoq's message
// names the operation; otherwise the error is the resource's, with Ardoq's message and no guess. changed
// lists the items known to have changed in Ardoq since the plan, one line each.
func addBatchError(diags *diag.Diagnostics, summary string, err error, keys batchOpKeys, changed ...string) {
	if stopped := (*client.StoppedError)(nil); errors.As(err, &stopped) { // Terraform stopped the run: Ardoq applied nothing
		summary := "Batch Not Sent: Run Interrupted"
		if stopped.Refused != 0 {
			summary = "Batch Not Applied: Run Interrupted" // sent, refused for now, and not sent again
		}
		diags.AddError(summary, diagnostics.ClientErrorDetail(err))
		return
	}
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) {
		diags.AddError(summary, diagnostics.ClientErrorDetail(err))
		return
	}
	if apiErr.StatusCode == 409 {
		summary = "Batch Items Changed Outside Terraform"
	}
	detail := diagnostics.ClientErrorDetail(err) + "\n\nThe batch is one transaction: nothing was changed in Ardoq."
	switch apiErr.StatusCode {
	case 409:
		detail += " An item was changed in Ardoq after Terraform read it; run terraform plan again to see the difference."
		if len(changed) > 0 {
			detail += "\n\nChanged in Ardoq since Terraform read them:\n  - " + strings.Join(changed, "\n  - ")
		}
	case 404:
		detail += " An item was not found in Ardoq: it was deleted after Terraform read it, in Ardoq or by another resource of this " +
			"apply (Ardoq deletes a component's descendants and their references with it). Run terraform apply again: the refresh " +
			"drops it and the plan creates it again."
	case 413: // told by the status alone: Ardoq documents neither a batch limit nor its error messages (FACTS.md §batch)
		detail += " The server refused the batch for its size. Split the items among several ardoq_batch resources, each " +
			"its own transaction, or make a large change over several applies."
	}
	kind, key, attribute, fieldKey, ok := batchErrorPath(apiErr.Message, keys)
	if !ok {
		diags.AddError(summary, detail+" Ardoq's message does not name an operation of this batch in the form the provider "+
			"recognises (\"components.update[2]: ...\"), so the item it is about is not known: look for it by Ardoq's message above.")
		return
	}
	p, where := path.Root(kind).AtMapKey(key), fmt.Sprintf("%s[%q]", kind, key)
	if attribute != "" {
		p, where = p.AtName(attribute), where+"."+attribute
		if fieldKey != "" {
			p, where = p.AtMapKey(fieldKey), fmt.Sprintf("%s[%q]", where, fieldKey)
		}
	}
	diags.AddAttributeError(p, summary, where+": "+detail)
}
