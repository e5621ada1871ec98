package client

import (
	"net/http"
	"testing"
	"time"

	"golang.org/x/time/rate"
)

func answer(status int, header ...string) *http.Response {
	h := http.Header{}
	for i := 0; i+1 < len(header); i += 2 {
		h.Set(header[i], header[i+1])
	}
	return &http.Response{StatusCode: status, Header: h}
}

func TestPacer(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p := newPacer(0, 0, time.Second)
	p.now = func() time.Time { return now }
	send := func(n int, over time.Duration) {
		for range n {
			p.count()
			p.observe(answer(http.StatusOK))
			now = now.Add(over / time.Duration(n))
		}
	}

	send(100, time.Second)
	if p.pace() != rate.Inf {
		t.Fatalf("a healthy run is never slowed, pace %v", p.pace())
	}

	p.observe(answer(http.StatusTooManyRequests, "Retry-After", "2"))
	if got := p.resumeAt.Sub(now); got != 2*time.Second {
		t.Errorf("a 429 stops every request for its Retry-After, got %v", got)
	}
	if got := float64(p.pace()); got < 40 || got > 60 {
		t.Errorf("a 429 halves the pace from the observed 100 a second, got %v", got)
	}
	p.observe(answer(http.StatusTooManyRequests))
	if got := float64(p.pace()); got < 40 || got > 60 {
		t.Errorf("429s of requests already under way slow down only once, got %v", got)
	}
	now = now.Add(time.Second)
	p.observe(answer(http.StatusTooManyRequests))
	if got := float64(p.pace()); got < 20 || got > 30 {
		t.Errorf("a 429 a second later halves it again, got %v", got)
	}

	for range 30 { // healthy seconds
		now = now.Add(time.Second)
		p.observe(answer(http.StatusOK))
	}
	if p.pace() != rate.Inf {
		t.Errorf("the pace must recover to unlimited once Ardoq stops asking, got %v", p.pace())
	}

	p.observe(answer(http.StatusOK, "X-RateLimit-Remaining", "0", "X-RateLimit-Reset", "3"))
	if got := p.resumeAt.Sub(now); got != 3*time.Second {
		t.Errorf("an exhausted rate limit pauses until its reset, got %v", got)
	}
	p.observe(answer(http.StatusOK, "RateLimit-Remaining", "5", "RateLimit-Reset", "30"))
	if got := p.resumeAt.Sub(now); got != 3*time.Second {
		t.Errorf("a limit with requests left must not pause, got %v", got)
	}
}

// A client given no Second counts Ardoq's seconds as real ones, in its pacer and in its retries' waits.
func TestNew_secondDefaultsToARealSecond(t *testing.T) {
	c, err := New(Config{BaseURL: "https://example.ardoq.com", Token: "t"})
	if err != nil {
		t.Fatal(err)
	}
	tr, ok := c.http.HTTPClient.Transport.(*transport)
	if !ok {
		t.Fatalf("the client's transport is %T", c.http.HTTPClient.Transport)
	}
	if c.cfg.Second != time.Second || tr.pacer.second != time.Second {
		t.Errorf("a client without Second: config %v, pacer %v; want a real second in both", c.cfg.Second, tr.pacer.second)
	}
}
