package client

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
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
	if ex, ok := req.Context().Value(exchangeKey{}).(*exchange); ok && !ex.send() {
		err := context.Cause(req.Context())
		if err == nil {
			err = context.Canceled
		}
		a.finish(nil, err)
		return nil, err
	}
	a.handed.Store(true)
	resp, err := t.next.RoundTrip(req.WithContext(httptrace.WithClientTrace(req.Context(), a.trace())))
	if err == nil && req.Method == http.MethodGet {
		resp, err = readWhole(resp)
	}
	a.finish(resp, err)
	if err == nil {
		t.clock.observe(resp.Header.Get("Date"))
		t.pacer.observe(resp)
	}
	return resp, err
}

// readWhole reads a read's answer here, inside the retries, so that one cut short is tried again as a
// lost connection is. A write's answer is read by its caller: cut short, it is ambiguous, never retried.
func readWhole(resp *http.Response) (*http.Response, error) {
	body, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp, nil
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
	status       int    // the status Ardoq answered, 0 when no answer came
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
	if resp != nil {
		a.status = resp.StatusCode
	}
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
//
// For a write it also decides when the caller's cancellation (Terraform asking the provider to stop)
// reaches the request (see shield): an attempt on its way runs to its answer, as Ardoq finishes a request
// it received whether or not the client is still there; no attempt starts after the stop.
type exchange struct {
	class retryClass // the request's, set when the exchange is made

	mu       sync.Mutex
	attempts []*attempt
	inFlight bool                    // an attempt has been handed to the connection and not yet judged
	stopped  bool                    // the caller's context ended
	cancel   context.CancelCauseFunc // cancels the shielded context; nil for a request that is not shielded
	caller   context.Context         // the caller's context, for a shielded request
}

type exchangeKey struct{}

func withExchange(ctx context.Context, class retryClass) (context.Context, *exchange) {
	ex := &exchange{class: class}
	return context.WithValue(ctx, exchangeKey{}, ex), ex
}

// shield returns the context a write is sent on: the caller's values, but its cancellation only while
// no attempt is in flight. release frees it once the call is over.
func (ex *exchange) shield(caller context.Context) (ctx context.Context, release func()) {
	ctx, cancel := context.WithCancelCause(context.WithoutCancel(caller))
	ex.mu.Lock()
	ex.cancel, ex.caller = cancel, caller
	ex.mu.Unlock()
	unregister := context.AfterFunc(caller, func() { ex.stop(context.Cause(caller)) })
	return ctx, func() {
		unregister()
		cancel(nil)
	}
}

// stop records that the caller's context ended; the request is cancelled now unless an attempt is in
// flight, and no further attempt starts.
func (ex *exchange) stop(cause error) {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	ex.stopped = true
	if ex.cancel != nil && !ex.inFlight {
		ex.cancel(cause)
	}
}

// send reports whether an attempt may start (the caller has not stopped), and marks it in flight.
func (ex *exchange) send() bool {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	if ex.callerStopped() {
		return false
	}
	ex.inFlight = true
	return true
}

// retrying reports whether another attempt may follow the one just judged: not once the caller
// stopped. When it may, the wait before it can be cancelled again.
func (ex *exchange) retrying() bool {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	if ex.callerStopped() {
		return false
	}
	ex.inFlight = false
	return true
}

// callerStopped reports, for a shielded request, whether the caller's context has ended; the check
// does not wait for stop, which runs on its own goroutine. ex.mu is held.
func (ex *exchange) callerStopped() bool {
	if ex.caller != nil && ex.caller.Err() != nil {
		ex.stopped = true
	}
	return ex.stopped && ex.cancel != nil
}

func (ex *exchange) wasStopped() bool {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	return ex.stopped
}

// lastAnswer is the status of the latest attempt Ardoq answered, 0 if none was.
func (ex *exchange) lastAnswer() int {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	for i := len(ex.attempts) - 1; i >= 0; i-- {
		if ex.attempts[i].status != 0 {
			return ex.attempts[i].status
		}
	}
	return 0
}

// lastLeft reports whether the latest attempt may have reached Ardoq.
func (ex *exchange) lastLeft() bool {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	return len(ex.attempts) > 0 && ex.attempts[len(ex.attempts)-1].mayHaveActed
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
// so that times Ardoq wrote (_meta.created) can be compared with times taken here (FACTS.md §lost-answers).
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
