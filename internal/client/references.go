package client

import (
	"context"
	"iter"
	"net/http"
	"net/url"
	"strconv"
)

// Reference is an edge from a source component to a target component.
type Reference struct {
	ID              string       `json:"_id"`
	Version         int64        `json:"_version"`
	Meta            Meta         `json:"_meta"`
	Source          string       `json:"source"`
	Target          string       `json:"target"`
	Type            int64        `json:"type"`
	RootWorkspace   string       `json:"rootWorkspace"`
	TargetWorkspace string       `json:"targetWorkspace"`
	DisplayText     *string      `json:"displayText"`
	Description     *string      `json:"description"`
	CustomFields    CustomFields `json:"customFields"`
}

// ReferenceCreate is the body of POST /references (and of batch reference creates and upserts).
type ReferenceCreate struct {
	Source       string       `json:"source"`
	Target       string       `json:"target"`
	Type         int64        `json:"type"`
	DisplayText  *string      `json:"displayText,omitempty"`
	Description  *string      `json:"description,omitempty"`
	CustomFields CustomFields `json:"customFields,omitempty"`
}

// ReferenceUpdate is the body of PATCH /references/{id}. The document does not allow a null
// displayText in requests: clear it with Set("").
type ReferenceUpdate struct {
	Source       Optional[string] `json:"source,omitzero"`
	Target       Optional[string] `json:"target,omitzero"`
	DisplayText  Optional[string] `json:"displayText,omitzero"`
	Description  Optional[string] `json:"description,omitzero"`
	CustomFields CustomFields     `json:"customFields,omitempty"`
}

// ReferenceFilter holds the list filters of GET /references; zero fields are not sent.
type ReferenceFilter struct {
	DisplayText     string
	RootWorkspace   string
	Source          string
	TargetWorkspace string
	Target          string
	Type            *int64
	CustomFields    map[string]string
}

func (f ReferenceFilter) query() url.Values {
	q := url.Values{}
	add(q, "displayText", f.DisplayText)
	add(q, "rootWorkspace", f.RootWorkspace)
	add(q, "source", f.Source)
	add(q, "targetWorkspace", f.TargetWorkspace)
	add(q, "target", f.Target)
	if f.Type != nil {
		q.Set("type", strconv.FormatInt(*f.Type, 10))
	}
	addCustomFields(q, f.CustomFields)
	return q
}

// ListReferences returns every reference matching the filter, all pages.
func (c *Client) ListReferences(ctx context.Context, f ReferenceFilter) ([]Reference, error) {
	all, _, err := listAll[Reference](ctx, c, "/references", f.query())
	return all, err
}

// GetReference reads one reference.
func (c *Client) GetReference(ctx context.Context, id string) (*Reference, error) {
	var out Reference
	return &out, c.do(ctx, request{method: http.MethodGet, path: "/references/" + url.PathEscape(id), class: idempotent, out: &out})
}

// CreateReference creates a reference and returns it as stored.
func (c *Client) CreateReference(ctx context.Context, in ReferenceCreate) (*Reference, error) {
	var out Reference
	return &out, c.do(ctx, request{method: http.MethodPost, path: "/references", body: in, class: unsafe, out: &out})
}

// UpdateReference patches a reference if its stored version matches ifVersionMatch.
func (c *Client) UpdateReference(ctx context.Context, id, ifVersionMatch string, in ReferenceUpdate) (*Reference, error) {
	var out Reference
	return &out, c.do(ctx, request{method: http.MethodPatch, path: "/references/" + url.PathEscape(id),
		query: url.Values{"ifVersionMatch": {ifVersionMatch}}, body: in, class: updateClass(ifVersionMatch), out: &out})
}

// DeleteReference deletes a reference.
func (c *Client) DeleteReference(ctx context.Context, id string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: "/references/" + url.PathEscape(id), class: idempotent})
}

// ReferencePages yields the references matching the filter a page at a time, so a caller can stop early.
func (c *Client) ReferencePages(ctx context.Context, f ReferenceFilter) iter.Seq2[Page[Reference], error] {
	return pages[Reference](ctx, c, "/references", f.query())
}
