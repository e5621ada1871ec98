package client

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net"
	"net/http"
	"net/url"
	"strings"
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
// fn returns false. A link that leaves the base URL's host, or that comes round again, ends the
// listing with an error. There is no other bound: a listing with new links keeps going until the
// caller's context ends.
func eachPage[T any](ctx context.Context, c *Client, path string, query url.Values, fn func(*page[T]) bool) error {
	r := request{method: http.MethodGet, path: path, query: query, class: idempotent}
	first, err := c.url(r)
	if err != nil {
		return err
	}
	followed := map[string]bool{first: true}
	for pages, current := 1, first; ; pages++ {
		var p page[T]
		r.out = &p
		if err := c.do(ctx, r); err != nil {
			return err
		}
		if !fn(&p) || p.Links.Next == nil || p.Links.Next.Href == "" {
			return nil
		}
		link, err := c.nextLink(p.Links.Next.Href)
		if err != nil {
			return fmt.Errorf("GET %s: %w", redactedPath(current), err)
		}
		if followed[link] {
			return fmt.Errorf("GET %s: Ardoq returned the same next link twice in one listing (%q, after %d pages): following "+
				"it would fetch the same pages again without end, so the listing stopped. The fault is in the answers (Ardoq's, "+
				"or a proxy's in between); try again, and tell Ardoq support if it persists", redactedPath(current), p.Links.Next.Href, pages)
		}
		followed[link] = true
		r, current = request{method: http.MethodGet, link: link, class: idempotent}, link
	}
}

// nextLink resolves a next link, absolute or relative to the base URL, and refuses one on another
// scheme, host or port than the base URL's: every request carries the API token (FACTS.md §lists).
func (c *Client) nextLink(href string) (string, error) {
	u, err := c.base.Parse(href)
	if err != nil {
		return "", fmt.Errorf("the next link Ardoq gave, %q, is not a valid URL: %w", href, unwrapURLError(err))
	}
	if want := origin(c.base); origin(u) != want {
		return "", fmt.Errorf("the next link Ardoq gave, %q, is not on %s, the base URL's scheme, host and "+
			"port; the API token is sent only there, so the link was not followed. If Ardoq serves your org at that "+
			"address, set the base URL to it; if not, the link is wrong (a proxy or custom domain in between may rewrite links)", href, want)
	}
	return u.String(), nil
}

// origin is a URL's scheme://host:port, with the scheme's default port when it names none.
func origin(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[scheme]
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}
