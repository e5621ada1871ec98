package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

const addrB = "ardoq_batch.test"

// batchConfig renders n application items (app0..), each with a module child, and a reference from
// every application to its module; rename names one item to change.
func batchConfig(env *testEnv, n int, rename map[int]string, extra string) string {
	var comps, refs strings.Builder
	for i := range n {
		name := fmt.Sprintf("App %d", i)
		if r, ok := rename[i]; ok {
			name = r
		}
		fmt.Fprintf(&comps, "    app%d = { root_workspace = %q, type_id = %q, name = %q, custom_fields = { external_id = \"app-%d\", cost = %d } }\n", i, env.ws, env.appType, name, i, 100+i)
		fmt.Fprintf(&comps, "    mod%d = { root_workspace = %q, type_id = %q, name = \"Module %d\", parent = \"app%d\" }\n", i, env.ws, env.childType, i, i)
		fmt.Fprintf(&refs, "    app%d_mod = { source = \"app%d\", target = \"mod%d\", type = %d }\n", i, i, i, env.refType)
	}
	return env.config(fmt.Sprintf("resource \"ardoq_batch\" \"test\" {\n%s\n  components = {\n%s  }\n  references = {\n%s  }\n}\n", extra, comps.String(), refs.String()))
}

func batchRequests(env *testEnv) (batches, expands, gets int) {
	for _, r := range env.srv.Requests() {
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

func TestAccBatchResource_lifecycle(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	var app3 string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.orgUnchanged(t),
		Steps: []resource.TestStep{
			{
				PreConfig: env.srv.ResetRequests,
				Config:    batchConfig(env, 6, nil, ""),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("components"), knownvalue.MapSizeExact(12)),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components"), knownvalue.MapSizeExact(12)),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app0").AtMapKey("version"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app0").AtMapKey("component_key"), knownvalue.StringRegexp(regexp.MustCompile(`^APP-\d+$`))),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("components").AtMapKey("mod0").AtMapKey("parent"), knownvalue.StringExact("app0")),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("components").AtMapKey("app0").AtMapKey("custom_fields"),
						knownvalue.MapExact(map[string]knownvalue.Check{"external_id": knownvalue.StringExact("app-0"), "cost": knownvalue.Int64Exact(100)})),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_references").AtMapKey("app0_mod").AtMapKey("root_workspace"), knownvalue.StringExact(env.ws)),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_references").AtMapKey("app0_mod").AtMapKey("target_workspace"), knownvalue.StringExact(env.ws)),
				},
				Check: func(s *terraform.State) error {
					batches, _, gets := batchRequests(env)
					if batches != 1 || gets != 0 {
						return fmt.Errorf("create sent %d batches and %d single GETs; want 1 and 0", batches, gets)
					}
					c, r := env.srv.Counts()
					if c != 3+12 || r != 1+6 {
						return fmt.Errorf("org has %d components and %d references", c, r)
					}
					return nil
				},
			},
			{Config: batchConfig(env, 6, nil, ""), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				// change 2 of 12 components: only they are sent, with their versions
				PreConfig: env.srv.ResetRequests,
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
					var body string
					for _, r := range env.srv.Requests() {
						if r.Method == http.MethodPost && r.Path == "/api/v2/batch" {
							body = string(r.Body)
						}
					}
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
					if c, r := env.srv.Counts(); c != 3+10 || r != 1+5 {
						return fmt.Errorf("after removal the org has %d components and %d references", c, r)
					}
					app3 = s.RootModule().Resources[addrB].Primary.Attributes["computed_components.app3.id"]
					return nil
				},
			},
			{
				// drift: one item renamed in the app, one deleted in the app (with its module and reference)
				PreConfig: func() {
					_ = env.srv.MutateComponent(app3, func(c *emulator.Component) { c.Name = "Renamed in the app" })
					env.srv.Remove(mustID(t, env, "App 0"))
					env.srv.ResetRequests()
				},
				Config: batchConfig(env, 5, map[int]string{1: "Renamed 1", 4: "Renamed 4"}, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrB, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app0").AtMapKey("id")),
					plancheck.ExpectUnknownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app3").AtMapKey("version")),
					plancheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app2").AtMapKey("version"), knownvalue.Int64Exact(1)),
				}},
				Check: func(s *terraform.State) error {
					if c, r := env.srv.Counts(); c != 3+10 || r != 1+5 {
						return fmt.Errorf("after correcting drift the org has %d components and %d references", c, r)
					}
					if got, _ := env.srv.Component(app3); got.Name != "App 3" {
						return fmt.Errorf("drift not corrected: %q", got.Name)
					}
					return nil
				},
			},
			{
				// refresh reads list pages while they carry the items (here two to a page), then GETs the
				// few left once they are fewer than the pages read: fewer requests than a GET per item
				PreConfig:        env.srv.ResetRequests,
				Config:           batchConfig(env, 5, map[int]string{1: "Renamed 1", 4: "Renamed 4"}, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(*terraform.State) error {
					batches, expands, gets := batchRequests(env)
					if batches+expands != 0 {
						return fmt.Errorf("a plan without changes sent %d batches and %d dry runs; want none", batches, expands)
					}
					got := countByFilter(env.srv)
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

func mustID(t *testing.T, env *testEnv, name string) string {
	all, err := env.client.ListComponents(context.Background(), clientFilterByName(env.ws, name))
	if err != nil || len(all) != 1 {
		t.Fatalf("component %q: %v %d", name, err, len(all))
	}
	return all[0].ID
}

// mutateAfterPlan is a plan check that changes the org between plan and apply, as a colleague might.
type mutateAfterPlan func()

func (m mutateAfterPlan) CheckPlan(context.Context, plancheck.CheckPlanRequest, *plancheck.CheckPlanResponse) {
	m()
}

func TestAccBatchResource_failingItemRollsBack(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	var before map[string]int64
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{Config: batchConfig(env, 2, nil, "")},
			{
				// adds app2 and changes app0 and app1; app1 is edited in Ardoq after the plan
				Config: batchConfig(env, 3, map[int]string{0: "New 0", 1: "New 1"}, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{mutateAfterPlan(func() {
					before = versions(env)
					_ = env.srv.MutateComponent(mustID(t, env, "App 1"), func(c *emulator.Component) { c.Description = nil })
				})}},
				ExpectError: expectErr(`(?s)Batch Items Changed Outside Terraform.*components\["app1"\].*nothing was changed`),
			},
			{
				Config:             batchConfig(env, 2, nil, ""),
				PlanOnly:           true,
				ExpectNonEmptyPlan: false,
				PreConfig: func() {
					after := versions(env)
					if len(after) != len(before) {
						t.Fatalf("the failed batch created something: %d components before, %d after", len(before), len(after))
					}
					for id, v := range before {
						if after[id] != v && after[id] != v+1 { // +1: the out-of-band edit
							t.Fatalf("component %s changed from version %d to %d", id, v, after[id])
						}
					}
					if created, err := env.client.ListComponents(context.Background(), clientFilterByName(env.ws, "New 0")); err != nil || len(created) != 0 {
						t.Fatalf("the failed batch renamed or created components: %d named \"New 0\" (%v)", len(created), err)
					}
				},
			},
		},
	})
}

