package emulator_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

// exchange is what a client saw of one request: an answer (status, headers, body or the error reading
// it) or a transport error.
type exchange struct {
	status  int
	header  http.Header
	body    []byte
	readErr error
	err     error
}

// send posts a component create with its own connection, giving up after timeout.
func (c *apiClient) send(timeout time.Duration) exchange {
	c.t.Helper()
	body, _ := json.Marshal(map[string]any{"name": "Lost", "rootWorkspace": wsApps, "typeId": tApp})
	req, err := http.NewRequest(http.MethodPost, c.srv.URL+"/api/v2/components", bytes.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.srv.Token())
	req.Header.Set("X-org", c.srv.OrgLabel())
	req.Header.Set("User-Agent", "emulator-test")
	req.Header.Set("Content-Type", "application/json")
	hc := &http.Client{Timeout: timeout, Transport: &http.Transport{}}
	defer hc.CloseIdleConnections()
	resp, err := hc.Do(req)
	if err != nil {
		return exchange{err: err}
	}
	defer resp.Body.Close()
	raw, readErr := io.ReadAll(resp.Body)
	return exchange{status: resp.StatusCode, header: resp.Header, body: raw, readErr: readErr}
}

func TestFaultsLoseAnswers(t *testing.T) {
	html := "<html><body><h1>502 Bad Gateway</h1></body></html>"
	cases := []struct {
		name    string
		fault   emulator.Fault
		timeout time.Duration
		acted   bool
		logged  int // the status in the request log
		check   func(t *testing.T, x exchange)
	}{
		{"reset before acting", emulator.Fault{Reset: true}, 0, false, 0, wantReset},
		{"reset after acting", emulator.Fault{AfterActing: true, Reset: true}, 0, true, 0, wantReset},
		{"hold past the client's timeout after acting", emulator.Fault{AfterActing: true, Hold: time.Minute}, 200 * time.Millisecond, true, 201,
			func(t *testing.T, x exchange) {
				var ne net.Error
				if !errors.As(x.err, &ne) || !ne.Timeout() {
					t.Fatalf("want a client timeout, got %v", x.err)
				}
			}},
		// The client gives up during the hold; the server finishes what it received all the same.
		{"hold past the client's timeout, then served", emulator.Fault{Hold: time.Minute}, 200 * time.Millisecond, true, 201,
			func(t *testing.T, x exchange) {
				if x.err == nil {
					t.Fatal("want a client timeout")
				}
			}},
		{"hold then serve", emulator.Fault{Hold: 50 * time.Millisecond}, 0, true, 201, wantStatus(201, "")},
		{"500 with JSON after acting", emulator.Fault{AfterActing: true, Status: 500}, 0, true, 500, wantStatus(500, "after-acting")},
		{"502 with HTML after acting", emulator.Fault{AfterActing: true, Status: 502, RawBody: html}, 0, true, 502, wantStatus(502, "after-acting")},
		{"504 with JSON after acting", emulator.Fault{AfterActing: true, Status: 504, Message: "upstream timed out"}, 0, true, 504, wantStatus(504, "after-acting")},
		{"502 before acting", emulator.Fault{Status: 502, RawBody: html}, 0, false, 502, wantStatus(502, "before-acting")},
		{"truncated 201", emulator.Fault{Truncate: true}, 0, true, 201, func(t *testing.T, x exchange) {
			if x.err != nil || x.status != 201 || !errors.Is(x.readErr, io.ErrUnexpectedEOF) {
				t.Fatalf("want a 201 whose body ends early, got %d %v %v", x.status, x.err, x.readErr)
			}
			if n := len(x.body); n == 0 || json.Valid(x.body) || x.header.Get("Content-Length") == "" {
				t.Fatalf("want half a JSON body under the full Content-Length, got %q (Content-Length %s)", x.body, x.header.Get("Content-Length"))
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := start(t)
			before, _ := c.srv.Counts()
			tc.fault.Method, tc.fault.PathPrefix = "POST", "/components"
			c.srv.Inject(tc.fault)
			tc.check(t, c.send(tc.timeout))
			log := waitForLog(t, c.srv, 1)
			if log[0].Status != tc.logged {
				t.Errorf("logged status %d, want %d", log[0].Status, tc.logged)
			}
			if after, _ := c.srv.Counts(); (after == before+1) != tc.acted || after > before+1 {
				t.Errorf("components %d -> %d; acted should be %v", before, after, tc.acted)
			}
			c.must(200, c.do("GET", "/api/v2/me", nil)) // the fault was used up
		})
	}
}

func wantReset(t *testing.T, x exchange) {
	t.Helper()
	if !errors.Is(x.err, syscall.ECONNRESET) {
		t.Fatalf("want a connection reset, got %v (status %d)", x.err, x.status)
	}
}

func wantStatus(status int, fault string) func(t *testing.T, x exchange) {
	return func(t *testing.T, x exchange) {
		t.Helper()
		if x.err != nil || x.readErr != nil || x.status != status || x.header.Get(emulator.FaultHeader) != fault {
			t.Fatalf("want %d (%s %q), got %d %v %v %v", status, emulator.FaultHeader, fault, x.status, x.header, x.err, x.readErr)
		}
		if status >= 500 && !strings.Contains(string(x.body), "502 Bad Gateway") && !strings.Contains(string(x.body), `"status":`) {
			t.Fatalf("want the fault's body, got %s", x.body)
		}
	}
}

// waitForLog waits until the server has logged n requests: a request is logged once its handler ends,
// which for a held request is when the server notices that the client left.
func waitForLog(t *testing.T, srv *openapitest.TestServer, n int) []emulator.Request {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if log := srv.Requests(); len(log) >= n {
			return log
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server logged %d requests, want %d", len(srv.Requests()), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A client that gives up during the latency does not undo its request: the server finishes it, as a
// real server does (a Ctrl-C'd run must be testable against it).
func TestLatencyFinishesWhatItReceived(t *testing.T) {
	c := start(t)
	before, _ := c.srv.Counts()
	c.srv.SetLatency(300 * time.Millisecond)
	if x := c.send(50 * time.Millisecond); x.err == nil {
		t.Fatal("want the client to give up before the answer")
	}
	if log := waitForLog(t, c.srv, 1); log[0].Status != 201 {
		t.Fatalf("logged status %d, want 201", log[0].Status)
	}
	if after, _ := c.srv.Counts(); after != before+1 {
		t.Fatalf("components %d -> %d: the request the client left must still be served", before, after)
	}
}
