package provider

import (
	"context"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

func componentFieldsLookup(ctx context.Context, d *providerdata.Data, workspace, typeID string) fieldScopeLookup {
	return func() (fieldScope, error) {
		model, err := d.Contexts.Get(ctx, workspace)
		if err != nil {
			return fieldScope{}, err
		}
		return componentFieldScope(model, typeID), nil
	}
}

// referenceFields looks fields up in the model of the source's workspace.
func referenceFieldsLookup(ctx context.Context, d *providerdata.Data, plan, prior referenceModel) fieldScopeLookup {
	return func() (fieldScope, error) {
		workspace := prior.RootWorkspace.ValueString()
		if workspace == "" || !plan.Source.Equal(prior.Source) {
			ws, err := d.ComponentWorkspace(ctx, plan.Source.ValueString())
			if err != nil {
				return fieldScope{}, err
			}
			workspace = ws
		}
		model, err := d.Contexts.Get(ctx, workspace)
		if err != nil {
			return fieldScope{}, err
		}
		return referenceFieldScope(model, plan.Type.ValueInt64()), nil
	}
}
