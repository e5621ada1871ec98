package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// APIError is a non-2xx answer from the API.
type APIError struct {
	Method     string
	Path       string // path and query of the call (never the token, which travels in a header)
	StatusCode int
	Code       string // the body's "code", when it is JSON and has one
	Message    string // the body's "message", or a short excerpt of a non-JSON body
	Body       string // the raw body (JSON, HTML or anything else)
	RetryAfter string
}

func (e *APIError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.StatusCode)
	}
	return fmt.Sprintf("%s %s: HTTP %d: %s", e.Method, e.Path, e.StatusCode, msg)
}

func newAPIError(method, path string, resp *http.Response, raw []byte) *APIError {
	e := &APIError{Method: method, Path: path, StatusCode: resp.StatusCode, Body: string(raw), RetryAfter: resp.Header.Get("Retry-After")}
	var body struct {
		Message string `json:"message"`
		Code    string `json:"code"`
	}
	if json.Unmarshal(raw, &body) == nil && body.Message != "" {
		e.Message, e.Code = body.Message, body.Code
		return e
	}
	e.Message = excerpt(string(raw))
	return e
}

// excerpt collapses whitespace and shortens a non-JSON body (an HTML error page, say) for messages.
func excerpt(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// IsNotFound reports whether err is an API 404.
func IsNotFound(err error) bool { return hasStatus(err, http.StatusNotFound) }

// IsConflict reports whether err is an API 409 (for example an ifVersionMatch that no longer holds).
func IsConflict(err error) bool { return hasStatus(err, http.StatusConflict) }

// IsUnauthorized reports whether err is an API 401 or 403.
func IsUnauthorized(err error) bool {
	return hasStatus(err, http.StatusUnauthorized) || hasStatus(err, http.StatusForbidden)
}

func hasStatus(err error, status int) bool {
	var e *APIError
	return errors.As(err, &e) && e.StatusCode == status
}
