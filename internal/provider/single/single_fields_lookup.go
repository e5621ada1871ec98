package single

import (
	"context"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

func componentFieldsLookup(ctx context.Context, d *providerdata.Data, workspace, typeID string) fields.ScopeLookup {
	return func() (fields.Scope, error) {
		model, err := d.Contexts.Get(ctx, workspace)
		if err != nil {
			return fields.Scope{}, err
		}
		return fields.ComponentScope(model, typeID), nil
	}
}

// referenceFields looks fields up in the model of the source's workspace.
func referenceFieldsLookup(ctx context.Context, d *providerdata.Data, plan, prior entity.ReferenceModel) fields.ScopeLookup {
	return func() (fields.Scope, error) {
		workspace := prior.RootWorkspace.ValueString()
		if workspace == "" || !plan.Source.Equal(prior.Source) {
			ws, err := d.Reads.ComponentWorkspace(ctx, plan.Source.ValueString())
			if err != nil {
				return fields.Scope{}, err
			}
			workspace = ws
		}
		model, err := d.Contexts.Get(ctx, workspace)
		if err != nil {
			return fields.Scope{}, err
		}
		return fields.ReferenceScope(model, plan.Type.ValueInt64()), nil
	}
}
