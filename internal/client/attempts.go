package client

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptrace"
	"sync"
	"sync/atomic"
	"time"
)

// transport sends every attempt of a request, retries included: it waits for the pace (pacer.go),
// then hands the request on with a client trace that records how far it got (see attempt).
type transport struct {
	next  http.RoundTripper
	pacer *pacer
	clock *serverClock
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	a := &attempt{}
	if ex, ok := req.Context().Value(exchangeKey{}).(*exchange); ok {
		ex.add(a)
	}
	if err := t.wait(req.Context()); err != nil {
		a.finish(nil, err)
		return nil, err
	}
	a.handed.Store(true)
	resp, err := t.next.RoundTrip(req.WithContext(httptrace.WithClientTrace(req.Context(), a.trace())))
	a.finish(resp, err)
	if err == nil {
		t.clock.observe(resp.Header.Get("Date"))
		t.pacer.observe(resp)
	}
	return resp, err
}

// wait waits for the pace Ardoq set, and fails if the caller's context has ended.
func (t *transport) wait(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return t.pacer.wait(ctx)
}

// attempt is one try of a request, and whether Ardoq may have acted on it.
//
// An answer says so by its status: a 5xx may come after Ardoq acted (a proxy timing out, a crash after
// the write), except a 503 with Retry-After, which says the server refused the request; a 429 never does.
//
// A transport error depends on whether the request left. net/http's client trace tells: once the whole
// request was written to a connection (WroteRequest without error), Ardoq may have received it and
// acted, however the attempt then failed (a reset, an early end of stream, a timeout while waiting for
// the answer). Before that (waiting for the rate limiter, the caller's context ending, a dial, DNS or
// TLS failure, a write that failed partway), Ardoq cannot have acted. A transport that traces nothing
// is judged by its error: a dial or DNS error never left, anything else may have.
type attempt struct {
	handed atomic.Bool // given to the underlying transport
	traced atomic.Bool // the transport reported looking for a connection: it traces
	wrote  atomic.Bool // the whole request was written to a connection

	mayHaveActed bool
	lost         string // what ended the attempt, when Ardoq may have acted: "HTTP 502", or the transport error
}

func (a *attempt) trace() *httptrace.ClientTrace {
	return &httptrace.ClientTrace{
		GetConn: func(string) { a.traced.Store(true) },
		WroteRequest: func(info httptrace.WroteRequestInfo) {
			if info.Err == nil {
				a.wrote.Store(true)
			}
		},
	}
}

func (a *attempt) finish(resp *http.Response, err error) {
	switch {
	case err != nil:
		a.mayHaveActed = a.sentBeforeFailing(err)
		a.lost = err.Error()
	case resp.StatusCode >= 500:
		a.mayHaveActed = resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == ""
		a.lost = fmt.Sprintf("HTTP %d", resp.StatusCode)
	}
}

func (a *attempt) sentBeforeFailing(err error) bool {
	switch {
	case !a.handed.Load():
		return false
	case a.wrote.Load():
		return true
	case a.traced.Load():
		return false
	}
	var op *net.OpError
	var dns *net.DNSError
	neverLeft := errors.As(err, &op) && op.Op == "dial" || errors.As(err, &dns)
	return !neverLeft
}

// exchange collects the attempts of one call, so that a failure after retries still says whether an
// earlier attempt may have been applied.
type exchange struct {
	mu       sync.Mutex
	attempts []*attempt
}

type exchangeKey struct{}

func withExchange(ctx context.Context) (context.Context, *exchange) {
	ex := &exchange{}
	return context.WithValue(ctx, exchangeKey{}, ex), ex
}

func (ex *exchange) add(a *attempt) {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	ex.attempts = append(ex.attempts, a)
}

// outcome says whether Ardoq may have acted on any attempt, and if so whether the last attempt is one
// of those; otherwise earlier is what ended the latest earlier attempt that may have been applied.
func (ex *exchange) outcome() (mayHaveActed, last bool, earlier string) {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	for i, a := range ex.attempts {
		if !a.mayHaveActed {
			continue
		}
		mayHaveActed = true
		if i == len(ex.attempts)-1 {
			last = true
		} else {
			earlier = a.lost
		}
	}
	return mayHaveActed, last, earlier
}

// serverClock learns how far Ardoq's clock is from this machine's from the Date header of its answers,
// so that times Ardoq wrote (_meta.created) can be compared with times taken here.
type serverClock struct {
	offset atomic.Int64 // server minus local, in nanoseconds
	known  atomic.Bool
}

func (c *serverClock) observe(date string) {
	if t, err := http.ParseTime(date); err == nil {
		c.offset.Store(int64(time.Until(t)))
		c.known.Store(true)
	}
}

// ServerTime converts a time taken on this machine to Ardoq's clock, as of the last answer's Date
// header (whole seconds, so within a second). ok is false before any answer carried one.
func (c *Client) ServerTime(local time.Time) (t time.Time, ok bool) {
	if !c.clock.known.Load() {
		return local, false
	}
	return local.Add(time.Duration(c.clock.offset.Load())), true
}
