package client

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
)

// RedirectError is a redirect the client did not follow because it leads off the base URL's scheme,
// host and port: the request would carry the API token there. net/http keeps the Authorization header
// on a redirect to the same host name, even to another port or from https to http.
type RedirectError struct {
	Status   int    // the redirect's status
	Location string // where it led
	Want     string // the base URL's scheme://host:port
}

func (e *RedirectError) Error() string {
	return fmt.Sprintf("Ardoq answered HTTP %d, a redirect to %q, which is not on %s, the base URL's scheme, host and port; "+
		"the API token is sent only there, so the redirect was not followed. If your org is served at that address, set "+
		"the base URL to it", e.Status, e.Location, e.Want)
}

// keepOnHost refuses redirects off the base URL's origin, then applies next (or net/http's default
// limit of 10 redirects).
func keepOnHost(base *url.URL, next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	want := origin(base)
	return func(req *http.Request, via []*http.Request) error {
		if origin(req.URL) != want {
			status := 0
			if req.Response != nil {
				status = req.Response.StatusCode
			}
			return &RedirectError{Status: status, Location: req.URL.Redacted(), Want: want}
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
}
