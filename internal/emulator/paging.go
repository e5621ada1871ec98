package emulator

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"strconv"
)

type page struct {
	Values any            `json:"values"`
	Links  map[string]any `json:"_links"`
	Meta   any            `json:"_meta"`
}

// pageBounds returns the slice [start,end) of n sorted items a request's cursor selects, and the cursor
// of the next page ("" on the last page). Cursors are opaque: base64 of the position.
func (s *Server) pageBounds(r *http.Request, n int) (start, end int, next string, err error) {
	if c := r.URL.Query().Get("cursor"); c != "" {
		raw, decErr := base64.RawURLEncoding.DecodeString(c)
		pos, convErr := strconv.Atoi(string(raw))
		if decErr != nil || convErr != nil || pos < 0 {
			return 0, 0, "", badRequest("cursor %q is not valid; follow _links.next.href as returned", c)
		}
		start = pos
	}
	start = min(start, n)
	end = min(start+s.opts.pageSize, n)
	if end < n {
		next = base64.RawURLEncoding.EncodeToString([]byte(strconv.Itoa(end)))
	}
	return start, end, next, nil
}

// writePage answers a list request with the page of items the cursor selects.
func writePage[T any](s *Server, w http.ResponseWriter, r *http.Request, items []T, meta any) {
	start, end, next, err := s.pageBounds(r, len(items))
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

// nextLink builds the absolute URL of the next page: the same path and filters plus the cursor.
func nextLink(r *http.Request, cursor string) map[string]any {
	if cursor == "" {
		return map[string]any{}
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	q := r.URL.Query()
	q.Set("cursor", cursor)
	u := url.URL{Scheme: scheme, Host: r.Host, Path: r.URL.Path, RawQuery: q.Encode()}
	return map[string]any{"next": map[string]any{"href": u.String()}}
}
