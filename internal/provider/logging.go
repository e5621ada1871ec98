package provider

import (
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

const apiSubsystem = "api"

// apiLogLevelEnv names the environment variable that sets the api subsystem's level, following
// terraform-plugin-log's convention for subsystems: TF_LOG_PROVIDER_<provider>_<subsystem>.
// terraform-plugin-log reads it only when asked (tflog.WithLevelFromEnv); unset, the subsystem logs at
// the provider's level (TF_LOG_PROVIDER_ARDOQ, else everything, for Terraform to filter).
const apiLogLevelEnv = "TF_LOG_PROVIDER_ARDOQ_API"

// newLoggingHTTPClient logs every HTTP exchange at debug level in the "api" subsystem, with the
// Authorization header masked and the token scrubbed from anything else logged.
//
// The level only decides what the provider writes. Terraform passes a provider's logs on only when
// TF_LOG or TF_LOG_PROVIDER is set, so with a real Terraform the exchanges alone are
// TF_LOG_PROVIDER=DEBUG TF_LOG_SDK=OFF TF_LOG_PROVIDER_ARDOQ=OFF TF_LOG_PROVIDER_ARDOQ_API=DEBUG
// (TF_LOG_SDK=OFF quiets the plugin libraries' own lines; TF_LOG_PATH for a file), as the docs say and
// TestAccProvider_apiLogThroughTheCLI_everyCLI checks. Under terraform-plugin-testing,
// whose log sink writes to TF_LOG_PATH itself, TF_LOG_PROVIDER_ARDOQ_API=debug is enough.
func newLoggingHTTPClient(token string) *http.Client {
	return &http.Client{Transport: &loggingTransport{next: http.DefaultTransport, token: token}}
}

type loggingTransport struct {
	next  http.RoundTripper
	token string
}

func (t *loggingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := tflog.NewSubsystem(req.Context(), apiSubsystem, tflog.WithLevelFromEnv(apiLogLevelEnv))
	ctx = tflog.SubsystemMaskMessageStrings(ctx, apiSubsystem, t.token)
	ctx = tflog.SubsystemMaskAllFieldValuesStrings(ctx, apiSubsystem, t.token)
	reqBody := ""
	if req.Body != nil && req.GetBody != nil {
		if rc, err := req.GetBody(); err == nil {
			reqBody = truncate(readLogged(rc))
			_ = rc.Close()
		}
	}
	tflog.SubsystemDebug(ctx, apiSubsystem, "Sending HTTP request", map[string]any{
		"method": req.Method, "url": req.URL.String(), "headers": t.headers(req.Header), "body": reqBody,
	})
	began := time.Now()
	resp, err := t.next.RoundTrip(req)
	if err != nil {
		tflog.SubsystemDebug(ctx, apiSubsystem, "HTTP request failed", map[string]any{"method": req.Method, "url": req.URL.String(), "error": err.Error()})
		return nil, err
	}
	// Only what is logged is read here; the caller reads the rest from the connection, so a large answer
	// is not held twice.
	logged := readLogged(resp.Body)
	resp.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(strings.NewReader(logged), resp.Body), resp.Body}
	tflog.SubsystemDebug(ctx, apiSubsystem, "Received HTTP response", map[string]any{
		"method": req.Method, "url": req.URL.String(), "status": resp.StatusCode, "duration_ms": time.Since(began).Milliseconds(),
		"headers": t.headers(resp.Header), "body": truncate(logged),
	})
	return resp, nil
}

func (t *loggingTransport) headers(h http.Header) map[string]string {
	out := make(map[string]string, len(h))
	for k, v := range h {
		if strings.EqualFold(k, "Authorization") {
			out[k] = "Bearer ***"
			continue
		}
		out[k] = strings.Join(v, ", ")
	}
	return out
}

// logLimit is how much of a body is logged.
const logLimit = 16 << 10

// readLogged reads what is logged of a body: its first logLimit bytes and one more, to tell a cut.
// A read error ends it early; the caller of the round trip meets that error when it reads on.
func readLogged(r io.Reader) string {
	b, _ := io.ReadAll(io.LimitReader(r, logLimit+1))
	return string(b)
}

func truncate(s string) string {
	if len(s) > logLimit {
		return s[:logLimit] + "...(truncated)"
	}
	return s
}
