// Package detach bounds the work the provider does past Terraform's cancellation.
//
// When Terraform stops the provider (Ctrl-C, a cancelled CI job), it cancels the context of every call in
// flight. A write already on its way runs to its answer (the client shields it, for at most one request
// timeout), and what its answer left unknown is looked into on a context from Context, which outlives
// that cancellation by at most one more request timeout. So after a stop the provider ends within
// StopBound: two request timeouts (2 × request_timeout_seconds, 120 s by default), even when Ardoq
// stops answering. Fetches shared by several calls use the same contexts, and end sooner when nobody
// waits for them any more.
package detach

import (
	"context"
	"time"
)

// StopBound is how long the provider may go on after Terraform stops it, given the request timeout:
// one timeout for a write attempt in flight to get its answer, one to look into a lost one.
func StopBound(requestTimeout time.Duration) time.Duration { return 2 * requestTimeout }

// Context returns a context with ctx's values that Terraform's cancellation of ctx does not end at once:
// it ends requestTimeout after ctx ends, and StopBound(requestTimeout) after it was made at the latest.
// Made after ctx ended (the write it looks into was answered after the stop), it gets one request
// timeout. cancel releases it.
func Context(ctx context.Context, requestTimeout time.Duration) (context.Context, context.CancelFunc) {
	life := StopBound(requestTimeout)
	if ctx.Err() != nil {
		life = requestTimeout
	}
	detached, cancel := context.WithTimeout(context.WithoutCancel(ctx), life)
	stop := context.AfterFunc(ctx, func() {
		t := time.AfterFunc(requestTimeout, cancel)
		context.AfterFunc(detached, func() { t.Stop() })
	})
	return detached, func() {
		stop()
		cancel()
	}
}

// Stopped says, after work on a context from Context failed, whether it was cut short: Terraform stopped
// the provider, or the work outran its bound. stopped is true for the first.
func Stopped(caller, detached context.Context) (cut, stopped bool) {
	return detached.Err() != nil, caller.Err() != nil
}
