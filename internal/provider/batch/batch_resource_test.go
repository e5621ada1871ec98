package batch_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

const addrB = "ardoq_batch.test"

// batchConfig renders n application items (app0..), each with a module child, and a reference from
// every application to its module; rename names one item to change. Each application has an external
// id (the ext field) and, where the type has a Number field, a cost.
func batchConfig(env *testEnv, n int, rename map[int]string, extra string) string {
	var comps, refs strings.Builder
	number := env.Field("Number")
	for i := range n {
		name := fmt.Sprintf("App %d", i)
		if r, ok := rename[i]; ok {
			name = r
		}
		fields := fmt.Sprintf("%s = \"app-%d%s\"", env.Ext, i, env.Tag)
		if number != "" {
			fields += fmt.Sprintf(", %s = %d", number, 100+i)
		}
		fmt.Fprintf(&comps, "    app%d = { root_workspace = %q, type_id = %q, name = %q, custom_fields = { %s } }\n", i, env.WS, env.AppType, name, fields)
		fmt.Fprintf(&comps, "    mod%d = { root_workspace = %q, type_id = %q, name = \"Module %d\", parent = \"app%d\" }\n", i, env.WS, env.ChildType, i, i)
		fmt.Fprintf(&refs, "    app%d_mod = { source = \"app%d\", target = \"mod%d\", type = %d }\n", i, i, i, env.RefType)
	}
	return env.Config(fmt.Sprintf("resource \"ardoq_batch\" \"test\" {\n%s\n  components = {\n%s  }\n  references = {\n%s  }\n}\n", extra, comps.String(), refs.String()))
}

// batchItemIDs returns the ids of the batch's items in state, by "components/key" and "references/key".
func batchItemIDs(s *terraform.State) map[string]string {
	out := map[string]string{}
	for k, v := range s.RootModule().Resources[addrB].Primary.Attributes {
		kind, rest, _ := strings.Cut(k, ".")
		if key, ok := strings.CutSuffix(rest, ".id"); ok && (kind == "computed_components" || kind == "computed_references") {
			out[strings.TrimPrefix(kind, "computed_")+"/"+key] = v
		}
	}
	return out
}

// inOrg checks which of the batch's items exist in the org: every one of ids, and none of gone.
func (e *testEnv) inOrg(ids, gone map[string]string) error {
	ctx := context.Background()
	var errs []error
	for _, set := range []struct {
		ids  map[string]string
		want bool
	}{{ids, true}, {gone, false}} {
		for k, id := range set.ids {
			var err error
			if strings.HasPrefix(k, "references/") {
				_, err = e.Client.GetReference(ctx, id)
			} else {
				_, err = e.Client.GetComponent(ctx, id)
			}
			switch {
			case set.want && err != nil:
				errs = append(errs, fmt.Errorf("%s %s is not in the org: %w", k, id, err))
			case !set.want && err == nil:
				errs = append(errs, fmt.Errorf("%s %s is still in the org", k, id))
			case !set.want && !client.IsNotFound(err):
				errs = append(errs, fmt.Errorf("reading %s %s: %w", k, id, err))
			}
		}
	}
	return errors.Join(errs...)
}

func batchRequests(env *testEnv) (batches, expands, gets int) {
	for _, r := range env.Srv.Requests() {
		switch {
		case r.Method == http.MethodPost && r.Path == "/api/v2/batch":
			batches++
		case r.Path == "/api/v2/batch/expand":
			expands++
		case r.Method == http.MethodGet && (strings.HasPrefix(r.Path, "/api/v2/components/") || strings.HasPrefix(r.Path, "/api/v2/references/")):
			gets++
		}
	}
	return
}

