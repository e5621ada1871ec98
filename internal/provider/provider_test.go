package provider

import (
	"context"
	"fmt"
	"net"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	fwprovider "github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rsschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	acc "github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Every schema is valid and every attribute, nested ones included, has a description (docs come from them).
func TestSchemasAreValidAndDescribed(t *testing.T) {
	ctx := context.Background()
	p := New("test")()
	var presp fwprovider.SchemaResponse
	p.Schema(ctx, fwprovider.SchemaRequest{}, &presp)
	for name, a := range presp.Schema.Attributes {
		if a.GetMarkdownDescription() == "" {
			t.Errorf("provider attribute %s has no description", name)
		}
	}
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var meta resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "ardoq"}, &meta)
		var resp resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &resp)
		if diags := resp.Schema.ValidateImplementation(ctx); diags.HasError() {
			t.Errorf("%s: %v", meta.TypeName, diags)
		}
		if resp.Schema.MarkdownDescription == "" {
			t.Errorf("%s has no description", meta.TypeName)
		}
		checkResourceAttrs(t, meta.TypeName, resp.Schema.Attributes)
	}
	for _, newDataSource := range p.DataSources(ctx) {
		d := newDataSource()
		var meta datasource.MetadataResponse
		d.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "ardoq"}, &meta)
		var resp datasource.SchemaResponse
		d.Schema(ctx, datasource.SchemaRequest{}, &resp)
		if diags := resp.Schema.ValidateImplementation(ctx); diags.HasError() {
			t.Errorf("%s: %v", meta.TypeName, diags)
		}
		if resp.Schema.MarkdownDescription == "" {
			t.Errorf("%s has no description", meta.TypeName)
		}
		checkDataSourceAttrs(t, meta.TypeName, resp.Schema.Attributes)
	}
}

func checkResourceAttrs(t *testing.T, prefix string, attrs map[string]rsschema.Attribute) {
	for name, a := range attrs {
		if a.GetMarkdownDescription() == "" {
			t.Errorf("%s.%s has no description", prefix, name)
		}
		if n, ok := a.(rsschema.MapNestedAttribute); ok {
			checkResourceAttrs(t, prefix+"."+name, n.NestedObject.Attributes)
		}
	}
}

func checkDataSourceAttrs(t *testing.T, prefix string, attrs map[string]dsschema.Attribute) {
	for name, a := range attrs {
		if a.GetMarkdownDescription() == "" {
			t.Errorf("%s.%s has no description", prefix, name)
		}
		if n, ok := a.(dsschema.ListNestedAttribute); ok {
			checkDataSourceAttrs(t, prefix+"."+name, n.NestedObject.Attributes)
		}
	}
}

// Configuration errors stop the run at configure time with a message that says what to fix: no token,
// a token (or org) Ardoq rejects, a host nothing answers on. (Not parallel: they set environment.)
func TestAccProvider_configurationErrors(t *testing.T) {
	env := newTestEnv(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedPort := ln.Addr().String()
	_ = ln.Close() // nothing listens there any more: connections are refused
	block := func(attrs ...string) string {
		return "provider \"ardoq\" {\n  " + strings.Join(attrs, "\n  ") + "\n}\n" + `data "ardoq_me" "me" {}`
	}
	cases := []struct {
		name, config, want string
	}{
		{"missing token", block(fmt.Sprintf("base_url = %q", env.BaseURL), fmt.Sprintf("org = %q", env.Org)),
			`Missing Ardoq API Token.*Set api_token in the provider block or the ARDOQ_API_TOKEN environment variable`},
		{"rejected token", block(fmt.Sprintf("base_url = %q", env.BaseURL), `api_token = "not-the-token"`, fmt.Sprintf("org = %q", env.Org)),
			`Ardoq Rejected the Credentials.*HTTP 401.*Check api_token \(ARDOQ_API_TOKEN\) and org \(ARDOQ_ORG\)`},
		{"unreachable host", block(fmt.Sprintf("base_url = %q", "http://"+closedPort), `api_token = "t"`, `org = "o"`, "max_retries = 0"),
			`Unable to Reach Ardoq.*could not connect to Ardoq at http://` + closedPort + `.*connection refused.*Check base_url \(or ARDOQ_BASE_URL\)`},
	}
	if env.Srv != nil { // an org label is required by the emulator, as on app.ardoq.com
		cases = append(cases, struct{ name, config, want string }{"no org",
			block(fmt.Sprintf("base_url = %q", env.BaseURL), fmt.Sprintf("api_token = %q", env.Token)),
			`Ardoq Rejected the Credentials.*no organization label \(org and ARDOQ_ORG are not set`})
	}
	if env.Srv != nil { // the emulator knows which org the token belongs to; a real org's other orgs are unknown here
		cases = append(cases, struct{ name, config, want string }{"another org",
			block(fmt.Sprintf("base_url = %q", env.BaseURL), fmt.Sprintf("api_token = %q", env.Token), `org = "someone-else"`),
			`Ardoq Rejected the Credentials.*HTTP 403.*organization "someone-else"`})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("ARDOQ_API_TOKEN", "")
			t.Setenv("ARDOQ_BASE_URL", "")
			t.Setenv("ARDOQ_ORG", "")
			acc.Test(t, acc.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				Steps:                    []acc.TestStep{{Config: tc.config, ExpectError: regexp.MustCompile(`(?s)` + strings.ReplaceAll(tc.want, " ", `\s+`))}},
			})
		})
	}
}

