// Package claims is what one provider process knows for certain about the entities its own writes touched:
// the ids its creates made (Ardoq answered), its updates were sent for, or its lost-answer searches took
// for a create's (core/recovery, ardoq_batch's lost_answer.go), and whose token the process uses. No lost-answer search takes what
// another write of the process made or another search already took; the already-made search leaves out
// what the process's writes made, which the plan walk, writing nothing, could not see.
package claims

import (
	"context"
	"sync"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Claims is the ids a provider process's creates made (true) or its lost-answer searches took (false),
// and the e-mail of its token's user once read.
type Claims struct {
	client *client.Client

	meMu    sync.Mutex
	me      string
	meKnown bool

	mu    sync.Mutex
	taken map[string]bool
}

// New returns the claims of a provider process talking to Ardoq through c.
func New(c *client.Client) *Claims {
	return &Claims{client: c, taken: map[string]bool{}}
}

// CallerEmail is the e-mail of the token's user, read once per provider process (GET /me). A failed read
// is not kept.
func (c *Claims) CallerEmail(ctx context.Context) (string, error) {
	c.meMu.Lock()
	defer c.meMu.Unlock()
	if !c.meKnown {
		info, err := c.client.Me(ctx)
		if err != nil {
			return "", err
		}
		c.me, c.meKnown = info.User.Email, true
	}
	return c.me, nil
}

// Made records an id that a create of this process made, as Ardoq's answer said.
func (c *Claims) Made(id string) { c.take(id, true) }

// Changed records an id an update of this process was sent for: an update may rename an entity into what
// a later search looks for, which the plan walk, writing nothing, could not see. It is not MadeHere.
func (c *Claims) Changed(id string) { c.take(id, false) }

// Recovered records an id that a lost-answer search of this process took for what its create made. It
// may be what an earlier run made moments before, so it is not MadeHere.
func (c *Claims) Recovered(id string) { c.take(id, false) }

func (c *Claims) take(id string, made bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.taken[id] = c.taken[id] || made
}

// Taken reports whether a create of this process made id, an update of it was sent for id, or a
// lost-answer search of it took id.
func (c *Claims) Taken(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.taken[id]
	return ok
}

// MadeHere reports whether a create of this process made id, as Ardoq's answer said: nothing an earlier
// run made can hang from it.
func (c *Claims) MadeHere(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.taken[id]
}
