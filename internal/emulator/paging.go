package emulator

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

type page struct {
	Values any            `json:"values"`
	Links  map[string]any `json:"_links"`
	Meta   any            `json:"_meta"`
}

// pageBounds returns the slice [start,end) of n sorted items a request's cursor selects, and the cursor
// of the next page ("" on the last page). Cursors are opaque (base64). With key, a cursor is the key of
// the last item served and the next page starts after it, so entities created or deleted between two
// page requests never make a listing skip or repeat others; without key it is a position.
func (s *Server) pageBounds(r *http.Request, n int, key func(int) string) (start, end int, next string, err error) {
	if c := r.URL.Query().Get("cursor"); c != "" {
		raw, decErr := base64.RawURLEncoding.DecodeString(c)
		if decErr != nil {
			return 0, 0, "", badRequest("cursor %q is not valid; follow _links.next.href as returned", c)
		}
		if after, isKey := strings.CutPrefix(string(raw), "after:"); isKey && key != nil {
			start = sort.Search(n, func(i int) bool { return key(i) > after })
		} else if pos, convErr := strconv.Atoi(strings.TrimPrefix(string(raw), "at:")); convErr == nil && pos >= 0 && key == nil {
			start = pos
		} else {
			return 0, 0, "", badRequest("cursor %q is not valid; follow _links.next.href as returned", c)
		}
	}
	start = min(start, n)
	end = min(start+s.opts.pageSize, n)
	if end < n {
		cursor := "at:" + strconv.Itoa(end)
		if key != nil {
			cursor = "after:" + key(end-1)
		}
		next = base64.RawURLEncoding.EncodeToString([]byte(cursor))
	}
	return start, end, next, nil
}

// writePage answers a list request with the page of items the cursor selects. Items are sorted by key
// when key is given (entity lists, by id); report rows page by position.
func writePage[T any](s *Server, w http.ResponseWriter, r *http.Request, items []T, meta any, key func(T) string) {
	var keyAt func(int) string
	if key != nil {
		keyAt = func(i int) string { return key(items[i]) }
	}
	start, end, next, err := s.pageBounds(r, len(items), keyAt)
	if err != nil {
		writeError(w, err)
		return
	}
	if meta == nil {
		meta = map[string]any{}
	}
	values := items[start:end]
	if values == nil {
		values = []T{}
	}
	writeJSON(w, http.StatusOK, page{Values: values, Links: nextLink(r, next), Meta: meta})
}

// nextLink builds the absolute URL of the next page: the same path and filters plus the cursor, at the
// address the client used. Behind a TLS-terminating proxy that is the proxy's (X-Forwarded-Proto and
// -Host), since the provider follows a next link only on the scheme, host and port it was given.
func nextLink(r *http.Request, cursor string) map[string]any {
	if cursor == "" {
		return map[string]any{}
	}
	scheme, host := "http", r.Host
	if r.TLS != nil {
		scheme = "https"
	}
	if proto := r.Header.Get("X-Forwarded-Proto"); proto == "http" || proto == "https" {
		scheme = proto
	}
	if forwarded := r.Header.Get("X-Forwarded-Host"); forwarded != "" {
		host = forwarded
	}
	q := r.URL.Query()
	q.Set("cursor", cursor)
	u := url.URL{Scheme: scheme, Host: host, Path: r.URL.Path, RawQuery: q.Encode()}
	return map[string]any{"next": map[string]any{"href": u.String()}}
}
