package batch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// dryRun runs the batch expand endpoint with the request apply would send, so that what Ardoq would
// reject fails the plan. The apply walk of `terraform apply` plans again in a new provider process and
// sends the dry run again: the provider keeps nothing between processes.
func (r *batchResource) dryRun(ctx context.Context, request client.BatchRequest, keys batchOpKeys, diags *diag.Diagnostics) {
	if batchEmpty(request) {
		return
	}
	if _, err := r.data.Client.ExpandBatch(ctx, request); err != nil {
		addBatchError(diags, "Batch Rejected by Ardoq", err, keys)
	}
}
