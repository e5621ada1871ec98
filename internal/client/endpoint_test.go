package client_test

import (
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

func TestEndpoint(t *testing.T) {
	env := map[string]string{"ARDOQ_BASE_URL": "https://env.ardoq.com", "ARDOQ_ORG": "envorg"}
	getenv := func(k string) string { return env[k] }
	none := func(string) string { return "" }
	for _, tc := range []struct {
		base, org         string
		getenv            func(string) string
		wantBase, wantOrg string
	}{
		{"https://set.ardoq.com", "setorg", getenv, "https://set.ardoq.com", "setorg"},
		{"", "", getenv, "https://env.ardoq.com", "envorg"},
		{"", "", none, client.DefaultBaseURL, ""},
	} {
		if base, org := client.Endpoint(tc.base, tc.org, tc.getenv); base != tc.wantBase || org != tc.wantOrg {
			t.Errorf("Endpoint(%q, %q) = %q, %q, want %q, %q", tc.base, tc.org, base, org, tc.wantBase, tc.wantOrg)
		}
	}
}

func TestPastedAPIPath(t *testing.T) {
	for path, want := range map[string]string{"": "", "/": "", "/api/v2": "/api/v2", "/API/": "/API/", "/x/api/v1/": "/api/v1/", "/apis": ""} {
		if got := client.PastedAPIPath(path); got != want {
			t.Errorf("PastedAPIPath(%q) = %q, want %q", path, got, want)
		}
	}
}
