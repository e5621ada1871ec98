package client

import (
	"context"
	"iter"
	"net/http"
	"net/url"
	"strconv"
)

// Component is a node of the model.
type Component struct {
	ID            string       `json:"_id"`
	Version       int64        `json:"_version"`
	Meta          Meta         `json:"_meta"`
	Name          string       `json:"name"`
	RootWorkspace string       `json:"rootWorkspace"`
	TypeID        string       `json:"typeId"`
	Type          string       `json:"type"`
	ComponentKey  string       `json:"componentKey"`
	Parent        *string      `json:"parent"`
	Description   *string      `json:"description"`
	Color         *string      `json:"color"`
	Shape         *string      `json:"shape"`
	Icon          *string      `json:"icon"`
	Image         *string      `json:"image"`
	CustomFields  CustomFields `json:"customFields"`
}

// ComponentCreate is the body of POST /components (and of batch component creates and upserts, where
// Parent may also be a batchId or an alias).
type ComponentCreate struct {
	Name          string       `json:"name"`
	RootWorkspace string       `json:"rootWorkspace"`
	TypeID        string       `json:"typeId"`
	Parent        *string      `json:"parent,omitempty"`
	Description   *string      `json:"description,omitempty"`
	Color         *string      `json:"color,omitempty"`
	Shape         *string      `json:"shape,omitempty"`
	Icon          *string      `json:"icon,omitempty"`
	Image         *string      `json:"image,omitempty"`
	CustomFields  CustomFields `json:"customFields,omitempty"`
}

// ComponentUpdate is the body of PATCH /components/{id}: unset fields are left unchanged, Null clears.
// A nil value in CustomFields clears that field; keys not present are left unchanged (FACTS.md §updates).
type ComponentUpdate struct {
	Name         Optional[string] `json:"name,omitzero"`
	Parent       Optional[string] `json:"parent,omitzero"`
	Description  Optional[string] `json:"description,omitzero"`
	Color        Optional[string] `json:"color,omitzero"`
	Shape        Optional[string] `json:"shape,omitzero"`
	Icon         Optional[string] `json:"icon,omitzero"`
	Image        Optional[string] `json:"image,omitzero"`
	CustomFields CustomFields     `json:"customFields,omitempty"`
}

// ComponentFilter holds the list filters of GET /components; empty fields are not sent.
type ComponentFilter struct {
	Name          string
	RootWorkspace string
	Parent        string
	ComponentKey  string
	TypeID        string
	CustomFields  map[string]string // apiKey -> value, interpreted by the field's type
}

func (f ComponentFilter) query() url.Values {
	q := url.Values{}
	add(q, "name", f.Name)
	add(q, "rootWorkspace", f.RootWorkspace)
	add(q, "parent", f.Parent)
	add(q, "componentKey", f.ComponentKey)
	add(q, "typeId", f.TypeID)
	addCustomFields(q, f.CustomFields)
	return q
}

func add(q url.Values, key, value string) {
	if value != "" {
		q.Set(key, value)
	}
}

func addCustomFields(q url.Values, fields map[string]string) {
	for k, v := range fields {
		q.Set("customFields."+k, v)
	}
}

// IfVersion is the ifVersionMatch of an update: the version the caller believes is stored.
func IfVersion(v int64) string { return strconv.FormatInt(v, 10) }

// Latest is the ifVersionMatch that applies an update whatever the stored version.
const Latest = "latest"

func updateClass(ifVersionMatch string) retryClass {
	if ifVersionMatch == Latest {
		return unsafe
	}
	return idempotent
}

// ListComponents returns every component matching the filter, all pages.
func (c *Client) ListComponents(ctx context.Context, f ComponentFilter) ([]Component, error) {
	all, _, err := listAll[Component](ctx, c, "/components", f.query())
	return all, err
}

// GetComponent reads one component.
func (c *Client) GetComponent(ctx context.Context, id string) (*Component, error) {
	var out Component
	return &out, c.do(ctx, request{method: http.MethodGet, path: "/components/" + url.PathEscape(id), class: idempotent, out: &out})
}

// CreateComponent creates a component and returns it as stored.
func (c *Client) CreateComponent(ctx context.Context, in ComponentCreate) (*Component, error) {
	var out Component
	return &out, c.do(ctx, request{method: http.MethodPost, path: "/components", body: in, class: unsafe, out: &out})
}

// UpdateComponent patches a component if its stored version matches ifVersionMatch (IfVersion(n) or
// Latest) and returns it as stored. A mismatch is an *APIError for which IsConflict is true.
func (c *Client) UpdateComponent(ctx context.Context, id, ifVersionMatch string, in ComponentUpdate) (*Component, error) {
	var out Component
	return &out, c.do(ctx, request{method: http.MethodPatch, path: "/components/" + url.PathEscape(id),
		query: url.Values{"ifVersionMatch": {ifVersionMatch}}, body: in, class: updateClass(ifVersionMatch), out: &out})
}

// DeleteComponent deletes a component with its descendants and their references.
func (c *Client) DeleteComponent(ctx context.Context, id string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: "/components/" + url.PathEscape(id), class: idempotent})
}

// ComponentPages yields the components matching the filter a page at a time, so a caller can stop early.
func (c *Client) ComponentPages(ctx context.Context, f ComponentFilter) iter.Seq2[Page[Component], error] {
	return pages[Component](ctx, c, "/components", f.query())
}
