package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// TestProbe_interrupted: a run interrupted in the middle of its write checks (the context cancelled, as
// Ctrl-C or SIGTERM does) deletes what it made, exits 130 and leaves the workspace as it found it. It is
// interrupted after each number of writes in turn, so that the stop lands in many different checks.
func TestProbe_interrupted(t *testing.T) {
	for _, after := range []int64{1, 5, 12, 25, 40} {
		srv, env := startEmulator(t)
		before := srv.Snapshot()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var writes atomic.Int64
		hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			srv.ServeHTTP(w, r)
			if r.Method != http.MethodGet && !strings.HasSuffix(r.URL.Path, "/expand") && writes.Add(1) == after {
				cancel()
			}
		}))
		t.Cleanup(hs.Close)
		env["ARDOQ_BASE_URL"] = hs.URL
		var out, log bytes.Buffer
		code := run(ctx, []string{"-workspace", "CAP", "-write-workspace", "APP"}, func(k string) string { return env[k] }, &out, &log)
		if code != exitInterrupted {
			t.Errorf("after %d writes: exit %d, want %d\n%s", after, code, exitInterrupted, log.String())
		}
		if !strings.Contains(log.String(), "is as it was found") {
			t.Errorf("after %d writes: the log does not say the workspace was left as found:\n%s", after, log.String())
		}
		assertOrgAsFound(t, before, srv.Snapshot())
	}
}
