package recovery

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// After a run that was killed (SIGKILL, an out-of-memory kill, a crashed CI runner), Ardoq holds what its
// writes made but no state does, and the next apply would make it again. The plan of a new component or
// reference therefore looks for one Ardoq already holds with the same identity, the way the lost-answer
// search does (lost_answer.go): created by the token's user, and not read by any resource of this run so
// far (Terraform refreshes and plans resources in parallel, so this is a hint, not proof). It warns at
// the resource, with the id to import. The summary names the entity, so that Terraform does not fold the
// warnings of many resources into one and hide their ids. Terraform plans a create again in the apply walk
// of `terraform apply`, in a new provider process, and the search is made again there: the provider keeps
// nothing between processes. A search that fails is an error with prevent_duplicates (the plan cannot
// promise what the setting asks), a warning without.

// WarnAlreadyMade adds a warning for each entity a search finds, an error with prevent_duplicates.
func WarnAlreadyMade[T any](ctx context.Context, d *providerdata.Data, s CreateSearch[T], noun, name string) diag.Diagnostics {
	var diags diag.Diagnostics
	made, err := lookForCreated(ctx, d, s, time.Time{})
	if err != nil {
		addSearchFailed(&diags, d.PreventDuplicates, noun, name, s.What, err)
		return diags
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

// addSearchFailed reports a search for what an interrupted run made that could not be made: an error with
// prevent_duplicates, a warning without.
func addSearchFailed(diags *diag.Diagnostics, preventDuplicates bool, noun, name, what string, err error) {
	summary := fmt.Sprintf("%s %s Not Checked for Duplicates", noun, name)
	lookedFor := fmt.Sprintf("Before creating %s, the plan looks for one Ardoq already holds, made by an interrupted run; "+
		"looking failed (%s).", what, diagnostics.ClientErrorDetail(err))
	if preventDuplicates {
		diags.AddError(summary, lookedFor+" With prevent_duplicates set, the plan stops here rather than risk creating it "+
			"a second time. Try again once Ardoq answers, or set prevent_duplicates = false (or ARDOQ_PREVENT_DUPLICATES=false) "+
			"to plan without the check.")
		return
	}
	diags.AddWarning(summary, lookedFor+" The plan does not know whether creating it makes a second one. Plan again "+
		"to check, or set prevent_duplicates = true to make a failed check stop the plan.")
}
