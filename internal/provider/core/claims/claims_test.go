package claims

import (
	"context"
	"net/http"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// What a lost-answer search took or an update was sent for is taken, what a create made is taken and made
// here; nothing else is either.
func TestClaims_madeChangedAndRecovered(t *testing.T) {
	c := New(nil)
	c.Recovered("r")
	c.Changed("u")
	c.Made("m")
	c.Recovered("m") // a search taking it after the create keeps it made here
	c.Changed("m")   // and so does an update of it
	for _, tc := range []struct {
		id          string
		taken, made bool
	}{{"r", true, false}, {"u", true, false}, {"m", true, true}, {"other", false, false}} {
		if got := c.Taken(tc.id); got != tc.taken {
			t.Errorf("Taken(%q) = %v, want %v", tc.id, got, tc.taken)
		}
		if got := c.MadeHere(tc.id); got != tc.made {
			t.Errorf("MadeHere(%q) = %v, want %v", tc.id, got, tc.made)
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
