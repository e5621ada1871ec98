package single

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// TestModelValues_asFramework: both resources' models are written and read through the object mappers
// (model_values.go) exactly as the framework's Set and Get write and read the model struct: set, null and
// unknown values, custom fields of every shape. A schema attribute the mappers lack fails here.
func TestModelValues_asFramework(t *testing.T) {
	ctx := context.Background()
	fields := types.DynamicValue(types.ObjectValueMust(
		map[string]attr.Type{"text": types.StringType, "count": types.NumberType, "on": types.BoolType, "tags": types.TupleType{ElemTypes: []attr.Type{types.StringType}}},
		map[string]attr.Value{"text": types.StringValue("x"), "count": types.NumberNull(), "on": types.BoolValue(true),
			"tags": types.TupleValueMust([]attr.Type{types.StringType}, []attr.Value{types.StringValue("a")})}))
	component := entity.ComponentModel{ID: types.StringValue("c1"), Name: types.StringValue("A"), RootWorkspace: types.StringValue("w"),
		TypeID: types.StringValue("p1"), Parent: types.StringNull(), Description: types.StringValue("d"), Color: types.StringValue("c"),
		Shape: types.StringValue("s"), Icon: types.StringValue("i"), Image: types.StringValue("m"), CustomFields: fields,
		ComponentKey: types.StringUnknown(), TypeName: types.StringValue("App"), Version: types.Int64Value(3),
		MetaModel: entity.MetaModel{Created: types.StringValue("t0"), LastUpdated: types.StringValue("t1"),
			CreatedBy: types.StringValue("ada@example.com"), LastModifiedBy: types.StringUnknown()}}
	planned := component
	planned.ID, planned.Version, planned.CustomFields = types.StringUnknown(), types.Int64Unknown(), types.DynamicUnknown()
	reference := entity.ReferenceModel{ID: types.StringValue("r1"), Source: types.StringValue("c1"), Target: types.StringUnknown(),
		Type: types.Int64Value(2), DisplayText: types.StringValue("uses"), Description: types.StringNull(),
		CustomFields: types.DynamicValue(types.StringValue("not an object")), RootWorkspace: types.StringValue("w"),
		TargetWorkspace: types.StringValue("w2"), Version: types.Int64Null(), MetaModel: entity.MetaModel{Created: types.StringValue("t0"), LastUpdated: types.StringValue("t1"),
			CreatedBy: types.StringNull(), LastModifiedBy: types.StringValue("bo@example.com")}}

	check := func(t *testing.T, r resource.Resource, model any, set func(*tfsdk.State) error, get func(tfsdk.State) (any, error), zero func() any) {
		t.Helper()
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		typ, _ := s.Schema.Type().TerraformType(ctx).(tftypes.Object)
		framework := tfsdk.State{Schema: s.Schema, Raw: tftypes.NewValue(typ, nil)}
		if diags := framework.Set(ctx, model); diags.HasError() {
			t.Fatal(diags)
		}
		ours := tfsdk.State{Schema: s.Schema, Raw: tftypes.NewValue(typ, nil)}
		if err := set(&ours); err != nil {
			t.Fatal(err)
		}
		if !ours.Raw.Equal(framework.Raw) {
			t.Fatalf("written\n%s\nthe framework\n%s", ours.Raw, framework.Raw)
		}
		fromFramework := zero()
		if diags := framework.Get(ctx, fromFramework); diags.HasError() {
			t.Fatal(diags)
		}
		fromOurs, err := get(framework)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(fromOurs, fromFramework) {
			t.Fatalf("read\n%+v\nthe framework\n%+v", fromOurs, fromFramework)
		}
	}
	for name, m := range map[string]entity.ComponentModel{"component": component, "planned component": planned, "empty component": {}} {
		t.Run(name, func(t *testing.T) {
			check(t, &componentResource{}, &m,
				func(s *tfsdk.State) error { return diagsErr(setComponent(ctx, s, m)) },
				func(s tfsdk.State) (any, error) {
					var got entity.ComponentModel
					return &got, diagsErr(getComponent(ctx, s, &got))
				},
				func() any { return &entity.ComponentModel{} })
		})
	}
	for name, m := range map[string]entity.ReferenceModel{"reference": reference, "empty reference": {}} {
		t.Run(name, func(t *testing.T) {
			check(t, &referenceResource{}, &m,
				func(s *tfsdk.State) error { return diagsErr(setReference(ctx, s, m)) },
				func(s tfsdk.State) (any, error) {
					var got entity.ReferenceModel
					return &got, diagsErr(getReference(ctx, s, &got))
				},
				func() any { return &entity.ReferenceModel{} })
		})
	}
}

func diagsErr(diags diag.Diagnostics) error {
	if diags.HasError() {
		return fmt.Errorf("%v", diags)
	}
	return nil
}
