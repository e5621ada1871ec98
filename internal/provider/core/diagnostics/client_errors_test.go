package diagnostics

import (
	"context"
	"errors"
	"strings"
	"testing"

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
