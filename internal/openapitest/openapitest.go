// Package openapitest checks HTTP exchanges against Ardoq's OpenAPI document (a copy of
// ../shared/api/openapi.json): every request a test sends and every success response the emulator
// answers must match it. It serves the emulator, client and provider tests.
package openapitest

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

//go:embed openapi.json
var spec []byte

var (
	loadOnce sync.Once
	router   routers.Router
	loadErr  error
)

func load() (routers.Router, error) {
	loadOnce.Do(func() {
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromData(spec)
		if err != nil {
			loadErr = err
			return
		}
		// The document's server is https://app.ardoq.com/api/v2; match on the path prefix only.
		doc.Servers = openapi3.Servers{{URL: "/api/v2"}}
		allowDocumentedNulls(doc)
		router, loadErr = gorillamux.NewRouter(doc)
	})
	return router, loadErr
}

// Start serves an emulator whose every exchange is checked against the OpenAPI document: every request
// must match it (for client and provider tests, which never mean to send a bad request).
func Start(t testing.TB, opts ...emulator.Option) *emulator.TestServer {
	t.Helper()
	return emulator.StartWith(t, func(h http.Handler) http.Handler { return Check(t, h, true) }, opts...)
}

// StartServerCheck is Start for tests that send invalid requests on purpose (the emulator's own): a
// request that departs from the document only fails the test if the emulator accepted it.
func StartServerCheck(t testing.TB, opts ...emulator.Option) *emulator.TestServer {
	t.Helper()
	return emulator.StartWith(t, func(h http.Handler) http.Handler { return Check(t, h, false) }, opts...)
}

// Check wraps h: a request that does not match the document (always when strict, otherwise only if h
// answered it with a success), or a 2xx response that does not, fails t. Error responses, which the
// document does not describe, and answers an emulator fault made up or cut short are left to the tests.
func Check(t testing.TB, h http.Handler, strict bool) http.Handler {
	rt, err := load()
	if err != nil {
		t.Fatalf("openapi document: %v", err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		in, problem := validateRequest(rt, r, body)
		rec := &recorder{ResponseRecorder: httptest.NewRecorder(), w: w}
		h.ServeHTTP(rec, r)
		if problem != "" && (strict || rec.Code < 300 && !rec.hijacked) {
			t.Errorf("request does not match openapi.json: %s %s (answered %d): %s", r.Method, r.URL.Path, rec.Code, problem)
		}
		if rec.hijacked { // the emulator reset the connection or cut the answer short on purpose
			return
		}
		// Nothing to check once the caller left, nor in an answer an emulator fault made up.
		if in != nil && rec.Code < 300 && r.Context().Err() == nil && rec.Header().Get(emulator.FaultHeader) == "" {
			if err := openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
				RequestValidationInput: in, Status: rec.Code, Header: rec.Header(),
				Body:    io.NopCloser(bytes.NewReader(rec.Body.Bytes())),
				Options: &openapi3filter.Options{IncludeResponseStatus: true},
			}); err != nil {
				t.Errorf("response does not match openapi.json: %s %s -> %d: %v", r.Method, r.URL.Path, rec.Code, err)
			}
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	})
}

// recorder buffers an answer for checking, and hands the real connection to a handler that takes it
// over (an emulator fault that resets the connection or truncates the answer).
type recorder struct {
	*httptest.ResponseRecorder
	w        http.ResponseWriter
	hijacked bool
}

func (r *recorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	r.hijacked = true
	return http.NewResponseController(r.w).Hijack()
}

// ValidateRequest reports how a request (with its body) departs from the document, or "" if it matches.
func ValidateRequest(r *http.Request, body []byte) string {
	rt, err := load()
	if err != nil {
		return err.Error()
	}
	_, problem := validateRequest(rt, r, body)
	return problem
}

func validateRequest(rt routers.Router, r *http.Request, body []byte) (*openapi3filter.RequestValidationInput, string) {
	// Route on a copy whose query has no cursor: paging cursors come from the server's own next links.
	u := *r.URL
	q := u.Query()
	q.Del("cursor")
	var customFields []string
	for k := range q {
		if strings.HasPrefix(k, "customFields.") {
			customFields = append(customFields, k)
		}
	}
	for _, k := range customFields { // documented in prose only, not as parameters
		q.Del(k)
	}
	u.RawQuery = q.Encode()
	rr := r.Clone(context.Background())
	rr.URL = &u
	rr.Body = io.NopCloser(bytes.NewReader(body))
	route, params, err := rt.FindRoute(rr)
	if err != nil {
		return nil, "no such operation: " + err.Error()
	}
	in := &openapi3filter.RequestValidationInput{Request: rr, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
		return in, err.Error()
	}
	rr.Body = io.NopCloser(bytes.NewReader(body))
	return in, ""
}

// Query is a helper for tests that build URLs.
func Query(kv ...string) string {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Add(kv[i], kv[i+1])
	}
	return v.Encode()
}

// allowDocumentedNulls marks the untyped "Value" schemas (custom field values, report cells) and a
// field's "Default Value" nullable.
// OpenAPI 3.0 forbids null unless a schema says nullable, but Ardoq documents null in exactly these
// places: a missing tabular report cell is null, and null in a PATCH's customFields clears a field
// (FACTS.md sections 7 and 9); the workspace context example shows "defaultValue": null (section 4).
func allowDocumentedNulls(doc *openapi3.T) {
	seen := map[*openapi3.Schema]bool{}
	var walk func(ref *openapi3.SchemaRef)
	walk = func(ref *openapi3.SchemaRef) {
		if ref == nil || ref.Value == nil || seen[ref.Value] {
			return
		}
		s := ref.Value
		seen[s] = true
		if (s.Title == "Value" || s.Title == "Default Value") && (s.Type == nil || len(*s.Type) == 0) {
			s.Nullable = true
		}
		for _, p := range s.Properties {
			walk(p)
		}
		walk(s.Items)
		if s.AdditionalProperties.Schema != nil {
			walk(s.AdditionalProperties.Schema)
		}
		for _, group := range [][]*openapi3.SchemaRef{s.AllOf, s.AnyOf, s.OneOf} {
			for _, x := range group {
				walk(x)
			}
		}
	}
	for _, ref := range doc.Components.Schemas {
		walk(ref)
	}
}
