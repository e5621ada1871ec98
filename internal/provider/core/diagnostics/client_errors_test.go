package diagnostics

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// What a stopped or unreachable request did is said plainly: a write that never reached Ardoq changed
// nothing, and an unreachable Ardoq names the base URL to check.
func TestClientErrorDetail_stoppedAndUnreachable(t *testing.T) {
	refused := errors.New("dial tcp 127.0.0.1:1: connect: connection refused")
	cases := []struct {
		name      string
		err       error
		want, not []string
	}{
		{"write stopped before it was sent", &client.StoppedError{Method: "POST", Path: "/api/v2/components", Err: context.Canceled},
			[]string{"stopped", "before the provider sent POST /api/v2/components", "nothing was changed"}, nil},
		{"write refused, then stopped", &client.StoppedError{Method: "POST", Path: "/api/v2/batch", Refused: 429, Err: context.Canceled},
			[]string{"HTTP 429", "before the provider sent it again", "nothing was changed"}, nil},
		{"read stopped", &client.StoppedError{Method: "GET", Path: "/api/v2/me", Sent: true, Err: context.Canceled},
			[]string{"stopped", "changes nothing"}, []string{"nothing was changed"}},
		{"write that could not connect", &client.ConnectionError{BaseURL: "https://typo.ardoq.com", Method: "POST", Path: "/api/v2/components", Err: refused},
			[]string{"could not connect to Ardoq at https://typo.ardoq.com", "connection refused", "never sent and nothing was changed", "ARDOQ_BASE_URL"}, nil},
		{"read that could not connect", &client.ConnectionError{BaseURL: "https://typo.ardoq.com", Method: "GET", Path: "/api/v2/me", Err: refused},
			[]string{"could not connect to Ardoq at https://typo.ardoq.com", "ARDOQ_BASE_URL"}, []string{"nothing was changed"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := ClientErrorDetail(tc.err)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q lacks %q", got, w)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(got, n) {
					t.Errorf("%q should not say %q", got, n)
				}
			}
		})
	}
}

// A version conflict names the entity as the caller describes it, and says the version mismatch once:
// from the version read since when known, else from Ardoq's answer.
func TestAddConflictError_saysTheMismatchOnce(t *testing.T) {
	conflict := &client.APIError{StatusCode: 409, Method: "PATCH", Path: "/api/v2/components/c1", Message: "Version mismatch: expected 3, stored 4"}
	var diags diag.Diagnostics
	AddConflictError(&diags, "Component", `"CRM" (CMP-1, id c1)`, 3, 4, conflict)
	got := diags[0].Summary() + ": " + diags[0].Detail()
	if !strings.HasPrefix(got, `Component Changed Outside Terraform: Component "CRM" (CMP-1, id c1) was changed in Ardoq`) ||
		!strings.Contains(got, "expected version 3 and Ardoq now has version 4") || strings.Contains(got, "Version mismatch") {
		t.Errorf("with the version read since: %s", got)
	}
	diags = nil
	AddUpdateError(&diags, "Component", `"CRM" (CMP-1, id c1)`, 3, conflict)
	if got := diags[0].Detail(); strings.Count(got, "expected") != 1 || !strings.Contains(got, "Version mismatch: expected 3, stored 4") ||
		!strings.Contains(got, `Component "CRM" (CMP-1, id c1) was changed`) {
		t.Errorf("with Ardoq's answer only: %s", got)
	}
}