func TestAccBatchResource_lifecycle_everyCLI(t *testing.T) {
	env := newTestEnv(t)
	var comps, refs int // on the emulator: what the org held before
	if env.Srv != nil {
		comps, refs = env.Srv.Counts()
	}
	var ids map[string]string // the items' ids after the last step
	counted := func(c, r int) error {
		if env.Srv == nil {
			return nil
		}
		if gotC, gotR := env.Srv.Counts(); gotC != comps+c || gotR != refs+r {
			return fmt.Errorf("org has %d components and %d references more than before, want %d and %d", gotC-comps, gotR-refs, c, r)
		}
		return nil
	}
	number := env.Field("Number")
	wantFields := map[string]knownvalue.Check{env.Ext: knownvalue.StringExact("app-0" + env.Tag)}
	if number != "" {
		wantFields[number] = knownvalue.Int64Exact(100)
	}
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{
				PreConfig: env.ResetRequests,
				Config:    batchConfig(env, 6, nil, ""),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("components"), knownvalue.MapSizeExact(12)),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components"), knownvalue.MapSizeExact(12)),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app0").AtMapKey("version"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app0").AtMapKey("component_key"),
						knownvalue.StringRegexp(regexp.MustCompile(`^`+regexp.QuoteMeta(env.Workspace.WorkspaceKey)+`-\d+$`))),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("components").AtMapKey("mod0").AtMapKey("parent"), knownvalue.StringExact("app0")),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("components").AtMapKey("app0").AtMapKey("custom_fields"), knownvalue.MapExact(wantFields)),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_references").AtMapKey("app0_mod").AtMapKey("root_workspace"), knownvalue.StringExact(env.WS)),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_references").AtMapKey("app0_mod").AtMapKey("target_workspace"), knownvalue.StringExact(env.WS)),
				},
				Check: func(s *terraform.State) error {
					if env.Srv != nil {
						if batches, _, gets := batchRequests(env); batches != 1 || gets != 0 {
							return fmt.Errorf("create sent %d batches and %d single GETs; want 1 and 0", batches, gets)
						}
					}
					ids = batchItemIDs(s)
					if len(ids) != 18 {
						return fmt.Errorf("state holds %d item ids, want 18", len(ids))
					}
					return errors.Join(env.inOrg(ids, nil), counted(12, 6))
				},
			},
			{
				// change 2 of 12 components: only they are sent, with their versions
				PreConfig: env.ResetRequests,
				Config:    batchConfig(env, 6, map[int]string{1: "Renamed 1", 4: "Renamed 4"}, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrB, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app0").AtMapKey("version"), knownvalue.Int64Exact(1)),
					plancheck.ExpectUnknownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app1").AtMapKey("version")),
					plancheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app1").AtMapKey("id"), knownvalue.NotNull()),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app1").AtMapKey("version"), knownvalue.Int64Exact(2)),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app2").AtMapKey("version"), knownvalue.Int64Exact(1)),
				},
				Check: func(s *terraform.State) error {
					if env.Srv == nil {
						if c := env.Component(t, ids["components/app4"]); c.Name != "Renamed 4" {
							return fmt.Errorf("app4 is named %q in the org", c.Name)
						}
						return nil
					}
					body := lastBatchBody(env)
					if strings.Count(body, `"ifVersionMatch":1`) != 2 || strings.Contains(body, "create") || strings.Contains(body, "App 2") {
						return fmt.Errorf("update must send only the 2 changed items: %s", body)
					}
					return nil
				},
			},
			{
				// remove items: app5 and its module and reference
				Config: batchConfig(env, 5, map[int]string{1: "Renamed 1", 4: "Renamed 4"}, ""),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("components"), knownvalue.MapSizeExact(10)),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components"), knownvalue.MapSizeExact(10)),
				},
				Check: func(s *terraform.State) error {
					removed := map[string]string{}
					for _, k := range []string{"components/app5", "components/mod5", "references/app5_mod"} {
						removed[k] = ids[k]
					}
					ids = batchItemIDs(s)
					return errors.Join(env.inOrg(ids, removed), counted(10, 5))
				},
			},
			{
				// drift: one item renamed in the app, one deleted in the app (with its module and reference)
				PreConfig: func() {
					env.EditInApp(t, ids["components/app3"], client.ComponentUpdate{Name: client.Set("Renamed in the app")})
					env.DeleteInApp(t, false, ids["components/app0"])
					env.ResetRequests()
				},
				Config: batchConfig(env, 5, map[int]string{1: "Renamed 1", 4: "Renamed 4"}, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrB, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app0").AtMapKey("id")),
					plancheck.ExpectUnknownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app3").AtMapKey("version")),
					plancheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app2").AtMapKey("version"), knownvalue.Int64Exact(1)),
				}},
				Check: func(s *terraform.State) error {
					gone := map[string]string{"components/app0": ids["components/app0"]}
					ids = batchItemIDs(s)
					if c := env.Component(t, ids["components/app3"]); c.Name != "App 3" {
						return fmt.Errorf("drift not corrected: %q", c.Name)
					}
					return errors.Join(env.inOrg(ids, gone), counted(10, 5))
				},
			},
			{
				// refresh reads list pages while they carry the items (here two to a page), then GETs the
				// few left once they are fewer than the pages read: fewer requests than a GET per item
				// (counted in the emulator's request log)
				PreConfig:        env.ResetRequests,
				Config:           batchConfig(env, 5, map[int]string{1: "Renamed 1", 4: "Renamed 4"}, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(*terraform.State) error {
					if env.Srv == nil {
						return nil
					}
					batches, expands, gets := batchRequests(env)
					if batches+expands != 0 {
						return fmt.Errorf("a plan without changes sent %d batches and %d dry runs; want none", batches, expands)
					}
					got := providertest.CountByFilter(env.Srv)
					pages := got["GET /api/v2/components?rootWorkspace"] + got["GET /api/v2/references?rootWorkspace"]
					t.Logf("refresh of 15 items: %d pages, %d GETs", pages, gets)
					if pages == 0 || pages+gets >= 15 {
						return fmt.Errorf("refreshing 15 items took %d list pages and %d GETs", pages, gets)
					}
					return nil
				},
			},
		},
	})
}

