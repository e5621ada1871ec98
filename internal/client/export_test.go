package client

import (
	"testing"
	"time"
)

// ShortenSecond makes a second of Retry-After and rate-limit headers, and of the pacer's windows, last d
// until the test ends, so that the tests of rate limits and retries wait no real seconds. Not for
// parallel tests.
func ShortenSecond(t testing.TB, d time.Duration) {
	saved := second
	second = d
	t.Cleanup(func() { second = saved })
}
