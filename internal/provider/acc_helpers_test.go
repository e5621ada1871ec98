package provider

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

var testAccProviders = map[string]func() (tfprotov6.ProviderServer, error){
	"ardoq": providerserver.NewProtocol6WithError(New("test")()),
}

// testEnv is where acceptance tests run: a fresh emulator (the default), or a real sandbox org when
// ARDOQ_ACC_WORKSPACE_ID is set with ARDOQ_BASE_URL, ARDOQ_API_TOKEN and ARDOQ_ORG. Type ids are
// looked up in the workspace context, never assumed.
type testEnv struct {
	srv                 *emulator.TestServer // nil against a real org
	baseURL, token, org string
	ws, ws2             string // two workspaces sharing a model
	appType, childType  string // a component type and a type allowed below it
	otherType           string // another component type
	refType, refType2   int64
	client              *client.Client
}

func newTestEnv(t *testing.T, opts ...emulator.Option) *testEnv {
	t.Helper()
	env := &testEnv{}
	if ws := os.Getenv("ARDOQ_ACC_WORKSPACE_ID"); ws != "" {
		env.baseURL, env.token, env.org = os.Getenv("ARDOQ_BASE_URL"), os.Getenv("ARDOQ_API_TOKEN"), os.Getenv("ARDOQ_ORG")
		env.ws, env.ws2 = ws, firstNonEmpty(os.Getenv("ARDOQ_ACC_WORKSPACE_ID_2"), ws)
	} else {
		env.srv = openapitest.Start(t, append([]emulator.Option{emulator.WithPageSize(2)}, opts...)...)
		env.baseURL, env.token, env.org = env.srv.URL, env.srv.Token(), env.srv.OrgLabel()
		env.ws, env.ws2 = "5eed0000000000000000b001", "5eed0000000000000000b002"
	}
	c, err := client.New(client.Config{BaseURL: env.baseURL, Token: env.token, Org: env.org, RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	env.client = c
	wctx, err := c.GetWorkspaceContext(context.Background(), env.ws)
	if err != nil {
		t.Fatalf("workspace context: %v", err)
	}
	env.appType, env.childType = wctx.ComponentTypes[0].TypeID, wctx.ComponentTypes[0].TypeID
	for _, ct := range wctx.ComponentTypes {
		if ct.Parent != nil && ct.Parent.TypeID == env.appType {
			env.childType = ct.TypeID
		}
		if ct.Parent == nil && ct.TypeID != env.appType && env.otherType == "" {
			env.otherType = ct.TypeID
		}
	}
	env.refType, env.refType2 = wctx.ReferenceTypes[0].Type, wctx.ReferenceTypes[len(wctx.ReferenceTypes)-1].Type
	if env.srv != nil {
		env.srv.ResetRequests()
	}
	return env
}

// requireEmulator skips tests that need the emulator's controls or seed (faults, out-of-band edits,
// the seed's custom fields).
func (e *testEnv) requireEmulator(t *testing.T) {
	t.Helper()
	if e.srv == nil {
		t.Skip("needs the emulator's test controls; skipped against a real org")
	}
}

func (e *testEnv) providerConfig(settings ...string) string {
	return fmt.Sprintf("provider \"ardoq\" {\n  base_url  = %q\n  api_token = %q\n  org       = %q\n  %s\n}\n", e.baseURL, e.token, e.org,
		strings.Join(settings, "\n  "))
}

// config renders HCL with {ws} style placeholders replaced by the environment's ids.
func (e *testEnv) config(hcl string) string { return e.configWith(nil, hcl) }

// configWith is config with extra provider settings such as "allow_cascade_delete = true".
func (e *testEnv) configWith(settings []string, hcl string) string {
	r := strings.NewReplacer("{ws}", e.ws, "{ws2}", e.ws2, "{app}", e.appType, "{child}", e.childType, "{other}", e.otherType,
		"{ref}", fmt.Sprint(e.refType), "{ref2}", fmt.Sprint(e.refType2))
	return e.providerConfig(settings...) + r.Replace(hcl)
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

// orgUnchanged is a CheckDestroy that the org holds exactly the components and references it had.
func (e *testEnv) orgUnchanged(t *testing.T) func(*terraform.State) error {
	if e.srv == nil {
		return nil
	}
	comps, refs := e.srv.Counts()
	return func(*terraform.State) error {
		c, r := e.srv.Counts()
		if c != comps || r != refs {
			return fmt.Errorf("after destroy the org has %d components and %d references, want %d and %d", c, r, comps, refs)
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

// emulatedOrg is an emulator with a client for unit tests below Terraform: its first workspace and that
// workspace's first component type.
type emulatedOrg struct {
	srv     *emulator.TestServer
	client  *client.Client
	ws, typ string
	wctx    *client.WorkspaceContext
}

func newEmulatedOrg(t *testing.T) emulatedOrg {
	t.Helper()
	srv := emulator.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	ws := srv.Workspaces()[0].ID
	wctx, err := c.GetWorkspaceContext(context.Background(), ws)
	if err != nil {
		t.Fatal(err)
	}
	return emulatedOrg{srv: srv, client: c, ws: ws, typ: wctx.ComponentTypes[0].TypeID, wctx: wctx}
}
