package client

import (
	"cmp"
	"regexp"
)

// DefaultBaseURL is Ardoq's shared host.
const DefaultBaseURL = "https://app.ardoq.com"

// Endpoint is the base URL and org to connect to, the same rule for the provider and the command-line
// tools: each as given (a provider setting, a flag), else the ARDOQ_BASE_URL and ARDOQ_ORG environment
// variables, else DefaultBaseURL and no org.
func Endpoint(baseURL, org string, getenv func(string) string) (string, string) {
	return cmp.Or(baseURL, getenv("ARDOQ_BASE_URL"), DefaultBaseURL), cmp.Or(org, getenv("ARDOQ_ORG"))
}

// PastedAPIPath is the API path at the end of a base URL's path, "" when there is none: Ardoq's /api/v2,
// or the /api/ that v1 clients (the mories76/ardoq provider's baseuri) were given. The client adds
// /api/v2 itself, so the provider and the tools refuse a base URL that ends in one.
func PastedAPIPath(path string) string { return apiPathSuffix.FindString(path) }

var apiPathSuffix = regexp.MustCompile(`(?i)/api(/v[0-9]+)?/*$`)
