package provider

import (
	"bytes"
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
			b, _ := io.ReadAll(rc)
			reqBody = string(b)
		}
	}
	tflog.SubsystemDebug(ctx, apiSubsystem, "Sending HTTP request", map[string]any{
		"method": req.Method, "url": req.URL.String(), "headers": t.headers(req.Header), "body": truncate(reqBody),
	})
	began := time.Now()
	resp, err := t.next.RoundTrip(req)
	if err != nil {
		tflog.SubsystemDebug(ctx, apiSubsystem, "HTTP request failed", map[string]any{"method": req.Method, "url": req.URL.String(), "error": err.Error()})
		return nil, err
	}
	body, readErr := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	if readErr != nil {
		return nil, readErr
	}
	tflog.SubsystemDebug(ctx, apiSubsystem, "Received HTTP response", map[string]any{
		"method": req.Method, "url": req.URL.String(), "status": resp.StatusCode, "duration_ms": time.Since(began).Milliseconds(),
		"headers": t.headers(resp.Header), "body": truncate(string(body)),
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

func truncate(s string) string {
	const limit = 16 << 10
	if len(s) > limit {
		return s[:limit] + "...(truncated)"
	}
	return s
}
