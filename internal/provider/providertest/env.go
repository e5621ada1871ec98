package providertest

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

// Env is where acceptance tests run: a fresh emulator (the default), or a real org when
// ARDOQ_ACC_WORKSPACE_ID is set with ARDOQ_BASE_URL, ARDOQ_API_TOKEN and ARDOQ_ORG (and optionally
// ARDOQ_ACC_WORKSPACE_ID_2, a second workspace with the same model). Everything a test uses from the org
// is found in it (OrgProfile), never assumed.
//
// The tests of each package wrap it (type testEnv struct{ *providertest.Env }) to add their own helpers.
type Env struct {
	Srv                 *openapitest.TestServer // nil against a real org
	BaseURL, Token, Org string
	WS, WS2             string // two workspaces sharing a model
	AppType, ChildType  string // a component type and a type allowed below it
	OtherType           string // another component type
	RefType, RefType2   int64
	Client              *client.Client
	Tag                 string // keeps names and external ids apart from other tests' against a real org ("" on the emulator)
	*OrgProfile
}

// NewTestEnv starts the test's emulator, or looks the real org up, and finds what the tests use in it.
func NewTestEnv(t *testing.T, opts ...emulator.Option) *Env {
	t.Helper()
	env := &Env{}
	if ws := os.Getenv("ARDOQ_ACC_WORKSPACE_ID"); ws != "" {
		env.BaseURL, env.Token, env.Org = os.Getenv("ARDOQ_BASE_URL"), os.Getenv("ARDOQ_API_TOKEN"), os.Getenv("ARDOQ_ORG")
		env.WS, env.WS2 = ws, cmp.Or(os.Getenv("ARDOQ_ACC_WORKSPACE_ID_2"), ws)
	} else {
		env.Srv = openapitest.Start(t, append([]emulator.Option{emulator.WithPageSize(2)}, opts...)...)
		env.BaseURL, env.Token, env.Org = env.Srv.URL, env.Srv.Token(), env.Srv.OrgLabel()
		env.WS, env.WS2 = workspacesSharingAModel(env.Srv.Workspaces())
	}
	c, err := client.New(client.Config{BaseURL: env.BaseURL, Token: env.Token, Org: env.Org, RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	env.Client = c
	if env.Srv != nil {
		env.OrgProfile, err = discoverOrg(context.Background(), c, env)
	} else {
		realOrgProfile.once.Do(func() { realOrgProfile.p, realOrgProfile.err = discoverOrg(context.Background(), c, env) })
		env.OrgProfile, err = realOrgProfile.p, realOrgProfile.err
	}
	if err != nil {
		t.Fatalf("looking the org up: %v", err)
	}
	env.AppType, env.ChildType = env.App.TypeID, env.Child.TypeID
	if len(env.Others) > 0 {
		env.OtherType = env.Others[0].TypeID
	}
	env.RefType, env.RefType2 = env.Ref.Type, env.Ref2.Type
	env.Tag = env.newTag()
	if env.Srv != nil {
		env.Srv.ResetRequests()
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
func (e *Env) RequireEmulator(t *testing.T, needs string) {
	t.Helper()
	if e.Srv == nil {
		t.Skipf("needs the emulator's %s; skipped against a real org", needs)
	}
}

// parallel is t.Parallel for acceptance tests that make fixtures before resource.Test (env.Test): run
// in parallel, where nothing made can meet a test that runs alone. It skips without TF_ACC, as
// resource.Test would.
func (e *Env) Parallel(t *testing.T) {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance tests run with TF_ACC=1 (make test sets it)")
	}
	t.Parallel()
}

// requireOtherType skips a test that needs a second top-level component type when the model has none.
func (e *Env) RequireOtherType(t *testing.T) {
	t.Helper()
	if e.OtherType == "" {
		t.Skipf("the model of workspace %s has no top-level component type besides %q", e.WS, e.App.Name)
	}
}

func (e *Env) ProviderConfig(settings ...string) string {
	return fmt.Sprintf("provider \"ardoq\" {\n  base_url  = %q\n  api_token = %q\n  org       = %q\n  %s\n}\n", e.BaseURL, e.Token, e.Org,
		strings.Join(settings, "\n  "))
}

// config renders HCL with {ws} style placeholders replaced by the environment's ids and names: {ext}
// and {owner} are Text fields (see OrgProfile), {tag} the test's suffix for names and external ids.
func (e *Env) Config(hcl string) string { return e.ConfigWith(nil, hcl) }

// configWith is config with extra provider settings such as "allow_cascade_delete = true".
func (e *Env) ConfigWith(settings []string, hcl string) string {
	return e.ProviderConfig(settings...) + e.Render(hcl)
}

// render replaces the placeholders of config in hcl.
func (e *Env) Render(hcl string) string {
	r := strings.NewReplacer("{ws}", e.WS, "{ws2}", e.WS2, "{app}", e.AppType, "{child}", e.ChildType, "{other}", e.OtherType,
		"{ref}", fmt.Sprint(e.RefType), "{ref2}", fmt.Sprint(e.RefType2), "{ext}", e.Ext, "{owner}", e.Owner, "{tag}", e.Tag)
	return r.Replace(hcl)
}

// IDOf reads a resource's id from state, for PreConfig hooks.
func IDOf(s *terraform.State, addr string) string {
	if rs, ok := s.RootModule().Resources[addr]; ok {
		return rs.Primary.ID
	}
	return ""
}

// CaptureID returns a check that stores a resource's id.
func CaptureID(addr string, into *string) func(*terraform.State) error {
	return func(s *terraform.State) error {
		*into = IDOf(s, addr)
		if *into == "" {
			return fmt.Errorf("%s has no id", addr)
		}
		return nil
	}
}

func ReadExample(t *testing.T, parts ...string) string {
	t.Helper()
	b, err := os.ReadFile(RepoPath(t, append([]string{"examples"}, parts...)...))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// ExpectErr compiles an expected-error pattern in which a space matches any run of whitespace:
// Terraform wraps diagnostic text at varying widths.
func ExpectErr(s string) *regexp.Regexp { return regexp.MustCompile(strings.ReplaceAll(s, " ", `\s+`)) }

func ClientFilterByName(ws, name string) client.ComponentFilter {
	return client.ComponentFilter{RootWorkspace: ws, Name: name}
}

func SP(s string) *string { return &s }

// RepoPath is a path in the repository, whichever package's directory the test runs in.
func RepoPath(t testing.TB, parts ...string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(append([]string{dir}, parts...)...)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// ReferenceConfig is three components: a and b in the first workspace, s in the second (of another top-level type where
// the model has one); a reference from a.
func ReferenceConfig(env *Env, target, typ, extra string) string {
	other := "{other}"
	if env.OtherType == "" {
		other = "{app}"
	}
	return env.Config(`resource "ardoq_component" "a" {
  name           = "A"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
resource "ardoq_component" "b" {
  name           = "B"
  root_workspace = "{ws}"
  type_id        = "{app}"
  parent         = null
}
resource "ardoq_component" "child" {
  name           = "Child of A"
  root_workspace = "{ws}"
  type_id        = "{child}"
  parent         = ardoq_component.a.id
}
resource "ardoq_component" "s" {
  name           = "S"
  root_workspace = "{ws2}"
  type_id        = "` + other + `"
}
resource "ardoq_reference" "test" {
  source = ardoq_component.a.id
  target = ardoq_component.` + target + `.id
  type   = ` + typ + `
  ` + extra + `
}`)
}

// AloneAgainstARealOrg runs a test that takes in a whole workspace (an import by field) on its own against
// a real org, where other tests write into the same workspace, and in parallel on its own emulator.
func (e *Env) AloneAgainstARealOrg(t *testing.T) {
	t.Helper()
	if e.Srv != nil {
		e.Parallel(t)
	} else if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance tests run with TF_ACC=1 (make test sets it)")
	}
}

func (m MutateAfterPlan) CheckPlan(context.Context, plancheck.CheckPlanRequest, *plancheck.CheckPlanResponse) {
	m()
}

// MutateAfterPlan is a plan check that changes the org between plan and apply, as a colleague might.
type MutateAfterPlan func()
