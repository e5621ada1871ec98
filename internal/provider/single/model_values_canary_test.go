package single

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// Canary of the object mappers (model_values.go; core/entity/object.go): terraform-plugin-framework's Get of a model struct still compiles a regular expression per
// field on every call (v1.19.0, internal/reflect/helpers.go, isValidFieldName, called by getStructTags).
// The compile costs 37 allocations a field and the rest of the reflection about 5, so reading the
// struct costs at least minExtraAllocsPerField more per field than reading the object and mapping it.
// When this fails, the framework reads a struct about as cheaply: read and write the models with Get and Set
// of the struct, and remove the object mappers (core/entity/object.go, ComponentModelOf, ReferenceModelOf,
// Object) and model_values.go.
func TestCanary_frameworkGetOfAStructAllocatesPerField(t *testing.T) {
	ctx := context.Background()
	var s resource.SchemaResponse
	(&componentResource{}).Schema(ctx, resource.SchemaRequest{}, &s)
	typ, ok := s.Schema.Type().TerraformType(ctx).(tftypes.Object)
	if !ok || len(typ.AttributeTypes) == 0 {
		t.Fatalf("the component's schema is not an object of attributes: %v", s.Schema.Type().TerraformType(ctx))
	}
	state := tfsdk.State{Schema: s.Schema, Raw: tftypes.NewValue(typ, nil)}
	if diags := state.Set(ctx, &entity.ComponentModel{ID: types.StringValue("c1"), Name: types.StringValue("A"),
		RootWorkspace: types.StringValue("w"), TypeID: types.StringValue("p1"), Version: types.Int64Value(3)}); diags.HasError() {
		t.Fatal(diags)
	}
	var m entity.ComponentModel
	if diags := state.Get(ctx, &m); diags.HasError() {
		t.Fatal(diags)
	}
	if diags := getComponent(ctx, state, &m); diags.HasError() {
		t.Fatal(diags)
	}
	byStruct := testing.AllocsPerRun(20, func() {
		var m entity.ComponentModel
		_ = state.Get(ctx, &m)
	})
	byObject := testing.AllocsPerRun(20, func() {
		var m entity.ComponentModel
		_ = getComponent(ctx, state, &m)
	})
	const minExtraAllocsPerField = 20
	if perField := (byStruct - byObject) / float64(len(typ.AttributeTypes)); perField < minExtraAllocsPerField {
		t.Fatalf("the framework's Get of the model struct costs %.0f allocations a field more than the object mappers "+
			"(%v against %v), under %d: it no longer compiles per field; read and write the struct with Get and Set, and "+
			"remove the object mappers (model_values.go, core/entity/object.go)",
			perField, byStruct, byObject, minExtraAllocsPerField)
	}
}