func TestAccBatchResource_failingItemRollsBack(t *testing.T) {
	env := newTestEnv(t)
	if env.Owner == "" {
		t.Skipf("type %q allows no second Text field to edit in the app", env.App.Name)
	}
	var ids map[string]string
	var before map[string]int64
	renamed := "New 0" + env.Tag
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: batchConfig(env, 2, nil, ""),
				Check:  func(s *terraform.State) error { ids = batchItemIDs(s); return nil },
			},
			{
				// adds app2 and changes app0 and app1; both are edited in Ardoq after the plan (a field the
				// batch does not manage, so the next plan is empty again): the refusal names both
				Config: batchConfig(env, 3, map[int]string{0: renamed, 1: "New 1"}, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{providertest.MutateAfterPlan(func() {
					before = env.versionsOf(t, ids)
					for _, k := range []string{"components/app0", "components/app1"} {
						env.EditInApp(t, ids[k], client.ComponentUpdate{CustomFields: client.CustomFields{env.Owner: "edited in the app"}})
					}
				})}},
				ExpectError: providertest.ExpectErr(`(?s)Batch Items Changed Outside Terraform.*nothing was changed.*Changed in Ardoq since Terraform read them.*components\["app0"\].*version 1 at plan, 2 now.*components\["app1"\]`),
			},
			{
				// an apply of no change: the refresh records the edit's version, which the test's destroy
				// (-refresh=false) compares before it deletes
				Config: batchConfig(env, 2, nil, ""),
				PreConfig: func() {
					after := env.versionsOf(t, ids)
					for k, v := range before {
						if edited := k == "components/app0" || k == "components/app1"; after[k] != v && (!edited || after[k] != v+1) { // +1: the edit in the app
							t.Fatalf("%s changed from version %d to %d", k, v, after[k])
						}
					}
					ctx := context.Background()
					if created, err := env.Client.ListComponents(ctx, providertest.ClientFilterByName(env.WS, renamed)); err != nil || len(created) != 0 {
						t.Fatalf("the failed batch renamed or created components: %d named %q (%v)", len(created), renamed, err)
					}
					app2 := client.ComponentFilter{RootWorkspace: env.WS, CustomFields: map[string]string{env.Ext: "app-2" + env.Tag}}
					if created, err := env.Client.ListComponents(ctx, app2); err != nil || len(created) != 0 {
						t.Fatalf("the failed batch created app2: %d (%v)", len(created), err)
					}
				},
			},
		},
	})
}

// versionsOf reads the versions of the batch's items from the org.
func (e *testEnv) versionsOf(t *testing.T, ids map[string]string) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	for k, id := range ids {
		if strings.HasPrefix(k, "components/") {
			out[k] = e.Component(t, id).Version
		}
	}
	return out
}

