package single_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// The rule of custom_fields (core/fields): state holds the keys Terraform manages and Terraform changes
// exactly those. An import records every field that can be set (what -generate-config-out writes), so a
// configuration naming the values Ardoq holds plans nothing; one without custom_fields plans nothing and
// clears nothing (single/adoption.go); one that leaves a recorded field out clears it, and nothing else.

// fieldsEntity is an ardoq_component or ardoq_reference under test, made in Ardoq by hand with two
// custom fields, f1 and f2.
type fieldsEntity struct {
	env            *testEnv
	kind, addr, id string
	importIDs      []string // every import id it takes: its id, and a component's key
	body           string   // its resource block, with %s for the custom_fields line
	f1, f2         string
	v1, v2         string
}

// block is the resource block with custom_fields as given ("" leaves it out).
func (e *fieldsEntity) block(fields string) string {
	if fields != "" {
		fields = "custom_fields = { " + fields + " }"
	}
	return e.env.Config(fmt.Sprintf(e.body, fields))
}

func (e *fieldsEntity) none() string { return e.block("") }

// bothFields is custom_fields holding f1 and f2 with Ardoq's values, as an import records them.
func (e *fieldsEntity) bothFields() tftypes.Value {
	return tftypes.NewValue(tftypes.Object{AttributeTypes: map[string]tftypes.Type{e.f1: tftypes.String, e.f2: tftypes.String}},
		map[string]tftypes.Value{e.f1: providertest.TFStr(e.v1), e.f2: providertest.TFStr(e.v2)})
}

// some names f1 with the value Ardoq holds, and leaves f2 out.
func (e *fieldsEntity) some() string { return e.block(fmt.Sprintf("%s = %q", e.f1, e.v1)) }

// all names f1 and f2 with the values Ardoq holds, as -generate-config-out writes them.
func (e *fieldsEntity) all() string {
	return e.block(fmt.Sprintf("%s = %q, %s = %q", e.f1, e.v1, e.f2, e.v2))
}

// held reads the entity's custom fields and version from Ardoq.
func (e *fieldsEntity) held(t *testing.T) (client.CustomFields, int64) {
	t.Helper()
	ctx := context.Background()
	if e.kind == "ardoq_reference" {
		r, err := e.env.Client.GetReference(ctx, e.id)
		if err != nil {
			t.Fatalf("reading reference %s: %v", e.id, err)
		}
		return r.CustomFields, r.Version
	}
	c := e.env.Component(t, e.id)
	return c.CustomFields, c.Version
}

// holds checks that Ardoq holds exactly these values of f1 and f2 ("" for none), and, when version is
// not 0, that the entity is still at that version (nothing was written).
func (e *fieldsEntity) holds(t *testing.T, v1, v2 string, version int64) func(*terraform.State) error {
	return func(*terraform.State) error {
		fields, now := e.held(t)
		for key, want := range map[string]string{e.f1: v1, e.f2: v2} {
			got, _ := fields[key].(string)
			if got != want {
				return fmt.Errorf("Ardoq holds %s = %q, want %q (all: %v)", key, got, want, fields)
			}
		}
		if version != 0 && now != version {
			return fmt.Errorf("the %s was written: version %d, was %d", e.kind, now, version)
		}
		return nil
	}
}

// sent checks, on the emulator, the custom fields of the last update: exactly want (nil for none).
func (e *fieldsEntity) sent(want map[string]any) func(*terraform.State) error {
	return func(*terraform.State) error {
		if e.env.Srv == nil {
			return nil
		}
		var body []byte
		for _, r := range e.env.Srv.Requests() {
			if r.Method == http.MethodPatch && strings.HasSuffix(r.Path, "/"+e.id) {
				body = r.Body
			}
		}
		var got struct {
			CustomFields map[string]any `json:"customFields"`
		}
		if body == nil || json.Unmarshal(body, &got) != nil || !maps.Equal(got.CustomFields, want) {
			return fmt.Errorf("the update sent %s; want custom fields %v", body, want)
		}
		return nil
	}
}

func (e *fieldsEntity) editInApp(t *testing.T, fields client.CustomFields) {
	t.Helper()
	if e.kind == "ardoq_reference" {
		e.env.EditReferenceInApp(t, e.id, client.ReferenceUpdate{CustomFields: fields})
		return
	}
	e.env.EditInApp(t, e.id, client.ComponentUpdate{CustomFields: fields})
}

