package provider

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// orgProfile is what the acceptance tests use from the org under test. All of it is found through the
// API (the workspaces, their context, their components), none of it assumed, so the tests run
// unchanged against the emulator's default seed, against the second seed CI serves as a real org
// (internal/emulator/seed/sandbox.json), and against a sandbox org.
type orgProfile struct {
	workspace, workspace2 client.Workspace // the test workspaces; the second shares the first's model (or is it)
	wctx                  *client.WorkspaceContext
	// app is a component type with a type allowed below it (child); without a type hierarchy child is app.
	app, child client.ComponentType
	others     []client.ComponentType // top-level types other than app, in the context's order
	// ref allows a List field when a reference type does (refList); ref2 is another type that does not
	// allow refList; ref3 a third one where there is one.
	ref, ref2, ref3 client.ReferenceType
	refList         *client.Field
	fields          map[string]client.Field   // the model's custom fields by API key
	onApp           map[string][]client.Field // writable fields allowed on app, by Ardoq field type, in model order
	// ext is a Text field allowed on app, child and ref, preferably one no component of ws has a value
	// for: external ids for adoption and the batch import. owner is another Text field allowed on app.
	ext, owner string
	// componentModel is the model id of ws when the API's workspace says it ("" otherwise).
	componentModel string
}

// realOrgProfile is found once per run against a real org, before any test has created anything.
var realOrgProfile struct {
	once sync.Once
	p    *orgProfile
	err  error
}

func discoverOrg(ctx context.Context, c *client.Client, env *testEnv) (*orgProfile, error) {
	p := &orgProfile{fields: map[string]client.Field{}, onApp: map[string][]client.Field{}}
	for _, w := range []struct {
		id   string
		into *client.Workspace
	}{{env.ws, &p.workspace}, {env.ws2, &p.workspace2}} {
		got, err := c.GetWorkspace(ctx, w.id)
		if err != nil {
			return nil, fmt.Errorf("workspace %s: %w", w.id, err)
		}
		*w.into = *got
	}
	wctx, err := c.GetWorkspaceContext(ctx, env.ws)
	if err != nil {
		return nil, fmt.Errorf("workspace context of %s: %w", env.ws, err)
	}
	if len(wctx.ComponentTypes) == 0 || len(wctx.ReferenceTypes) == 0 {
		return nil, fmt.Errorf("workspace %s has %d component types and %d reference types; the tests need at least one of each",
			env.ws, len(wctx.ComponentTypes), len(wctx.ReferenceTypes))
	}
	p.wctx = wctx
	for _, f := range wctx.CustomFields {
		p.fields[f.APIKey] = f
	}
	p.pickTypes()
	for _, k := range p.app.CustomFields {
		if f, ok := p.fields[k]; ok && writable(f) {
			p.onApp[f.Type] = append(p.onApp[f.Type], f)
		}
	}
	existing, err := c.ListComponents(ctx, client.ComponentFilter{RootWorkspace: env.ws})
	if err != nil {
		return nil, fmt.Errorf("components of %s: %w", env.ws, err)
	}
	p.pickExt(existing)
	for _, f := range p.onApp["Text"] {
		if f.APIKey != p.ext && p.owner == "" {
			p.owner = f.APIKey
		}
	}
	var raw struct {
		ComponentModel string `json:"componentModel"`
	}
	if err := env.rawGet(ctx, "/workspaces/"+url.PathEscape(env.ws), &raw); err != nil {
		return nil, err
	}
	p.componentModel = raw.ComponentModel
	return p, nil
}

func writable(f client.Field) bool { return !f.ReadOnly && !f.Calculated }

