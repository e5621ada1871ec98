// Package provider implements the Terraform provider for Ardoq's REST API v2.
package provider

import (
	"cmp"
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/float64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/datasources"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/listresources"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/single"
)

var (
	_ provider.Provider                  = (*ardoqProvider)(nil)
	_ provider.ProviderWithListResources = (*ardoqProvider)(nil)
)

// New returns a constructor of the provider at the given version.
func New(version string) func() provider.Provider {
	return func() provider.Provider { return &ardoqProvider{version: version} }
}

type ardoqProvider struct {
	version string
	data    atomic.Pointer[providerdata.Data] // set by Configure, for ardoq_batch's server (protocol_server.go)
}

type providerModel struct {
	BaseURL              types.String  `tfsdk:"base_url"`
	APIToken             types.String  `tfsdk:"api_token"`
	Org                  types.String  `tfsdk:"org"`
	AllowInsecureHTTP    types.Bool    `tfsdk:"allow_insecure_http"`
	SkipCredentialsCheck types.Bool    `tfsdk:"skip_credentials_check"`
	MaxRetries           types.Int64   `tfsdk:"max_retries"`
	RequestTimeout       types.Int64   `tfsdk:"request_timeout_seconds"`
	RequestsPerSecond    types.Float64 `tfsdk:"requests_per_second"`
	AllowCascadeDelete   types.Bool    `tfsdk:"allow_cascade_delete"`
	PreventDuplicates    types.Bool    `tfsdk:"prevent_duplicates"`
	PreventImplicitDel   types.Bool    `tfsdk:"prevent_implicit_deletions"`
}

func (p *ardoqProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "ardoq"
	resp.Version = p.version
}

func (p *ardoqProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Manages an [Ardoq](https://www.ardoq.com) architecture model through Ardoq's REST API v2.",
		Attributes: map[string]schema.Attribute{
			"base_url": schema.StringAttribute{
				Optional: true,
				MarkdownDescription: "Base URL of the Ardoq host, without `/api/v2`. Defaults to the `ARDOQ_BASE_URL` environment " +
					"variable, then `https://app.ardoq.com`. Plain `http://` is accepted only for loopback hosts (such as the bundled " +
					"emulator) unless `allow_insecure_http` is set.",
			},
			"api_token": schema.StringAttribute{
				Optional:            true,
				Sensitive:           true,
				MarkdownDescription: "Ardoq API token. Defaults to the `ARDOQ_API_TOKEN` environment variable. Never logged.",
			},
			"org": schema.StringAttribute{
				Optional: true,
				MarkdownDescription: "Organization label sent as `X-org`. Required on the shared host `app.ardoq.com`, optional on a " +
					"custom domain. Defaults to the `ARDOQ_ORG` environment variable.",
			},
			"allow_insecure_http": schema.BoolAttribute{
				Optional:            true,
				MarkdownDescription: "Allow a plain `http://` `base_url` on a host other than loopback. The token then travels unencrypted. Default `false`.",
			},
			"skip_credentials_check": schema.BoolAttribute{
				Optional:            true,
				MarkdownDescription: "Skip the `GET /api/v2/me` call that checks the token and org when the provider is configured. Default `false`.",
			},
			"max_retries": schema.Int64Attribute{
				Optional: true,
				MarkdownDescription: "How many times a request is retried after 429, 502, 503 or 504 (with jittered exponential backoff " +
					"honouring `Retry-After`). Creates and batches are retried only where the server certainly did not act. Default `4`.",
				Validators: []validator.Int64{int64validator.Between(0, 20)},
			},
			"request_timeout_seconds": schema.Int64Attribute{
				Optional:            true,
				MarkdownDescription: "Timeout of a single request attempt, in seconds. Default `60`.",
				Validators:          []validator.Int64{int64validator.Between(1, 3600)},
			},
			"allow_cascade_delete": schema.BoolAttribute{
				Optional: true,
				MarkdownDescription: "Ardoq deletes a component's descendants and every reference touching them along with it. By " +
					"default a component's delete (an `ardoq_component`'s, or an `ardoq_batch`'s) is refused at apply while anything it " +
					"does not delete itself is still there, so nothing the plan does not show is deleted. Set `true` to let Ardoq take " +
					"along what the plan listed, if unchanged since. Defaults to the `ARDOQ_ALLOW_CASCADE_DELETE` environment variable, " +
					"then `false`.",
			},
			"prevent_duplicates": schema.BoolAttribute{
				Optional: true,
				MarkdownDescription: "Before creating a component or a reference, the plan looks for one Ardoq already holds with the " +
					"same identity, made by the token's user: what a run killed before Terraform saved its state leaves behind, or an " +
					"entity another resource of the configuration manages. By default each match is a warning with the id to import. Set `true` to make it an error, " +
					"so that no plan creates such an entity a second time: recommended in CI, where nobody reads warnings. A search that " +
					"fails is then an error too (a warning without the setting). See the guide " +
					"\"When a run is interrupted\". Defaults to the `ARDOQ_PREVENT_DUPLICATES` environment variable, then `false`.",
			},
			"prevent_implicit_deletions": schema.BoolAttribute{
				Optional: true,
				MarkdownDescription: "Some deletions do not show in Terraform's plan summary (`0 to destroy`): items an `ardoq_batch` " +
					"update removes, entities a batch import takes over that the configuration does not declare, and, with " +
					"`allow_cascade_delete`, what Ardoq deletes along with a component. The plan warns of each by name; set `true` to " +
					"make those warnings errors (and a check that cannot be made fails the plan), for pipelines that must never delete " +
					"without a human reading the plan. Defaults to the `ARDOQ_PREVENT_IMPLICIT_DELETIONS` environment variable, then `false`.",
			},
			"requests_per_second": schema.Float64Attribute{
				Optional: true,
				MarkdownDescription: "An optional cap on requests per second. Without it the provider sends as fast as Terraform asks " +
					"and follows Ardoq: a 429 stops every request for its `Retry-After` (or a rate-limit header's reset) and halves the " +
					"pace, which grows again each second Ardoq does not object, until it is unlimited once more. Default: no cap.",
				Validators: []validator.Float64{float64validator.Between(0.1, 1000)},
			},
		},
	}
}

