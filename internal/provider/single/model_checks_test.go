package single_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/single"
)

// modelProxy stands between the provider and the org and changes the workspace models it answers with,
// as someone editing the model in Ardoq would (the API cannot).
type modelProxy struct {
	URL  string
	mu   sync.Mutex
	edit func(*client.WorkspaceContext)
}

func newModelProxy(t *testing.T, target string) *modelProxy {
	t.Helper()
	to, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	p := &modelProxy{}
	rp := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(to)
			r.Out.Header.Del("Accept-Encoding") // bodies to edit come plain
		},
		ModifyResponse: func(resp *http.Response) error {
			p.mu.Lock()
			edit := p.edit
			p.mu.Unlock()
			if edit == nil || resp.StatusCode != http.StatusOK || !strings.HasSuffix(resp.Request.URL.Path, "/context") {
				return nil
			}
			var wctx client.WorkspaceContext
			if err := json.NewDecoder(resp.Body).Decode(&wctx); err != nil {
				return err
			}
			_ = resp.Body.Close()
			edit(&wctx)
			body, err := json.Marshal(wctx)
			if err != nil {
				return err
			}
			resp.Body, resp.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
			resp.Header.Set("Content-Length", strconv.Itoa(len(body)))
			return nil
		},
	}
	srv := httptest.NewServer(rp)
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

func (p *modelProxy) setEdit(edit func(*client.WorkspaceContext)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.edit = edit
}

// Destroy is never stopped by the model having changed under what it removes: a component type, a
// reference type and a custom field in use are taken out of the model after the apply. The next plan
// is empty (nothing is created or changed, so nothing is checked), and `terraform destroy`, whose
// refresh plans the configuration like `terraform plan`, removes everything. A mistake in the
// configuration itself stops that refresh as it stops a plan (Terraform does not tell a provider which
// one it runs): the error says so, and `terraform destroy -refresh=false` gets through, skipping what
// is already gone.
func TestAccModelChecks_destroyAfterModelChanged(t *testing.T) {
	env := newTestEnv(t)
	counts := providertest.CountsOf(env.Env)
	proxy := newModelProxy(t, env.BaseURL)
	through := *env.Env
	through.BaseURL = proxy.URL
	cli := providertest.NewServedCLIRun(t, &through, "1.5.0", testAccProviders["ardoq"])
	config := func(referenceFields string) string {
		return through.ServedProvider() + env.Render(`resource "ardoq_component" "a" {
  name           = "Model change A{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
  custom_fields  = { {ext} = "model-change-a{tag}" }
}
resource "ardoq_component" "b" {
  name           = "Model change B{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
resource "ardoq_reference" "r" {
  source        = ardoq_component.a.id
  target        = ardoq_component.b.id
  type          = {ref}
  custom_fields = `+referenceFields+`
}
resource "ardoq_batch" "x" {
  components = {
    c = {
      name           = "Model change C{tag}"
      root_workspace = "{ws}"
      type_id        = "{app}"
      custom_fields  = { {ext} = "model-change-c{tag}" }
    }
  }
}
`)
	}
	refFields := "null" // an org whose reference types allow no field (the thin real-org seed) leaves that part out
	if slices.Contains(env.Ref.CustomFields, env.Ext) {
		refFields = env.Render(`{ {ext} = "model-change-r{tag}" }`)
	}
	valid := config(refFields)
	applied := false
	t.Cleanup(func() {
		if applied {
			proxy.setEdit(nil)
			cli.Write("main.tf", valid)
			if out, code := cli.Run("destroy", "-auto-approve", "-refresh=false"); code != 0 {
				t.Errorf("destroy after a failure (exit %d):\n%s", code, out)
			}
		}
	})
	apply := func() *providertest.HeldIDs {
		t.Helper()
		cli.Write("main.tf", valid)
		applied = true
		if out, code := cli.Run("apply", "-auto-approve"); code != 0 {
			t.Fatalf("apply (exit %d):\n%s", code, out)
		}
		return cli.HeldIDs()
	}
	allGone := func(held *providertest.HeldIDs) {
		t.Helper()
		applied = false
		for _, id := range held.References {
			if _, err := env.Client.GetReference(context.Background(), id); !client.IsNotFound(err) {
				t.Errorf("reference %s is still in the org after destroy (%v)", id, err)
			}
		}
		for _, id := range held.Components {
			if env.Exists(t, id) {
				t.Errorf("component %s is still in the org after destroy", id)
			}
		}
		if now := providertest.CountsOf(env.Env); now != counts {
			t.Errorf("after destroy the org has %d components and %d references, want %d and %d", now[0], now[1], counts[0], counts[1])
		}
	}

	held := apply()
	// The field is no longer in the model, nor the types.
	proxy.setEdit(func(m *client.WorkspaceContext) {
		m.CustomFields = slices.DeleteFunc(m.CustomFields, func(f client.Field) bool { return f.APIKey == env.Ext })
		m.ComponentTypes = slices.DeleteFunc(m.ComponentTypes, func(c client.ComponentType) bool { return c.TypeID == env.AppType })
		m.ReferenceTypes = slices.DeleteFunc(m.ReferenceTypes, func(r client.ReferenceType) bool { return r.Type == env.RefType })
	})
	if out, code := cli.Run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after the model changed is not empty (exit %d):\n%s", code, out)
	}
	if out, code := cli.Run("destroy", "-auto-approve"); code != 0 {
		t.Fatalf("destroy after the model changed (exit %d):\n%s", code, out)
	}
	allGone(held)

	// A mistake in the configuration stops destroy's refresh as it stops a plan, and says what to do.
	proxy.setEdit(nil)
	held = apply()
	cli.Write("main.tf", config(`{ no_such_field = "x" }`))
	out, code := cli.Run("destroy", "-auto-approve")
	if code == 0 || !regexp.MustCompile(`(?s)Unknown Custom Field.*If\s+this\s+stops\s+.terraform\s+destroy.*run\s+.terraform\s+destroy\s+-refresh=false.`).MatchString(out) {
		t.Fatalf("destroy with a mistake in the configuration (exit %d) does not fail with the way out:\n%s", code, out)
	}
	env.DeleteInApp(t, true, held.References[0]) // gone from Ardoq since the last refresh: its delete is done, not an error
	out, code = cli.Run("destroy", "-auto-approve", "-refresh=false")
	if code != 0 || strings.Contains(out, "Already Deleted") {
		t.Fatalf("destroy -refresh=false (exit %d):\n%s", code, out)
	}
	allGone(held)
}

