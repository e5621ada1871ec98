package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// rawAPI sends single requests with the client's credentials and returns Ardoq's answer as it came: the
// checks that look at what the client hides (error bodies, links, headers, absent members) use it.
// Nothing is retried, so each answer is Ardoq's answer to exactly that request.
type rawAPI struct {
	base      string // without /api/v2
	token     string
	org       string
	userAgent string
	http      *http.Client
}

// answer is one raw response.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// header overrides one request header; an empty value leaves the header out.
type header struct{ name, value string }

// do sends method to path (under /api/v2, query included) or to an absolute URL, with body as JSON when
// it is not nil.
func (r *rawAPI) do(ctx context.Context, method, path string, body any, overrides ...header) (*answer, error) {
	target := path
	if !strings.HasPrefix(path, "http://") && !strings.HasPrefix(path, "https://") {
		target = r.base + "/api/v2" + path
	}
	var reader io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		reader = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, target, reader)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+r.token)
	if r.org != "" {
		req.Header.Set("X-org", r.org)
	}
	req.Header.Set("User-Agent", r.userAgent)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, h := range overrides {
		switch {
		case h.name == "User-Agent" && h.value == "":
			req.Header.Set(h.name, "") // net/http sends no User-Agent only when it is set empty
		case h.value == "":
			req.Header.Del(h.name)
		default:
			req.Header.Set(h.name, h.value)
		}
	}
	resp, err := r.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return nil, err
	}
	return &answer{status: resp.StatusCode, header: resp.Header, body: b}, nil
}

// getJSON is a GET that must answer 200 with a JSON object.
func (r *rawAPI) getJSON(ctx context.Context, path string) (map[string]any, *answer, error) {
	a, err := r.do(ctx, http.MethodGet, path, nil)
	if err != nil {
		return nil, nil, err
	}
	if a.status != http.StatusOK {
		return nil, a, fmt.Errorf("GET %s: HTTP %d: %s", path, a.status, excerpt(a.body))
	}
	obj, err := a.object()
	if err != nil {
		return nil, a, fmt.Errorf("GET %s: %w", path, err)
	}
	return obj, a, nil
}

// object decodes the body as a JSON object, numbers as json.Number.
func (a *answer) object() (map[string]any, error) {
	var obj map[string]any
	dec := json.NewDecoder(bytes.NewReader(a.body))
	dec.UseNumber()
	if err := dec.Decode(&obj); err != nil || obj == nil {
		return nil, fmt.Errorf("the body is not a JSON object: %s", excerpt(a.body))
	}
	return obj, nil
}

// String is the answer as the table shows it: status and an excerpt of the body.
func (a *answer) String() string { return fmt.Sprintf("HTTP %d %s", a.status, excerpt(a.body)) }

func excerpt(b []byte) string {
	s := strings.Join(strings.Fields(string(b)), " ")
	if len(s) > 160 {
		s = s[:160] + "..."
	}
	return s
}

func newRawAPI(base, token, org, userAgent string) *rawAPI {
	return &rawAPI{base: strings.TrimRight(base, "/"), token: token, org: org, userAgent: userAgent,
		http: &http.Client{Timeout: 60 * time.Second}}
}
