package entity

import (
	"context"
	"fmt"
	"reflect"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The framework reads a model struct from a value (State.Get, Plan.Get) and writes one (State.Set) by
// reflection, and compiles a regular expression per field name on every call (terraform-plugin-framework
// v1.19.0, internal/reflect): a tenth of the provider's CPU in a refresh of 400 single resources. GetModel
// and SetModel do the same for this package's flat models, each struct's fields looked up once
// (TestModelValues_sameAsFramework holds them to the framework's results).

// modelField is a field of a model: its index, and the attribute type its values decode with.
type modelField struct {
	index int
	typ   attr.Type
}

var modelFields sync.Map // reflect.Type of a model struct -> map[string]modelField, by tfsdk tag

// fieldsOf looks a model struct's fields up: every field must be tagged and hold a flat attr.Value.
func fieldsOf(ctx context.Context, t reflect.Type) (map[string]modelField, error) {
	if cached, ok := modelFields.Load(t); ok {
		if fields, ok := cached.(map[string]modelField); ok {
			return fields, nil
		}
	}
	fields := make(map[string]modelField, t.NumField())
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("tfsdk")
		zero, ok := reflect.Zero(f.Type).Interface().(attr.Value)
		if tag == "" || !ok {
			return nil, fmt.Errorf("field %s of %s has no tfsdk tag or is not an attr.Value", f.Name, t)
		}
		typ := zero.Type(ctx) // a collection's or an object's would lack what it holds
		_, collection := typ.(attr.TypeWithElementType)
		_, object := typ.(attr.TypeWithAttributeTypes)
		if collection || object {
			return nil, fmt.Errorf("field %s of %s is not flat", f.Name, t)
		}
		fields[tag] = modelField{index: i, typ: typ}
	}
	modelFields.Store(t, fields)
	return fields, nil
}

// GetModel reads v, an object with exactly the model's attributes, into model, a pointer to a model struct.
func GetModel(ctx context.Context, v tftypes.Value, model any) diag.Diagnostics {
	var diags diag.Diagnostics
	target := reflect.ValueOf(model)
	if target.Kind() != reflect.Pointer || target.Elem().Kind() != reflect.Struct {
		diags.AddError("Value Conversion Error", fmt.Sprintf("This is a bug in the provider: please report it. A %T is not a pointer to a model.", model))
		return diags
	}
	fields, err := fieldsOf(ctx, target.Elem().Type())
	var attrs map[string]tftypes.Value
	if err == nil {
		err = v.As(&attrs)
	}
	if err == nil && len(attrs) != len(fields) {
		err = fmt.Errorf("the value has %d attributes, the model %d", len(attrs), len(fields))
	}
	for name, a := range attrs {
		if err != nil {
			break
		}
		f, ok := fields[name]
		if !ok {
			err = fmt.Errorf("the model has no attribute %s", name)
			break
		}
		var value attr.Value
		if value, err = f.typ.ValueFromTerraform(ctx, a); err != nil {
			break
		}
		target.Elem().Field(f.index).Set(reflect.ValueOf(value))
	}
	if err != nil {
		diags.AddError("Value Conversion Error", "This is a bug in the provider: please report it. Reading a value into "+
			fmt.Sprintf("%T failed: %s", model, err))
	}
	return diags
}

// SetModel encodes model, a model struct or a pointer to one, as an object of typ.
func SetModel(ctx context.Context, typ tftypes.Object, model any) (tftypes.Value, diag.Diagnostics) {
	var diags diag.Diagnostics
	source := reflect.Indirect(reflect.ValueOf(model))
	if source.Kind() != reflect.Struct {
		diags.AddError("Value Conversion Error", fmt.Sprintf("This is a bug in the provider: please report it. A %T is not a model.", model))
		return tftypes.Value{}, diags
	}
	fields, err := fieldsOf(ctx, source.Type())
	if err == nil && len(fields) != len(typ.AttributeTypes) {
		err = fmt.Errorf("the model has %d attributes, the type %d", len(fields), len(typ.AttributeTypes))
	}
	attrs := make(map[string]tftypes.Value, len(fields))
	for name := range typ.AttributeTypes {
		if err != nil {
			break
		}
		f, ok := fields[name]
		if !ok {
			err = fmt.Errorf("the model has no attribute %s", name)
			break
		}
		value, _ := source.Field(f.index).Interface().(attr.Value) // fieldsOf checked that it is one
		attrs[name], err = value.ToTerraformValue(ctx)
	}
	if err == nil {
		err = tftypes.ValidateValue(typ, attrs)
	}
	if err != nil {
		diags.AddError("Value Conversion Error", "This is a bug in the provider: please report it. Writing "+
			fmt.Sprintf("%T as a value failed: %s", model, err))
		return tftypes.Value{}, diags
	}
	return tftypes.NewValue(typ, attrs), diags
}
