package client_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

// faultClient talks to srv without retries, giving up on an attempt after timeout.
func faultClient(t *testing.T, srv *openapitest.TestServer, retries int, timeout time.Duration) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), MaxRetries: retries, Timeout: timeout,
		RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond, RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func batchCreate(c *client.Client) error {
	_, err := c.Batch(context.Background(), client.BatchRequest{Components: &client.ComponentOperations{
		Create: []client.ComponentCreateOp{{BatchID: "n", Body: client.ComponentCreate{Name: "n", RootWorkspace: wsApps, TypeID: tApp}}}}})
	return err
}

func TestAmbiguousWrites(t *testing.T) {
	html := "<html><body><h1>502 Bad Gateway</h1></body></html>"
	cases := []struct {
		name      string
		fault     emulator.Fault
		ambiguous bool
		acted     bool
	}{
		{"reset before acting", emulator.Fault{Reset: true}, true, false},
		{"reset after acting", emulator.Fault{Reset: true, AfterActing: true}, true, true},
		{"client timeout after acting", emulator.Fault{Hold: time.Minute, AfterActing: true}, true, true}, // the client waits holdTimeout
		{"500 JSON after acting", emulator.Fault{Status: 500, AfterActing: true}, true, true},
		{"502 HTML after acting", emulator.Fault{Status: 502, RawBody: html, AfterActing: true}, true, true},
		{"504 after acting", emulator.Fault{Status: 504, AfterActing: true}, true, true},
		{"bare 503", emulator.Fault{Status: 503}, true, false},
		{"truncated 2xx", emulator.Fault{Truncate: true}, true, true},
		{"2xx that is not JSON", emulator.Fault{Status: 201, RawBody: `{"_id": "0000`, AfterActing: true}, true, true},
		{"503 with Retry-After", emulator.Fault{Status: 503, RetryAfter: "1"}, false, false},
		{"429", emulator.Fault{Status: 429}, false, false},
		{"400", emulator.Fault{Status: 400}, false, false},
		{"404", emulator.Fault{Status: 404}, false, false},
		{"409", emulator.Fault{Status: 409}, false, false},
	}
	calls := []struct {
		name, path string
		call       func(*client.Client) error
	}{{"POST /components", "/components", create}, {"POST /batch", "/batch", batchCreate}}
	for _, call := range calls {
		for _, tc := range cases {
			t.Run(call.name+" "+tc.name, func(t *testing.T) {
				srv := openapitest.Start(t)
				timeout := 10 * time.Second
				if tc.fault.Hold > 0 {
					timeout = holdTimeout
				}
				c := faultClient(t, srv, -1, timeout)
				before, _ := srv.Counts()
				tc.fault.Method, tc.fault.PathPrefix = "POST", call.path
				srv.Inject(tc.fault)
				err := call.call(c)
				if err == nil || client.IsAmbiguous(err) != tc.ambiguous {
					t.Fatalf("IsAmbiguous(%v) = %v, want %v", err, client.IsAmbiguous(err), tc.ambiguous)
				}
				if after, _ := srv.Counts(); (after > before) != tc.acted {
					t.Fatalf("components %d -> %d, but the fault should have acted: %v", before, after, tc.acted)
				}
				msg := err.Error()
				switch {
				case tc.fault.Status >= 200 && tc.fault.Status < 300 || tc.fault.Truncate:
					if !strings.Contains(msg, "reported success") || !strings.Contains(msg, "HTTP 201") && !strings.Contains(msg, "HTTP 200") {
						t.Fatalf("a lost success must say Ardoq reported success: %s", msg)
					}
				case tc.ambiguous && !strings.Contains(msg, "may or may not"):
					t.Fatalf("an ambiguous error must say so: %s", msg)
				}
				var apiErr *client.APIError
				if tc.fault.Status >= 300 && (!errors.As(err, &apiErr) || apiErr.StatusCode != tc.fault.Status) {
					t.Fatalf("a %d must remain an *APIError: %#v", tc.fault.Status, err)
				}
			})
		}
	}
}

// holdTimeout is how long a client waits for an answer the emulator holds back.
const holdTimeout = 200 * time.Millisecond

