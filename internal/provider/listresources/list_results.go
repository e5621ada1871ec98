// Package listresources holds the list resources of `terraform query` (Terraform 1.14 and later): the
// components and references of a workspace, as the single resources' objects (core/entity). It imports no
// other feature.
package listresources

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// listEntity is what a list resource knows how to turn into a result.
type listEntity[T any] struct {
	noun        string          // "Components", for the error summary
	id          func(*T) string // the identity
	displayName func(*T) string // for terraform query's output
	model       func(*T) any    // the resource's state, when IncludeResource
}

// streamPages turns pages of entities into list results, one per entity, at most req.Limit of them
// (0: no limit). Pages are fetched as Terraform consumes results, so no page is requested once it
// stops or the limit is reached. A failed request ends the stream with an error result.
func streamPages[T any](ctx context.Context, req list.ListRequest, pages iter.Seq2[client.Page[T], error], e listEntity[T]) iter.Seq[list.ListResult] {
	return func(push func(list.ListResult) bool) {
		var n int64
		for page, err := range pages {
			if err != nil {
				var diags diag.Diagnostics
				diagnostics.AddClientError(&diags, "Unable to List "+e.noun, err)
				push(list.ListResult{Diagnostics: diags})
				return
			}
			for i := range page.Values {
				item := &page.Values[i]
				result := req.NewListResult(ctx)
				result.DisplayName = e.displayName(item)
				result.Diagnostics.Append(entity.SetIdentity(ctx, result.Identity, e.id(item))...)
				if req.IncludeResource {
					result.Diagnostics.Append(result.Resource.Set(ctx, e.model(item))...)
				}
				n++
				if !push(result) || (req.Limit > 0 && n >= req.Limit) {
					return
				}
			}
		}
	}
}

// listError is a stream of one error result.
func listError(summary, detail string) iter.Seq[list.ListResult] {
	var diags diag.Diagnostics
	diags.AddError(summary, detail)
	return list.ListResultsStreamDiagnostics(diags)
}
