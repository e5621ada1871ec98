package client_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

const nextLinkToken = "next-link-secret-token"

// listing serves a first page of workspaces whose next link is next(r), and a last page for any
// request with a cursor; it counts every request it gets.
func listing(t *testing.T, tls bool, next func(r *http.Request) string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var calls atomic.Int32
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		href := next(r)
		if href == "" {
			_, _ = w.Write([]byte(`{"values":[{"_id":"b","name":"B"}],"_links":{},"_meta":{}}`))
			return
		}
		_, _ = w.Write([]byte(`{"values":[{"_id":"a","name":"A"}],"_links":{"next":{"href":"` + href + `"}},"_meta":{}}`))
	})
	srv := httptest.NewUnstartedServer(h)
	if tls {
		srv.StartTLS()
	} else {
		srv.Start()
	}
	t.Cleanup(srv.Close)
	return srv, &calls
}

func firstPageOnly(link string) func(r *http.Request) string {
	return func(r *http.Request) string {
		if r.URL.Query().Get("cursor") == "" {
			return link
		}
		return ""
	}
}

func listingClient(t *testing.T, srv *httptest.Server) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: nextLinkToken, HTTPClient: srv.Client(), RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A next link to another port of the same host is refused, and nothing is sent to it.
func TestNextLink_otherPortRefused(t *testing.T) {
	var reached atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		reached.Add(1)
		_, _ = w.Write([]byte(`{"values":[],"_links":{}}`))
	}))
	defer other.Close()
	link := other.URL + "/api/v2/workspaces?cursor=2"
	srv, calls := listing(t, false, firstPageOnly(link))
	c := listingClient(t, srv)

	_, err := c.ListWorkspaces(context.Background(), client.WorkspaceFilter{})
	wantRefusal(t, err, link, srv.URL)
	for _, page := range c.ComponentPages(context.Background(), client.ComponentFilter{}) {
		_ = page // the first page is served; the error follows it
	}
	if n := reached.Load(); n != 0 {
		t.Fatalf("%d requests reached the other port", n)
	}
	if n := calls.Load(); n != 2 {
		t.Fatalf("the base URL's server got %d requests, want the two first pages", n)
	}
}

// A next link on the same host and port but another scheme is refused: https to http would send the
// token in clear, and http to https names another server.
func TestNextLink_otherSchemeRefused(t *testing.T) {
	for _, tls := range []bool{true, false} {
		var srv *httptest.Server
		srv, calls := listing(t, tls, func(r *http.Request) string {
			if r.URL.Query().Get("cursor") != "" {
				return ""
			}
			if tls {
				return "http://" + srv.Listener.Addr().String() + "/api/v2/workspaces?cursor=2"
			}
			return "https://" + srv.Listener.Addr().String() + "/api/v2/workspaces?cursor=2"
		})
		c := listingClient(t, srv)
		_, err := c.ListWorkspaces(context.Background(), client.WorkspaceFilter{})
		want := "http://"
		if tls {
			want = "https://"
		}
		wantRefusal(t, err, "/api/v2/workspaces?cursor=2", want+srv.Listener.Addr().String())
		if n := calls.Load(); n != 1 {
			t.Fatalf("base %s: %d requests, want only the first page", srv.URL, n)
		}
	}
}

func wantRefusal(t *testing.T, err error, link, origin string) {
	t.Helper()
	if err == nil {
		t.Fatal("a next link off the base URL's host was followed")
	}
	msg := err.Error()
	if !strings.Contains(msg, link) || !strings.Contains(msg, origin) || !strings.Contains(msg, "not followed") {
		t.Fatalf("the error must name the link %q and the expected %s: %v", link, origin, err)
	}
	if strings.Contains(msg, nextLinkToken) {
		t.Fatalf("the error carries the token: %v", err)
	}
}

// A next link that comes round again ends the listing with an error, whether it repeats at once, after
// another link, or names the first page.
func TestNextLink_repeatIsAnError(t *testing.T) {
	cases := map[string]func(base, cursor string) string{
		"same link":          func(string, string) string { return "/api/v2/workspaces?cursor=2" },
		"same absolute link": func(base, _ string) string { return base + "/api/v2/workspaces?cursor=2" },
		"two links": func(_, cursor string) string {
			return map[string]string{"": "/api/v2/workspaces?cursor=2", "2": "/api/v2/workspaces?cursor=3", "3": "/api/v2/workspaces?cursor=2"}[cursor]
		},
		"the first page": func(_, cursor string) string {
			return map[string]string{"": "/api/v2/workspaces?cursor=2", "2": "/api/v2/workspaces"}[cursor]
		},
	}
	for name, next := range cases {
		t.Run(name, func(t *testing.T) {
			var srv *httptest.Server
			var served atomic.Int32
			srv, calls := listing(t, false, func(r *http.Request) string {
				if served.Add(1) > 10 {
					return "" // the old client went round until a million pages: end it
				}
				return next(srv.URL, r.URL.Query().Get("cursor"))
			})
			_, err := listingClient(t, srv).ListWorkspaces(context.Background(), client.WorkspaceFilter{})
			if err == nil || !strings.Contains(err.Error(), "Ardoq returned the same next link twice") || calls.Load() > 3 {
				t.Fatalf("a repeating next link must be an error: %v after %d requests", err, calls.Load())
			}
			if strings.Contains(err.Error(), nextLinkToken) {
				t.Fatalf("the error carries the token: %v", err)
			}
		})
	}
}

// A relative next link and an absolute one on the base URL's scheme, host and port are followed.
func TestNextLink_sameHostFollowed(t *testing.T) {
	for _, absolute := range []bool{false, true} {
		var srv *httptest.Server
		srv, calls := listing(t, false, func(r *http.Request) string {
			if r.URL.Query().Get("cursor") != "" {
				return ""
			}
			if absolute {
				return srv.URL + "/api/v2/workspaces?cursor=2"
			}
			return "/api/v2/workspaces?cursor=2"
		})
		wss, err := listingClient(t, srv).ListWorkspaces(context.Background(), client.WorkspaceFilter{})
		if err != nil || len(wss) != 2 || calls.Load() != 2 {
			t.Fatalf("absolute %v: %v %v after %d requests", absolute, wss, err, calls.Load())
		}
	}
}
