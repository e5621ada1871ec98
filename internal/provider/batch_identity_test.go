package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// expectPlannedString checks that a planned value of the batch is known and equals want(), which is
// read when the plan is checked (after earlier steps captured it).
type expectPlannedString struct {
	path tfjsonpath.Path
	want func() string
}

func (e expectPlannedString) CheckPlan(ctx context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	plancheck.ExpectKnownValue(addrB, e.path, knownvalue.StringExact(e.want())).CheckPlan(ctx, req, resp)
}

// lastBatchBody is the body of the last POST /batch the emulator received.
func lastBatchBody(env *testEnv) string {
	var body string
	for _, r := range env.srv.Requests() {
		if r.Method == http.MethodPost && r.Path == "/api/v2/batch" {
			body = string(r.Body)
		}
	}
	return body
}

func computedID(kind, key string) tfjsonpath.Path {
	return tfjsonpath.New(kind).AtMapKey(key).AtMapKey("id")
}

// Renaming a key while adopt_components_by still matches the entity keeps the entity: it is updated
// under its new key, and neither it nor the reference from it is deleted.
func TestAccBatchResource_renamedKeyKeepsAdoptedEntity(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	config := func(key string) string {
		return env.config(fmt.Sprintf(`resource "ardoq_batch" "test" {
  adopt_components_by = ["rootWorkspace", "customFields.external_id"]
  components = {
    %[1]s = { root_workspace = "{ws}", type_id = "{app}", name = "API", custom_fields = { external_id = "api" } }
    db = { root_workspace = "{ws}", type_id = "{app}", name = "DB", custom_fields = { external_id = "db" } }
  }
  references = { uses = { source = %[1]q, target = "db", type = {ref} } }
}`, key))
	}
	var apiID string
	var components int
	sameComponent, sameReference := statecheck.CompareValue(compare.ValuesSame()), statecheck.CompareValue(compare.ValuesSame())
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.orgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: config("api"),
				ConfigStateChecks: []statecheck.StateCheck{
					sameComponent.AddStateValue(addrB, computedID("computed_components", "api")),
					sameReference.AddStateValue(addrB, computedID("computed_references", "uses")),
				},
				Check: func(s *terraform.State) error {
					apiID = s.RootModule().Resources[addrB].Primary.Attributes["computed_components.api.id"]
					components, _ = env.srv.Counts()
					env.srv.ResetRequests()
					return nil
				},
			},
			{
				Config: config("renamed"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrB, plancheck.ResourceActionUpdate),
					expectPlannedString{computedID("computed_components", "renamed"), func() string { return apiID }},
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					sameComponent.AddStateValue(addrB, computedID("computed_components", "renamed")),
					sameReference.AddStateValue(addrB, computedID("computed_references", "uses")),
				},
				Check: func(*terraform.State) error {
					if c, _ := env.srv.Counts(); c != components {
						return fmt.Errorf("the org has %d components after the rename, %d before", c, components)
					}
					if body := lastBatchBody(env); strings.Contains(body, "delete") || !strings.Contains(body, `"id":"`+apiID+`"`) {
						return fmt.Errorf("the rename must update %s and delete nothing: %s", apiID, body)
					}
					return nil
				},
			},
			{Config: config("renamed"), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// The plan shows which entity an item adopts, and one apply makes the entity equal to the item:
// an attribute the item leaves out (a description written by hand in Ardoq) is unset.
func TestAccBatchResource_adoptionShownAtPlanAndConverges(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	unchanged := env.orgUnchanged(t)
	legacy, err := env.srv.SeedComponent(emulator.ComponentSeed{Name: "Legacy", RootWorkspace: env.ws, TypeID: env.appType,
		Description: sp("written by hand"), CustomFields: map[string]any{"external_id": "legacy-1", "owner": "someone"}})
	if err != nil {
		t.Fatal(err)
	}
	items := `
    legacy = { root_workspace = "{ws}", type_id = "{app}", name = "Adopted", custom_fields = { external_id = "legacy-1" } }
    fresh  = { root_workspace = "{ws}", type_id = "{app}", name = "Fresh", custom_fields = { external_id = "fresh-1" } }`
	late := `
    late   = { root_workspace = "{ws}", type_id = "{app}", name = "Late", custom_fields = { external_id = "late-1" } }`
	configOf := func(items string) string {
		return env.config("resource \"ardoq_batch\" \"test\" {\n  adopt_components_by = [\"rootWorkspace\", \"customFields.external_id\"]\n" +
			"  components = {" + items + "\n  }\n}\n")
	}
	config, withLate := configOf(items), configOf(items+late)
	var madeMeanwhile emulator.Component
	before, _ := env.srv.Counts()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             unchanged, // the adopted components are managed, so destroyed too
		Steps: []resource.TestStep{
			{
				PreConfig: env.srv.ResetRequests,
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectKnownValue(addrB, computedID("computed_components", "legacy"), knownvalue.StringExact(legacy.ID)),
					plancheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("legacy").AtMapKey("component_key"),
						knownvalue.StringExact(legacy.ComponentKey)),
					plancheck.ExpectUnknownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("legacy").AtMapKey("version")),
					plancheck.ExpectUnknownValue(addrB, computedID("computed_components", "fresh")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrB, computedID("computed_components", "legacy"), knownvalue.StringExact(legacy.ID)),
				},
				Check: func(*terraform.State) error {
					got, _ := env.srv.Component(legacy.ID)
					if got.Name != "Adopted" || got.Description != nil || got.CustomFields["owner"] != "someone" {
						return fmt.Errorf("adopted component is %q, description %v, fields %v; want the item's name, no description, "+
							"and the unmanaged owner kept", got.Name, got.Description, got.CustomFields)
					}
					if c, _ := env.srv.Counts(); c != before+1 {
						return fmt.Errorf("the org has %d components, want %d (only fresh created)", c, before+1)
					}
					body := lastBatchBody(env)
					var sent struct {
						Components struct {
							Upsert []json.RawMessage `json:"upsert"`
							Update []struct {
								ID             string `json:"id"`
								IfVersionMatch int64  `json:"ifVersionMatch"`
							} `json:"update"`
						} `json:"components"`
					}
					if err := json.Unmarshal([]byte(body), &sent); err != nil || len(sent.Components.Upsert) != 1 ||
						len(sent.Components.Update) != 1 || sent.Components.Update[0].ID != legacy.ID || sent.Components.Update[0].IfVersionMatch != legacy.Version {
						return fmt.Errorf("want an update of %s at version %d and an upsert of fresh: %s", legacy.ID, legacy.Version, body)
					}
					return nil
				},
			},
			{Config: config, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				// a component made in Ardoq after the plan (which found nothing to adopt) is adopted, not duplicated
				Config: withLate,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectUnknownValue(addrB, computedID("computed_components", "late")),
					mutateAfterPlan(func() {
						madeMeanwhile, err = env.srv.SeedComponent(emulator.ComponentSeed{Name: "Made meanwhile", RootWorkspace: env.ws, TypeID: env.appType,
							CustomFields: map[string]any{"external_id": "late-1"}})
					}),
				}},
				Check: func(s *terraform.State) error {
					if err != nil {
						return err
					}
					if got := s.RootModule().Resources[addrB].Primary.Attributes["computed_components.late.id"]; got != madeMeanwhile.ID {
						return fmt.Errorf("late item has id %q, want the component made meanwhile %q", got, madeMeanwhile.ID)
					}
					if c, _ := env.srv.Counts(); c != before+2 {
						return fmt.Errorf("the org has %d components, want %d", c, before+2)
					}
					return nil
				},
			},
			{Config: withLate, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// An import brings every attribute each entity has: a configuration saying the same plans nothing
// (and sends nothing), and one that differs in one attribute updates exactly that item.
func TestAccBatchResource_importTakesEveryAttribute(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	api, err := env.srv.SeedComponent(emulator.ComponentSeed{Name: "API", RootWorkspace: env.ws, TypeID: env.appType, Description: sp("front door"),
		CustomFields: map[string]any{"external_id": "api", "cost": 1200.5, "critical": true, "regions": []any{"eu", "us"}, "owner": "team-a"}})
	if err != nil {
		t.Fatal(err)
	}
	db, err := env.srv.SeedComponent(emulator.ComponentSeed{Name: "DB", RootWorkspace: env.ws, TypeID: env.childType, Parent: &api.ID,
		CustomFields: map[string]any{"external_id": "db"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := env.srv.SeedComponent(emulator.ComponentSeed{Name: "Not keyed", RootWorkspace: env.ws, TypeID: env.appType}); err != nil {
		t.Fatal(err)
	}
	if _, err := env.srv.SeedReference(emulator.ReferenceSeed{Source: api.ID, Target: db.ID, Type: env.refType, DisplayText: sp("calls"),
		CustomFields: map[string]any{"external_id": "api-db"}}); err != nil {
		t.Fatal(err)
	}
	config := func(apiDescription string) string {
		return env.config(fmt.Sprintf(`resource "ardoq_batch" "test" {
  components = {
    api = {
      root_workspace = "{ws}", type_id = "{app}", name = "API", description = %q
      custom_fields  = { external_id = "api", cost = 1200.5, critical = true, regions = ["eu", "us"], owner = "team-a" }
    }
    db = { root_workspace = "{ws}", type_id = "{child}", name = "DB", parent = "api", custom_fields = { external_id = "db" } }
  }
  references = {
    api-db = { source = "api", target = "db", type = {ref}, display_text = "calls", custom_fields = { external_id = "api-db" } }
  }
}`, apiDescription))
	}
	nothingSent := func(*terraform.State) error {
		if batches, expands, _ := batchRequests(env); batches+expands != 0 {
			return fmt.Errorf("a configuration matching the import sent %d batches and %d expands", batches, expands)
		}
		return nil
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{Config: config("front door"), ResourceName: addrB, ImportState: true, ImportStateId: env.ws + "/external_id", ImportStatePersist: true},
			{
				PreConfig:        env.srv.ResetRequests,
				Config:           config("front door"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check:            nothingSent,
			},
			{
				PreConfig: env.srv.ResetRequests,
				Config:    config("back door"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrB, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("api").AtMapKey("version")),
					plancheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey("db").AtMapKey("version"), knownvalue.Int64Exact(1)),
				}},
				Check: func(*terraform.State) error {
					body := lastBatchBody(env)
					if batches, _, _ := batchRequests(env); batches != 1 || strings.Count(body, `"id":`) != 1 || !strings.Contains(body, `"description":"back door"`) {
						return fmt.Errorf("want one batch updating api only: %d batches, %s", batches, body)
					}
					return nil
				},
			},
			{Config: config("back door"), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}
