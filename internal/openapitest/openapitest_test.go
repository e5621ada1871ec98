package openapitest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// The emulator, like Ardoq, ignores a list parameter it does not know, so the contract check is what
// catches a misspelt filter in the provider's requests.
func TestValidateRequest_queryParameters(t *testing.T) {
	cases := map[string]string{
		"/api/v2/components?rootWorkspace=w&name=n&typeId=t&parent=p&componentKey=K-1": "",
		"/api/v2/components?rootWorkspace=w&customFields.cost=12&cursor=abc":           "",
		"/api/v2/references?source=s&type=2&targetWorkspace=w":                         "",
		"/api/v2/reports/r/run/objects?keyFormat=key":                                  "",
		"/api/v2/components?rootWorkspace=w&nam=n":                                     `query parameter "nam" is not declared`,
		"/api/v2/references?rootWorkspaceId=w":                                         `query parameter "rootWorkspaceId" is not declared`,
		"/api/v2/reports/r/run/tabular?keyFormat=key":                                  `query parameter "keyFormat" is not declared`,
	}
	for target, want := range cases {
		r := httptest.NewRequest(http.MethodGet, target, nil)
		got := ValidateRequest(r, nil)
		if (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("%s: %q, want %q", target, got, want)
		}
	}
}

// failures records what Check reports instead of failing the test.
type failures struct {
	testing.TB
	mu   sync.Mutex
	msgs []string
}

func (f *failures) Helper() {}
func (f *failures) Errorf(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.msgs = append(f.msgs, fmt.Sprintf(format, args...))
}

// An undeclared parameter fails the test although the emulator answers 200, strict (client and provider
// tests) or not (the emulator's own, where only requests the emulator refuses may depart from the document).
func TestCheck_undeclaredParameter(t *testing.T) {
	srv, err := emulator.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, strict := range []bool{true, false} {
		rec := &failures{TB: t}
		hs := httptest.NewServer(Check(rec, srv, strict))
		req, _ := http.NewRequest(http.MethodGet, hs.URL+"/api/v2/workspaces?nme=Applications", nil)
		req.Header.Set("Authorization", "Bearer "+srv.Token())
		req.Header.Set("X-org", srv.OrgLabel())
		req.Header.Set("User-Agent", "openapitest")
		resp, err := http.DefaultClient.Do(req)
		hs.Close()
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("the emulator answered %d to an unknown parameter, want 200 (ignored)", resp.StatusCode)
		}
		if len(rec.msgs) != 1 || !strings.Contains(rec.msgs[0], `query parameter "nme" is not declared`) {
			t.Errorf("strict=%v: reported %q", strict, rec.msgs)
		}
	}
}
