package installtest

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"testing"
)

// stateAttributes is what terraform show -json says of a state: each resource's address, type and
// values, the child modules' too.
func stateAttributes(t *testing.T, showJSON string) map[string]stateResource {
	t.Helper()
	var doc struct {
		Values struct {
			RootModule stateModule `json:"root_module"`
		} `json:"values"`
	}
	if err := json.Unmarshal([]byte(showJSON), &doc); err != nil {
		t.Fatalf("terraform show -json: %v\n%s", err, showJSON)
	}
	all := map[string]stateResource{}
	var walk func(m stateModule)
	walk = func(m stateModule) {
		for _, r := range m.Resources {
			if r.Mode == "managed" {
				all[r.Address] = r
			}
		}
		for _, child := range m.ChildModules {
			walk(child)
		}
	}
	walk(doc.Values.RootModule)
	return all
}

type stateModule struct {
	Resources    []stateResource `json:"resources"`
	ChildModules []stateModule   `json:"child_modules"`
}

type stateResource struct {
	Address       string         `json:"address"`
	Mode          string         `json:"mode"`
	Type          string         `json:"type"`
	SchemaVersion int64          `json:"schema_version"`
	Values        map[string]any `json:"values"`
}

// resourceSchema is a resource type's schema version and its attributes' types (cty's JSON form:
// "string", ["map", T], ["object", {...}], ...).
type resourceSchema struct {
	version    int64
	attributes map[string]json.RawMessage
}

// resourceSchemas reads terraform providers schema -json: each resource type's schema, of the provider at
// source.
func resourceSchemas(t *testing.T, schemaJSON, source string) map[string]resourceSchema {
	t.Helper()
	var doc struct {
		ProviderSchemas map[string]struct {
			ResourceSchemas map[string]struct {
				Version int64 `json:"version"`
				Block   struct {
					Attributes map[string]struct {
						Type json.RawMessage `json:"type"`
					} `json:"attributes"`
				} `json:"block"`
			} `json:"resource_schemas"`
		} `json:"provider_schemas"`
	}
	if err := json.Unmarshal([]byte(schemaJSON), &doc); err != nil {
		t.Fatalf("terraform providers schema -json: %v", err)
	}
	provider, ok := doc.ProviderSchemas[source]
	if !ok {
		t.Fatalf("terraform providers schema -json has no provider %s", source)
	}
	schemas := map[string]resourceSchema{}
	for name, r := range provider.ResourceSchemas {
		schema := resourceSchema{version: r.Version, attributes: map[string]json.RawMessage{}}
		for attr, a := range r.Block.Attributes {
			schema.attributes[attr] = a.Type
		}
		schemas[name] = schema
	}
	return schemas
}

// missingAttributes lists the attributes a state of the last release holds that the current schema of
// the same version lacks, nested ones of object types too ("computed_components[*].component_key"): each
// a rename or a removal without a state upgrader. A schema of a newer version declares its upgrader, and
// the plan then shows whether it keeps the state.
func missingAttributes(state map[string]stateResource, schemas map[string]resourceSchema) []string {
	var missing []string
	for _, address := range slices.Sorted(maps.Keys(state)) {
		r := state[address]
		schema, ok := schemas[r.Type]
		if !ok {
			missing = append(missing, fmt.Sprintf("%s: the current provider has no resource type %s", address, r.Type))
			continue
		}
		if schema.version != r.SchemaVersion {
			continue
		}
		for _, name := range slices.Sorted(maps.Keys(r.Values)) {
			typ, ok := schema.attributes[name]
			if !ok {
				missing = append(missing, fmt.Sprintf("%s: %s", address, name))
				continue
			}
			for _, path := range missingNested(r.Values[name], typ, name) {
				missing = append(missing, fmt.Sprintf("%s: %s", address, path))
			}
		}
	}
	return missing
}

// missingNested follows a value into its cty type: the keys of an object value that the object type
// lacks, through maps, lists and sets of objects. Dynamic values are not followed.
func missingNested(value any, typ json.RawMessage, path string) []string {
	var kind []json.RawMessage
	if json.Unmarshal(typ, &kind) != nil || len(kind) != 2 {
		return nil // a primitive or dynamic
	}
	var name string
	if json.Unmarshal(kind[0], &name) != nil {
		return nil
	}
	var missing []string
	switch name {
	case "map":
		if m, ok := value.(map[string]any); ok {
			for _, k := range slices.Sorted(maps.Keys(m)) {
				missing = append(missing, missingNested(m[k], kind[1], path+"[*]")...)
			}
		}
	case "list", "set":
		if l, ok := value.([]any); ok {
			for _, v := range l {
				missing = append(missing, missingNested(v, kind[1], path+"[*]")...)
			}
		}
	case "object":
		var attrs map[string]json.RawMessage
		obj, ok := value.(map[string]any)
		if json.Unmarshal(kind[1], &attrs) != nil || !ok {
			return nil
		}
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if sub, ok := attrs[k]; !ok {
				missing = append(missing, path+"."+k)
			} else {
				missing = append(missing, missingNested(obj[k], sub, path+"."+k)...)
			}
		}
	}
	return slices.Compact(missing)
}

// missingAttributes finds a top-level attribute and an attribute of a map of objects that the schema
// lacks, and nothing where the schema has them all, the value is dynamic, or the schema's version is
// newer than the state's.
func TestMissingAttributes(t *testing.T) {
	state := map[string]stateResource{
		"ardoq_component.a": {Address: "ardoq_component.a", Type: "ardoq_component", Values: map[string]any{"name": "A", "last_updated": "t"}},
		"ardoq_batch.b": {Address: "ardoq_batch.b", Type: "ardoq_batch", Values: map[string]any{
			"components":          map[string]any{"x": map[string]any{"anything": 1}},
			"computed_components": map[string]any{"x": map[string]any{"id": "1", "component_key": "K"}},
		}},
	}
	schemas := map[string]resourceSchema{
		"ardoq_component": {attributes: map[string]json.RawMessage{"name": json.RawMessage(`"string"`), "updated_at": json.RawMessage(`"string"`)}},
		"ardoq_batch": {attributes: map[string]json.RawMessage{
			"components":          json.RawMessage(`"dynamic"`),
			"computed_components": json.RawMessage(`["map",["object",{"id":"string","key":"string"}]]`),
		}},
	}
	got := missingAttributes(state, schemas)
	want := []string{"ardoq_batch.b: computed_components[*].component_key", "ardoq_component.a: last_updated"}
	if !slices.Equal(got, want) {
		t.Errorf("missingAttributes = %q, want %q", got, want)
	}
	upgraded := schemas["ardoq_component"]
	upgraded.version = 1 // a state upgrader declared
	schemas["ardoq_component"] = upgraded
	schemas["ardoq_batch"].attributes["computed_components"] = json.RawMessage(`["map",["object",{"id":"string","component_key":"string"}]]`)
	if got := missingAttributes(state, schemas); len(got) != 0 {
		t.Errorf("missingAttributes = %q with every attribute in the schema or a new schema version, want none", got)
	}
}
