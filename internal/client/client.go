// Package client is a typed client for Ardoq's REST API v2: the 22 operations of Ardoq's OpenAPI
// document, with authentication, paging, retries and rate limiting. It tells a failed write that Ardoq
// may have applied (IsAmbiguous) from one it did not. It has no Terraform dependencies and makes no
// logging decisions: callers pass an *http.Client whose transport may log.
package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Config configures a Client. Zero values take the defaults documented on each field.
type Config struct {
	BaseURL   string // default DefaultBaseURL; the client appends /api/v2
	Token     string // API token, sent as Authorization: Bearer
	Org       string // organisation label, sent as X-org when set
	UserAgent string // default "terraform-provider-ardoq"

	HTTPClient        *http.Client  // transport to use (connection reuse, logging); default a new client
	Timeout           time.Duration // per attempt; default 60s
	MaxRetries        int           // retries after the first attempt; default 4, negative means none
	RetryWaitMin      time.Duration // first backoff; default 1s
	RetryWaitMax      time.Duration // longest backoff, and longest Retry-After honoured; default 30s
	RequestsPerSecond float64       // optional client-side cap; 0 or negative means none (Ardoq's 429s set the pace)
	Burst             int           // burst of the cap; default 5
	// Second is how long a second of Ardoq's Retry-After and rate-limit headers, and of the pacer's
	// one-second windows, lasts; default time.Second. Tests shorten it so that none waits real seconds.
	Second time.Duration
}

// Client talks to one Ardoq org.
type Client struct {
	base  *url.URL
	cfg   Config
	http  *retryablehttp.Client
	clock *serverClock

	writes atomic.Uint64 // write requests started, for callers that keep what they read (Writes)
	adds   atomic.Uint64 // write requests started other than deletes (WritesBesidesDeletes)
}

// Writes counts the requests this client has started that may change the org. A caller that keeps
// what it read compares it before and after: a change means what it holds may be stale.
func (c *Client) Writes() uint64 { return c.writes.Load() }

// WritesBesidesDeletes is how many write requests other than a DELETE the client has started: while it
// stays the same, nothing this client sent can have added an entity or moved one.
func (c *Client) WritesBesidesDeletes() uint64 { return c.adds.Load() }

// New validates the configuration and returns a client.
func New(cfg Config) (*Client, error) {
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	base, err := url.Parse(strings.TrimRight(cfg.BaseURL, "/"))
	if err != nil || base.Scheme == "" || base.Host == "" {
		return nil, fmt.Errorf("base URL %q is not an absolute URL such as https://app.ardoq.com", cfg.BaseURL)
	}
	if cfg.Token == "" {
		return nil, errors.New("an API token is required")
	}
	if cfg.UserAgent == "" {
		cfg.UserAgent = "terraform-provider-ardoq"
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 60 * time.Second
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 4
	}
	if cfg.RetryWaitMin == 0 {
		cfg.RetryWaitMin = time.Second
	}
	if cfg.RetryWaitMax == 0 {
		cfg.RetryWaitMax = 30 * time.Second
	}
	if cfg.Burst == 0 {
		cfg.Burst = 5
	}
	if cfg.Second <= 0 {
		cfg.Second = time.Second
	}
	hc := &http.Client{}
	if cfg.HTTPClient != nil {
		copied := *cfg.HTTPClient
		hc = &copied
	}
	hc.Timeout = cfg.Timeout
	hc.CheckRedirect = keepOnHost(base, hc.CheckRedirect)
	t := &transport{next: hc.Transport, clock: &serverClock{}, pacer: newPacer(cfg.RequestsPerSecond, cfg.Burst, cfg.Second)}
	if t.next == nil {
		t.next = http.DefaultTransport
	}
	hc.Transport = t

	rc := retryablehttp.NewClient()
	rc.HTTPClient = hc
	rc.Logger = nil
	rc.RetryMax = max(cfg.MaxRetries, 0)
	rc.RetryWaitMin, rc.RetryWaitMax = cfg.RetryWaitMin, cfg.RetryWaitMax
	rc.CheckRetry = checkRetry
	rc.Backoff = backoff(cfg.Second)
	rc.ErrorHandler = retryablehttp.PassthroughErrorHandler
	return &Client{base: base, cfg: cfg, http: rc, clock: t.clock}, nil
}

