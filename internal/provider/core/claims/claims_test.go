package claims

import (
	"context"
	"net/http"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// What a run read is owned, what it created is owned and created here; nothing else is either.
func TestClaims_readAndCreated(t *testing.T) {
	c := New(nil)
	c.Read("r")
	c.Created("c")
	c.Read("c") // a read after the create keeps it created here
	for _, tc := range []struct {
		id             string
		owned, created bool
	}{{"r", true, false}, {"c", true, true}, {"other", false, false}} {
		if got := c.Owned(tc.id); got != tc.owned {
			t.Errorf("Owned(%q) = %v, want %v", tc.id, got, tc.owned)
		}
		if got := c.CreatedHere(tc.id); got != tc.created {
			t.Errorf("CreatedHere(%q) = %v, want %v", tc.id, got, tc.created)
		}
	}
}

// The token's user is read once per process; a failed read is not kept, so the next caller asks again.
func TestClaims_callerEmailOnceAndFailuresNotKept(t *testing.T) {
	org := providertest.NewEmulatedOrg(t)
	c := New(org.Client)
	ctx := context.Background()
	org.Srv.FailNext(http.MethodGet, "/me", http.StatusBadRequest)
	if _, err := c.CallerEmail(ctx); err == nil {
		t.Fatal("want the injected failure")
	}
	org.Srv.ResetRequests()
	for range 3 {
		if email, err := c.CallerEmail(ctx); err != nil || email == "" {
			t.Fatalf("CallerEmail = %q, %v", email, err)
		}
	}
	if n := len(org.Srv.Requests()); n != 1 {
		t.Errorf("want one GET /me after the failure, got %d requests", n)
	}
}
