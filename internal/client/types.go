package client

import "encoding/json"

// Meta is the `_meta` object of every entity.
type Meta struct {
	Created             string `json:"created"`
	CreatedBy           string `json:"createdBy"`
	CreatedByName       string `json:"createdByName"`
	CreatedByEmail      string `json:"createdByEmail"`
	LastUpdated         string `json:"lastUpdated"`
	LastModifiedBy      string `json:"lastModifiedBy"`
	LastModifiedByName  string `json:"lastModifiedByName"`
	LastModifiedByEmail string `json:"lastModifiedByEmail"`
}

// CustomFields maps field API keys to values. Decoded numbers are json.Number, so no precision is lost.
type CustomFields map[string]any

// Optional is a PATCH body field: the zero value is left out of the body, Null() is sent as null.
type Optional[T any] struct {
	value T
	set   bool
	null  bool
}

// Set returns an Optional holding v.
func Set[T any](v T) Optional[T] { return Optional[T]{value: v, set: true} }

// Null returns an Optional sent as JSON null.
func Null[T any]() Optional[T] { return Optional[T]{set: true, null: true} }

// SetOrNull returns Null for a nil pointer and Set otherwise.
func SetOrNull[T any](v *T) Optional[T] {
	if v == nil {
		return Null[T]()
	}
	return Set(*v)
}

// IsZero reports whether the field is left out (used by the omitzero tag).
func (o Optional[T]) IsZero() bool { return !o.set }

// Value returns the value and whether it is set and not null.
func (o Optional[T]) Value() (T, bool) { return o.value, o.set && !o.null }

// MarshalJSON writes null or the value.
func (o Optional[T]) MarshalJSON() ([]byte, error) {
	if o.null {
		return []byte("null"), nil
	}
	return json.Marshal(o.value)
}

// UnmarshalJSON reads null as Null and anything else as Set (an expanded batch request decodes).
func (o *Optional[T]) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*o = Null[T]()
		return nil
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*o = Set(v)
	return nil
}
