package providertest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// OrgProfile is what the acceptance tests use from the org under test. All of it is found through the
// API (the workspaces, their context, their components), none of it assumed, so the tests run
// unchanged against the emulator's default seed, against the second seed CI serves as a real org
// (internal/emulator/seed/sandbox.json), and against a sandbox org.
type OrgProfile struct {
	Workspace, Workspace2 client.Workspace // the test workspaces; the second shares the first's model (or is it)
	Wctx                  *client.WorkspaceContext
	// app is a component type with a type allowed below it (child); without a type hierarchy child is app.
	App, Child client.ComponentType
	Others     []client.ComponentType // top-level types other than app, in the context's order
	// ref allows a List field when a reference type does (refList); ref2 is another type that does not
	// allow refList; ref3 a third one where there is one.
	Ref, Ref2, Ref3 client.ReferenceType
	RefList         *client.Field
	Fields          map[string]client.Field   // the model's custom fields by API key
	OnApp           map[string][]client.Field // writable fields allowed on app, by Ardoq field type, in model order
	// ext is a Text field allowed on app, child and ref, preferably one no component of ws has a value
	// for: external ids for adoption and the batch import. owner is another Text field allowed on app.
	Ext, Owner string
	// componentModel is the model id of ws when the API's workspace says it ("" otherwise).
	ComponentModel string
}

// realOrgProfile is found once per run against a real org, before any test has created anything.
var realOrgProfile struct {
	once sync.Once
	p    *OrgProfile
	err  error
}

func discoverOrg(ctx context.Context, c *client.Client, env *Env) (*OrgProfile, error) {
	p := &OrgProfile{Fields: map[string]client.Field{}, OnApp: map[string][]client.Field{}}
	for _, w := range []struct {
		id   string
		into *client.Workspace
	}{{env.WS, &p.Workspace}, {env.WS2, &p.Workspace2}} {
		got, err := c.GetWorkspace(ctx, w.id)
		if err != nil {
			return nil, fmt.Errorf("workspace %s: %w", w.id, err)
		}
		*w.into = *got
	}
	wctx, err := c.GetWorkspaceContext(ctx, env.WS)
	if err != nil {
		return nil, fmt.Errorf("workspace context of %s: %w", env.WS, err)
	}
	if len(wctx.ComponentTypes) == 0 || len(wctx.ReferenceTypes) == 0 {
		return nil, fmt.Errorf("workspace %s has %d component types and %d reference types; the tests need at least one of each",
			env.WS, len(wctx.ComponentTypes), len(wctx.ReferenceTypes))
	}
	p.Wctx = wctx
	for _, f := range wctx.CustomFields {
		p.Fields[f.APIKey] = f
	}
	p.pickTypes()
	for _, k := range p.App.CustomFields {
		if f, ok := p.Fields[k]; ok && Writable(f) {
			p.OnApp[f.Type] = append(p.OnApp[f.Type], f)
		}
	}
	existing, err := c.ListComponents(ctx, client.ComponentFilter{RootWorkspace: env.WS})
	if err != nil {
		return nil, fmt.Errorf("components of %s: %w", env.WS, err)
	}
	p.pickExt(existing)
	for _, f := range p.OnApp["Text"] {
		if f.APIKey != p.Ext && p.Owner == "" {
			p.Owner = f.APIKey
		}
	}
	var raw struct {
		ComponentModel string `json:"componentModel"`
	}
	if err := env.rawGet(ctx, "/workspaces/"+url.PathEscape(env.WS), &raw); err != nil {
		return nil, err
	}
	p.ComponentModel = raw.ComponentModel
	return p, nil
}

func Writable(f client.Field) bool { return !f.ReadOnly && !f.Calculated }