// retryClass says when a request may be sent again (FACTS.md §versions, §rate-limits). The zero value is
// the cautious class: a request that does not say it is safe to repeat is not sent again once it may
// have reached Ardoq.
type retryClass int

const (
	// unsafe requests (POST, PATCH with ifVersionMatch=latest, and any request that states no class)
	// are retried only where the server certainly did not act: 429, 503 with Retry-After, or a
	// connection error before the request left. A retry can never create twice.
	unsafe retryClass = iota
	// idempotent requests (GET, DELETE, PATCH with an integer ifVersionMatch, POST /batch/expand) are
	// also retried on 502, 503 and 504 and on connection errors after the request left.
	idempotent
)

// checkRetry reads the request's class from its exchange, which do attaches to every request it
// sends; a request without one is judged unsafe.
func checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	ex, _ := ctx.Value(exchangeKey{}).(*exchange)
	if !shouldRetry(ex, resp, err) {
		return false, nil
	}
	return ex == nil || ex.retrying(), nil
}

func shouldRetry(ex *exchange, resp *http.Response, err error) bool {
	class := unsafe
	if ex != nil {
		class = ex.class
	}
	if err != nil {
		// A connection error may come after the server acted: only idempotent requests go again, and
		// requests that certainly never reached Ardoq (a refused connection, say). A certificate that
		// fails verification fails again, and a redirect off the base URL's host leads there again.
		var redirect *RedirectError
		return !untrusted(err) && !errors.As(err, &redirect) && (class == idempotent || ex != nil && !ex.lastLeft())
	}
	switch resp.StatusCode {
	case http.StatusTooManyRequests:
		return true
	case http.StatusServiceUnavailable:
		return class == idempotent || resp.Header.Get("Retry-After") != ""
	case http.StatusBadGateway, http.StatusGatewayTimeout:
		return class == idempotent
	}
	return false
}

// backoff honours Retry-After (its seconds lasting second, capped at max) and otherwise waits
// min*2^attempt with full jitter.
func backoff(second time.Duration) retryablehttp.Backoff {
	return func(minWait, maxWait time.Duration, attempt int, resp *http.Response) time.Duration {
		if resp != nil {
			if d, ok := retryAfter(resp.Header.Get("Retry-After"), second); ok {
				return min(d, maxWait)
			}
		}
		ceiling := minWait << min(attempt, 20)
		if ceiling <= 0 || ceiling > maxWait {
			ceiling = maxWait
		}
		return minWait/2 + jitter(ceiling-minWait/2)
	}
}

// Version of the API path prefix every operation lives under.
const apiPrefix = "/api/v2"

// request describes one API call.
type request struct {
	method   string
	path     string // under /api/v2
	query    url.Values
	link     string // instead of path and query: a next-page link as Ardoq gave it (see nextLink)
	body     any
	class    retryClass // the zero value, unsafe, is never retried once it may have reached Ardoq
	readOnly bool       // a POST that changes nothing (POST /batch/expand); GETs always are
	out      any
}

// writes says whether the request may change the org, so that losing its answer leaves it ambiguous.
func (r request) writes() bool { return r.method != http.MethodGet && !r.readOnly }

func (c *Client) url(r request) (string, error) {
	if r.link != "" {
		return c.nextLink(r.link)
	}
	u := *c.base
	u.Path = strings.TrimRight(c.base.Path, "/") + apiPrefix + r.path
	if len(r.query) > 0 {
		u.RawQuery = r.query.Encode()
	}
	return u.String(), nil
}

