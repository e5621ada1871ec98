package client_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// A redirect to another port of the same host is not followed (net/http would send the token along),
// nor retried; after a write it leaves the write ambiguous. A redirect on the same host is followed.
func TestRedirect_offHostRefused(t *testing.T) {
	var reached atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reached.Add(1)
		_, _ = w.Write([]byte(`{}`))
	}))
	defer other.Close()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		switch r.URL.Path {
		case "/api/v2/me":
			http.Redirect(w, r, other.URL+"/api/v2/me", http.StatusTemporaryRedirect)
		case "/api/v2/components":
			http.Redirect(w, r, other.URL+"/api/v2/components/1", http.StatusSeeOther)
		case "/api/v2/workspaces/moved":
			http.Redirect(w, r, "/api/v2/workspaces/here", http.StatusMovedPermanently)
		default:
			_, _ = w.Write([]byte(`{"_id":"here","name":"here"}`))
		}
	}))
	defer srv.Close()
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: nextLinkToken, RequestsPerSecond: -1,
		RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	_, err = c.Me(ctx)
	var redirect *client.RedirectError
	if !errors.As(err, &redirect) || redirect.Status != http.StatusTemporaryRedirect || !strings.Contains(err.Error(), other.URL+"/api/v2/me") ||
		!strings.Contains(err.Error(), srv.URL) || strings.Contains(err.Error(), nextLinkToken) || calls.Load() != 1 {
		t.Fatalf("GET redirected off the host: %v after %d requests", err, calls.Load())
	}
	_, err = c.CreateComponent(ctx, client.ComponentCreate{Name: "n"})
	if !errors.As(err, &redirect) || !client.IsAmbiguous(err) || calls.Load() != 2 {
		t.Fatalf("POST redirected off the host: %v after %d requests", err, calls.Load())
	}
	if n := reached.Load(); n != 0 {
		t.Fatalf("%d requests reached the other port", n)
	}
	if ws, err := c.GetWorkspace(ctx, "moved"); err != nil || ws.ID != "here" {
		t.Fatalf("a redirect on the same host: %+v %v", ws, err)
	}
}
