package client

import (
	"context"
	"encoding/json"
	"errors"
	"iter"
	"net/http"
	"net/url"
)

// page is the list envelope of every paginated operation.
type page[T any] struct {
	Values []T             `json:"values"`
	Links  links           `json:"_links"`
	Meta   json.RawMessage `json:"_meta"`
}

type links struct {
	Next *struct {
		Href string `json:"href"`
	} `json:"next"`
}

// listAll follows _links.next.href (absolute or relative) until the last page and returns every value,
// with the _meta of the first page.
func listAll[T any](ctx context.Context, c *Client, path string, query url.Values) ([]T, json.RawMessage, error) {
	all := []T{}
	var meta json.RawMessage
	first := true
	err := eachPage(ctx, c, path, query, func(p *page[T]) bool {
		if first {
			meta, first = p.Meta, false
		}
		all = append(all, p.Values...)
		return true
	})
	if err != nil {
		return nil, nil, err
	}
	return all, meta, nil
}

// Page is one page of a listing: its values, and whether it is the last.
type Page[T any] struct {
	Values []T
	Last   bool
}

// pages yields each page in turn; an error is the sequence's last element. Stopping early saves the
// requests for the pages not yet fetched.
func pages[T any](ctx context.Context, c *Client, path string, query url.Values) iter.Seq2[Page[T], error] {
	return func(yield func(Page[T], error) bool) {
		stopped := false
		err := eachPage(ctx, c, path, query, func(p *page[T]) bool {
			stopped = !yield(Page[T]{Values: p.Values, Last: p.Links.Next == nil || p.Links.Next.Href == ""}, nil)
			return !stopped
		})
		if err != nil && !stopped {
			yield(Page[T]{}, err)
		}
	}
}

// eachPage follows _links.next.href (absolute or relative) from the first page to the last, or until
// fn returns false.
func eachPage[T any](ctx context.Context, c *Client, path string, query url.Values, fn func(*page[T]) bool) error {
	next, q := path, query
	for pages := 0; next != ""; pages++ {
		var p page[T]
		if err := c.do(ctx, request{method: http.MethodGet, path: next, class: idempotent, query: q, out: &p}); err != nil {
			return err
		}
		if !fn(&p) {
			return nil
		}
		next, q = "", nil
		if p.Links.Next != nil && p.Links.Next.Href != "" {
			next = p.Links.Next.Href
		}
		if pages > 1_000_000 {
			return errors.New("listing did not end after a million pages")
		}
	}
	return nil
}