// A reference between two new components is checked at plan, though its source's workspace is known
// only at apply: an unknown type, an unknown field or a field its type does not allow fails the plan,
// and the apply, before anything is created. A valid one plans.
func TestAccReferenceResource_newSourceChecked_everyOrg(t *testing.T) {
	env := newTestEnv(t)
	q := regexp.QuoteMeta
	config := func(typ, fields string) string {
		return env.Config(`resource "ardoq_component" "from" {
  name           = "New source{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
resource "ardoq_component" "to" {
  name           = "New target{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
resource "ardoq_reference" "test" {
  source        = ardoq_component.from.id
  target        = ardoq_component.to.id
  type          = ` + typ + `
  custom_fields = ` + fields + `
}`)
	}
	// nothingMade, a step's PreConfig, checks that the step before it created nothing
	nothingMade := func(t *testing.T) func() {
		return func() {
			for _, name := range []string{"New source", "New target"} {
				found, err := env.Client.ListComponents(context.Background(), providertest.ClientFilterByName(env.WS, name+env.Tag))
				if err != nil {
					t.Fatal(err)
				}
				if len(found) > 0 {
					t.Fatalf("the failed plan created component %q (%s)", found[0].Name, found[0].ID)
				}
			}
		}
	}
	anywhere := `.*The source is known only at apply, but no workspace of the org has a model in which this reference is valid`
	validFields := "null" // an org whose reference types allow no field (the thin real-org seed) has only this
	if slices.Contains(env.Ref.CustomFields, env.Ext) {
		validFields = env.Render(`{ {ext} = "ok" }`)
	}
	valid := func(t *testing.T) resource.TestStep {
		return resource.TestStep{PreConfig: nothingMade(t), Config: config("{ref}", validFields), PlanOnly: true, ExpectNonEmptyPlan: true}
	}
	env.Parallel(t)
	t.Run("unknown type or field, and valid", func(t *testing.T) {
		env.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			CheckDestroy:             env.OrgUnchanged(t),
			Steps: []resource.TestStep{
				{Config: config("987654", "null"),
					ExpectError: providertest.ExpectErr(`(?s)Unknown Reference Type.*987654 is not in the model of any workspace of the org`)},
				{PreConfig: nothingMade(t), Config: config("{ref}", `{ no_such_field = "x" }`), PlanOnly: true,
					ExpectError: providertest.ExpectErr(`(?s)Unknown Custom Field.*no custom field "no_such_field"` + anywhere)},
				valid(t),
			},
		})
	})
	t.Run("field not allowed on type", func(t *testing.T) {
		f := env.RefList
		if f == nil || env.Ref2.Type == env.Ref.Type || slices.Contains(env.Ref2.CustomFields, f.APIKey) || env.fitsElsewhere(t, env.Ref2.Type, f.APIKey) {
			t.Skip("no reference type disallows a List field in every model")
		}
		env.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			CheckDestroy:             env.OrgUnchanged(t),
			Steps: []resource.TestStep{
				{Config: config("{ref2}", fmt.Sprintf("{ %s = %q }", f.APIKey, f.Options[0])),
					ExpectError: providertest.ExpectErr(fmt.Sprintf(`(?s)"%s" is not allowed on type "%s"`, q(f.APIKey), q(env.Ref2.Name)) + anywhere)},
				valid(t),
			},
		})
	})
}