// Items Terraform should refuse at plan, each in a block of its own, planned together
// (providertest.ExpectPlanErrors).
func TestAccBatchResource_planTimeRejection_everyCLI(t *testing.T) {
	t.Parallel()
	env := newTestEnv(t)
	q := regexp.QuoteMeta
	typeHint := `Its types are: .*` + q(env.App.Name) + ` \(` + q(env.AppType) + `\)`
	here, err := env.Client.GetWorkspace(t.Context(), env.WS)
	if err != nil {
		t.Fatal(err)
	}
	wsLabel := q(fmt.Sprintf("%q (%s)", here.Name, env.WS))
	var cases []providertest.ErrorCase
	add := func(name, hcl string, want ...string) {
		c := providertest.ErrorCase{Name: name, Resource: "ardoq_batch", Body: hcl}
		for _, w := range want { // each matched on its own: the order of diagnostics differs between versions (below)
			c.Want = append(c.Want, providertest.ExpectErr(w))
		}
		cases = append(cases, c)
	}
	add("unknown type", `components = { a = { root_workspace = "{ws}", type_id = "p0000", name = "A" } }`,
		`(?s)Unknown Component Type.*components\["a"\].type_id: component type "p0000" is not in the model of workspace `+wsLabel+`\. `+typeHint)
	add("missing parent", `components = { a = { root_workspace = "{ws}", type_id = "{app}", name = "A", parent = "00000000000000000000dead" } }`,
		`(?s)components\["a"\].parent: .*parent: component "00000000000000000000dead" does not\s+exist`)
	// the provider's own checks of the items' shape, before any request
	add("unknown attribute", `components = { a = { root_workspace = "{ws}", type_id = "{app}", title = "A" } }`,
		`components\["a"\]: "title" is not an attribute`, `components\["a"\]: "name" is required`)
	add("malformed values", `components = { a = { root_workspace = "nope", type_id = "{app}", name = "" } }`, `"nope" is not an Ardoq id`, `name must not be empty`)
	add("components a list", `components = ["a"]`, `components must be a map of objects keyed by your own keys`)
	add("item not an object", `components = { a = "x" }`, `components\["a"\] must be an object with attributes root_workspace`)
	add("misspelt attribute", `components = { a = { root_workspace = "{ws}", typeid = "{app}", name = "A" } }`,
		`components\["a"\]: "typeid" is not an attribute of this item \(did you mean "type_id"\?\); the attributes are`)
	add("reference type a name", `references = { r = { source = "a", target = "b", type = "uses" } }`, `references\["r"\].type must be a whole number; got "uses"`)
	if other, typ, ok := componentTypeElsewhere(t, env); ok { // a type id of another workspace's model names it
		add("type of another workspace", `components = { a = { root_workspace = "{ws}", type_id = "`+typ.TypeID+`", name = "A" } }`, q(fmt.Sprintf(`component type %q is `+
			`not in the model of workspace %q (%s). It is the type %q of workspace %q (%s).`, typ.TypeID, here.Name, env.WS, typ.Name, other.Name, other.ID)))
	}
	if list := env.Field("List"); list != "" {
		add("list option", `components = { a = { root_workspace = "{ws}", type_id = "{app}", name = "A", custom_fields = { `+list+` = "no-such-option" } } }`,
			`(?s)components\["a"\].custom_fields\["`+q(list)+`"\]: .*"no-such-option" is not one of the options `+q(fmt.Sprintf("%q", env.Fields[list].Options)))
	}
	if number := env.Field("Number"); number != "" {
		add("number", `components = { a = { root_workspace = "{ws}", type_id = "{app}", name = "A", custom_fields = { `+number+` = "cheap" } } }`,
			`(?s)Invalid Custom Field Value.*"cheap" is not a number`)
	}
	if multi := env.Field("SelectMultipleList"); multi != "" {
		add("multiple choice shape", `components = { a = { root_workspace = "{ws}", type_id = "{app}", name = "A", custom_fields = { `+multi+` = [1, {}] } } }`,
			`custom_fields\["`+q(multi)+`"\] must be a string, number, boolean or list of strings`)
	}
	// every item problem in one plan, each at its item: Terraform 1.15 shows each at the item's own line and
	// sorts them by position, earlier versions at the resource block.
	var multiProblem string
	multiWants := []string{
		`(?s)components\["b"\].parent: "aa" is not a key of this resource's components, nor an Ardoq id .*Its component keys are: a, b\.`,
		`references\["r"\].target: "bb" is not a key`,
		`(?s)components\["a"\].custom_fields\["colour_of_the_sky"\]: the workspace has no custom field "colour_of_the_sky". Fields you can set on "` + q(env.App.Name) + `": ` +
			q(strings.Join(env.SettableOnApp(), ", ")),
		`(?s)references\["r"\].type: reference type 987654 is not in the model.*Its reference types are: .*` + q(env.Ref.Name) + ` \(` + fmt.Sprint(env.RefType) + `\)`,
	}
	if multi := env.Field("SelectMultipleList"); multi != "" {
		multiProblem = ", " + multi + ` = ["mars"]`
		multiWants = append(multiWants, `(?s)components\["a"\].custom_fields\["`+q(multi)+`"\]: .*"mars" is not one of the options`)
	}
	add("every problem at its item", `components = {
		   a = { root_workspace = "{ws}", type_id = "{app}", name = "A", custom_fields = { colour_of_the_sky = "red"`+multiProblem+` } }
		   b = { root_workspace = "{ws}", type_id = "{child}", name = "B", parent = "aa" }
		 }
		 references = { r = { source = "a", target = "bb", type = 987654 } }`, multiWants...)
	providertest.ExpectPlanErrors(t, env.Env, testAccProviders["ardoq"], cases)
}

