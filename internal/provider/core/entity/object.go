package entity

import (
	"context"
	"reflect"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// objectShape is a model struct read once as an object of the framework: each field's attribute name
// (its tfsdk tag, embedded structs included) and type. The struct is the model's one definition; the
// object mappers below follow it, so a new attribute is a new field and nothing else here. They stand
// in for the framework's Get and Set of the struct, which cost far more per field (single/model_values.go
// says why).
type objectShape[T any] struct {
	fields []shapeField
	types  map[string]attr.Type
}

type shapeField struct {
	name  string
	index []int
}

func shapeOf[T any]() objectShape[T] {
	s := objectShape[T]{types: map[string]attr.Type{}}
	var zero T
	model := reflect.ValueOf(zero)
	for _, f := range reflect.VisibleFields(model.Type()) {
		name := f.Tag.Get("tfsdk")
		if name == "" || name == "-" {
			continue
		}
		value, ok := model.FieldByIndex(f.Index).Interface().(attr.Value)
		if !ok {
			panic("entity: field " + f.Name + " of " + model.Type().String() + " is not a framework value")
		}
		s.fields = append(s.fields, shapeField{name: name, index: f.Index})
		s.types[name] = value.Type(context.Background())
	}
	return s
}

// modelOf reads a model from an object of the schema's type; an attribute it lacks, or of another
// type, is null.
func (s objectShape[T]) modelOf(o types.Object) T {
	var m T
	attrs := o.Attributes()
	model := reflect.ValueOf(&m).Elem()
	for _, f := range s.fields {
		if v, ok := attrs[f.name]; ok && v != nil && v.Type(context.Background()).Equal(s.types[f.name]) {
			model.FieldByIndex(f.index).Set(reflect.ValueOf(v))
		}
	}
	return m
}

// object is m as an object of the schema's type.
func (s objectShape[T]) object(m T) (types.Object, diag.Diagnostics) {
	model := reflect.ValueOf(m)
	attrs := make(map[string]attr.Value, len(s.fields))
	for _, f := range s.fields {
		attrs[f.name], _ = model.FieldByIndex(f.index).Interface().(attr.Value) // shapeOf checked each field
	}
	return types.ObjectValue(s.types, attrs)
}
