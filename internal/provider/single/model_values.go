package single

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// The single resources read their state, plan and configuration with the framework's Get, and write
// their state with its Set, as an object that core/entity's explicit mappers turn into the model and
// back (ComponentModelOf, ComponentModel.Object; core/entity/object.go). Given the model struct itself, the framework reads and
// writes it by reflection and compiles a regular expression for each of its fields on every call
// (github.com/hashicorp/terraform-plugin-framework@v1.19.0, internal/reflect/helpers.go, isValidFieldName,
// called by getStructTags; no upstream issue found); BenchmarkSingleRPC measures the cost.
// TestModelValues_asFramework holds the mappers to the framework's own reading. Canary:
// TestCanary_frameworkGetOfAStructAllocatesPerField fails once the framework reads a struct cheaply;
// remove the object mappers then.

// values is a state, plan or configuration.
type values interface {
	Get(ctx context.Context, target any) diag.Diagnostics
}

func getComponent(ctx context.Context, from values, m *entity.ComponentModel) diag.Diagnostics {
	var o types.Object
	diags := from.Get(ctx, &o)
	*m = entity.ComponentModelOf(o)
	return diags
}

func setComponent(ctx context.Context, state *tfsdk.State, m entity.ComponentModel) diag.Diagnostics {
	o, diags := m.Object()
	if diags.HasError() {
		return diags
	}
	return append(diags, state.Set(ctx, o)...)
}

func getReference(ctx context.Context, from values, m *entity.ReferenceModel) diag.Diagnostics {
	var o types.Object
	diags := from.Get(ctx, &o)
	*m = entity.ReferenceModelOf(o)
	return diags
}

func setReference(ctx context.Context, state *tfsdk.State, m entity.ReferenceModel) diag.Diagnostics {
	o, diags := m.Object()
	if diags.HasError() {
		return diags
	}
	return append(diags, state.Set(ctx, o)...)
}