// requireNothingKeyedBy skips a test that imports every component and reference of the workspace with
// the field set when one the test did not make has it: the import would take it over.
func (e *testEnv) requireNothingKeyedBy(t *testing.T, field string, own ...string) {
	t.Helper()
	ctx := context.Background()
	comps, err := e.Client.ListComponents(ctx, client.ComponentFilter{RootWorkspace: e.WS})
	if err != nil {
		t.Fatal(err)
	}
	refs, err := e.Client.ListReferences(ctx, client.ReferenceFilter{RootWorkspace: e.WS})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range comps {
		if c.CustomFields[field] != nil && !slices.Contains(own, c.ID) {
			t.Skipf("component %s (%q) of workspace %s has %s set: importing by %s would take it over", c.ID, c.Name, e.WS, field, field)
		}
	}
	for _, r := range refs {
		if r.CustomFields[field] != nil && !slices.Contains(own, r.ID) {
			t.Skipf("reference %s of workspace %s has %s set: importing by %s would take it over", r.ID, e.WS, field, field)
		}
	}
}

func TestAccBatchResource_adoptAndImport_everyCLI(t *testing.T) {
	env := newTestEnv(t)
	env.AloneAgainstARealOrg(t)
	existing := env.CreateComponent(t, client.ComponentCreate{Name: "Legacy name" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
		CustomFields: client.CustomFields{env.Ext: "app-0" + env.Tag}})
	env.requireNothingKeyedBy(t, env.Ext, existing.ID)
	adopt := `adopt_components_by = ["rootWorkspace", "customFields.` + env.Ext + `"]`
	key0 := "app-0" + env.Tag
	env.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy: func(s *terraform.State) error {
			if env.Exists(t, existing.ID) {
				return fmt.Errorf("adopted component %s still exists after destroy", existing.ID)
			}
			return env.GoneFromOrg(s)
		},
		Steps: []resource.TestStep{
			{
				Config: batchConfig(env, 2, nil, adopt),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app0").AtMapKey("id"), knownvalue.StringExact(existing.ID)),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app0").AtMapKey("version"), knownvalue.Int64Exact(existing.Version+1)),
				},
				Check: func(*terraform.State) error {
					if got := env.Component(t, existing.ID); got.Name != "App 0" {
						return fmt.Errorf("adopted component not updated: %q", got.Name)
					}
					return nil
				},
			},
			{
				ResourceName: addrB, ImportState: true, ImportStateId: env.WS + "/" + env.Ext,
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					a := states[0].Attributes
					_, fields := a["components."+key0+".custom_fields.%"] // an import takes over no custom field
					if a["components.%"] != "2" || a["computed_components."+key0+".id"] != existing.ID || a["components."+key0+".name"] != "App 0" ||
						fields {
						return fmt.Errorf("imported %v", a)
					}
					return nil
				},
			},
			{ResourceName: addrB, ImportState: true, ImportStateId: "nonsense", ExpectError: providertest.ExpectErr(`<workspace id>/<custom field API key>`)},
		},
	})
}

