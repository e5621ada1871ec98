package client

import "time"

// RequestTimeout is how long one attempt of a request may take (Config.Timeout): callers that go on
// after their own caller stopped bound that work by it.
func (c *Client) RequestTimeout() time.Duration { return c.cfg.Timeout }