func (c *Client) do(ctx context.Context, r request) error {
	target, err := c.url(r)
	if err != nil {
		return err
	}
	var body []byte
	if r.body != nil {
		if body, err = json.Marshal(r.body); err != nil {
			return fmt.Errorf("encoding %s request: %w", r.method, err)
		}
	}
	caller := ctx
	ctx, ex := withExchange(ctx, r.class)
	if r.writes() {
		var release func()
		ctx, release = ex.shield(ctx)
		defer release()
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, r.method, target, bodyOrNil(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.cfg.Token)
	if c.cfg.Org != "" {
		req.Header.Set("X-org", c.cfg.Org)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.cfg.UserAgent)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	path := redactedPath(target)
	if r.writes() {
		c.writes.Add(1)
		if r.method != http.MethodDelete {
			c.adds.Add(1)
		}
	}
	resp, err := c.http.Do(req)
	var redirect *RedirectError
	if errors.As(err, &redirect) && r.writes() {
		// A redirect does not say whether Ardoq acted first (a 303 after a POST usually means it did).
		return &AmbiguousError{Method: r.method, Path: path, Status: redirect.Status, Err: fmt.Errorf("%s %s: %w", r.method, path, redirect)}
	}
	if err != nil {
		return c.failed(caller, r, path, ex, 0, fmt.Errorf("%s %s: %w", r.method, path, unwrapURLError(err)))
	}
	defer resp.Body.Close()
	answer := io.LimitReader(resp.Body, 256<<20)
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		raw, _ := io.ReadAll(answer)
		apiErr := newAPIError(r.method, path, resp, raw) // even cut short, it has its status
		if mayHaveActed, _, _ := ex.outcome(); !mayHaveActed && ex.wasStopped() && shouldRetry(ex, resp, nil) {
			// Refused, and the stop came where a retry would have followed.
			return &StoppedError{Method: r.method, Path: path, Refused: resp.StatusCode, Err: apiErr}
		}
		return c.failed(caller, r, path, ex, resp.StatusCode, apiErr)
	}
	if what, err := readAnswer(answer, r.out); err != nil {
		return c.failed(caller, r, path, ex, resp.StatusCode, fmt.Errorf("%s %s: HTTP %d: %s the answer: %w", r.method, path, resp.StatusCode, what, err))
	}
	return nil
}

// readAnswer decodes a success's answer into out (nothing when out is nil) as it is read, not from a copy
// read whole first, then reads on to its end so that the connection is kept. what is the step that failed.
func readAnswer(answer io.Reader, out any) (what string, err error) {
	if out != nil {
		dec := json.NewDecoder(answer)
		dec.UseNumber()
		if err := dec.Decode(out); err != nil && !errors.Is(err, io.EOF) { // EOF: no answer, or white space
			return "decoding", err
		}
	}
	_, err = io.Copy(io.Discard, answer)
	return "reading", err
}

// failed returns err as an *AmbiguousError when the request writes and Ardoq may have applied it: an
// attempt says so (see attempt), or the answer was a success whose body was lost. Otherwise a request
// that the caller stopped is a *StoppedError, and one that never reached Ardoq a *ConnectionError.
func (c *Client) failed(caller context.Context, r request, path string, ex *exchange, status int, err error) error {
	mayHaveActed, last, earlier := ex.outcome()
	if status >= 200 && status < 300 {
		mayHaveActed, last = true, true
	}
	if mayHaveActed && r.writes() {
		if last {
			earlier = ""
		}
		return &AmbiguousError{Method: r.method, Path: path, Status: status, Earlier: earlier, Err: err}
	}
	switch {
	case caller.Err() != nil && status == 0:
		return &StoppedError{Method: r.method, Path: path, Sent: mayHaveActed, Refused: ex.lastAnswer(), Err: err}
	case status == 0 && !mayHaveActed && neverConnected(err):
		return &ConnectionError{BaseURL: c.base.String(), Method: r.method, Path: path, Err: causeOf(err)}
	}
	return err
}

// causeOf is what an error do wrapped with the method and path says, without them.
func causeOf(err error) error {
	if inner := errors.Unwrap(err); inner != nil {
		return inner
	}
	return err
}

func bodyOrNil(b []byte) any {
	if b == nil {
		return nil
	}
	return b
}

// redactedPath is the URL's path and query, without the host: enough to identify the call.
func redactedPath(target string) string {
	u, err := url.Parse(target)
	if err != nil {
		return "?"
	}
	return u.RequestURI()
}

func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}