// Items deleted in Ardoq between the destroy's plan and its batch: the apply reads the items it deletes
// before it sends the batch (apply_gone.go), and leaves out the deletes of those already gone: one batch.
func TestAccBatchResource_destroyLeavesOutItemsVanished(t *testing.T) {
	env := newTestEnv(t)
	var ids map[string]string
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{
				Config: batchConfig(env, 2, nil, ""),
				Check: func(s *terraform.State) error {
					ids = batchItemIDs(s)
					if env.Srv != nil {
						if batches, _, _ := batchRequests(env); batches != 1 {
							return fmt.Errorf("create sent %d batches", batches)
						}
					}
					return nil
				},
			},
			{
				// no Check here: terraform-plugin-testing would plan the destroy again after the deletion
				Config:  batchConfig(env, 2, nil, ""),
				Destroy: true,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{providertest.MutateAfterPlan(func() {
					env.DeleteInApp(t, false, ids["components/mod1"]) // with its reference
					env.ResetRequests()
				})}},
			},
			{
				PreConfig: func() {
					if err := env.inOrg(nil, ids); err != nil {
						t.Fatal(err)
					}
					if env.Srv != nil {
						if batches, _, _ := batchRequests(env); batches != 1 {
							t.Fatalf("destroy sent %d batches; want one, without the vanished items", batches)
						}
					}
				},
				Config:   env.ProviderConfig(),
				PlanOnly: true,
			},
		},
	})
}

// Items passed in as a typed variable are a map of objects with every attribute (null where optional);
// refresh keeps them a map, drift shows on exactly the changed attribute, and nulls cause no noise.
func TestAccBatchResource_typedVariableAndNativeCustomFields(t *testing.T) {
	env := newTestEnv(t)
	number := env.RequireField(t, "Number")
	types := []string{number + " = optional(number)"}
	values := []string{number + " = 12.5"}
	want := map[string]string{number: "12.5"}
	if checkbox := env.Field("Checkbox"); checkbox != "" {
		types, values, want[checkbox] = append(types, checkbox+" = optional(bool)"), append(values, checkbox+" = true"), "true"
	}
	if multi := env.Field("SelectMultipleList"); multi != "" && len(env.Fields[multi].Options) >= 2 {
		opts := env.Fields[multi].Options[:2]
		types, values = append(types, multi+" = optional(list(string))"), append(values, fmt.Sprintf("%s = [%q, %q]", multi, opts[0], opts[1]))
		want[multi] = fmt.Sprint([]any{opts[0], opts[1]})
	}
	config := env.Config(`
variable "apps" {
  type = map(object({
    name          = string
    description   = optional(string)
    custom_fields = optional(object({ ` + strings.Join(types, ", ") + ` }))
  }))
  default = {
    a = { name = "A", custom_fields = { ` + strings.Join(values, ", ") + ` } }
    b = { name = "B", description = "second" }
  }
}

resource "ardoq_batch" "test" {
  components = { for k, v in var.apps : k => merge(v, { root_workspace = "{ws}", type_id = "{app}" }) }
}
`)
	var idA string
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: func(s *terraform.State) error {
					idA = s.RootModule().Resources[addrB].Primary.Attributes["computed_components.a.id"]
					got := env.Component(t, idA)
					for k, v := range want {
						if fmt.Sprint(got.CustomFields[k]) != v {
							return fmt.Errorf("custom fields sent as %v, want %v", got.CustomFields, want)
						}
					}
					return nil
				},
			},
			{
				PreConfig: func() {
					env.EditInApp(t, idA, client.ComponentUpdate{CustomFields: client.CustomFields{number: 13}})
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrB, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("a").AtMapKey("version")),
					plancheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("b").AtMapKey("version"), knownvalue.Int64Exact(1)),
				}},
				Check: func(*terraform.State) error {
					if got := env.Component(t, idA); fmt.Sprint(got.CustomFields[number]) != "12.5" {
						return fmt.Errorf("drift on %s not corrected: %v", number, got.CustomFields[number])
					}
					return nil
				},
			},
		},
	})
}

// componentTypeElsewhere is a component type of another workspace's model that the test workspace's model
// lacks, in the only such workspace.
func componentTypeElsewhere(t *testing.T, env *testEnv) (client.Workspace, client.ComponentType, bool) {
	t.Helper()
	all, err := env.Client.ListWorkspaces(t.Context(), client.WorkspaceFilter{})
	if err != nil {
		t.Fatal(err)
	}
	in := map[string][]client.Workspace{}
	types := map[string]client.ComponentType{}
	for _, w := range all {
		wctx, err := env.Client.GetWorkspaceContext(t.Context(), w.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, ct := range wctx.ComponentTypes {
			in[ct.TypeID] = append(in[ct.TypeID], w)
			types[ct.TypeID] = ct
		}
	}
	for id, ws := range in {
		if len(ws) == 1 && ws[0].ID != env.WS {
			return ws[0], types[id], true
		}
	}
	return client.Workspace{}, client.ComponentType{}, false
}