// pickTypes chooses app and child (a parent/child pair when the model has one), the other top-level
// types, and the reference types.
func (p *orgProfile) pickTypes() {
	types := p.wctx.ComponentTypes
	p.app, p.child = types[0], types[0]
	for _, ct := range types {
		if ct.Parent == nil {
			p.app, p.child = ct, ct
			break
		}
	}
pair:
	for _, parent := range types {
		for _, ct := range types {
			if ct.Parent != nil && ct.Parent.TypeID == parent.TypeID && ct.TypeID != parent.TypeID {
				p.app, p.child = parent, ct
				break pair
			}
		}
	}
	for _, ct := range types {
		if ct.Parent == nil && ct.TypeID != p.app.TypeID {
			p.others = append(p.others, ct)
		}
	}
	refs := p.wctx.ReferenceTypes
	p.ref = refs[0]
	for _, rt := range refs {
		if f := p.listFieldOf(rt); f != nil {
			p.ref, p.refList = rt, f
			break
		}
	}
	p.ref2, p.ref3 = p.ref, p.ref
	for _, rt := range refs {
		if rt.Type != p.ref.Type && (p.refList == nil || !slices.Contains(rt.CustomFields, p.refList.APIKey)) {
			p.ref2 = rt
			break
		}
	}
	if p.ref2.Type == p.ref.Type && len(refs) > 1 {
		p.ref2 = refs[len(refs)-1]
	}
	p.ref3 = p.ref2
	for _, rt := range refs {
		if rt.Type != p.ref.Type && rt.Type != p.ref2.Type {
			p.ref3 = rt
			break
		}
	}
}

// listFieldOf returns a writable List field allowed on the reference type, with at least two options.
func (p *orgProfile) listFieldOf(rt client.ReferenceType) *client.Field {
	for _, k := range rt.CustomFields {
		if f, ok := p.fields[k]; ok && f.Type == "List" && writable(f) && len(f.Options) >= 2 {
			return &f
		}
	}
	return nil
}

// pickExt chooses the Text field used for external ids: allowed on app, child and ref if one is, on app
// and child otherwise; among those, one that no existing component of the workspace has a value for.
func (p *orgProfile) pickExt(existing []client.Component) {
	allowed := func(f client.Field, ref bool) bool {
		return f.Type == "Text" && writable(f) && slices.Contains(p.app.CustomFields, f.APIKey) &&
			slices.Contains(p.child.CustomFields, f.APIKey) && (!ref || slices.Contains(p.ref.CustomFields, f.APIKey))
	}
	used := func(key string) bool {
		for i := range existing {
			if existing[i].CustomFields[key] != nil {
				return true
			}
		}
		return false
	}
	for _, needRef := range []bool{true, false} {
		var first string
		for _, f := range p.wctx.CustomFields {
			if !allowed(f, needRef) {
				continue
			}
			if first == "" {
				first = f.APIKey
			}
			if !used(f.APIKey) {
				p.ext = f.APIKey
				return
			}
		}
		if first != "" {
			p.ext = first
			return
		}
	}
}

// field returns the first writable field of an Ardoq type allowed on app ("" when the org has none), not
// one of the keys given.
func (p *orgProfile) field(kind string, not ...string) string {
	for _, f := range p.onApp[kind] {
		if !slices.Contains(not, f.APIKey) {
			return f.APIKey
		}
	}
	return ""
}

// requireField skips the test, saying why, when app allows no writable field of the kind.
func (e *testEnv) requireField(t *testing.T, kind string) string {
	t.Helper()
	k := e.field(kind)
	if k == "" {
		t.Skipf("type %q of workspace %s allows no writable %s custom field", e.app.Name, e.ws, kind)
	}
	return k
}

// fieldNotOnApp returns a field of the model that app does not allow, or "".
func (p *orgProfile) fieldNotOnApp() string {
	for _, f := range p.wctx.CustomFields {
		if !slices.Contains(p.app.CustomFields, f.APIKey) {
			return f.APIKey
		}
	}
	return ""
}

// fieldOnApp returns a field allowed on app that matches, or "".
func (p *orgProfile) fieldOnApp(match func(client.Field) bool) string {
	for _, k := range p.app.CustomFields {
		if f, ok := p.fields[k]; ok && match(f) {
			return k
		}
	}
	return ""
}

// settableOnApp lists the fields allowed on app that are neither calculated nor read-only, in app's order.
func (p *orgProfile) settableOnApp() []string {
	var out []string
	for _, k := range p.app.CustomFields {
		if f, ok := p.fields[k]; !ok || !fields.SettledByArdoq(f) {
			out = append(out, k)
		}
	}
	return out
}

