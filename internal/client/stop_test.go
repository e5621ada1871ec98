package client_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

// stopAfter is a context that ends after d, as Terraform's stop ends a provider's request contexts.
func stopAfter(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(d, cancel)
	t.Cleanup(cancel)
	return ctx
}

// A write already on its way when the run is stopped runs to its answer: Ardoq finishes it anyway, so
// the caller must learn what it made.
func TestStop_writeInFlightRunsToItsAnswer(t *testing.T) {
	srv := openapitest.Start(t)
	c := faultClient(t, srv, 2, 10*time.Second)
	before, _ := srv.Counts()
	srv.Inject(emulator.Fault{Method: "POST", PathPrefix: "/components", Hold: 600 * time.Millisecond})
	created, err := c.CreateComponent(stopAfter(t, 100*time.Millisecond), client.ComponentCreate{Name: "n", RootWorkspace: wsApps, TypeID: tApp})
	if err != nil || created == nil || created.ID == "" {
		t.Fatalf("the create was sent before the stop and must return what Ardoq made: %v", err)
	}
	if after, _ := srv.Counts(); after != before+1 {
		t.Fatalf("components %d -> %d", before, after)
	}
}

// Once stopped, no attempt starts: a write Ardoq refused (429) is not sent again, and the error says the
// run stopped, not that Ardoq kept refusing.
func TestStop_noRetryAfterTheStop(t *testing.T) {
	srv := openapitest.Start(t)
	c := faultClient(t, srv, 4, 10*time.Second)
	before, _ := srv.Counts()
	srv.Inject(emulator.Fault{Method: "POST", PathPrefix: "/components", Status: 429, RetryAfter: "0", Hold: 400 * time.Millisecond})
	_, err := c.CreateComponent(stopAfter(t, 100*time.Millisecond), client.ComponentCreate{Name: "n", RootWorkspace: wsApps, TypeID: tApp})
	var stopped *client.StoppedError
	var apiErr *client.APIError
	if !errors.As(err, &stopped) || !errors.As(err, &apiErr) || apiErr.StatusCode != 429 || client.IsAmbiguous(err) {
		t.Fatalf("want a stopped, unambiguous 429: %#v", err)
	}
	if after, _ := srv.Counts(); after != before || len(srv.Requests()) != 1 {
		t.Fatalf("components %d -> %d after %d requests: nothing may be sent after the stop", before, after, len(srv.Requests()))
	}
}

// A stop during the wait before a retry ends the wait at once, and nothing more is sent.
func TestStop_duringBackoff(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), MaxRetries: 4,
		RetryWaitMin: 10 * time.Second, RetryWaitMax: 30 * time.Second, RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	srv.Inject(emulator.Fault{Method: "POST", PathPrefix: "/components", Status: 429, RetryAfter: "20"})
	start := time.Now()
	_, err = c.CreateComponent(stopAfter(t, 200*time.Millisecond), client.ComponentCreate{Name: "n", RootWorkspace: wsApps, TypeID: tApp})
	var stopped *client.StoppedError
	if !errors.As(err, &stopped) || stopped.Refused != 429 || client.IsAmbiguous(err) || time.Since(start) > 5*time.Second || len(srv.Requests()) != 1 {
		t.Fatalf("after %s and %d requests: %#v", time.Since(start), len(srv.Requests()), err)
	}
}

// Reads are not shielded: a stop ends them at once.
func TestStop_readEndsAtOnce(t *testing.T) {
	srv := openapitest.Start(t)
	c := faultClient(t, srv, 2, time.Minute)
	srv.Inject(emulator.Fault{Method: "GET", PathPrefix: "/me", Hold: 30 * time.Second})
	start := time.Now()
	_, err := c.Me(stopAfter(t, 100*time.Millisecond))
	if !client.IsStopped(err) || time.Since(start) > 5*time.Second {
		t.Fatalf("after %s: %#v", time.Since(start), err)
	}
}

// refusingTransport fails every request as a refused connection would, counting them.
type refusingTransport struct{ calls atomic.Int32 }

func (r *refusingTransport) RoundTrip(*http.Request) (*http.Response, error) {
	r.calls.Add(1)
	return nil, &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
}

// A write that could not connect never reached Ardoq: it is not ambiguous, names the base URL, and a
// POST is retried like any request (no attempt left, so none can have been applied).
func TestConnectionError(t *testing.T) {
	refusing := &refusingTransport{}
	c, err := client.New(client.Config{BaseURL: "https://ardoq.invalid", Token: "t", MaxRetries: 2, RetryWaitMin: time.Millisecond,
		RetryWaitMax: time.Millisecond, RequestsPerSecond: -1, HTTPClient: &http.Client{Transport: refusing}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.CreateComponent(context.Background(), client.ComponentCreate{Name: "n", RootWorkspace: wsApps, TypeID: tApp})
	if !errors.As(err, new(*client.ConnectionError)) || client.IsAmbiguous(err) || refusing.calls.Load() != 3 {
		t.Fatalf("want a *ConnectionError after 3 attempts, got %d: %#v", refusing.calls.Load(), err)
	}
}

// The same against a real closed port.
func TestConnectionError_closedPort(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + l.Addr().String()
	_ = l.Close()
	c, err := client.New(client.Config{BaseURL: base, Token: "t", MaxRetries: 2, RetryWaitMin: time.Millisecond,
		RetryWaitMax: time.Millisecond, RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.CreateComponent(context.Background(), client.ComponentCreate{Name: "n", RootWorkspace: wsApps, TypeID: tApp})
	var conn *client.ConnectionError
	if !errors.As(err, &conn) || conn.BaseURL != base || client.IsAmbiguous(err) {
		t.Fatalf("want a *ConnectionError naming %s: %#v", base, err)
	}
}

// An idempotent write in flight at the stop whose answer says Ardoq may have acted (a 502) is not sent
// again, and stays ambiguous, so the caller reads back what happened.
func TestStop_ambiguousAnswerStaysAmbiguous(t *testing.T) {
	srv := openapitest.Start(t)
	c := faultClient(t, srv, 4, 10*time.Second)
	seedOne(t, srv)
	srv.Inject(emulator.Fault{Method: "DELETE", PathPrefix: "/components/", Status: 502, AfterActing: true, Hold: 400 * time.Millisecond})
	err := c.DeleteComponent(stopAfter(t, 100*time.Millisecond), firstID)
	if !client.IsAmbiguous(err) || client.IsStopped(err) || len(srv.Requests()) != 1 {
		t.Fatalf("want an ambiguous error after one request, got %d requests: %#v", len(srv.Requests()), err)
	}
	if _, ok := srv.Component(firstID); ok {
		t.Fatal("the delete was applied before its answer was lost")
	}
}