// stringFields picks two writable custom fields among keys that take a string (Text, TextArea, List),
// with a value for each; the test is skipped, saying why, without two.
func stringFields(t *testing.T, env *testEnv, keys []string, on string) (f1, v1, f2, v2 string) {
	t.Helper()
	var picked, values []string
	for _, k := range keys {
		f, ok := env.Fields[k]
		if !ok || !providertest.Writable(f) || len(picked) == 2 {
			continue
		}
		switch {
		case f.Type == "Text" || f.Type == "TextArea":
			values = append(values, fmt.Sprintf("set in Ardoq %d%s", len(picked)+1, env.Tag))
		case f.Type == "List" && len(f.Options) > 0:
			values = append(values, f.Options[len(picked)%len(f.Options)])
		default:
			continue
		}
		picked = append(picked, k)
	}
	if len(picked) < 2 {
		t.Skipf("%s allows fewer than two writable Text, TextArea or List custom fields", on)
	}
	return picked[0], values[0], picked[1], values[1]
}

// newComponentWithFields makes a component by hand with two custom fields set.
func newComponentWithFields(t *testing.T, env *testEnv) *fieldsEntity {
	t.Helper()
	f1, v1, f2, v2 := stringFields(t, env, env.App.CustomFields, fmt.Sprintf("component type %q", env.App.Name))
	name := "Fields kept" + env.Tag
	c := env.CreateComponent(t, client.ComponentCreate{Name: name, RootWorkspace: env.WS, TypeID: env.AppType,
		CustomFields: client.CustomFields{f1: v1, f2: v2}})
	return &fieldsEntity{env: env, kind: "ardoq_component", addr: "ardoq_component.kept", id: c.ID, importIDs: []string{c.ID, c.ComponentKey},
		f1: f1, v1: v1, f2: f2, v2: v2, body: fmt.Sprintf(`resource "ardoq_component" "kept" {
  name           = %q
  root_workspace = "{ws}"
  type_id        = "{app}"
  %%s
}`, name)}
}