func (p *ardoqProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var cfg providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	for name, v := range map[string]interface{ IsUnknown() bool }{"base_url": cfg.BaseURL, "api_token": cfg.APIToken, "org": cfg.Org,
		"allow_insecure_http": cfg.AllowInsecureHTTP, "skip_credentials_check": cfg.SkipCredentialsCheck, "max_retries": cfg.MaxRetries,
		"request_timeout_seconds": cfg.RequestTimeout, "requests_per_second": cfg.RequestsPerSecond, "allow_cascade_delete": cfg.AllowCascadeDelete,
		"prevent_duplicates": cfg.PreventDuplicates, "prevent_implicit_deletions": cfg.PreventImplicitDel} {
		if v.IsUnknown() {
			resp.Diagnostics.AddAttributeError(path.Root(name), "Unknown Provider Configuration Value",
				fmt.Sprintf("The provider cannot be configured while %s is unknown. Set it to a value known at plan time, "+
					"or use its environment variable.", name))
		}
	}
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(environmentIgnored(cfg, os.Getenv)...)
	baseURL, org := client.Endpoint(cfg.BaseURL.ValueString(), cfg.Org.ValueString(), os.Getenv)
	token := cmp.Or(cfg.APIToken.ValueString(), os.Getenv("ARDOQ_API_TOKEN"))
	if token == "" {
		resp.Diagnostics.AddAttributeError(path.Root("api_token"), "Missing Ardoq API Token",
			"Set api_token in the provider block or the ARDOQ_API_TOKEN environment variable. Create a token in Ardoq under "+
				"your profile's API tokens, or with a service account.")
	}
	resp.Diagnostics.Append(checkBaseURL(baseURL, cfg.AllowInsecureHTTP.ValueBool())...)
	allowCascade, diags := boolSetting(cfg.AllowCascadeDelete, "allow_cascade_delete", "ARDOQ_ALLOW_CASCADE_DELETE")
	resp.Diagnostics.Append(diags...)
	preventDuplicates, diags := boolSetting(cfg.PreventDuplicates, "prevent_duplicates", "ARDOQ_PREVENT_DUPLICATES")
	resp.Diagnostics.Append(diags...)
	preventImplicitDeletions, diags := boolSetting(cfg.PreventImplicitDel, cascade.Setting, cascade.EnvVariable)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	ua := fmt.Sprintf("terraform-provider-ardoq/%s (+https://registry.terraform.io/providers/seed762a2f0c/ardoq) Terraform/%s", p.version, req.TerraformVersion)
	if extra := strings.TrimSpace(os.Getenv("TF_APPEND_USER_AGENT")); extra != "" {
		ua += " " + extra
	}
	c, err := client.New(client.Config{
		BaseURL: baseURL, Token: token, Org: org, UserAgent: ua,
		HTTPClient:        newLoggingHTTPClient(token),
		MaxRetries:        retriesOrDefault(cfg.MaxRetries),
		Timeout:           time.Duration(cfg.RequestTimeout.ValueInt64()) * time.Second,
		RequestsPerSecond: cfg.RequestsPerSecond.ValueFloat64(),
	})
	if err != nil {
		resp.Diagnostics.AddError("Unable to Create Ardoq Client", err.Error())
		return
	}
	data := providerdata.New(c, providerdata.Settings{
		AllowCascadeDelete: allowCascade, PreventDuplicates: preventDuplicates, PreventImplicitDeletions: preventImplicitDeletions,
	})
	if !cfg.SkipCredentialsCheck.ValueBool() {
		// The token's user is read once per process: the already-made searches use it too (core/claims).
		if _, err := data.Claims.CallerEmail(ctx); err != nil {
			resp.Diagnostics.AddError(credentialsCheckError(baseURL, org, err))
			return
		}
	}
	p.data.Store(data)
	resp.ResourceData = data
	resp.DataSourceData = data
	resp.ListResourceData = data
}

