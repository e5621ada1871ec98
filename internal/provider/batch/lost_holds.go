package batch

import (
	"encoding/json"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// Whether an update of a batch whose answer was lost took effect is judged by what the entity holds: a
// newer version holding every value the update set. How far the version moved is not documented
// (FACTS.md §versions).

// componentHolds reports whether c holds every value u sets; resolve turns a parent given by batchId
// into the id found for it.
func componentHolds(c client.Component, u client.ComponentUpdate, resolve func(string) (string, bool)) bool {
	name := c.Name
	return optionalHolds(u.Name, &name) && refHolds(u.Parent, c.Parent, resolve) && optionalHolds(u.Description, c.Description) &&
		optionalHolds(u.Color, c.Color) && optionalHolds(u.Shape, c.Shape) && optionalHolds(u.Icon, c.Icon) &&
		optionalHolds(u.Image, c.Image) && customFieldsHold(c.CustomFields, u.CustomFields)
}

// referenceHolds is componentHolds for references.
func referenceHolds(r client.Reference, u client.ReferenceUpdate, resolve func(string) (string, bool)) bool {
	source, target := r.Source, r.Target
	return refHolds(u.Source, &source, resolve) && refHolds(u.Target, &target, resolve) && optionalHolds(u.DisplayText, r.DisplayText) &&
		optionalHolds(u.Description, r.Description) && customFieldsHold(r.CustomFields, u.CustomFields)
}

// optionalHolds: a field left out holds whatever is there; null holds nothing (or empty text).
func optionalHolds(sent client.Optional[string], got *string) bool {
	if sent.IsZero() {
		return true
	}
	want, set := sent.Value()
	if !set {
		return got == nil || *got == ""
	}
	return got != nil && *got == want
}

func refHolds(sent client.Optional[string], got *string, resolve func(string) (string, bool)) bool {
	if want, set := sent.Value(); set {
		id, known := resolve(want)
		return known && got != nil && *got == id
	}
	return optionalHolds(sent, got)
}

// customFieldsHold compares each sent field with Ardoq's value as the custom-field codec does ("12"
// holds 12, a date-time in Ardoq's form holds the same instant); null holds no value.
func customFieldsHold(got, sent client.CustomFields) bool {
	for key, v := range sent {
		have, ok := fields.APIValue(got[key])
		want, set := fields.APIValue(asDecoded(v))
		switch {
		case !set && ok && have.Text != "":
			return false
		case set && (!ok || !want.Means(have)):
			return false
		}
	}
	return true
}

// asDecoded is v as a JSON decoder gives it back (numbers as float64, lists as []any), the form Ardoq's
// values are read in.
func asDecoded(v any) any {
	raw, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var out any
	if json.Unmarshal(raw, &out) != nil {
		return v
	}
	return out
}
