package batch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
)

// dryRun runs the batch expand endpoint with the request apply would send, so that what Ardoq would
// reject fails the plan. The apply walk of `terraform apply` plans again in a new provider process and
// sends the dry run again: the provider keeps nothing between processes. There, deletes of items another
// resource of the apply already deleted are left out, as the apply leaves them out (dropGoneDeletes).
func (r *batchResource) dryRun(ctx context.Context, request client.BatchRequest, keys batchOpKeys, prior batchItems, diags *diag.Diagnostics) {
	// Items changed since the refresh are the apply's to refuse (the plan of -refresh=false sees them).
	if _, err := r.dropGoneDeletes(ctx, &request, &keys, prior); err != nil {
		diagnostics.AddClientError(diags, "Unable to Read Batch Items", err)
		return
	}
	if batchEmpty(request) {
		return
	}
	if _, err := r.data.Client.ExpandBatch(ctx, request); err != nil {
		r.reportBatchError(ctx, diags, "Batch Rejected by Ardoq", err, keys, prior)
	}
}
