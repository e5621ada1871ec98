// Package openapitest checks HTTP exchanges against Ardoq's OpenAPI document: every request a test sends
// and every success response the emulator answers must match it. It serves the emulator to the emulator,
// client and provider tests (Start, StartServerCheck).
//
// openapi.json is Ardoq's "Ardoq Public API" document, info.version 2026-07-13-df7c4c4b, published at
// https://developer.ardoq.com/api/v2/openapi.json; the copy is the one vendored, with the corrections
// listed in its sanitations.md, by github.com/ballerina-platform/module-ballerinax-ardoq (docs/spec).
// internal/emulator/README.md says how it is used and how to update it.
package openapitest

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
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
	if name, ok := undeclaredParameter(route, q); ok {
		return in, "query parameter " + strconv.Quote(name) + " is not declared by the operation (a misspelt filter?)"
	}
	rr.Body = io.NopCloser(bytes.NewReader(body))
	return in, ""
}

// undeclaredParameter returns a query parameter the operation does not declare, if any. kin-openapi lets
// them through, and so do Ardoq and the emulator (a list ignores a parameter it does not know), so this
// check is what catches a misspelt filter in the provider's requests: it would silently match everything.
func undeclaredParameter(route *routers.Route, q url.Values) (string, bool) {
	declared := map[string]bool{}
	var all []openapi3.Parameters
	if route.PathItem != nil {
		all = append(all, route.PathItem.Parameters)
	}
	if route.Operation != nil {
		all = append(all, route.Operation.Parameters)
	}
	for _, params := range all {
		for _, p := range params {
			if p.Value != nil && p.Value.In == openapi3.ParameterInQuery {
				declared[p.Value.Name] = true
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(q)) {
		if !declared[name] {
			return name, true
		}
	}
	return "", false
}

// allowDocumentedNulls marks the untyped "Value" schemas (custom field values, report cells) and a
// field's "Default Value" nullable.
// OpenAPI 3.0 forbids null unless a schema says nullable, but Ardoq documents null in exactly these
// places: a missing tabular report cell is null, and null in a PATCH's customFields clears a field
// (Ardoq's API docs, as internal/emulator/README.md records); the workspace context example shows
// "defaultValue": null.
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