func versions(env *testEnv) map[string]int64 {
	out := map[string]int64{}
	for _, c := range env.srv.Snapshot().Components {
		out[c.ID] = c.Version
	}
	return out
}

func TestAccBatchResource_planTimeRejection(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	cases := map[string]string{
		`components = { a = { root_workspace = "{ws}", type_id = "p0000", name = "A" } }`:                                         `(?s)Unknown Component Type.*components\["a"\].type_id: component type "p0000" is not in the model of workspace .*Its types are: Application \(p`,
		`components = { a = { root_workspace = "{ws}", type_id = "{app}", name = "A", parent = "00000000000000000000dead" } }`:    `(?s)components\["a"\].parent: .*parent: component "00000000000000000000dead" does not\s+exist`,
		`components = { a = { root_workspace = "{ws}", type_id = "{app}", name = "A", custom_fields = { lifecycle = "dead" } } }`: `(?s)components\["a"\].custom_fields\["lifecycle"\]: .*"dead" is not one of the options \["plan" "build" "live" "retire"\]`,
		`components = { a = { root_workspace = "{ws}", type_id = "{app}", name = "A", custom_fields = { cost = "cheap" } } }`:     `(?s)Invalid Custom Field Value.*"cheap" is not a number`,
		// every item problem in one plan, each at its item
		`components = {
		   a = { root_workspace = "{ws}", type_id = "{app}", name = "A", custom_fields = { colour = "red", regions = ["mars"] } }
		   b = { root_workspace = "{ws}", type_id = "{child}", name = "B", parent = "aa" }
		 }
		 references = { r = { source = "a", target = "bb", type = 99 } }`: `(?s)components\["b"\].parent: "aa" is not a key of this resource's components, nor an Ardoq id .*Its component keys are: a, b\..*` +
			`references\["r"\].target: "bb" is not a key.*` +
			`components\["a"\].custom_fields\["colour"\]: the workspace has no custom field "colour". Fields allowed on "Application": owner, notes,.*` +
			`components\["a"\].custom_fields\["regions"\]: .*"mars" is not one of the options.*` +
			`references\["r"\].type: reference type 99 is not in the model.*Its reference types are: Depends on \(1\)`,
		// the provider's own checks of the items' shape, before any request
		`components = { a = { root_workspace = "{ws}", type_id = "{app}", title = "A" } }`: `(?s)components\["a"\]: "title" is not an attribute.*components\["a"\]: "name" is required`,
		`components = { a = { root_workspace = "nope", type_id = "{app}", name = "" } }`:   `(?s)"nope" is not an Ardoq id.*name must not be empty`,
		`components = ["a"]`:       `components must be a map of objects keyed by your own keys`,
		`components = { a = "x" }`: `components\["a"\] must be an object with attributes root_workspace`,
		`references = { r = { source = "a", target = "b", type = "uses" } }`:                                                     `references\["r"\].type must be a whole number; got "uses"`,
		`components = { a = { root_workspace = "{ws}", type_id = "{app}", name = "A", custom_fields = { regions = [1, {}] } } }`: `custom_fields\["regions"\] must be a string, number, boolean or list of strings`,
	}
	for hcl, want := range cases {
		t.Run(want, func(t *testing.T) {
			before, _ := env.srv.Counts()
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				Steps:                    []resource.TestStep{{Config: env.config("resource \"ardoq_batch\" \"test\" {\n" + hcl + "\n}"), PlanOnly: true, ExpectError: expectErr(want)}},
			})
			if after, _ := env.srv.Counts(); after != before {
				t.Fatal("a rejected plan changed the org")
			}
		})
	}
}

