package client

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"net"
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

// IsForbidden reports whether err is an API 403: the token is valid but not for this (the org, say).
func IsForbidden(err error) bool { return hasStatus(err, http.StatusForbidden) }

func hasStatus(err error, status int) bool {
	var e *APIError
	return errors.As(err, &e) && e.StatusCode == status
}

// AmbiguousError is a failed write that Ardoq may or may not have applied: the request was sent, and
// no answer says what became of it. That is a connection that failed or timed out after the request
// was written, a 5xx other than a 503 with Retry-After, or a 2xx whose body could not be read or decoded
// (Ardoq reported success, but what it made is unknown), in the last attempt or in an earlier one that
// was retried. The caller must find out what happened before it reports or retries: look for what a
// create may have made, read back what an update or a delete touched. Reads are never ambiguous.
//
// errors.As and errors.Is see through it to Err, so an *APIError (a 5xx, or the 409 or 404 a retry got
// after an earlier attempt was applied) is still found and IsNotFound and IsConflict still answer.
type AmbiguousError struct {
	Method  string
	Path    string
	Status  int    // the status of the last answer; 0 when none arrived
	Earlier string // set when it is an earlier, retried attempt that may have been applied: what ended it ("HTTP 502")
	Err     error  // the last attempt's failure
}

func (e *AmbiguousError) Error() string {
	switch {
	case e.Status >= 200 && e.Status < 300:
		return fmt.Sprintf("%v; Ardoq reported success (HTTP %d), so it most likely applied the request, but its answer was lost", e.Err, e.Status)
	case e.Earlier != "":
		return fmt.Sprintf("%v; an earlier attempt of this request was sent and ended with %s, so Ardoq may or may not have "+
			"applied it, and this answer may be the result of that attempt", e.Err, e.Earlier)
	}
	return fmt.Sprintf("%v; the request was sent but no answer says whether Ardoq applied it: it may or may not have", e.Err)
}

func (e *AmbiguousError) Unwrap() error { return e.Err }

// IsAmbiguous reports whether err is a failed write that Ardoq may or may not have applied (an
// *AmbiguousError). Any other error means the write was not applied: it was never sent, or Ardoq
// refused it (4xx, 429, 503 with Retry-After).
func IsAmbiguous(err error) bool {
	var e *AmbiguousError
	return errors.As(err, &e)
}

// StoppedError is a request the caller stopped (its context ended: Terraform asked the provider to
// stop). A write gets it only when Ardoq certainly did not apply it: no attempt had left when the stop
// came, or Ardoq refused the last one (429, 503 with Retry-After) and none was sent again. A write that
// had left runs to its answer instead, so it ends in success, an *APIError or an *AmbiguousError.
type StoppedError struct {
	Method  string
	Path    string
	Sent    bool  // an attempt had left; for a read, whose answer the stop cut short
	Refused int   // the status Ardoq refused an earlier attempt with (429, say); 0 if none was answered
	Err     error // what ended the call: the refusal, or the caller's context error
}

func (e *StoppedError) Error() string {
	switch {
	case e.Sent:
		return fmt.Sprintf("stopped before the answer to %s %s arrived (%v)", e.Method, e.Path, e.Err)
	case e.Refused != 0:
		return fmt.Sprintf("%s %s was refused (HTTP %d) and stopped before it was sent again (%v)", e.Method, e.Path, e.Refused, e.Err)
	}
	return fmt.Sprintf("%s %s was stopped before it was sent (%v)", e.Method, e.Path, e.Err)
}

func (e *StoppedError) Unwrap() error { return e.Err }

// IsStopped reports whether err is a request the caller stopped (a *StoppedError).
func IsStopped(err error) bool {
	var e *StoppedError
	return errors.As(err, &e)
}

// ConnectionError is a request that never reached Ardoq: the connection to the base URL could not be
// made (refused, no such host, a TLS handshake or certificate that failed), on every attempt.
type ConnectionError struct {
	BaseURL string
	Method  string
	Path    string
	Err     error
}

func (e *ConnectionError) Error() string {
	return fmt.Sprintf("%s %s: could not connect to %s: %v", e.Method, e.Path, e.BaseURL, e.Err)
}

func (e *ConnectionError) Unwrap() error { return e.Err }

// neverConnected reports whether a transport error happened before any byte could reach Ardoq.
func neverConnected(err error) bool {
	var op *net.OpError
	var dns *net.DNSError
	var record tls.RecordHeaderError
	return errors.As(err, &op) && op.Op == "dial" || errors.As(err, &dns) || errors.As(err, &record) || untrusted(err)
}

// untrusted reports whether the TLS handshake failed on Ardoq's certificate: not worth another try.
func untrusted(err error) bool {
	var cert *tls.CertificateVerificationError
	var unknownCA x509.UnknownAuthorityError
	var hostname x509.HostnameError
	return errors.As(err, &cert) || errors.As(err, &unknownCA) || errors.As(err, &hostname)
}