// A provider block that overrides a different ARDOQ_* variable says so; the token's values stay unsaid.
func TestEnvironmentIgnored(t *testing.T) {
	env := map[string]string{"ARDOQ_BASE_URL": "http://127.0.0.1:8080", "ARDOQ_API_TOKEN": "copy-token", "ARDOQ_ORG": "acme"}
	cfg := providerModel{BaseURL: types.StringValue("https://acme.ardoq.com"), APIToken: types.StringValue("real-token"),
		Org: types.StringValue("acme")}
	diags := environmentIgnored(cfg, func(k string) string { return env[k] })
	if len(diags) != 2 || diags.HasError() {
		t.Fatalf("want two warnings (base_url, api_token), got %v", diags)
	}
	if d := diags[0].Detail(); !strings.Contains(d, `base_url = "https://acme.ardoq.com"`) || !strings.Contains(d, `ARDOQ_BASE_URL="http://127.0.0.1:8080" is ignored`) {
		t.Errorf("base_url warning: %s", d)
	}
	if d := diags[1].Summary() + diags[1].Detail(); strings.Contains(d, "real-token") || strings.Contains(d, "copy-token") {
		t.Errorf("the token warning shows a token: %s", d)
	}
	if got := environmentIgnored(providerModel{}, func(k string) string { return env[k] }); len(got) != 0 {
		t.Errorf("no setting in the block, yet %v", got)
	}
}

// A token Ardoq rejects (401) gets the tip that unused tokens expire; a token refused access to an org
// (403: a wrong org) does not, and is told to check the org.
func TestCredentialsCheckError_expiryTipOnlyForARejectedToken(t *testing.T) {
	const base = "https://app.ardoq.com"
	_, rejected := credentialsCheckError(base, "acme", &client.APIError{StatusCode: 401, Method: "GET", Path: "/api/v2/me", Message: "unauthorized"})
	if !strings.Contains(rejected, "60 days") || !strings.Contains(rejected, "api_token") {
		t.Errorf("401: %s", rejected)
	}
	_, forbidden := credentialsCheckError(base, "other", &client.APIError{StatusCode: 403, Method: "GET", Path: "/api/v2/me",
		Message: `the API token does not give access to organization "other"`})
	if strings.Contains(forbidden, "60 days") || !strings.Contains(forbidden, `organization "other"`) || !strings.Contains(forbidden, "Check org (ARDOQ_ORG)") {
		t.Errorf("403: %s", forbidden)
	}
}

func TestCheckBaseURL(t *testing.T) {
	for raw, ok := range map[string]bool{"https://app.ardoq.com": true, "http://127.0.0.1:8080": true, "http://localhost:1": true,
		"http://[::1]:1": true, "http://example.com": false, "ftp://x": false, "app.ardoq.com": false, "": false} {
		if got := !checkBaseURL(raw, false).HasError(); got != ok {
			t.Errorf("%q: ok=%v", raw, got)
		}
	}
	if checkBaseURL("http://example.com", true).HasError() {
		t.Error("allow_insecure_http must allow plain http")
	}
}