func TestAmbiguousErrorKeepsItsCause(t *testing.T) {
	srv := openapitest.Start(t)
	c := faultClient(t, srv, -1, holdTimeout)
	srv.Inject(emulator.Fault{Method: "POST", PathPrefix: "/components", AfterActing: true, Hold: time.Minute})
	err := create(c)
	var amb *client.AmbiguousError
	if !errors.As(err, &amb) || amb.Method != "POST" || amb.Path != "/api/v2/components" || amb.Status != 0 || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a client timeout after sending must be ambiguous and keep its cause: %#v", err)
	}
}

func TestNotSentIsNotAmbiguous(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	_ = l.Close()
	c, err := client.New(client.Config{BaseURL: closed, Token: "t", MaxRetries: -1, RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	if err := create(c); err == nil || client.IsAmbiguous(err) || !strings.Contains(err.Error(), "refused") {
		t.Fatalf("a refused connection sends nothing: %v", err)
	}

	srv := openapitest.Start(t)
	c = faultClient(t, srv, -1, time.Second)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = c.CreateComponent(ctx, client.ComponentCreate{Name: "n", RootWorkspace: wsApps, TypeID: tApp})
	if !errors.Is(err, context.Canceled) || client.IsAmbiguous(err) || len(srv.Requests()) != 0 {
		t.Fatalf("a context cancelled before sending sends nothing: %v", err)
	}
}

func TestReadsAreNeverAmbiguous(t *testing.T) {
	srv := openapitest.Start(t)
	c := faultClient(t, srv, -1, time.Second)
	srv.Inject(emulator.Fault{Method: "GET", PathPrefix: "/me", Status: 502})
	srv.Inject(emulator.Fault{Method: "POST", PathPrefix: "/batch/expand", Status: 500})
	if err := me(c); err == nil || client.IsAmbiguous(err) {
		t.Fatalf("GET: %v", err)
	}
	if _, err := c.ExpandBatch(context.Background(), client.BatchRequest{}); err == nil || client.IsAmbiguous(err) {
		t.Fatalf("POST /batch/expand changes nothing: %v", err)
	}
}

func TestRetriesAfterLostAnswers(t *testing.T) {
	t.Run("POST 503 with Retry-After is retried and succeeds", func(t *testing.T) {
		srv := openapitest.Start(t)
		c := faultClient(t, srv, 2, time.Second)
		before, _ := srv.Counts()
		srv.Inject(emulator.Fault{Method: "POST", PathPrefix: "/components", Status: 503, RetryAfter: "0"})
		if err := create(c); err != nil {
			t.Fatal(err)
		}
		if after, _ := srv.Counts(); after != before+1 || len(srv.Requests()) != 2 {
			t.Fatalf("components %d -> %d after %d requests", before, after, len(srv.Requests()))
		}
	})
	// The first attempt of an idempotent PATCH was applied and its answer lost; the retry then meets the
	// version its own first attempt made and gets 409. The error is both a conflict and ambiguous: the
	// provider reads the entity back to tell its own change from someone else's.
	t.Run("PATCH applied, answered 502, retried into 409", func(t *testing.T) {
		srv := openapitest.Start(t)
		c := faultClient(t, srv, 2, time.Second)
		seedOne(t, srv)
		srv.Inject(emulator.Fault{Method: "PATCH", PathPrefix: "/components/", Status: 502, AfterActing: true})
		err := patch(client.IfVersion(1))(c)
		var amb *client.AmbiguousError
		if !client.IsConflict(err) || !errors.As(err, &amb) || amb.Earlier != "HTTP 502" || amb.Status != 409 || !strings.Contains(err.Error(), "earlier attempt") {
			t.Fatalf("want an ambiguous conflict naming the lost 502: %#v", err)
		}
		if got, _ := srv.Component(firstID); got.Version != 2 || got.Name != "x" || len(srv.Requests()) != 2 {
			t.Fatalf("the first attempt should have applied: %+v after %d requests", got, len(srv.Requests()))
		}
	})
	t.Run("DELETE applied, connection reset, retried into 404", func(t *testing.T) {
		srv := openapitest.Start(t)
		c := faultClient(t, srv, 2, time.Second)
		seedOne(t, srv)
		srv.Inject(emulator.Fault{Method: "DELETE", PathPrefix: "/components/", Reset: true, AfterActing: true})
		err := del(c)
		if !client.IsNotFound(err) || !client.IsAmbiguous(err) {
			t.Fatalf("want an ambiguous 404: %v", err)
		}
		if _, ok := srv.Component(firstID); ok {
			t.Fatal("the first attempt should have deleted the component")
		}
	})
}