// fitsElsewhere reports whether some workspace model of the org has the reference type with the field.
func (e *testEnv) fitsElsewhere(t *testing.T, typ int64, field string) bool {
	t.Helper()
	all, err := e.Client.ListWorkspaces(context.Background(), client.WorkspaceFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range all {
		wctx, err := e.Client.GetWorkspaceContext(context.Background(), w.ID)
		if err != nil {
			t.Fatal(err)
		}
		if rt, ok := wsmodel.ReferenceTypeOf(wctx, typ); ok && slices.Contains(rt.CustomFields, field) {
			return true
		}
	}
	return false
}

// checkReferenceAnywhere errs only where no workspace of the org could take the reference, and reads
// the org's other models only when the models already read do not take it.
func TestCheckReferenceAnywhere(t *testing.T) {
	env := newTestEnv(t)
	ctx := context.Background()
	var other string // a workspace whose model has a reference type ws's model lacks (otherType)
	var otherType int64
	all, err := env.Client.ListWorkspaces(ctx, client.WorkspaceFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range all {
		wctx, err := env.Client.GetWorkspaceContext(ctx, w.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, rt := range wctx.ReferenceTypes {
			if _, ok := wsmodel.ReferenceTypeOf(env.Wctx, rt.Type); !ok && other == "" {
				other, otherType = w.ID, rt.Type
			}
		}
	}
	reference := func(typ int64, field string) entity.ReferenceModel {
		fields := types.DynamicNull()
		if field != "" {
			fields = types.DynamicValue(types.ObjectValueMust(map[string]attr.Type{field: types.StringType},
				map[string]attr.Value{field: types.StringValue("x")}))
		}
		return entity.ReferenceModel{Source: types.StringUnknown(), Type: types.Int64Value(typ), CustomFields: fields}
	}
	// data is a provider run that has read the models of the workspaces given.
	data := func(read ...string) *providerdata.Data {
		d := providerdata.New(env.Client, providerdata.Settings{})
		for _, ws := range read {
			if _, err := d.Contexts.Get(ctx, ws); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	summaries := func(diags diag.Diagnostics) string {
		var out []string
		for _, d := range diags {
			out = append(out, d.Severity().String()+": "+d.Summary())
		}
		return strings.Join(out, "; ")
	}
	cases := []struct {
		name   string
		read   []string
		ref    entity.ReferenceModel
		want   string // the diagnostics' severities and summaries
		listed bool   // whether the org's workspaces were listed
		skip   bool
	}{
		{name: "valid where the new components are", read: []string{env.WS}, ref: reference(env.RefType, "")},
		{name: "unknown type", read: []string{env.WS}, ref: reference(987654, ""), want: "Error: Unknown Reference Type", listed: true},
		{name: "unknown field", read: []string{env.WS}, ref: reference(env.RefType, "no_such_field"), want: "Error: Unknown Custom Field", listed: true},
		{name: "valid only in a model not read", read: []string{env.WS}, ref: reference(otherType, ""), skip: other == "",
			want: "Warning: Reference May Not Fit Its Source's Workspace", listed: true},
		{name: "no model read", ref: reference(otherType, ""), skip: other == "", listed: true},
		{name: "valid in the other model read", read: []string{env.WS, other}, ref: reference(otherType, ""), skip: other == ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.skip {
				t.Skip("no workspace model has a reference type the test workspace's lacks")
			}
			d := data(tc.read...)
			diags := single.CheckReferenceAnywhere(ctx, d, tc.ref, entity.ReferenceModel{})
			if got := summaries(diags); got != tc.want {
				t.Errorf("diagnostics %q, want %q", got, tc.want)
			}
			if listed := d.Contexts.ListedAll(); listed != tc.listed {
				t.Errorf("listed the workspaces: %v, want %v", listed, tc.listed)
			}
		})
	}
}

// The advice for getting a destroy past a mistake in the configuration is on the first model-check error
// of each resource (a component's, a reference's and a batch's), so what one resource reports does not
// depend on which resources Terraform planned before it.
func TestAccModelChecks_destroyHintOnEachResource(t *testing.T) {
	env := newTestEnv(t)
	cli := providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"])
	cli.Write("main.tf", env.ServedProvider()+env.Render(`
resource "ardoq_component" "a" {
  name           = "Hint A{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
  custom_fields  = { no_such_field = "x" }
}
resource "ardoq_component" "b" {
  name           = "Hint B{tag}"
  root_workspace = "{ws}"
  type_id        = "p0000000000000"
}
resource "ardoq_reference" "r" {
  source        = "5eed000000000000000dead0"
  target        = "5eed000000000000000dead0"
  type          = 987654
}
resource "ardoq_batch" "x" {
  components = {
    c = {
      name           = "Hint C{tag}"
      root_workspace = "{ws}"
      type_id        = "{app}"
      custom_fields  = { no_such_field = "x" }
    }
  }
}
`))
	out, code := cli.Run("plan")
	if code == 0 || strings.Count(out, "Error: ") < 4 || strings.Count(out, "-refresh=false") != 4 {
		t.Fatalf("want four errors and the destroy hint once per resource (exit %d):\n%s", code, out)
	}
}