// pickTypes chooses app and child (a parent/child pair when the model has one), the other top-level
// types, and the reference types.
func (p *OrgProfile) pickTypes() {
	types := p.Wctx.ComponentTypes
	p.App, p.Child = types[0], types[0]
	for _, ct := range types {
		if ct.Parent == nil {
			p.App, p.Child = ct, ct
			break
		}
	}
pair:
	for _, parent := range types {
		for _, ct := range types {
			if ct.Parent != nil && ct.Parent.TypeID == parent.TypeID && ct.TypeID != parent.TypeID {
				p.App, p.Child = parent, ct
				break pair
			}
		}
	}
	for _, ct := range types {
		if ct.Parent == nil && ct.TypeID != p.App.TypeID {
			p.Others = append(p.Others, ct)
		}
	}
	refs := p.Wctx.ReferenceTypes
	p.Ref = refs[0]
	for _, rt := range refs {
		if f := p.listFieldOf(rt); f != nil {
			p.Ref, p.RefList = rt, f
			break
		}
	}
	p.Ref2, p.Ref3 = p.Ref, p.Ref
	for _, rt := range refs {
		if rt.Type != p.Ref.Type && (p.RefList == nil || !slices.Contains(rt.CustomFields, p.RefList.APIKey)) {
			p.Ref2 = rt
			break
		}
	}
	if p.Ref2.Type == p.Ref.Type && len(refs) > 1 {
		p.Ref2 = refs[len(refs)-1]
	}
	p.Ref3 = p.Ref2
	for _, rt := range refs {
		if rt.Type != p.Ref.Type && rt.Type != p.Ref2.Type {
			p.Ref3 = rt
			break
		}
	}
}

// listFieldOf returns a writable List field allowed on the reference type, with at least two options.
func (p *OrgProfile) listFieldOf(rt client.ReferenceType) *client.Field {
	for _, k := range rt.CustomFields {
		if f, ok := p.Fields[k]; ok && f.Type == "List" && Writable(f) && len(f.Options) >= 2 {
			return &f
		}
	}
	return nil
}

// pickExt chooses the Text field used for external ids: allowed on app, child and ref if one is, on app
// and child otherwise; among those, one that no existing component of the workspace has a value for.
func (p *OrgProfile) pickExt(existing []client.Component) {
	allowed := func(f client.Field, ref bool) bool {
		return f.Type == "Text" && Writable(f) && slices.Contains(p.App.CustomFields, f.APIKey) &&
			slices.Contains(p.Child.CustomFields, f.APIKey) && (!ref || slices.Contains(p.Ref.CustomFields, f.APIKey))
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
		for _, f := range p.Wctx.CustomFields {
			if !allowed(f, needRef) {
				continue
			}
			if first == "" {
				first = f.APIKey
			}
			if !used(f.APIKey) {
				p.Ext = f.APIKey
				return
			}
		}
		if first != "" {
			p.Ext = first
			return
		}
	}
}

// field returns the first writable field of an Ardoq type allowed on app ("" when the org has none), not
// one of the keys given.
func (p *OrgProfile) Field(kind string, not ...string) string {
	for _, f := range p.OnApp[kind] {
		if !slices.Contains(not, f.APIKey) {
			return f.APIKey
		}
	}
	return ""
}

// requireField skips the test, saying why, when app allows no writable field of the kind.
func (e *Env) RequireField(t *testing.T, kind string) string {
	t.Helper()
	k := e.Field(kind)
	if k == "" {
		t.Skipf("type %q of workspace %s allows no writable %s custom field", e.App.Name, e.WS, kind)
	}
	return k
}

// fieldNotOnApp returns a field of the model that app does not allow, or "".
func (p *OrgProfile) FieldNotOnApp() string {
	for _, f := range p.Wctx.CustomFields {
		if !slices.Contains(p.App.CustomFields, f.APIKey) {
			return f.APIKey
		}
	}
	return ""
}

// fieldOnApp returns a field allowed on app that matches, or "".
func (p *OrgProfile) FieldOnApp(match func(client.Field) bool) string {
	for _, k := range p.App.CustomFields {
		if f, ok := p.Fields[k]; ok && match(f) {
			return k
		}
	}
	return ""
}

// settableOnApp lists the fields allowed on app that are neither calculated nor read-only, in app's order.
func (p *OrgProfile) SettableOnApp() []string {
	var out []string
	for _, k := range p.App.CustomFields {
		if f, ok := p.Fields[k]; !ok || !fields.SettledByArdoq(f) {
			out = append(out, k)
		}
	}
	return out
}

