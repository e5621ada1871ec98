package client

import (
	"context"
	"net/http"
)

// UserInfo is the answer of GET /me.
type UserInfo struct {
	User struct {
		Email string `json:"email"`
	} `json:"user"`
	Org struct {
		Name  string `json:"name"`
		Label string `json:"label"`
	} `json:"org"`
}

// Me returns the caller and its org: the connectivity check.
func (c *Client) Me(ctx context.Context) (*UserInfo, error) {
	var out UserInfo
	return &out, c.do(ctx, request{method: http.MethodGet, path: "/me", class: idempotent, out: &out})
}