// environmentIgnored warns when the provider block sets base_url, api_token or org and the environment
// variable of the same setting holds another value: the block wins, and whoever set the variable (to point
// a run at a copy of the org, say) expects otherwise. The token's values are not shown.
func environmentIgnored(cfg providerModel, getenv func(string) string) diag.Diagnostics {
	var diags diag.Diagnostics
	for _, s := range []struct {
		name, env string
		value     types.String
		secret    bool
	}{{"base_url", "ARDOQ_BASE_URL", cfg.BaseURL, false}, {"api_token", "ARDOQ_API_TOKEN", cfg.APIToken, true}, {"org", "ARDOQ_ORG", cfg.Org, false}} {
		fromEnv := getenv(s.env)
		if s.value.ValueString() == "" || fromEnv == "" || fromEnv == s.value.ValueString() {
			continue
		}
		detail := fmt.Sprintf("The provider block sets %s, which wins over the environment: %s is ignored.", s.name, s.env)
		if !s.secret {
			detail = fmt.Sprintf("The provider block sets %s = %q, which wins over the environment: %s=%q is ignored.", s.name, s.value.ValueString(), s.env, fromEnv)
		}
		diags.AddAttributeWarning(path.Root(s.name), "Provider Setting Overrides "+s.env, detail+
			" Remove the setting from the block to take it from the environment, or unset the variable to silence this warning.")
	}
	return diags
}

// credentialsCheckError says why GET /me failed when the provider was configured.
func credentialsCheckError(baseURL, org string, err error) (summary, detail string) {
	if !client.IsUnauthorized(err) {
		return "Unable to Reach Ardoq", "Checking the credentials (GET /api/v2/me) failed. " + diagnostics.ClientErrorDetail(err)
	}
	orgText := fmt.Sprintf("the organization %q", org)
	if org == "" {
		orgText = "no organization label (org and ARDOQ_ORG are not set"
		if strings.EqualFold(strings.TrimRight(baseURL, "/"), client.DefaultBaseURL) {
			orgText += "; the shared host app.ardoq.com needs one"
		}
		orgText += ")"
	}
	if client.IsForbidden(err) { // the token is valid: the org, or what the token may do, is wrong
		return "Ardoq Rejected the Credentials", fmt.Sprintf("Ardoq at %s accepted the API token but refused it access to %s: %s. "+
			"Check org (ARDOQ_ORG): it must be the label of an organization that the token belongs to, and the token's user must be "+
			"allowed to use the API there.",
			baseURL, orgText, err.Error())
	}
	return "Ardoq Rejected the Credentials", fmt.Sprintf("Ardoq at %s rejected the API token or %s: %s. Check api_token "+
		"(ARDOQ_API_TOKEN) and org (ARDOQ_ORG); tokens unused for 60 days expire.", baseURL, orgText, err.Error())
}

