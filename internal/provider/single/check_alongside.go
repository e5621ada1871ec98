package single

import (
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// checkAlongside runs a plan's model check and, for a create, its search for what an interrupted run made
// at the same time: both are requests, and neither needs the other's answer. The search's diagnostics
// count only when the check passed.
func checkAlongside(creating bool, check, search func() diag.Diagnostics) diag.Diagnostics {
	var found diag.Diagnostics
	var searching sync.WaitGroup
	if creating {
		searching.Go(func() { found = search() })
	}
	diags := check()
	searching.Wait()
	if !diags.HasError() {
		diags.Append(found...)
	}
	return diags
}
