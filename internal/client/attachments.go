package client

import (
	"context"
	"net/http"
	"net/url"
)

// Attachment is a stored file.
type Attachment struct {
	ID       string  `json:"_id"`
	Version  float64 `json:"_version"`
	Meta     Meta    `json:"_meta"`
	Filename string  `json:"filename"`
	Folder   *string `json:"folder"`
	Resource struct {
		Type string `json:"resource-type"`
		ID   string `json:"resource-id"`
	} `json:"resource"`
}

// AttachmentFilter holds the list filters of GET /attachments.
type AttachmentFilter struct {
	Filename string
	Folder   string
}

// ListAttachments returns every attachment matching the filter, all pages.
func (c *Client) ListAttachments(ctx context.Context, f AttachmentFilter) ([]Attachment, error) {
	q := url.Values{}
	add(q, "filename", f.Filename)
	add(q, "folder", f.Folder)
	all, _, err := listAll[Attachment](ctx, c, "/attachments", q)
	return all, err
}

// GetAttachment reads one attachment.
func (c *Client) GetAttachment(ctx context.Context, id string) (*Attachment, error) {
	var out Attachment
	return &out, c.do(ctx, request{method: http.MethodGet, path: "/attachments/" + url.PathEscape(id), class: idempotent, out: &out})
}
