// Package diagnostics says what went wrong the way every feature says it: a failed API call with Ardoq's
// status and message, an update that failed or met someone else's change, and the rules every plan-time
// check of the workspace model follows (plan_checks.go).
package diagnostics

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// AddClientError reports a failed API call under a fixed summary, with the status and Ardoq's message.
func AddClientError(diags *diag.Diagnostics, summary string, err error) {
	diags.AddError(summary, ClientErrorDetail(err))
}

// ClientErrorDetail is what is known about a failed API call: Ardoq's status and message, a stop, or
// why Ardoq could not be reached. It never holds the token.
func ClientErrorDetail(err error) string {
	var apiErr *client.APIError
	var stopped *client.StoppedError
	var conn *client.ConnectionError
	switch {
	case errors.As(err, &stopped):
		return stoppedDetail(stopped)
	case errors.As(err, &conn):
		detail := fmt.Sprintf("The provider could not connect to Ardoq at %s (%s %s: %v)", conn.BaseURL, conn.Method, conn.Path, conn.Err)
		if conn.Method != http.MethodGet {
			detail += ", so the request was never sent and nothing was changed in Ardoq"
		}
		return detail + ". Check base_url (or ARDOQ_BASE_URL) and that Ardoq is reachable from this machine."
	}
	if errors.As(err, &apiErr) {
		detail := fmt.Sprintf("Ardoq answered HTTP %d to %s %s: %s", apiErr.StatusCode, apiErr.Method, apiErr.Path, apiErr.Message)
		switch apiErr.StatusCode {
		case 401, 403:
			detail += "\n\nCheck the provider's api_token and org."
		case 429:
			detail += "\n\nArdoq kept rate limiting after the provider slowed down and retried; try again later, or set a lower requests_per_second."
		}
		return detail
	}
	return err.Error()
}

// AddUpdateError reports a failed update of what (the entity as messages name it: `"CRM" (CMP-1, id 6b08…)`):
// deleted in Ardoq, a version conflict, or another failure.
func AddUpdateError(diags *diag.Diagnostics, noun, what string, version int64, err error) {
	switch {
	case client.IsNotFound(err):
		diags.AddError(noun+" Deleted in Ardoq", fmt.Sprintf("%s %s was deleted in Ardoq after Terraform last read it (by someone in "+
			"the app, or along with a component it belonged to), so it could not be updated. Run terraform apply again: the refresh "+
			"notices that it is gone and the plan creates it again.", noun, what))
	case client.IsConflict(err):
		AddConflictError(diags, noun, what, version, 0, err)
	default:
		AddClientError(diags, "Unable to Update "+noun, err)
	}
}

// AddConflictError reports a version conflict: someone changed the entity in Ardoq after Terraform read
// it, and Ardoq refused to overwrite that change. nowVersion is the version found since, if known; the
// version mismatch is said once, from it or else from Ardoq's answer.
func AddConflictError(diags *diag.Diagnostics, noun, what string, version, nowVersion int64, err error) {
	refused := fmt.Sprintf("Terraform sent the update for version %d, and Ardoq refused it rather than overwrite the other change (%s)",
		version, ClientErrorDetail(err))
	var apiErr *client.APIError
	if nowVersion > 0 && nowVersion != version && errors.As(err, &apiErr) {
		refused = fmt.Sprintf("Terraform expected version %d and Ardoq now has version %d, so Ardoq refused the update (HTTP %d) "+
			"rather than overwrite the other change", version, nowVersion, apiErr.StatusCode)
	}
	diags.AddError(noun+" Changed Outside Terraform", fmt.Sprintf("%s %s was changed in Ardoq after Terraform last read it: %s. "+
		"Run terraform plan (or apply) again to refresh, review the difference, and apply.", noun, what, refused))
}

// stoppedDetail says what a request the run's stop cut short did: a write that gets a *StoppedError
// was certainly not applied (one already sent runs to its answer instead).
func stoppedDetail(e *client.StoppedError) string {
	switch {
	case e.Sent || e.Method == http.MethodGet:
		return fmt.Sprintf("The run was stopped (an interrupt, or a cancelled job) before the provider had Ardoq's answer to %s %s, "+
			"a request that changes nothing.", e.Method, e.Path)
	case e.Refused != 0:
		return fmt.Sprintf("Ardoq refused %s %s for now (HTTP %d), and the run was stopped (an interrupt, or a cancelled job) before "+
			"the provider sent it again, so nothing was changed in Ardoq. Run terraform apply again to finish.", e.Method, e.Path, e.Refused)
	}
	return fmt.Sprintf("The run was stopped (an interrupt, or a cancelled job) before the provider sent %s %s, so Ardoq did not "+
		"receive it and nothing was changed. Run terraform apply again to finish.", e.Method, e.Path)
}