// newReferenceWithFields makes a reference by hand, between two components made by hand, with two
// custom fields set.
func newReferenceWithFields(t *testing.T, env *testEnv) *fieldsEntity {
	t.Helper()
	f1, v1, f2, v2 := stringFields(t, env, env.Ref.CustomFields, fmt.Sprintf("reference type %q", env.Ref.Name))
	source := env.CreateComponent(t, client.ComponentCreate{Name: "Fields source" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
	target := env.CreateComponent(t, client.ComponentCreate{Name: "Fields target" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
	r := env.CreateReference(t, client.ReferenceCreate{Source: source.ID, Target: target.ID, Type: env.RefType,
		CustomFields: client.CustomFields{f1: v1, f2: v2}})
	return &fieldsEntity{env: env, kind: "ardoq_reference", addr: "ardoq_reference.kept", id: r.ID, importIDs: []string{r.ID},
		f1: f1, v1: v1, f2: f2, v2: v2, body: fmt.Sprintf(`resource "ardoq_reference" "kept" {
  source = %q
  target = %q
  type   = {ref}
  %%s
}`, source.ID, target.ID)}
}

func TestAccComponentResource_customFieldsImport(t *testing.T) {
	env := newTestEnv(t)
	testCustomFieldsImport(t, newComponentWithFields(t, env))
}

func TestAccReferenceResource_customFieldsImport_everyOrg(t *testing.T) {
	env := newTestEnv(t)
	testCustomFieldsImport(t, newReferenceWithFields(t, env))
}

// testCustomFieldsImport imports an entity with two custom fields (by terraform import and by import
// blocks, by every import id it takes): the import records both; a configuration without custom_fields or
// naming both with Ardoq's values plans nothing, and one naming f1 alone clears f2.
func testCustomFieldsImport(t *testing.T, e *fieldsEntity) {
	e.env.Parallel(t)
	_, version := e.held(t)
	bothInState := func(states []*terraform.InstanceState) error {
		for _, s := range states {
			if s.Attributes["custom_fields."+e.f1] != e.v1 || s.Attributes["custom_fields."+e.f2] != e.v2 {
				return fmt.Errorf("the import recorded %v; want %s = %q and %s = %q", s.Attributes, e.f1, e.v1, e.f2, e.v2)
			}
		}
		return nil
	}
	onlyF1Planned := plancheck.ExpectKnownValue(e.addr, tfjsonpath.New("custom_fields"),
		knownvalue.ObjectExact(map[string]knownvalue.Check{e.f1: knownvalue.StringExact(e.v1)}))
	noop := resource.ImportPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(e.addr, plancheck.ResourceActionNoop)}}
	steps := []resource.TestStep{
		// terraform import: the state holds both fields.
		{Config: e.none(), ResourceName: e.addr, ImportState: true, ImportStateId: e.importIDs[len(e.importIDs)-1],
			ImportStatePersist: true, ImportStateCheck: bothInState},
	}
	for _, id := range e.importIDs {
		// An import block into a configuration without custom_fields, or naming both fields as Ardoq holds them,
		// plans nothing; into one naming f1 alone, it plans f2 cleared (plan only).
		steps = append(steps,
			resource.TestStep{Config: e.none(), ResourceName: e.addr, ImportState: true, ImportStateKind: resource.ImportBlockWithID,
				ImportStateId: id, ImportPlanChecks: noop},
			resource.TestStep{Config: e.all(), ResourceName: e.addr, ImportState: true, ImportStateKind: resource.ImportBlockWithID,
				ImportStateId: id, ImportPlanChecks: noop},
			resource.TestStep{Config: e.some(), ResourceName: e.addr, ImportState: true, ImportStateKind: resource.ImportBlockWithID, ImportStateId: id,
				ExpectNonEmptyPlan: true, ImportPlanChecks: resource.ImportPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(e.addr, plancheck.ResourceActionUpdate), onlyF1Planned}}})
	}
	empty := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}
	steps = append(steps,
		// After terraform import, a configuration without custom_fields plans nothing, and Ardoq is untouched.
		resource.TestStep{Config: e.none(), ConfigPlanChecks: empty, Check: e.holds(t, e.v1, e.v2, version)},
		// Naming both as Ardoq holds them plans nothing either.
		resource.TestStep{Config: e.all(), ConfigPlanChecks: empty, Check: e.holds(t, e.v1, e.v2, version)},
		// Leaving f2 out clears it, and sends nothing else.
		resource.TestStep{PreConfig: e.env.ResetRequests, Config: e.some(), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
			plancheck.ExpectResourceAction(e.addr, plancheck.ResourceActionUpdate), onlyF1Planned}},
			Check: resource.ComposeTestCheckFunc(e.holds(t, e.v1, "", 0), e.sent(map[string]any{e.f2: nil}))},
		// f1 is Terraform's now that a configuration set custom_fields: removing custom_fields clears it.
		resource.TestStep{Config: e.none(), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
			plancheck.ExpectResourceAction(e.addr, plancheck.ResourceActionUpdate)}},
			Check: e.holds(t, "", "", 0)},
	)
	e.env.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_5_0)},
		CheckDestroy:             e.env.GoneFromOrg, // imported, so destroyed with the rest
		Steps:                    steps,
	})
}

func TestAccComponentResource_customFieldsAfterCreate(t *testing.T) {
	env := newTestEnv(t)
	f1, v1, f2, v2 := stringFields(t, env, env.App.CustomFields, fmt.Sprintf("component type %q", env.App.Name))
	e := &fieldsEntity{env: env, kind: "ardoq_component", addr: "ardoq_component.kept", f1: f1, v1: v1, f2: f2, v2: v2,
		body: `resource "ardoq_component" "kept" {
  name           = "Fields kept{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
  %s
}`}
	testCustomFieldsAfterCreate(t, e)
}

func TestAccReferenceResource_customFieldsAfterCreate_everyOrg(t *testing.T) {
	env := newTestEnv(t)
	f1, v1, f2, v2 := stringFields(t, env, env.Ref.CustomFields, fmt.Sprintf("reference type %q", env.Ref.Name))
	e := &fieldsEntity{env: env, kind: "ardoq_reference", addr: "ardoq_reference.kept", f1: f1, v1: v1, f2: f2, v2: v2,
		body: `resource "ardoq_component" "source" {
  name           = "Fields source{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
resource "ardoq_component" "target" {
  name           = "Fields target{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
resource "ardoq_reference" "kept" {
  source = ardoq_component.source.id
  target = ardoq_component.target.id
  type   = {ref}
  %s
}`}
	testCustomFieldsAfterCreate(t, e)
}

