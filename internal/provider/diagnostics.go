package provider

import (
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// addClientError reports a failed API call under a fixed summary, with the status and Ardoq's message.
func addClientError(diags *diag.Diagnostics, summary string, err error) {
	diags.AddError(summary, clientErrorDetail(err))
}

func clientErrorDetail(err error) string {
	var apiErr *client.APIError
	if errors.As(err, &apiErr) {
		detail := fmt.Sprintf("Ardoq answered HTTP %d to %s %s: %s", apiErr.StatusCode, apiErr.Method, apiErr.Path, apiErr.Message)
		switch apiErr.StatusCode {
		case 401, 403:
			detail += "\n\nCheck the provider's api_token and org."
		case 429:
			detail += "\n\nArdoq is rate limiting; lower requests_per_second or try again later."
		}
		return detail
	}
	return err.Error()
}
