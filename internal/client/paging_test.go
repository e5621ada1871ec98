package client

import (
	"strings"
	"testing"
)

// nextLink follows a link only to the base URL's scheme, host and port (the scheme's default port when
// none is named), however the link spells them.
func TestNextLink_origin(t *testing.T) {
	c, err := New(Config{BaseURL: "https://app.ardoq.com", Token: "secret-token"})
	if err != nil {
		t.Fatal(err)
	}
	followed := map[string]string{
		"/api/v2/components?cursor=2":                      "https://app.ardoq.com/api/v2/components?cursor=2",
		"https://app.ardoq.com/api/v2/components?cursor=2": "https://app.ardoq.com/api/v2/components?cursor=2",
		"https://app.ardoq.com:443/api/v2/components?c=2":  "https://app.ardoq.com:443/api/v2/components?c=2",
		"HTTPS://App.Ardoq.com/api/v2/components?cursor=2": "https://App.Ardoq.com/api/v2/components?cursor=2",
	}
	for link, want := range followed {
		got, err := c.nextLink(link)
		if err != nil || got != want {
			t.Errorf("%q: %q, %v; want %q", link, got, err, want)
		}
	}
	if _, err := c.nextLink("https://app.ardoq.com:x/api/v2/components"); err == nil || !strings.Contains(err.Error(), "not a valid URL") {
		t.Errorf("a link that is not a URL: %v", err)
	}
	for _, link := range []string{
		"http://app.ardoq.com/api/v2/components?cursor=2",
		"https://app.ardoq.com:8443/api/v2/components?cursor=2",
		"https://ardoq.example/api/v2/components?cursor=2",
		"https://app.ardoq.com.ardoq.example/api/v2/components",
		"https://app.ardoq.com@ardoq.example/api/v2/components",
		"//ardoq.example/api/v2/components?cursor=2",
		"ftp://app.ardoq.com/api/v2/components",
	} {
		_, err := c.nextLink(link)
		if err == nil || !strings.Contains(err.Error(), link) || !strings.Contains(err.Error(), "https://app.ardoq.com:443") ||
			strings.Contains(err.Error(), "secret-token") {
			t.Errorf("%q: want a refusal naming it and https://app.ardoq.com:443, got %v", link, err)
		}
	}
}
