package emulator

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
)

// componentDoc is a parsed component body (create, update or batch document). A key in set with a nil
// pointer means the body sent null for it.
type componentDoc struct {
	set                                            map[string]bool
	name, rootWorkspace, typeID                    string
	parent, description, color, shape, icon, image *string
	customFields                                   map[string]any
}

type referenceDoc struct {
	set                      map[string]bool
	source, target           string
	typ                      int64
	displayText, description *string
	customFields             map[string]any
}

var (
	componentCreateKeys = []string{"name", "rootWorkspace", "typeId", "parent", "description", "color", "shape", "icon", "image", "customFields"}
	componentUpdateKeys = []string{"name", "parent", "description", "color", "shape", "icon", "image", "customFields"}
	referenceCreateKeys = []string{"source", "target", "type", "displayText", "description", "customFields"}
	// An update may carry the reference's type (PartialReferenceDocument does not forbid extra members and
	// production clients send it): the type it already has changes nothing, another one is refused.
	referenceUpdateKeys = []string{"source", "target", "type", "displayText", "description", "customFields"}
)

func objectOf(raw any, what string) (map[string]any, error) {
	m, ok := raw.(map[string]any)
	if !ok {
		return nil, badRequest("%s must be a JSON object", what)
	}
	return m, nil
}

func checkKeys(m map[string]any, allowed []string, what string) error {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		found := false
		for _, a := range allowed {
			if a == k {
				found = true
				break
			}
		}
		if !found {
			return badRequest("%s: unknown or read-only field %q (allowed: %v)", what, k, allowed)
		}
	}
	return nil
}

func parseComponentDoc(raw any, create bool) (componentDoc, error) {
	d := componentDoc{set: map[string]bool{}}
	m, err := objectOf(raw, "body")
	if err != nil {
		return d, err
	}
	allowed := componentUpdateKeys
	if create {
		allowed = componentCreateKeys
	}
	if err := checkKeys(m, allowed, "body"); err != nil {
		return d, err
	}
	for k := range m {
		d.set[k] = true
	}
	if create {
		for _, k := range []string{"name", "rootWorkspace", "typeId"} {
			if !d.set[k] || m[k] == nil {
				return d, badRequest("%s is required", k)
			}
		}
	}
	if d.name, err = requiredString(m, "name"); err != nil {
		return d, err
	}
	if d.set["name"] && d.name == "" {
		return d, badRequest("name must not be empty")
	}
	if d.rootWorkspace, err = requiredString(m, "rootWorkspace"); err != nil {
		return d, err
	}
	if d.typeID, err = requiredString(m, "typeId"); err != nil {
		return d, err
	}
	for key, dst := range map[string]**string{"parent": &d.parent, "description": &d.description, "color": &d.color, "shape": &d.shape, "icon": &d.icon, "image": &d.image} {
		if *dst, err = nullableString(m, key); err != nil {
			return d, err
		}
	}
	d.customFields, err = customFieldsOf(m)
	return d, err
}

func parseReferenceDoc(raw any, create bool) (referenceDoc, error) {
	d := referenceDoc{set: map[string]bool{}}
	m, err := objectOf(raw, "body")
	if err != nil {
		return d, err
	}
	allowed := referenceUpdateKeys
	if create {
		allowed = referenceCreateKeys
	}
	if err := checkKeys(m, allowed, "body"); err != nil {
		return d, err
	}
	for k := range m {
		d.set[k] = true
	}
	if create {
		for _, k := range []string{"source", "target", "type"} {
			if !d.set[k] || m[k] == nil {
				return d, badRequest("%s is required", k)
			}
		}
	}
	if d.source, err = requiredString(m, "source"); err != nil {
		return d, err
	}
	if d.target, err = requiredString(m, "target"); err != nil {
		return d, err
	}
	if d.set["type"] {
		if d.typ, err = integer(m["type"], "type"); err != nil {
			return d, err
		}
	}
	// The document types displayText as a plain string in requests (no null): clear it with "".
	if d.set["displayText"] && m["displayText"] == nil {
		return d, badRequest("displayText must be a string; send \"\" to clear it")
	}
	if d.displayText, err = nullableString(m, "displayText"); err != nil {
		return d, err
	}
	if d.description, err = nullableString(m, "description"); err != nil {
		return d, err
	}
	d.customFields, err = customFieldsOf(m)
	return d, err
}

func requiredString(m map[string]any, key string) (string, error) {
	v, ok := m[key]
	if !ok {
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", badRequest("%s must be a string, got %s", key, jsonKind(v))
	}
	return s, nil
}

func nullableString(m map[string]any, key string) (*string, error) {
	v, ok := m[key]
	if !ok || v == nil {
		return nil, nil
	}
	s, ok := v.(string)
	if !ok {
		return nil, badRequest("%s must be a string or null, got %s", key, jsonKind(v))
	}
	return &s, nil
}

func customFieldsOf(m map[string]any) (map[string]any, error) {
	v, ok := m["customFields"]
	if !ok || v == nil {
		return nil, nil
	}
	cf, ok := v.(map[string]any)
	if !ok {
		return nil, badRequest("customFields must be an object mapping field API keys to values, got %s", jsonKind(v))
	}
	return cf, nil
}

func integer(v any, what string) (int64, error) {
	f, ok := v.(float64)
	if !ok || f != math.Trunc(f) {
		return 0, badRequest("%s must be an integer, got %v", what, v)
	}
	return int64(f), nil
}

// versionMatch is a parsed ifVersionMatch: a positive integer or "latest".
type versionMatch struct {
	latest  bool
	version int64
}

func parseVersion(s string) (versionMatch, error) {
	if s == "" {
		return versionMatch{}, badRequest("ifVersionMatch is required: pass the entity's current _version, or \"latest\"")
	}
	if s == "latest" {
		return versionMatch{latest: true}, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 {
		return versionMatch{}, badRequest("ifVersionMatch must be a positive integer or latest, got %q", s)
	}
	return versionMatch{version: n}, nil
}

func parseVersionJSON(v any) (versionMatch, error) {
	switch x := v.(type) {
	case string:
		return parseVersion(x)
	case float64:
		if x < 1 || x != math.Trunc(x) {
			return versionMatch{}, badRequest("ifVersionMatch must be a positive integer or \"latest\", got %v", x)
		}
		return versionMatch{version: int64(x)}, nil
	case nil:
		return versionMatch{}, badRequest("ifVersionMatch is required")
	}
	return versionMatch{}, badRequest("ifVersionMatch must be a positive integer or \"latest\", got %s", jsonKind(v))
}

func (v versionMatch) check(stored int64) error {
	if !v.latest && v.version != stored {
		return newError(409, "version-mismatch", "version mismatch: ifVersionMatch is %d but the stored _version is %d", v.version, stored)
	}
	return nil
}

func (v versionMatch) String() string {
	if v.latest {
		return "latest"
	}
	return fmt.Sprint(v.version)
}
