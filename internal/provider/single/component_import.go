package single

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
)

// ComponentKeyPattern is the shape of a component key (the API's componentKey, "Ardoq ID" in the app):
// the workspace's key, a dash and a number, such as APP-12 or MARW2-9.
var ComponentKeyPattern = regexp.MustCompile(`^[A-Za-z0-9_]+-[0-9]+$`)

// componentKeyResolver turns the import id of ardoq_component into a component id when it is a
// component key. Keys are unique in the org (the batch API resolves a key alias without a workspace),
// so one GET /components?componentKey= finds it: a page holds at least one component, so zero or one
// match comes in a single request.
func (r *componentResource) componentKeyResolver(ctx context.Context) func(string) (string, diag.Diagnostics) {
	return func(raw string) (string, diag.Diagnostics) {
		var diags diag.Diagnostics
		if !ComponentKeyPattern.MatchString(raw) {
			diags.AddError("Invalid Import Id", fmt.Sprintf("%q is not an Ardoq component id (24 hexadecimal characters), "+
				"nor \"<workspace id>/<component id>\", nor a component key such as APP-12.", raw))
			return "", diags
		}
		if r.data == nil {
			diags.AddError("Provider Not Configured", fmt.Sprintf("The provider must be configured to look component key %q up in Ardoq.", raw))
			return "", diags
		}
		found, err := r.data.Client.ListComponents(ctx, client.ComponentFilter{ComponentKey: raw})
		if err != nil {
			diags.AddError("Unable to Look Up Component Key", fmt.Sprintf("Looking up component key %q: %s", raw, diagnostics.ClientErrorDetail(err)))
			return "", diags
		}
		switch len(found) {
		case 1:
			r.data.Reads.RememberWorkspace(&found[0])
			return found[0].ID, diags
		case 0:
			diags.AddError("Unknown Component Key", fmt.Sprintf("Ardoq has no component with the key %q. A component's key is "+
				"its \"Ardoq ID\" in the Ardoq app: its workspace's key, a dash and a number, such as APP-12. The ardoq_components "+
				"data source lists the keys of a workspace's components (component_key), and so does `terraform query` with the "+
				"ardoq_component list resource (Terraform 1.14 and later). A component can also be imported by its id.", raw))
		default:
			ids := make([]string, len(found))
			for i, c := range found {
				ids[i] = c.ID
			}
			diags.AddError("Ambiguous Component Key", fmt.Sprintf("%d components have the key %q: %s. Import one of them by its id.",
				len(found), raw, strings.Join(ids, ", ")))
		}
		return "", diags
	}
}
