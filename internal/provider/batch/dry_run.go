package batch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/memo"
)

// dryRun runs the batch expand endpoint with the request apply would send, so that what Ardoq would
// reject fails the plan; once per terraform command (core/memo): a second dry run of the same request
// seconds later, in the apply walk, adds nothing, since the batch itself is all or nothing.
func (r *batchResource) dryRun(ctx context.Context, request client.BatchRequest, keys batchOpKeys, diags *diag.Diagnostics) {
	if batchEmpty(request) {
		return
	}
	key := memo.Key(r.data.Client, "dry-run", request)
	if r.data.Memo.Seen(key) {
		tflog.Debug(ctx, "the batch passed Ardoq's dry run earlier in this terraform command; not sending it again")
		return
	}
	if _, err := r.data.Client.ExpandBatch(ctx, request); err != nil {
		addBatchError(diags, "Batch Rejected by Ardoq", err, keys)
		return
	}
	r.data.Memo.Note(key)
}
