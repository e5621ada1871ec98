package recovery

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/memo"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// After a run that was killed (SIGKILL, an out-of-memory kill, a crashed CI runner), Ardoq holds what its
// writes made but no state does, and the next apply would make it again. The plan of a new component or
// reference therefore looks for one Ardoq already holds with the same identity, the way the lost-answer
// search does (lost_answer.go): created by the token's user, and not read by any resource of this run so
// far (Terraform refreshes and plans resources in parallel, so this is a hint, not proof). It warns at
// the resource, with the id to import. The summary names the entity, so that Terraform does not fold the
// warnings of many resources into one and hide their ids. Terraform plans a create again in the apply walk
// of `terraform apply`; a search that found nothing in the plan walk is not repeated there (core/memo):
// what it looks for was left by an earlier command, not by this one.

// WarnAlreadyMade adds a warning for each entity a search finds, an error with prevent_duplicates. identity
// is what the search matches on (the create's body).
func WarnAlreadyMade[T any](ctx context.Context, d *providerdata.Data, s CreateSearch[T], noun, name string, identity any) diag.Diagnostics {
	var diags diag.Diagnostics
	key := memo.Key(d.Client, "none-made", identity)
	if d.Memo.Seen(key) {
		tflog.Debug(ctx, "the plan walk of this terraform command found nothing an earlier run made; not looking again")
		return diags
	}
	made, err := lookForCreated(ctx, d, s, time.Time{})
	if err != nil {
		tflog.Debug(ctx, "could not look for what an earlier run made", map[string]any{"error": err.Error()})
		return diags
	}
	if len(made) == 0 {
		d.Memo.Note(key)
	}
	for _, m := range made {
		id := s.IDOf(m)
		add := diags.AddWarning
		if d.PreventDuplicates {
			add = diags.AddError // prevent_duplicates
		}
		add(fmt.Sprintf("%s %s Already in Ardoq", noun, name), fmt.Sprintf("Ardoq already holds %s with id %s, "+
			"created by you at %s, which no resource has read so far in this run. A run that was interrupted before Terraform "+
			"saved its state (killed, out of memory, a crashed CI runner) may have made it, and creating this resource would make "+
			"a second one. To take it over, import it into this resource: terraform import <this resource's address> %s (or an "+
			"import block with id = %q). If a resource of this configuration manages it (one not refreshed yet, with -refresh=false "+
			"or a replacement), ignore this warning; if it is not wanted, delete it in Ardoq. See the guide \"When a run is "+
			"interrupted\".", s.What, id, s.Meta(m).Created, id, id))
	}
	return diags
}
