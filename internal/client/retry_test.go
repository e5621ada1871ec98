package client

import (
	"net/http"
	"testing"
	"time"
)

// Retry-After comes in both of RFC 9110's forms: delay seconds, or an HTTP date.
func TestRetryAfter(t *testing.T) {
	cases := []struct {
		header string
		want   time.Duration
		ok     bool
	}{
		{"3", 3 * time.Second, true},
		{" 0 ", 0, true},
		{"120", 2 * time.Minute, true},
		{time.Now().Add(-time.Hour).UTC().Format(http.TimeFormat), 0, true}, // a date already past: go now
		{"", 0, false},
		{"-1", 0, false},
		{"1.5", 0, false},
		{"soon", 0, false},
	}
	for _, tc := range cases {
		got, ok := retryAfter(tc.header, time.Second)
		if got != tc.want || ok != tc.ok {
			t.Errorf("retryAfter(%q) = %v, %v; want %v, %v", tc.header, got, ok, tc.want, tc.ok)
		}
	}
	for _, format := range []string{http.TimeFormat, time.RFC850, time.ANSIC} { // the three date formats HTTP allows
		date := time.Now().Add(10 * time.Second).UTC().Format(format)
		got, ok := retryAfter(date, time.Second)
		// the date has whole seconds: up to a second less than asked, and some time passes
		if !ok || got <= 8*time.Second || got > 10*time.Second {
			t.Errorf("retryAfter(%q) = %v, %v; want about 10s", date, got, ok)
		}
	}
}

// backoff waits what Retry-After says (in either form), never longer than the longest wait; without
// it, a jittered exponential wait between half the first wait and min*2^attempt, capped by the longest.
func TestBackoff(t *testing.T) {
	const minWait, maxWait = time.Second, 30 * time.Second
	withRetryAfter := func(v string) *http.Response {
		return &http.Response{StatusCode: http.StatusTooManyRequests, Header: http.Header{"Retry-After": []string{v}}}
	}
	if got := backoff(time.Second)(minWait, maxWait, 0, withRetryAfter("7")); got != 7*time.Second {
		t.Errorf("Retry-After: 7 waited %v", got)
	}
	if got := backoff(time.Second)(minWait, maxWait, 0, withRetryAfter("0")); got != 0 {
		t.Errorf("Retry-After: 0 waited %v", got)
	}
	if got := backoff(time.Second)(minWait, maxWait, 0, withRetryAfter("3600")); got != maxWait {
		t.Errorf("Retry-After: 3600 waited %v, want the cap %v", got, maxWait)
	}
	date := time.Now().Add(5 * time.Second).UTC().Format(http.TimeFormat)
	if got := backoff(time.Second)(minWait, maxWait, 0, withRetryAfter(date)); got <= 3*time.Second || got > 5*time.Second {
		t.Errorf("Retry-After: %s waited %v, want about 5s", date, got)
	}
	for attempt, ceiling := range map[int]time.Duration{0: minWait, 1: 2 * minWait, 3: 8 * minWait, 5: maxWait, 40: maxWait} {
		var lowest, highest time.Duration = maxWait, 0
		for range 2000 {
			for _, resp := range []*http.Response{nil, {StatusCode: http.StatusBadGateway, Header: http.Header{}}, withRetryAfter("later")} {
				got := backoff(time.Second)(minWait, maxWait, attempt, resp)
				lowest, highest = min(lowest, got), max(highest, got)
				if got < minWait/2 || got > ceiling {
					t.Fatalf("attempt %d waited %v, want within [%v, %v]", attempt, got, minWait/2, ceiling)
				}
			}
		}
		if attempt > 0 && highest-lowest < (ceiling-minWait/2)/2 {
			t.Errorf("attempt %d: waits from %v to %v, not jittered over [%v, %v]", attempt, lowest, highest, minWait/2, ceiling)
		}
	}
}