// rawGet reads an API path the client has no method for (the componentModel of a workspace, which the
// document leaves out of its record). A 404 leaves out untouched.
func (e *testEnv) rawGet(ctx context.Context, path string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(e.baseURL, "/")+"/api/v2"+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+e.token)
	req.Header.Set("User-Agent", "terraform-provider-ardoq-acceptance-tests")
	req.Header.Set("Accept", "application/json")
	if e.org != "" {
		req.Header.Set("X-org", e.org)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return nil
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: HTTP %d", path, resp.StatusCode)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// newTag returns a suffix that keeps the names and external ids of one test apart from every other
// test's against a shared real org ("" on a test's own emulator).
func (e *testEnv) newTag() string {
	if e.srv != nil {
		return ""
	}
	b := make([]byte, 3)
	_, _ = rand.Read(b)
	return "-" + hex.EncodeToString(b)
}

// userID returns a user id for User fields: the token's user, as the creator of a component made and
// deleted for the purpose ("" when the API does not say).
func (e *testEnv) userID(t *testing.T) string {
	t.Helper()
	c := e.createComponent(t, client.ComponentCreate{Name: "User probe" + e.tag, RootWorkspace: e.ws, TypeID: e.appType})
	e.deleteIfThere(t, false, c.ID)
	if entity.OIDPattern.MatchString(c.Meta.CreatedBy) {
		return c.Meta.CreatedBy
	}
	return ""
}

// createComponent makes a component by hand, as someone in the app would, and deletes it when the test
// ends unless it is gone already.
func (e *testEnv) createComponent(t *testing.T, in client.ComponentCreate) *client.Component {
	t.Helper()
	c, err := e.client.CreateComponent(context.Background(), in)
	if err != nil {
		t.Fatalf("creating component %q: %v", in.Name, err)
	}
	t.Cleanup(func() { e.deleteIfThere(t, false, c.ID) })
	return c
}

// createReference is createComponent for a reference.
func (e *testEnv) createReference(t *testing.T, in client.ReferenceCreate) *client.Reference {
	t.Helper()
	r, err := e.client.CreateReference(context.Background(), in)
	if err != nil {
		t.Fatalf("creating reference %s -> %s: %v", in.Source, in.Target, err)
	}
	t.Cleanup(func() { e.deleteIfThere(t, true, r.ID) })
	return r
}

// deleteIfThere deletes a component or reference the test created, and reports whether it was there.
func (e *testEnv) deleteIfThere(t *testing.T, reference bool, id string) bool {
	ctx := context.Background()
	var err error
	if reference {
		if _, err = e.client.GetReference(ctx, id); err == nil {
			err = e.client.DeleteReference(ctx, id)
		}
	} else {
		if _, err = e.client.GetComponent(ctx, id); err == nil {
			err = e.client.DeleteComponent(ctx, id)
		}
	}
	if client.IsNotFound(err) {
		return false
	}
	if err != nil {
		t.Errorf("cleaning up %s: %v", id, err)
	}
	return true
}

// heldIDs are the ids of the components and references Terraform held in state at some step.
type heldIDs struct {
	mu                     sync.Mutex
	components, references []string
}

func (h *heldIDs) add(reference bool, id any) {
	s, ok := id.(string)
	if !ok || s == "" {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	list := &h.components
	if reference {
		list = &h.references
	}
	if !slices.Contains(*list, s) {
		*list = append(*list, s)
	}
}

// recordHeld is a state check that remembers every Ardoq id in state.
type recordHeld struct{ into *heldIDs }

func (r recordHeld) CheckState(_ context.Context, req statecheck.CheckStateRequest, _ *statecheck.CheckStateResponse) {
	if req.State == nil || req.State.Values == nil || req.State.Values.RootModule == nil {
		return
	}
	for _, res := range req.State.Values.RootModule.Resources {
		if res.Mode != "managed" {
			continue
		}
		switch res.Type {
		case "ardoq_component":
			r.into.add(false, res.AttributeValues["id"])
		case "ardoq_reference":
			r.into.add(true, res.AttributeValues["id"])
		case "ardoq_batch":
			for kind, reference := range map[string]bool{"computed_components": false, "computed_references": true} {
				items, _ := res.AttributeValues[kind].(map[string]any)
				for _, item := range items {
					if m, ok := item.(map[string]any); ok {
						r.into.add(reference, m["id"])
					}
				}
			}
		}
	}
}

// parallelTest is resource.ParallelTest with the real-org safety net of guarded.
func (e *testEnv) parallelTest(t *testing.T, tc resource.TestCase) {
	t.Helper()
	resource.ParallelTest(t, e.guarded(t, tc))
}

// test is resource.Test with the real-org safety net of guarded; tests that created fixtures after
// calling t.Parallel themselves use it.
func (e *testEnv) test(t *testing.T, tc resource.TestCase) {
	t.Helper()
	resource.Test(t, e.guarded(t, tc))
}

// guarded adds, against a real org, a check to every applying step that remembers the ids in state, and
// a cleanup that deletes those still there once the test is over: a failed step or a failed destroy
// leaves nothing behind, and only ids Terraform created (or the test made and handed to it) are touched.
// One still there after a passing test is reported. A test's own emulator is thrown away instead.
func (e *testEnv) guarded(t *testing.T, tc resource.TestCase) resource.TestCase {
	t.Helper()
	if e.srv != nil {
		return tc
	}
	held := &heldIDs{}
	steps := slices.Clone(tc.Steps)
	for i := range steps {
		s := &steps[i]
		if s.Config != "" && !s.PlanOnly && !s.ImportState && !s.RefreshState {
			s.ConfigStateChecks = append(slices.Clone(s.ConfigStateChecks), recordHeld{held})
		}
	}
	tc.Steps = steps
	t.Cleanup(func() {
		held.mu.Lock()
		defer held.mu.Unlock()
		var left []string
		for _, id := range held.references {
			if e.deleteIfThere(t, true, id) {
				left = append(left, "reference "+id)
			}
		}
		for _, id := range held.components {
			if e.deleteIfThere(t, false, id) {
				left = append(left, "component "+id)
			}
		}
		if len(left) > 0 && !t.Failed() {
			t.Errorf("the test left %s behind (now deleted)", strings.Join(left, ", "))
		}
	})
	return tc
}

// orgUnchanged is a CheckDestroy: every component and reference in the state before the destroy is gone
// from the org, and on a test's own emulator the org holds exactly the components and references it had.
func (e *testEnv) orgUnchanged(t *testing.T) func(*terraform.State) error {
	var comps, refs int
	if e.srv != nil {
		comps, refs = e.srv.Counts()
	}
	return func(s *terraform.State) error {
		if e.srv != nil {
			if c, r := e.srv.Counts(); c != comps || r != refs {
				return fmt.Errorf("after destroy the org has %d components and %d references, want %d and %d", c, r, comps, refs)
			}
		}
		return e.goneFromOrg(s)
	}
}

// goneFromOrg checks that no Ardoq id of the state is left in the org.
func (e *testEnv) goneFromOrg(s *terraform.State) error {
	ctx := context.Background()
	var errs []error
	for addr, rs := range s.RootModule().Resources {
		if rs.Primary == nil {
			continue
		}
		check := func(reference bool, id string) {
			var err error
			if reference {
				_, err = e.client.GetReference(ctx, id)
			} else {
				_, err = e.client.GetComponent(ctx, id)
			}
			switch {
			case err == nil:
				errs = append(errs, fmt.Errorf("%s: %s is still in the org after destroy", addr, id))
			case !client.IsNotFound(err):
				errs = append(errs, fmt.Errorf("%s: reading %s after destroy: %w", addr, id, err))
			}
		}
		switch rs.Type {
		case "ardoq_component":
			check(false, rs.Primary.ID)
		case "ardoq_reference":
			check(true, rs.Primary.ID)
		case "ardoq_batch":
			for k, v := range rs.Primary.Attributes {
				if strings.HasSuffix(k, ".id") && strings.HasPrefix(k, "computed_components.") {
					check(false, v)
				} else if strings.HasSuffix(k, ".id") && strings.HasPrefix(k, "computed_references.") {
					check(true, v)
				}
			}
		}
	}
	return errors.Join(errs...)
}

// exists reports whether a component is in the org.
func (e *testEnv) exists(t *testing.T, id string) bool {
	t.Helper()
	_, err := e.client.GetComponent(context.Background(), id)
	if err != nil && !client.IsNotFound(err) {
		t.Fatalf("reading component %s: %v", id, err)
	}
	return err == nil
}

// component reads a component, failing the test when it cannot.
func (e *testEnv) component(t *testing.T, id string) *client.Component {
	t.Helper()
	c, err := e.client.GetComponent(context.Background(), id)
	if err != nil {
		t.Fatalf("reading component %s: %v", id, err)
	}
	return c
}

// editInApp changes a component as someone in the app would: whatever its version.
func (e *testEnv) editInApp(t *testing.T, id string, in client.ComponentUpdate) {
	t.Helper()
	if _, err := e.client.UpdateComponent(context.Background(), id, client.Latest, in); err != nil {
		t.Fatalf("editing component %s out of band: %v", id, err)
	}
}

// editReferenceInApp is editInApp for a reference.
func (e *testEnv) editReferenceInApp(t *testing.T, id string, in client.ReferenceUpdate) {
	t.Helper()
	if _, err := e.client.UpdateReference(context.Background(), id, client.Latest, in); err != nil {
		t.Fatalf("editing reference %s out of band: %v", id, err)
	}
}

// deleteInApp deletes a component or reference out of band (with its descendants and references, as
// Ardoq does).
func (e *testEnv) deleteInApp(t *testing.T, reference bool, id string) {
	t.Helper()
	var err error
	if reference {
		err = e.client.DeleteReference(context.Background(), id)
	} else {
		err = e.client.DeleteComponent(context.Background(), id)
	}
	if err != nil {
		t.Fatalf("deleting %s out of band: %v", id, err)
	}
}

// The seeds make test-real-org serves as real orgs (internal/emulator/seed/sandbox.json and its thinner
// sandbox-thin.json) load, and share no id, workspace name, type id, type name, field key or label,
// report or attachment with the default seed: a test that assumed the default seed's values would fail
// against them.
func TestSandboxSeed_sharesNothingWithTheDefault(t *testing.T) {
	for _, file := range []string{"sandbox.json", "sandbox-thin.json"} {
		t.Run(file, func(t *testing.T) { sharesNothingWithTheDefault(t, file) })
	}
}

func sharesNothingWithTheDefault(t *testing.T, file string) {
	sandbox, err := emulator.ReadSeed(filepath.Join("..", "emulator", "seed", file))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := emulator.New(emulator.WithSeed(sandbox)); err != nil {
		t.Fatalf("the sandbox seed does not load: %v", err)
	}
	def, err := emulator.DefaultSeed()
	if err != nil {
		t.Fatal(err)
	}
	values := func(s *emulator.Seed) map[string]string {
		out := map[string]string{}
		add := func(kind string, vs ...string) {
			for _, v := range vs {
				if v != "" {
					out[kind+" "+v] = v
				}
			}
		}
		for _, m := range s.Models {
			add("id", m.ID)
			for _, ct := range m.ComponentTypes {
				add("type id", ct.TypeID)
				add("type name", ct.Name)
			}
			for _, rt := range m.ReferenceTypes {
				add("reference type", fmt.Sprint(rt.Type), rt.Name)
			}
			for _, f := range m.Fields {
				add("field", f.APIKey, f.Label)
			}
		}
		for _, w := range s.Workspaces {
			add("id", w.ID)
			add("workspace", w.Name, w.WorkspaceKey)
		}
		for _, c := range s.Components {
			add("id", c.ID)
			add("component", c.Name)
		}
		for _, r := range s.References {
			add("id", r.ID)
		}
		for _, a := range s.Attachments {
			add("id", a.ID)
			add("attachment", a.Filename)
			if a.Folder != nil {
				add("id", *a.Folder)
			}
		}
		for _, r := range s.Reports {
			add("id", r.ID)
			if r.Name != nil {
				add("report", *r.Name)
			}
		}
		return out
	}
	theirs := values(def)
	for k := range values(sandbox) {
		if _, ok := theirs[k]; ok {
			t.Errorf("the sandbox seed shares %s with the default seed", k)
		}
	}
}