// rawGet reads an API path the client has no method for (the componentModel of a workspace, which the
// document leaves out of its record). A 404 leaves out untouched.
func (e *Env) rawGet(ctx context.Context, path string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(e.BaseURL, "/")+"/api/v2"+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+e.Token)
	req.Header.Set("User-Agent", "terraform-provider-ardoq-acceptance-tests")
	req.Header.Set("Accept", "application/json")
	if e.Org != "" {
		req.Header.Set("X-org", e.Org)
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
func (e *Env) newTag() string {
	if e.Srv != nil {
		return ""
	}
	b := make([]byte, 3)
	_, _ = rand.Read(b)
	return "-" + hex.EncodeToString(b)
}

// userID returns a user id for User fields: the token's user, as the creator of a component made and
// deleted for the purpose ("" when the API does not say).
func (e *Env) UserID(t *testing.T) string {
	t.Helper()
	c := e.CreateComponent(t, client.ComponentCreate{Name: "User probe" + e.Tag, RootWorkspace: e.WS, TypeID: e.AppType})
	e.DeleteIfThere(t, false, c.ID)
	if entity.OIDPattern.MatchString(c.Meta.CreatedBy) {
		return c.Meta.CreatedBy
	}
	return ""
}

// createComponent makes a component by hand, as someone in the app would, and deletes it when the test
// ends unless it is gone already.
func (e *Env) CreateComponent(t *testing.T, in client.ComponentCreate) *client.Component {
	t.Helper()
	c, err := e.Client.CreateComponent(context.Background(), in)
	if err != nil {
		t.Fatalf("creating component %q: %v", in.Name, err)
	}
	t.Cleanup(func() { e.DeleteIfThere(t, false, c.ID) })
	return c
}

// createReference is createComponent for a reference.
func (e *Env) CreateReference(t *testing.T, in client.ReferenceCreate) *client.Reference {
	t.Helper()
	r, err := e.Client.CreateReference(context.Background(), in)
	if err != nil {
		t.Fatalf("creating reference %s -> %s: %v", in.Source, in.Target, err)
	}
	t.Cleanup(func() { e.DeleteIfThere(t, true, r.ID) })
	return r
}

// deleteIfThere deletes a component or reference the test created, and reports whether it was there.
func (e *Env) DeleteIfThere(t *testing.T, reference bool, id string) bool {
	ctx := context.Background()
	var err error
	if reference {
		if _, err = e.Client.GetReference(ctx, id); err == nil {
			err = e.Client.DeleteReference(ctx, id)
		}
	} else {
		if _, err = e.Client.GetComponent(ctx, id); err == nil {
			err = e.Client.DeleteComponent(ctx, id)
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

// HeldIDs are the ids of the components and references Terraform held in state at some step.
type HeldIDs struct {
	mu                     sync.Mutex
	Components, References []string
}

func (h *HeldIDs) add(reference bool, id any) {
	s, ok := id.(string)
	if !ok || s == "" {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	list := &h.Components
	if reference {
		list = &h.References
	}
	if !slices.Contains(*list, s) {
		*list = append(*list, s)
	}
}

// recordHeld is a state check that remembers every Ardoq id in state.
type recordHeld struct{ into *HeldIDs }

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
func (e *Env) ParallelTest(t *testing.T, tc resource.TestCase) {
	t.Helper()
	resource.ParallelTest(t, e.guarded(t, tc))
}

// test is resource.Test with the real-org safety net of guarded; tests that created fixtures after
// calling t.Parallel themselves use it.
func (e *Env) Test(t *testing.T, tc resource.TestCase) {
	t.Helper()
	resource.Test(t, e.guarded(t, tc))
}

// guarded adds, against a real org, a check to every applying step that remembers the ids in state, and
// a cleanup that deletes those still there once the test is over: a failed step or a failed destroy
// leaves nothing behind, and only ids Terraform created (or the test made and handed to it) are touched.
// One still there after a passing test is reported. A test's own emulator is thrown away instead.
func (e *Env) guarded(t *testing.T, tc resource.TestCase) resource.TestCase {
	t.Helper()
	if e.Srv != nil {
		return tc
	}
	held := &HeldIDs{}
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
		for _, id := range held.References {
			if e.DeleteIfThere(t, true, id) {
				left = append(left, "reference "+id)
			}
		}
		for _, id := range held.Components {
			if e.DeleteIfThere(t, false, id) {
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
func (e *Env) OrgUnchanged(t *testing.T) func(*terraform.State) error {
	var comps, refs int
	if e.Srv != nil {
		comps, refs = e.Srv.Counts()
	}
	return func(s *terraform.State) error {
		if e.Srv != nil {
			if c, r := e.Srv.Counts(); c != comps || r != refs {
				return fmt.Errorf("after destroy the org has %d components and %d references, want %d and %d", c, r, comps, refs)
			}
		}
		return e.GoneFromOrg(s)
	}
}

// goneFromOrg checks that no Ardoq id of the state is left in the org.
func (e *Env) GoneFromOrg(s *terraform.State) error {
	ctx := context.Background()
	var errs []error
	for addr, rs := range s.RootModule().Resources {
		if rs.Primary == nil {
			continue
		}
		check := func(reference bool, id string) {
			var err error
			if reference {
				_, err = e.Client.GetReference(ctx, id)
			} else {
				_, err = e.Client.GetComponent(ctx, id)
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
func (e *Env) Exists(t *testing.T, id string) bool {
	t.Helper()
	_, err := e.Client.GetComponent(context.Background(), id)
	if err != nil && !client.IsNotFound(err) {
		t.Fatalf("reading component %s: %v", id, err)
	}
	return err == nil
}

// component reads a component, failing the test when it cannot.
func (e *Env) Component(t *testing.T, id string) *client.Component {
	t.Helper()
	c, err := e.Client.GetComponent(context.Background(), id)
	if err != nil {
		t.Fatalf("reading component %s: %v", id, err)
	}
	return c
}

// editInApp changes a component as someone in the app would: whatever its version.
func (e *Env) EditInApp(t *testing.T, id string, in client.ComponentUpdate) {
	t.Helper()
	if _, err := e.Client.UpdateComponent(context.Background(), id, client.Latest, in); err != nil {
		t.Fatalf("editing component %s out of band: %v", id, err)
	}
}

// editReferenceInApp is editInApp for a reference.
func (e *Env) EditReferenceInApp(t *testing.T, id string, in client.ReferenceUpdate) {
	t.Helper()
	if _, err := e.Client.UpdateReference(context.Background(), id, client.Latest, in); err != nil {
		t.Fatalf("editing reference %s out of band: %v", id, err)
	}
}

// deleteInApp deletes a component or reference out of band (with its descendants and references, as
// Ardoq does).
func (e *Env) DeleteInApp(t *testing.T, reference bool, id string) {
	t.Helper()
	var err error
	if reference {
		err = e.Client.DeleteReference(context.Background(), id)
	} else {
		err = e.Client.DeleteComponent(context.Background(), id)
	}
	if err != nil {
		t.Fatalf("deleting %s out of band: %v", id, err)
	}
}

// StillThere fails the test when an entity is gone from the org.
func (e *Env) StillThere(t *testing.T, ids map[string]*string) {
	t.Helper()
	for what, id := range ids {
		var err error
		if what[:3] == "ref" {
			_, err = e.Client.GetReference(context.Background(), *id)
		} else {
			_, err = e.Client.GetComponent(context.Background(), *id)
		}
		if err != nil {
			t.Errorf("%s %s must still exist: %v", what, *id, err)
		}
	}
}

// ResetRequests empties the emulator's request log (nothing against a real org).
func (e *Env) ResetRequests() {
	if e.Srv != nil {
		e.Srv.ResetRequests()
	}
}

// CountsOf returns the org's numbers of components and references (only the emulator knows them; a
// real org shared with other tests is not counted).
func CountsOf(env *Env) [2]int {
	if env.Srv == nil {
		return [2]int{}
	}
	c, r := env.Srv.Counts()
	return [2]int{c, r}
}

// CountByFilter counts the logged requests by method, path (ids as {id}) and the names of the query's
// filters, so a listing by workspace is told from the cascade guard's look-ups.
func CountByFilter(srv *openapitest.TestServer) map[string]int {
	out := map[string]int{}
	for _, r := range srv.Requests() {
		parts := strings.Split(r.Path, "/")
		for i, p := range parts {
			if len(p) == 24 {
				parts[i] = "{id}"
			}
		}
		key := r.Method + " " + strings.Join(parts, "/")
		if q, err := url.ParseQuery(r.Query); err == nil && len(q) > 0 {
			names := slices.Sorted(maps.Keys(q))
			names = slices.DeleteFunc(names, func(n string) bool { return n == "cursor" || n == "ifVersionMatch" })
			if len(names) > 0 {
				key += "?" + strings.Join(names, "&")
			}
		}
		out[key]++
	}
	return out
}
