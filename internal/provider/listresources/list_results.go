// Package listresources holds the list resources of `terraform query` (Terraform 1.14 and later): the
// components and references of a workspace, as the single resources' objects (core/entity). It imports no
// other feature.
package listresources

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework-validators/listresourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

var (
	_ list.ListResourceWithConfigure        = (*listResource[struct{}, client.Component])(nil)
	_ list.ListResourceWithConfigValidators = (*listResource[struct{}, client.Component])(nil)
)

// listResource is one list resource: the machinery ardoq_component's and ardoq_reference's share (the
// provider's data, the configuration, a stream of results fetched a page at a time). Each kind gives its
// schema, its conflicting filters, and how its configuration C becomes pages of entities T (start).
type listResource[C, T any] struct {
	data      *providerdata.Data
	typeName  string // "_component"
	noun      string // "components"
	schema    listschema.Schema
	conflicts []string // filters that exclude each other (an id and a name for the same type)
	// start is the pages the configuration asks for and how to show their entities, or the error results
	// that end the stream instead.
	start func(ctx context.Context, d *providerdata.Data, cfg C) (iter.Seq2[client.Page[T], error], listEntity[T], iter.Seq[list.ListResult])
}

func (r *listResource[C, T]) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + r.typeName
}

func (r *listResource[C, T]) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = r.schema
}

func (r *listResource[C, T]) ListResourceConfigValidators(context.Context) []list.ConfigValidator {
	paths := make([]path.Expression, 0, len(r.conflicts))
	for _, name := range r.conflicts {
		paths = append(paths, path.MatchRoot(name))
	}
	return []list.ConfigValidator{listresourcevalidator.Conflicting(paths...)}
}

func (r *listResource[C, T]) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerdata.From(req.ProviderData, &resp.Diagnostics)
}

func (r *listResource[C, T]) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var cfg C
	if diags := req.Config.Get(ctx, &cfg); diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	if r.data == nil {
		stream.Results = listError("Provider Not Configured", "The provider must be configured to list "+r.noun+".")
		return
	}
	pages, e, failed := r.start(ctx, r.data, cfg)
	if failed != nil {
		stream.Results = failed
		return
	}
	stream.Results = streamPages(ctx, req, pages, e)
}

// listEntity is what a list resource knows how to turn into a result.
type listEntity[T any] struct {
	noun        string                           // "Components", for the error summary
	id          func(*T) string                  // the identity
	displayName func(*T) string                  // for terraform query's output
	model       func(*T) (any, diag.Diagnostics) // the resource's state, when IncludeResource
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
					m, diags := e.model(item)
					if result.Diagnostics.Append(diags...); !diags.HasError() {
						result.Diagnostics.Append(result.Resource.Set(ctx, m)...)
					}
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

// adoptedFields are the custom fields an import of an entity records (core/fields.Adopted), from its
// workspace's model wctx, which failed to be read with err.
func adoptedFields(wctx *client.WorkspaceContext, err error, api client.CustomFields, scope func(*client.WorkspaceContext) fields.Scope) (types.Dynamic, diag.Diagnostics) {
	var diags diag.Diagnostics
	if err != nil {
		diagnostics.AddClientError(&diags, "Unable to Read Workspace Context", err)
		return types.DynamicNull(), diags
	}
	return fields.Adopted(api, scope(wctx)), diags
}
