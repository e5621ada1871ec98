package client

import (
	"context"
	"net/http"
	"net/url"
)

// Workspace is a container of components and references (read-only in v2).
type Workspace struct {
	ID           string   `json:"_id"`
	Version      int64    `json:"_version"`
	Meta         Meta     `json:"_meta"`
	Name         string   `json:"name"`
	Description  *string  `json:"description"`
	StartView    *string  `json:"startView"`
	Views        []string `json:"views"`
	WorkspaceKey string   `json:"workspaceKey"`
	// ComponentModel is the id of the workspace's model: not in Ardoq's OpenAPI document, which knows it
	// only as a list filter; empty when an answer leaves it out.
	ComponentModel string `json:"componentModel,omitempty"`
}

// WorkspaceFilter holds the list filters of GET /workspaces.
type WorkspaceFilter struct {
	Name           string
	ComponentModel string
}

// ListWorkspaces returns every workspace matching the filter, all pages.
func (c *Client) ListWorkspaces(ctx context.Context, f WorkspaceFilter) ([]Workspace, error) {
	q := url.Values{}
	add(q, "name", f.Name)
	add(q, "componentModel", f.ComponentModel)
	all, _, err := listAll[Workspace](ctx, c, "/workspaces", q)
	return all, err
}

// GetWorkspace reads one workspace.
func (c *Client) GetWorkspace(ctx context.Context, id string) (*Workspace, error) {
	var out Workspace
	return &out, c.do(ctx, request{method: http.MethodGet, path: "/workspaces/" + url.PathEscape(id), class: idempotent, out: &out})
}
