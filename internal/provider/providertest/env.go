package provider

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
)

var testAccProviders = map[string]func() (tfprotov6.ProviderServer, error){
	"ardoq": NewProtocol6("test"),
}

// testEnv is where acceptance tests run: a fresh emulator (the default), or a real org when
// ARDOQ_ACC_WORKSPACE_ID is set with ARDOQ_BASE_URL, ARDOQ_API_TOKEN and ARDOQ_ORG (and optionally
// ARDOQ_ACC_WORKSPACE_ID_2, a second workspace with the same model). Everything a test uses from the org
// is found in it (orgProfile), never assumed.
type testEnv struct {
	srv                 *openapitest.TestServer // nil against a real org
	baseURL, token, org string
	ws, ws2             string // two workspaces sharing a model
	appType, childType  string // a component type and a type allowed below it
	otherType           string // another component type
	refType, refType2   int64
	client              *client.Client
	tag                 string // keeps names and external ids apart from other tests' against a real org ("" on the emulator)
	*orgProfile
}

func newTestEnv(t *testing.T, opts ...emulator.Option) *testEnv {
	t.Helper()
	env := &testEnv{}
	if ws := os.Getenv("ARDOQ_ACC_WORKSPACE_ID"); ws != "" {
		env.baseURL, env.token, env.org = os.Getenv("ARDOQ_BASE_URL"), os.Getenv("ARDOQ_API_TOKEN"), os.Getenv("ARDOQ_ORG")
		env.ws, env.ws2 = ws, convert.FirstNonEmpty(os.Getenv("ARDOQ_ACC_WORKSPACE_ID_2"), ws)
	} else {
		env.srv = openapitest.Start(t, append([]emulator.Option{emulator.WithPageSize(2)}, opts...)...)
		env.baseURL, env.token, env.org = env.srv.URL, env.srv.Token(), env.srv.OrgLabel()
		env.ws, env.ws2 = workspacesSharingAModel(env.srv.Workspaces())
	}
	c, err := client.New(client.Config{BaseURL: env.baseURL, Token: env.token, Org: env.org, RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	env.client = c
	if env.srv != nil {
		env.orgProfile, err = discoverOrg(context.Background(), c, env)
	} else {
		realOrgProfile.once.Do(func() { realOrgProfile.p, realOrgProfile.err = discoverOrg(context.Background(), c, env) })
		env.orgProfile, err = realOrgProfile.p, realOrgProfile.err
	}
	if err != nil {
		t.Fatalf("looking the org up: %v", err)
	}
	env.appType, env.childType = env.app.TypeID, env.child.TypeID
	if len(env.others) > 0 {
		env.otherType = env.others[0].TypeID
	}
	env.refType, env.refType2 = env.ref.Type, env.ref2.Type
	env.tag = env.newTag()
	if env.srv != nil {
		env.srv.ResetRequests()
	}
	return env
}

// workspacesSharingAModel returns the first two workspaces with one model (the first twice without).
func workspacesSharingAModel(all []emulator.Workspace) (string, string) {
	for i, a := range all {
		for _, b := range all[i+1:] {
			if a.ComponentModel == b.ComponentModel {
				return a.ID, b.ID
			}
		}
	}
	return all[0].ID, all[0].ID
}

// requireEmulator skips tests that need one of the emulator's controls (injected faults, the request log,
// the rate limiter, seeding), saying which, against a real org.
func (e *testEnv) requireEmulator(t *testing.T, needs string) {
	t.Helper()
	if e.srv == nil {
		t.Skipf("needs the emulator's %s; skipped against a real org", needs)
	}
}

// parallel is t.Parallel for acceptance tests that make fixtures before resource.Test (env.test): run
// in parallel, where nothing made can meet a test that runs alone. It skips without TF_ACC, as
// resource.Test would.
func (e *testEnv) parallel(t *testing.T) {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance tests run with TF_ACC=1 (make test sets it)")
	}
	t.Parallel()
}

// requireOtherType skips a test that needs a second top-level component type when the model has none.
func (e *testEnv) requireOtherType(t *testing.T) {
	t.Helper()
	if e.otherType == "" {
		t.Skipf("the model of workspace %s has no top-level component type besides %q", e.ws, e.app.Name)
	}
}

func (e *testEnv) providerConfig(settings ...string) string {
	return fmt.Sprintf("provider \"ardoq\" {\n  base_url  = %q\n  api_token = %q\n  org       = %q\n  %s\n}\n", e.baseURL, e.token, e.org,
		strings.Join(settings, "\n  "))
}

// config renders HCL with {ws} style placeholders replaced by the environment's ids and names: {ext}
// and {owner} are Text fields (see orgProfile), {tag} the test's suffix for names and external ids.
func (e *testEnv) config(hcl string) string { return e.configWith(nil, hcl) }

// configWith is config with extra provider settings such as "allow_cascade_delete = true".
func (e *testEnv) configWith(settings []string, hcl string) string {
	return e.providerConfig(settings...) + e.render(hcl)
}

// render replaces the placeholders of config in hcl.
func (e *testEnv) render(hcl string) string {
	r := strings.NewReplacer("{ws}", e.ws, "{ws2}", e.ws2, "{app}", e.appType, "{child}", e.childType, "{other}", e.otherType,
		"{ref}", fmt.Sprint(e.refType), "{ref2}", fmt.Sprint(e.refType2), "{ext}", e.ext, "{owner}", e.owner, "{tag}", e.tag)
	return r.Replace(hcl)
}

// idOf reads a resource's id from state, for PreConfig hooks.
func idOf(s *terraform.State, addr string) string {
	if rs, ok := s.RootModule().Resources[addr]; ok {
		return rs.Primary.ID
	}
	return ""
}

// captureID returns a check that stores a resource's id.
func captureID(addr string, into *string) func(*terraform.State) error {
	return func(s *terraform.State) error {
		*into = idOf(s, addr)
		if *into == "" {
			return fmt.Errorf("%s has no id", addr)
		}
		return nil
	}
}

func readExample(t *testing.T, parts ...string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(append([]string{"..", "..", "examples"}, parts...)...))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// expectErr compiles an expected-error pattern in which a space matches any run of whitespace:
// Terraform wraps diagnostic text at varying widths.
func expectErr(s string) *regexp.Regexp { return regexp.MustCompile(strings.ReplaceAll(s, " ", `\s+`)) }

func clientFilterByName(ws, name string) client.ComponentFilter {
	return client.ComponentFilter{RootWorkspace: ws, Name: name}
}

func sp(s string) *string { return &s }