// boolSetting is a boolean from the configuration, else from the environment variable, else false.
func boolSetting(v types.Bool, attribute, env string) (bool, diag.Diagnostics) {
	var diags diag.Diagnostics
	if !v.IsNull() {
		return v.ValueBool(), diags
	}
	raw := strings.TrimSpace(os.Getenv(env))
	if raw == "" {
		return false, diags
	}
	b, err := strconv.ParseBool(raw)
	if err != nil {
		diags.AddAttributeError(path.Root(attribute), "Invalid "+env,
			fmt.Sprintf("The environment variable %s is %q; set it to true or false, or set %s in the provider block.", env, raw, attribute))
	}
	return b, diags
}

func retriesOrDefault(v types.Int64) int {
	if v.IsNull() {
		return 0 // the client's default
	}
	if v.ValueInt64() == 0 {
		return -1 // explicitly no retries
	}
	return int(v.ValueInt64())
}

func checkBaseURL(raw string, allowHTTP bool) diag.Diagnostics {
	var diags diag.Diagnostics
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		diags.AddAttributeError(path.Root("base_url"), "Invalid Ardoq Base URL",
			fmt.Sprintf("%q is not an absolute http(s) URL. Use the Ardoq host, for example https://app.ardoq.com or https://myorg.ardoq.com.", raw))
		return diags
	}
	if m := client.PastedAPIPath(u.Path); m != "" {
		trimmed := *u
		trimmed.Path = strings.TrimSuffix(u.Path, m)
		diags.AddAttributeError(path.Root("base_url"), "Ardoq Base URL Includes the API Path",
			fmt.Sprintf("%q ends in %s: drop it and use %q (base_url or ARDOQ_BASE_URL). The provider adds /api/v2 itself.",
				raw, strings.TrimRight(m, "/"), trimmed.String()))
		return diags
	}
	if u.Scheme == "http" && !allowHTTP && !isLoopback(u.Hostname()) {
		diags.AddAttributeError(path.Root("base_url"), "Insecure Ardoq Base URL",
			fmt.Sprintf("%q uses plain http on a non-loopback host, which would send the API token unencrypted. Use https, "+
				"or set allow_insecure_http = true if you really mean it.", raw))
	}
	return diags
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Resources are the resources the framework serves; ardoq_batch has a server of its own (protocol_server.go).
func (p *ardoqProvider) Resources(_ context.Context) []func() resource.Resource {
	return []func() resource.Resource{single.NewComponentResource, single.NewReferenceResource}
}

// ListResources are the list resources of `terraform query` (Terraform 1.14 and later).
func (p *ardoqProvider) ListResources(_ context.Context) []func() list.ListResource {
	return []func() list.ListResource{listresources.NewComponentListResource, listresources.NewReferenceListResource}
}

func (p *ardoqProvider) DataSources(_ context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{
		datasources.NewMeDataSource, datasources.NewWorkspaceDataSource, datasources.NewWorkspacesDataSource, datasources.NewWorkspaceContextDataSource, datasources.NewComponentTypeDataSource, datasources.NewReferenceTypeDataSource,
		datasources.NewAttachmentDataSource, datasources.NewAttachmentsDataSource, datasources.NewReportDataSource, datasources.NewReportsDataSource, datasources.NewReportRunDataSource,
		datasources.NewComponentDataSource, datasources.NewComponentsDataSource, datasources.NewComponentIDsDataSource, datasources.NewReferenceDataSource, datasources.NewReferencesDataSource,
	}
}