// testCustomFieldsAfterCreate is the rule after a create: a field set in Ardoq after the create (f2)
// causes no diff and is never cleared; removing custom_fields clears only what Terraform set (f1); then
// naming f1 again plans it as added, as after an import.
func testCustomFieldsAfterCreate(t *testing.T, e *fieldsEntity) {
	var version int64
	e.env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             e.env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: e.some(), Check: providertest.CaptureID(e.addr, &e.id)},
			{
				PreConfig: func() {
					e.editInApp(t, client.CustomFields{e.f2: e.v2})
					_, version = e.held(t)
				},
				Config:           e.some(),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check:            func(s *terraform.State) error { return e.holds(t, e.v1, e.v2, version)(s) },
			},
			{
				Config: e.none(),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(e.addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(e.addr, tfjsonpath.New("custom_fields"), knownvalue.Null()),
				}},
				Check: e.holds(t, "", e.v2, 0),
			},
			{
				PreConfig: e.env.ResetRequests,
				Config:    e.some(),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(e.addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(e.addr, tfjsonpath.New("custom_fields"),
						knownvalue.ObjectExact(map[string]knownvalue.Check{e.f1: knownvalue.StringExact(e.v1)})),
				}},
				Check: resource.ComposeTestCheckFunc(e.holds(t, e.v1, e.v2, 0), e.sent(map[string]any{e.f1: e.v1})),
			},
		},
	})
}

// Every way of importing records the custom fields Ardoq holds, and the plan that follows changes nothing
// under a configuration naming them: by id, by component key, by resource identity (Terraform 1.12+, so
// in-process), and what the list resources give terraform query -generate-config-out (which writes them).
// Ardoq keeps the fields.
func TestCustomFieldsImport_everyPath(t *testing.T) {
	env := newTestEnv(t)
	component, reference := newComponentWithFields(t, env), newReferenceWithFields(t, env)
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])
	for _, e := range []*fieldsEntity{component, reference} {
		paths := map[string]*tfprotov6.ResourceIdentityData{"identity": p.Identity(e.kind, e.id)}
		for _, id := range e.importIDs {
			paths["id "+id] = nil
		}
		for name, identity := range paths {
			t.Run(e.kind+" by "+name, func(t *testing.T) {
				importID := strings.TrimPrefix(name, "id ")
				if identity != nil {
					importID = ""
				}
				read, diags := p.ImportAndRead(e.kind, importID, identity)
				p.NoErrors("import", diags)
				typ := p.ResourceType(e.kind)
				state := p.Attrs(typ, read.NewState)
				if got := state["custom_fields"]; !got.Equal(e.bothFields()) {
					t.Fatalf("the import recorded custom_fields %s, want %s", got, e.bothFields())
				}
				planned := p.PlanConfigured(e.kind, read, nil)
				for name, v := range state {
					if !planned[name].Equal(v) {
						t.Errorf("a configuration naming what the import recorded plans a change of %s: %s -> %s", name, v, planned[name])
					}
				}
				want := tftypes.NewValue(tftypes.Object{AttributeTypes: map[string]tftypes.Type{e.f1: tftypes.String}},
					map[string]tftypes.Value{e.f1: providertest.TFStr(e.v1)})
				if got := p.PlanConfigured(e.kind, read, &want)["custom_fields"]; !got.Equal(want) {
					t.Errorf("a configuration naming %s plans custom_fields %s, want %s", e.f1, got, want)
				}
			})
		}
	}
	t.Run("list resources", func(t *testing.T) {
		for _, e := range []*fieldsEntity{component, reference} {
			var listed []tfprotov6.ListResourceResult
			for _, r := range p.List(e.kind, map[string]tftypes.Value{"workspace_id": providertest.TFStr(env.WS)}, true, 0) {
				if p.IdentityID(e.kind, r.Identity) == e.id {
					listed = append(listed, r)
				}
			}
			if len(listed) != 1 {
				t.Fatalf("%s %s listed %d times", e.kind, e.id, len(listed))
			}
			if config := p.Adopt(e.kind, listed[0]); !config["custom_fields"].Equal(e.bothFields()) {
				t.Errorf("%s: the generated configuration has custom_fields %s, want %s", e.kind, config["custom_fields"], e.bothFields())
			}
		}
	})
	for _, e := range []*fieldsEntity{component, reference} {
		if err := e.holds(t, e.v1, e.v2, 0)(nil); err != nil {
			t.Errorf("%s: %v", e.kind, err)
		}
	}
}
