package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"
)

// The transport logs the first logLimit bytes of each body and hands the caller the whole answer,
// which it reads from the connection: an answer larger than what is logged arrives intact.
func TestLoggingTransport_logsTheStartAndPassesTheWholeAnswer(t *testing.T) {
	answer := strings.Repeat("a", 3*logLimit) + "end"
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		_, _ = io.WriteString(w, answer)
	}))
	defer api.Close()
	var logs bytes.Buffer
	ctx := tflogtest.RootLogger(context.Background(), &logs)
	t.Setenv(apiLogLevelEnv, "DEBUG")
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, api.URL, strings.NewReader(strings.Repeat("r", 2*logLimit)))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := newLoggingHTTPClient("secret").Do(req)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if err != nil || string(got) != answer {
		t.Fatalf("the caller read %d bytes (%v), want the whole answer of %d", len(got), err, len(answer))
	}
	entries, err := tflogtest.MultilineJSONDecode(&logs)
	if err != nil {
		t.Fatal(err)
	}
	bodies := map[string]string{}
	for _, e := range entries {
		msg, _ := e["@message"].(string)
		body, _ := e["body"].(string)
		bodies[msg] = body
	}
	want := map[string]string{
		"Sending HTTP request":   strings.Repeat("r", logLimit) + "...(truncated)",
		"Received HTTP response": strings.Repeat("a", logLimit) + "...(truncated)",
	}
	for msg, body := range want {
		if bodies[msg] != body {
			raw, _ := json.Marshal(bodies[msg])
			t.Errorf("%s logged a body of %d bytes (%.40s...), want the first %d and a mark", msg, len(bodies[msg]), raw, logLimit)
		}
	}
}