func TestAccBatchResource_adoptAndImport(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	existing, _ := env.srv.SeedComponent(emulator.ComponentSeed{Name: "Legacy name", RootWorkspace: env.ws, TypeID: env.appType,
		CustomFields: map[string]any{"external_id": "app-0"}})
	adopt := `adopt_components_by = ["rootWorkspace", "customFields.external_id"]`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy: func(*terraform.State) error {
			if _, ok := env.srv.Component(existing.ID); ok {
				return fmt.Errorf("adopted component %s still exists after destroy", existing.ID)
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: batchConfig(env, 2, nil, adopt),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app0").AtMapKey("id"), knownvalue.StringExact(existing.ID)),
					statecheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("app0").AtMapKey("version"), knownvalue.Int64Exact(2)),
				},
				Check: func(*terraform.State) error {
					if got, _ := env.srv.Component(existing.ID); got.Name != "App 0" {
						return fmt.Errorf("adopted component not updated: %q", got.Name)
					}
					return nil
				},
			},
			{Config: batchConfig(env, 2, nil, adopt), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				ResourceName: addrB, ImportState: true, ImportStateId: env.ws + "/external_id",
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					a := states[0].Attributes
					if a["components.%"] != "2" || a["computed_components.app-0.id"] != existing.ID || a["components.app-0.name"] != "App 0" ||
						a["components.app-0.custom_fields.external_id"] != "app-0" {
						return fmt.Errorf("imported %v", a)
					}
					return nil
				},
			},
			{ResourceName: addrB, ImportState: true, ImportStateId: "nonsense", ExpectError: expectErr(`<workspace id>/<custom field API key>`)},
		},
	})
}

func TestAccBatchResource_destroyRetriesOnceWhenItemsVanished(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	unchanged := env.orgUnchanged(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy: func(s *terraform.State) error {
			if batches, _, _ := batchRequests(env); batches != 2 {
				return fmt.Errorf("destroy sent %d batches; want the one that failed with 404 and one retry", batches)
			}
			return unchanged(s)
		},
		Steps: []resource.TestStep{{
			Config: batchConfig(env, 2, nil, ""),
			Check: func(*terraform.State) error {
				if batches, _, _ := batchRequests(env); batches != 1 {
					return fmt.Errorf("create sent %d batches", batches)
				}
				// As if an item were deleted in Ardoq between the destroy's refresh and its batch.
				env.srv.ResetRequests()
				env.srv.FailNext(http.MethodPost, "/batch", http.StatusNotFound)
				return nil
			},
		}},
	})
}

// Items passed in as a typed variable are a map of objects with every attribute (null where optional);
// refresh keeps them a map, drift shows on exactly the changed attribute, and nulls cause no noise.
func TestAccBatchResource_typedVariableAndNativeCustomFields(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	config := env.config(`
variable "apps" {
  type = map(object({
    name          = string
    description   = optional(string)
    custom_fields = optional(object({ cost = optional(number), critical = optional(bool), regions = optional(list(string)) }))
  }))
  default = {
    a = { name = "A", custom_fields = { cost = 12.5, critical = true, regions = ["eu", "us"] } }
    b = { name = "B", description = "second" }
  }
}

resource "ardoq_batch" "test" {
  components = { for k, v in var.apps : k => merge(v, { root_workspace = "{ws}", type_id = "{app}" }) }
}
`)
	var idA string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.orgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: func(s *terraform.State) error {
					idA = s.RootModule().Resources[addrB].Primary.Attributes["computed_components.a.id"]
					got, _ := env.srv.Component(idA)
					if fmt.Sprint(got.CustomFields["cost"], got.CustomFields["critical"], got.CustomFields["regions"]) != "12.5 true [eu us]" {
						return fmt.Errorf("custom fields sent as %v", got.CustomFields)
					}
					return nil
				},
			},
			{Config: config, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				PreConfig: func() {
					_ = env.srv.MutateComponent(idA, func(c *emulator.Component) { c.CustomFields["cost"] = json.Number("13") })
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrB, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("a").AtMapKey("version")),
					plancheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("b").AtMapKey("version"), knownvalue.Int64Exact(1)),
				}},
				Check: func(*terraform.State) error {
					if got, _ := env.srv.Component(idA); fmt.Sprint(got.CustomFields["cost"]) != "12.5" {
						return fmt.Errorf("drift on cost not corrected: %v", got.CustomFields["cost"])
					}
					return nil
				},
			},
			{Config: config, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}
