package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// serve runs the command until the test ends and returns its base URL and what it printed on start.
func serve(t *testing.T, args ...string) (baseURL, printed string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"-addr", "127.0.0.1:0"}, args...), pw)
		_ = pw.Close()
	}()
	lines := make(chan string)
	go func() {
		defer close(lines)
		for sc := bufio.NewScanner(pr); sc.Scan(); {
			lines <- sc.Text()
		}
	}()
	t.Cleanup(func() {
		cancel()
		go func() {
			for range lines { // drain what it prints on shutdown
			}
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("run: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("the emulator did not stop")
		}
	})
	var out []string
	timeout := time.After(10 * time.Second)
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatalf("the emulator stopped: %v", <-done)
			}
			out = append(out, line)
			if strings.HasPrefix(strings.TrimSpace(line), "export ARDOQ_API_TOKEN=") {
				// the last line printed on start is the org's
				line = <-lines
				out = append(out, line)
				m := regexp.MustCompile(`base_url=(\S+)`).FindStringSubmatch(out[0])
				if m == nil {
					t.Fatalf("no base_url in %q", out[0])
				}
				return m[1], strings.Join(out, "\n")
			}
		case <-timeout:
			t.Fatalf("the emulator printed no export lines: %q", out)
		}
	}
}

func status(t *testing.T, baseURL, token string, header ...string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, baseURL+"/api/v2/me", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("User-Agent", "emulator-command-test")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	return resp.StatusCode
}

// On start the command prints the token it accepts and the lines that point the provider at it; by
// default X-org is required, as on app.ardoq.com.
func TestRun_printsEnvironment(t *testing.T) {
	baseURL, printed := serve(t, "-token", "s3cret", "-org", "acme")
	for _, want := range []string{
		`It accepts the API token "s3cret" with X-org: acme.`,
		"  export ARDOQ_BASE_URL=" + baseURL,
		"  export ARDOQ_API_TOKEN=s3cret",
		"  export ARDOQ_ORG=acme",
		"The model as a picture: " + baseURL + "/ ",
	} {
		if !strings.Contains(printed, want) {
			t.Errorf("missing %q in:\n%s", want, printed)
		}
	}
	if got := status(t, baseURL, "s3cret"); got != http.StatusUnauthorized {
		t.Errorf("without X-org: %d, want 401", got)
	}
	if got := status(t, baseURL, "s3cret", "X-org", "acme"); got != http.StatusOK {
		t.Errorf("with X-org: %d, want 200", got)
	}
}

// -custom-domain serves as an org's own domain: no X-org needed, so no ARDOQ_ORG line; one naming
// another org is still refused.
func TestRun_customDomain(t *testing.T) {
	baseURL, printed := serve(t, "-token", "it's", "-org", "acme", "-custom-domain")
	if !strings.Contains(printed, `  export ARDOQ_API_TOKEN='it'\''s'`) || strings.Contains(printed, "export ARDOQ_ORG") ||
		!strings.Contains(printed, "needs no X-org") {
		t.Errorf("printed:\n%s", printed)
	}
	if got := status(t, baseURL, "it's"); got != http.StatusOK {
		t.Errorf("without X-org: %d, want 200", got)
	}
	if got := status(t, baseURL, "it's", "X-org", "acme"); got != http.StatusOK {
		t.Errorf("with its own X-org: %d, want 200", got)
	}
	if got := status(t, baseURL, "it's", "X-org", "other"); got != http.StatusForbidden {
		t.Errorf("with another org's X-org: %d, want 403", got)
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"emulator-token": "emulator-token", "http://127.0.0.1:8080": "http://127.0.0.1:8080", "": "''",
		"a b": "'a b'", "it's": `'it'\''s'`, "$HOME": "'$HOME'",
	} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

// The served emulator keeps no request in memory, however long it runs (-request-log writes them to a
// file instead), while the same requests are logged by an emulator with the default options.
func TestServerOptions_keepNoRequestLog(t *testing.T) {
	opts, err := serverOptions("token", "", false, 100, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	served, err := emulator.New(opts...)
	if err != nil {
		t.Fatal(err)
	}
	library, err := emulator.New(emulator.WithToken("token"))
	if err != nil {
		t.Fatal(err)
	}
	for _, srv := range []*emulator.Server{served, library} {
		for range 50 {
			req := httptest.NewRequest(http.MethodGet, "/api/v2/me", nil)
			req.Header.Set("Authorization", "Bearer token")
			req.Header.Set("X-org", srv.OrgLabel())
			req.Header.Set("User-Agent", "test")
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET /me: %d %s", rec.Code, rec.Body)
			}
		}
	}
	if n := len(served.Requests()); n != 0 {
		t.Errorf("the served emulator holds %d requests, want none", n)
	}
	if n := len(library.Requests()); n != 50 {
		t.Errorf("the default emulator holds %d requests, want 50: the test proves nothing", n)
	}
}

// The base URL printed is one the provider can use: the address listened on, with the port a 0 picked,
// and for a listener on every interface the loopback address with its port (the provider takes plain
// http only for loopback hosts).
func TestReachableURL(t *testing.T) {
	for _, tc := range []struct {
		requested string
		listening *net.TCPAddr
		want      string
		note      string
	}{
		{"127.0.0.1:0", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 43143}, "http://127.0.0.1:43143", ""},
		{"127.0.0.1:9090", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9090}, "http://127.0.0.1:9090", ""},
		{"localhost:9090", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9090}, "http://127.0.0.1:9090", ""},
		{"[::1]:9090", &net.TCPAddr{IP: net.IPv6loopback, Port: 9090}, "http://[::1]:9090", ""},
		{":9090", &net.TCPAddr{IP: net.IPv6unspecified, Port: 9090}, "http://127.0.0.1:9090", "every interface ([::]:9090)"},
		{"0.0.0.0:9090", &net.TCPAddr{IP: net.IPv4zero, Port: 9090}, "http://127.0.0.1:9090", "every interface (0.0.0.0:9090)"},
		{"[::]:9090", &net.TCPAddr{IP: net.IPv6unspecified, Port: 9090}, "http://[::1]:9090", "allow_insecure_http"},
		{"192.0.2.7:9090", &net.TCPAddr{IP: net.IPv4(192, 0, 2, 7), Port: 9090}, "http://192.0.2.7:9090", "allow_insecure_http"},
	} {
		got, note := reachableURL(tc.requested, tc.listening)
		if got != tc.want {
			t.Errorf("reachableURL(%q, %s) = %s, want %s", tc.requested, tc.listening, got, tc.want)
		}
		if (tc.note == "") != (note == "") || !strings.Contains(note, tc.note) {
			t.Errorf("reachableURL(%q, %s) note %q, want one containing %q", tc.requested, tc.listening, note, tc.note)
		}
	}
}

func TestRun_version(t *testing.T) {
	var out strings.Builder
	if err := run(context.Background(), []string{"-version"}, &out); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "ardoq-emulator (devel)\n" {
		t.Errorf("-version printed %q, want %q (a build from a clone)", got, "ardoq-emulator (devel)\n")
	}
}
