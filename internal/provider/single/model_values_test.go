package single

import (
	"context"
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// TestModelValues_sameAsFramework: entity.GetModel and entity.SetModel read and write both resources'
// models exactly as the framework's State.Get and State.Set do: set, null and unknown values, custom
// fields of every shape.
func TestModelValues_sameAsFramework(t *testing.T) {
	ctx := context.Background()
	fields := types.DynamicValue(types.ObjectValueMust(
		map[string]attr.Type{"text": types.StringType, "count": types.NumberType, "on": types.BoolType, "tags": types.TupleType{ElemTypes: []attr.Type{types.StringType}}},
		map[string]attr.Value{"text": types.StringValue("x"), "count": types.NumberNull(), "on": types.BoolValue(true),
			"tags": types.TupleValueMust([]attr.Type{types.StringType}, []attr.Value{types.StringValue("a")})}))
	component := entity.ComponentModel{ID: types.StringValue("c1"), Name: types.StringValue("A"), RootWorkspace: types.StringValue("w"),
		TypeID: types.StringValue("p1"), Parent: types.StringNull(), Description: types.StringValue(""), CustomFields: fields,
		ComponentKey: types.StringUnknown(), Version: types.Int64Value(3)}
	planned := component
	planned.ID, planned.Version, planned.CustomFields = types.StringUnknown(), types.Int64Unknown(), types.DynamicUnknown()
	reference := entity.ReferenceModel{ID: types.StringValue("r1"), Source: types.StringValue("c1"), Target: types.StringUnknown(),
		Type: types.Int64Value(2), CustomFields: types.DynamicValue(types.StringValue("not an object")), Version: types.Int64Null()}

	for _, c := range []struct {
		name     string
		resource resource.Resource
		model    any
		read     func() any // a new, empty model
	}{
		{"component", &componentResource{}, &component, func() any { return &entity.ComponentModel{} }},
		{"planned component", &componentResource{}, &planned, func() any { return &entity.ComponentModel{} }},
		{"empty component", &componentResource{}, &entity.ComponentModel{}, func() any { return &entity.ComponentModel{} }},
		{"reference", &referenceResource{}, &reference, func() any { return &entity.ReferenceModel{} }},
		{"empty reference", &referenceResource{}, &entity.ReferenceModel{}, func() any { return &entity.ReferenceModel{} }},
	} {
		t.Run(c.name, func(t *testing.T) {
			var s resource.SchemaResponse
			c.resource.Schema(ctx, resource.SchemaRequest{}, &s)
			typ := s.Schema.Type().TerraformType(ctx).(tftypes.Object)
			framework := tfsdk.State{Schema: s.Schema, Raw: tftypes.NewValue(typ, nil)}
			if diags := framework.Set(ctx, c.model); diags.HasError() {
				t.Fatal(diags)
			}
			ours, diags := entity.SetModel(ctx, typ, c.model)
			if diags.HasError() {
				t.Fatal(diags)
			}
			if !ours.Equal(framework.Raw) {
				t.Fatalf("SetModel wrote\n%s\nthe framework\n%s", ours, framework.Raw)
			}
			fromFramework, fromOurs := c.read(), c.read()
			if diags := framework.Get(ctx, fromFramework); diags.HasError() {
				t.Fatal(diags)
			}
			if diags := entity.GetModel(ctx, framework.Raw, fromOurs); diags.HasError() {
				t.Fatal(diags)
			}
			if !reflect.DeepEqual(fromOurs, fromFramework) || !reflect.DeepEqual(fromOurs, c.model) {
				t.Fatalf("GetModel read\n%+v\nthe framework\n%+v", fromOurs, fromFramework)
			}
		})
	}
	t.Run("mismatch", func(t *testing.T) {
		var s resource.SchemaResponse
		(&referenceResource{}).Schema(ctx, resource.SchemaRequest{}, &s)
		typ := s.Schema.Type().TerraformType(ctx).(tftypes.Object)
		if _, diags := entity.SetModel(ctx, typ, &component); !diags.HasError() {
			t.Error("a component model written as a reference")
		}
		value, _ := entity.SetModel(ctx, typ, &reference)
		if diags := entity.GetModel(ctx, value, &entity.ComponentModel{}); !diags.HasError() {
			t.Error("a reference read into a component model")
		}
		if diags := entity.GetModel(ctx, value, entity.ReferenceModel{}); !diags.HasError() {
			t.Error("a reference read into a model passed by value")
		}
		list := struct {
			L types.List `tfsdk:"l"`
		}{}
		if _, diags := entity.SetModel(ctx, tftypes.Object{AttributeTypes: map[string]tftypes.Type{"l": tftypes.List{ElementType: tftypes.String}}}, list); !diags.HasError() {
			t.Error("a model with a list, whose element type its zero value does not know, was written")
		}
	})
}
