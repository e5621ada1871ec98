package client

import (
	"context"
	"net/http"
	"net/url"
)

// WorkspaceContext is what is needed to write entities into a workspace.
type WorkspaceContext struct {
	RootWorkspace  string          `json:"rootWorkspace"`
	ComponentTypes []ComponentType `json:"componentTypes"`
	ReferenceTypes []ReferenceType `json:"referenceTypes"`
	CustomFields   []Field         `json:"customFields"`
	Tags           []Tag           `json:"tags"`
}

// ComponentType is a component type of the workspace's model.
type ComponentType struct {
	TypeID       string      `json:"typeId"`
	Name         string      `json:"name"`
	CustomFields []string    `json:"customFields"`
	Color        *string     `json:"color"`
	Shape        *string     `json:"shape"`
	Icon         *string     `json:"icon"`
	Image        *string     `json:"image"`
	Parent       *TypeParent `json:"parent"`
}

// TypeParent is the parent of a component type.
type TypeParent struct {
	TypeID string `json:"typeId"`
	Name   string `json:"name"`
}

// ReferenceType is a reference type of the workspace's model.
type ReferenceType struct {
	Type         int64    `json:"type"`
	Name         string   `json:"name"`
	CustomFields []string `json:"customFields"`
}

// Field is a custom field definition.
type Field struct {
	APIKey       string   `json:"apiKey"`
	Label        string   `json:"label"`
	Type         string   `json:"type"`
	Description  *string  `json:"description"`
	DefaultValue any      `json:"defaultValue"`
	ReadOnly     bool     `json:"readOnly"`
	Calculated   bool     `json:"calculated"`
	Options      []string `json:"options"`
}

// Tag is a workspace tag.
type Tag struct {
	Name string `json:"name"`
}

// GetWorkspaceContext reads a workspace's types, fields and tags.
func (c *Client) GetWorkspaceContext(ctx context.Context, id string) (*WorkspaceContext, error) {
	var out WorkspaceContext
	return &out, c.do(ctx, request{method: http.MethodGet, path: "/workspaces/" + url.PathEscape(id) + "/context", class: idempotent, out: &out})
}
