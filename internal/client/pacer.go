package client

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// pacer spaces requests by what Ardoq says, so a healthy run is never slowed: there is no limit while
// Ardoq answers freely. A 429 (or rate-limit headers saying nothing is left) stops every request until
// its Retry-After (or reset) has passed, and halves the pace; each second without a 429 the pace grows
// by half again, until it is unlimited once more. An optional fixed cap (requests_per_second) applies on
// top.
type pacer struct {
	adaptive *rate.Limiter // rate.Inf until Ardoq asks for less
	cap      *rate.Limiter // nil without a configured cap
	now      func() time.Time
	second   time.Duration // how long a second of the headers and of the windows lasts (Config.Second)

	mu         sync.Mutex
	resumeAt   time.Time // no request is sent before this
	lastChange time.Time // when the pace last went down or up
	lastSlow   time.Time // when it last went down
	window     time.Time // start of the current one-second count of sent requests
	inWindow   int
	lastRate   float64 // requests per second sent in the last full window
}

// Pace limits: the slowest the pacer goes, and the pace above which it is unlimited again.
const (
	slowestPace   = 0.5
	unlimitedPace = 1000
)

func newPacer(capRPS float64, burst int, second time.Duration) *pacer {
	p := &pacer{adaptive: rate.NewLimiter(rate.Inf, 1), now: time.Now, second: second}
	if capRPS > 0 {
		p.cap = rate.NewLimiter(rate.Limit(capRPS), burst)
	}
	return p
}

// wait blocks until a request may be sent: after any pause Ardoq asked for, at the current pace and
// under the cap.
func (p *pacer) wait(ctx context.Context) error {
	p.mu.Lock()
	pause := p.resumeAt.Sub(p.now())
	p.mu.Unlock()
	if pause > 0 {
		t := time.NewTimer(pause)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
	}
	if err := p.adaptive.Wait(ctx); err != nil {
		return err
	}
	if p.cap != nil {
		if err := p.cap.Wait(ctx); err != nil {
			return err
		}
	}
	p.count()
	return ctx.Err()
}

func (p *pacer) count() {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	if elapsed := now.Sub(p.window); elapsed >= p.second {
		p.lastRate = float64(p.inWindow) / elapsed.Seconds()
		p.window, p.inWindow = now, 0
	}
	p.inWindow++
}

// observe adjusts the pace to an answer: a 429 or an exhausted rate limit slows down, anything else
// speeds up again once a second has passed since the last change.
func (p *pacer) observe(resp *http.Response) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	if wait, exhausted := rateLimitReset(resp.Header, p.second); exhausted {
		p.pauseUntil(now.Add(wait))
	}
	if resp.StatusCode != http.StatusTooManyRequests {
		p.speedUp(now)
		return
	}
	wait, ok := retryAfter(resp.Header.Get("Retry-After"), p.second)
	if !ok {
		wait = p.second
	}
	p.pauseUntil(now.Add(wait))
	if p.slowed(now) {
		return // the 429s of requests already under way say the same: slow down once per second
	}
	pace := float64(p.adaptive.Limit())
	if p.adaptive.Limit() == rate.Inf {
		pace = max(p.lastRate, float64(p.inWindow)/max(now.Sub(p.window), p.second).Seconds())
	}
	p.setPace(max(pace/2, slowestPace), now)
	p.lastSlow = now
}

func (p *pacer) pauseUntil(t time.Time) {
	if t.After(p.resumeAt) {
		p.resumeAt = t
	}
}

func (p *pacer) speedUp(now time.Time) {
	pace := p.adaptive.Limit()
	if pace == rate.Inf || now.Sub(p.lastChange) < p.second {
		return
	}
	if next := float64(pace) * 1.5; next < unlimitedPace {
		p.setPace(next, now)
		return
	}
	p.adaptive.SetLimitAt(now, rate.Inf)
	p.lastChange = now
}

func (p *pacer) setPace(perSecond float64, now time.Time) {
	p.adaptive.SetLimitAt(now, rate.Limit(perSecond))
	p.adaptive.SetBurstAt(now, 1)
	p.lastChange = now
}

func (p *pacer) slowed(now time.Time) bool {
	return !p.lastSlow.IsZero() && now.Sub(p.lastSlow) < p.second
}

// pace is the current adaptive pace in requests per second (rate.Inf when unlimited).
func (p *pacer) pace() rate.Limit { return p.adaptive.Limit() }

// rateLimitReset reads the rate-limit headers some gateways send (RateLimit-Remaining/-Reset, or the
// X-RateLimit- forms; FACTS.md §rate-limits): exhausted when nothing remains, with the seconds until the
// window resets, each lasting second.
func rateLimitReset(h http.Header, second time.Duration) (time.Duration, bool) {
	for _, prefix := range []string{"RateLimit-", "X-RateLimit-"} {
		remaining := h.Get(prefix + "Remaining")
		if remaining == "" {
			continue
		}
		if n, err := strconv.Atoi(remaining); err != nil || n > 0 {
			return 0, false
		}
		secs, err := strconv.ParseInt(h.Get(prefix+"Reset"), 10, 64)
		switch {
		case err != nil || secs < 0:
			return second, true
		case secs > 1_000_000_000: // a Unix time rather than seconds from now
			return min(max(time.Until(time.Unix(secs, 0)), 0), time.Hour), true
		}
		return min(time.Duration(secs)*second, time.Hour), true
	}
	return 0, false
}
