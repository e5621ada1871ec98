// Package entity holds what every feature knows of Ardoq's entities: ardoq_component's and
// ardoq_reference's models with their mappers (the API to the model, the model to the create and update
// bodies), the values ardoq_batch holds with theirs, the checks of ids and texts, and resource identity.
// The features (single resources, ardoq_batch, data sources, list resources) use it; it imports none of
// them.
package entity

import (
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// optionalText is an optional text of the API in a model: unset is null. An empty text is unset too:
// no configuration can hold one (strings given must not be empty), so reading it as set would plan a
// change, and an update, of a value that is no different.
func optionalText(s *string) types.String {
	return types.StringPointerValue(nonEmpty(s))
}

// nonEmpty is an optional text of the API in values: unset, or empty (see optionalText), is nil.
func nonEmpty(s *string) *string {
	if s != nil && *s == "" {
		return nil
	}
	return s
}

// EqualPointers reports whether two optional texts are both unset or both the same text.
func EqualPointers(a, b *string) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}

// sameID is how a single resource names a component in a request: by its id, as configured.
func sameID(id string) string { return id }

// refFromAPI writes a component id as the configuration did: the item key that stands for it, the id
// itself, or (after a change in Ardoq) the key of whichever item now has that id; ids are the
// components of ardoq_batch's item keys.
func refFromAPI(apiID *string, configured string, ids map[string]string) string {
	if apiID == nil {
		return ""
	}
	if configured != "" && (ids[configured] == *apiID || configured == *apiID) {
		return configured
	}
	for key, id := range ids {
		if id == *apiID {
			return key
		}
	}
	return *apiID
}
