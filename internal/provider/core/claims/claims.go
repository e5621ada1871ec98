// Package claims is what one provider process knows for certain about the entities its resources own:
// the ids they read or created in this run, and whose token the run uses. The lost-answer and
// already-made searches (core/recovery) skip what a resource of this run owns.
package claims

import (
	"context"
	"sync"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Claims is the ids a provider process's resources read (false) or created (true), and the e-mail of
// its token's user once read.
type Claims struct {
	client *client.Client

	meMu    sync.Mutex
	me      string
	meKnown bool

	mu   sync.Mutex
	made map[string]bool
}

// New returns the claims of a provider process talking to Ardoq through c.
func New(c *client.Client) *Claims {
	return &Claims{client: c, made: map[string]bool{}}
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

// Read remembers an id that a resource of this run read, so that no lost-answer search (or
// core/recovery's already-made search) takes it for its own.
func (c *Claims) Read(id string) { c.remember(id, false) }

// Created remembers an id that a create of this run made: the searches skip it too, and nothing an
// earlier run made can hang from it.
func (c *Claims) Created(id string) { c.remember(id, true) }

func (c *Claims) remember(id string, created bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.made[id] = c.made[id] || created
}

// Owned reports whether a resource of this run read or created id.
func (c *Claims) Owned(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.made[id]
	return ok
}

// CreatedHere reports whether a create of this run (this provider process) made id.
func (c *Claims) CreatedHere(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.made[id]
}
