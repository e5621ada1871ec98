package client

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
)

// Column is a report column: Label is the UI name, Key the immutable API name.
type Column struct {
	Label string `json:"label"`
	Key   string `json:"key"`
}

// Report is a report definition (ReportOverview).
type Report struct {
	ID          string   `json:"_id"`
	Version     int64    `json:"_version"`
	Meta        Meta     `json:"_meta"`
	Name        *string  `json:"name"`
	Description *string  `json:"description"`
	Datasource  string   `json:"datasource"`
	Columns     []Column `json:"columns"`
}

// ListReports returns every report definition (optionally with this exact name), all pages.
func (c *Client) ListReports(ctx context.Context, name string) ([]Report, error) {
	q := url.Values{}
	add(q, "name", name)
	all, _, err := listAll[Report](ctx, c, "/reports", q)
	return all, err
}

// GetReport reads one report definition.
func (c *Client) GetReport(ctx context.Context, id string) (*Report, error) {
	var out Report
	return &out, c.do(ctx, request{method: http.MethodGet, path: "/reports/" + url.PathEscape(id), class: idempotent, out: &out})
}

// ReportRun is the result of running a report: every row of every page, exactly as the API sent it.
type ReportRun struct {
	Name    *string
	Columns []Column
	Rows    []json.RawMessage
}

type reportMeta struct {
	Name    *string  `json:"name"`
	Columns []Column `json:"columns"`
}

// RunReportObjects runs a report; each row is an object keyed by column label ("label", the default
// when keyFormat is empty) or key ("key").
func (c *Client) RunReportObjects(ctx context.Context, id, keyFormat string) (*ReportRun, error) {
	q := url.Values{}
	add(q, "keyFormat", keyFormat)
	return c.runReport(ctx, "/reports/"+url.PathEscape(id)+"/run/objects", q)
}

// RunReportTabular runs a report; each row is an array aligned with Columns, null where a value is missing.
func (c *Client) RunReportTabular(ctx context.Context, id string) (*ReportRun, error) {
	return c.runReport(ctx, "/reports/"+url.PathEscape(id)+"/run/tabular", nil)
}

func (c *Client) runReport(ctx context.Context, path string, q url.Values) (*ReportRun, error) {
	rows, rawMeta, err := listAll[json.RawMessage](ctx, c, path, q)
	if err != nil {
		return nil, err
	}
	var meta reportMeta
	if len(rawMeta) > 0 {
		if err := json.Unmarshal(rawMeta, &meta); err != nil {
			return nil, err
		}
	}
	return &ReportRun{Name: meta.Name, Columns: meta.Columns, Rows: rows}, nil
}
