package batch_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
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
	for _, r := range env.Srv.Requests() {
		if r.Method == http.MethodPost && r.Path == "/api/v2/batch" {
			body = string(r.Body)
		}
	}
	return body
}

func computedID(kind, key string) tfjsonpath.Path {
	return tfjsonpath.New(kind).AtMapKey(key).AtMapKey("id")
}

// Renaming a key while adopt_components_by still matches the entity keeps the entity under its new key,
// and neither it nor the reference from it is deleted; as it holds the item's values, nothing is written.
func TestAccBatchResource_renamedKeyKeepsAdoptedEntity(t *testing.T) {
	env := newTestEnv(t)
	config := func(key string) string {
		return env.Config(fmt.Sprintf(`resource "ardoq_batch" "test" {
  adopt_components_by = ["rootWorkspace", "customFields.{ext}"]
  components = {
    %[1]s = { root_workspace = "{ws}", type_id = "{app}", name = "API", custom_fields = { {ext} = "api{tag}" } }
    db = { root_workspace = "{ws}", type_id = "{app}", name = "DB", custom_fields = { {ext} = "db{tag}" } }
  }
  references = { uses = { source = %[1]q, target = "db", type = {ref} } }
}`, key))
	}
	var apiID string
	var components int
	sameComponent, sameReference := statecheck.CompareValue(compare.ValuesSame()), statecheck.CompareValue(compare.ValuesSame())
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: config("api"),
				ConfigStateChecks: []statecheck.StateCheck{
					sameComponent.AddStateValue(addrB, computedID("computed_components", "api")),
					sameReference.AddStateValue(addrB, computedID("computed_references", "uses")),
				},
				Check: func(s *terraform.State) error {
					apiID = s.RootModule().Resources[addrB].Primary.Attributes["computed_components.api.id"]
					components = providertest.CountsOf(env.Env)[0]
					env.ResetRequests()
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
					if !env.Exists(t, apiID) {
						return fmt.Errorf("the rename deleted %s", apiID)
					}
					if env.Srv == nil {
						return nil
					}
					if c := providertest.CountsOf(env.Env)[0]; c != components {
						return fmt.Errorf("the org has %d components after the rename, %d before", c, components)
					}
					if body := lastBatchBody(env); body != "" {
						return fmt.Errorf("the rename must write nothing (%s holds the item's values): %s", apiID, body)
					}
					if v := env.Component(t, apiID).Version; v != 1 {
						return fmt.Errorf("the rename wrote %s: version %d", apiID, v)
					}
					return nil
				},
			},
		},
	})
}

// The plan shows which entity an item adopts, and one apply makes the entity equal to the item:
// an attribute the item leaves out (a description written by hand in Ardoq) is unset.
func TestAccBatchResource_adoptionShownAtPlanAndConverges(t *testing.T) {
	env := newTestEnv(t)
	env.Parallel(t)
	unchanged := env.OrgUnchanged(t) // the adopted components are managed, so destroyed too
	fields := client.CustomFields{env.Ext: "legacy-1" + env.Tag}
	if env.Owner != "" {
		fields[env.Owner] = "someone"
	}
	legacy := env.CreateComponent(t, client.ComponentCreate{Name: "Legacy" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
		Description: providertest.SP("written by hand"), CustomFields: fields})
	items := `
    legacy = { root_workspace = "{ws}", type_id = "{app}", name = "Adopted", custom_fields = { {ext} = "legacy-1{tag}" } }
    fresh  = { root_workspace = "{ws}", type_id = "{app}", name = "Fresh", custom_fields = { {ext} = "fresh-1{tag}" } }`
	late := `
    late   = { root_workspace = "{ws}", type_id = "{app}", name = "Late", custom_fields = { {ext} = "late-1{tag}" } }`
	configOf := func(items string) string {
		return env.Config("resource \"ardoq_batch\" \"test\" {\n  adopt_components_by = [\"rootWorkspace\", \"customFields.{ext}\"]\n" +
			"  components = {" + items + "\n  }\n}\n")
	}
	config, withLate := configOf(items), configOf(items+late)
	var madeMeanwhile *client.Component
	before := providertest.CountsOf(env.Env)[0]
	env.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             unchanged, // the adopted components are managed, so destroyed too
		Steps: []resource.TestStep{
			{
				PreConfig: env.ResetRequests,
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
				Check: func(s *terraform.State) error {
					got := env.Component(t, legacy.ID)
					if got.Name != "Adopted" || got.Description != nil || (env.Owner != "" && got.CustomFields[env.Owner] != "someone") {
						return fmt.Errorf("adopted component is %q, description %v, fields %v; want the item's name, no description, "+
							"and the unmanaged %s kept", got.Name, got.Description, got.CustomFields, env.Owner)
					}
					if fresh := batchItemIDs(s)["components/fresh"]; fresh == legacy.ID || !env.Exists(t, fresh) {
						return fmt.Errorf("fresh must be created: %q", fresh)
					}
					if env.Srv == nil {
						return nil
					}
					if c := providertest.CountsOf(env.Env)[0]; c != before+1 {
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
			{
				// a component made in Ardoq after the plan (which found nothing to adopt) is adopted, not duplicated
				Config: withLate,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectUnknownValue(addrB, computedID("computed_components", "late")),
					providertest.MutateAfterPlan(func() {
						madeMeanwhile = env.CreateComponent(t, client.ComponentCreate{Name: "Made meanwhile" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
							CustomFields: client.CustomFields{env.Ext: "late-1" + env.Tag}})
					}),
				}},
				Check: func(s *terraform.State) error {
					if got := s.RootModule().Resources[addrB].Primary.Attributes["computed_components.late.id"]; got != madeMeanwhile.ID {
						return fmt.Errorf("late item has id %q, want the component made meanwhile %q", got, madeMeanwhile.ID)
					}
					if c := providertest.CountsOf(env.Env)[0]; env.Srv != nil && c != before+2 {
						return fmt.Errorf("the org has %d components, want %d", c, before+2)
					}
					return nil
				},
			},
		},
	})
}

// An import brings every attribute each entity has, and no custom field (an import takes over none,
// core/fields): a configuration saying the same without custom_fields plans nothing (and sends
// nothing, and Ardoq keeps every field), one that differs in one attribute updates exactly that item, and
// naming the fields plans them as added, sends them, and leaves Ardoq's values as they were. It imports
// by the ext field, so against a real org it runs on its own, and only when nothing else in the workspace
// has that field set.
func TestAccBatchResource_importTakesEveryAttribute_everyOrg(t *testing.T) {
	env := newTestEnv(t)
	env.AloneAgainstARealOrg(t)
	key := func(k string) string { return k + env.Tag } // item keys are the ext values
	apiFields, apiHCL := client.CustomFields{env.Ext: key("api")}, []string{fmt.Sprintf("%s = %q", env.Ext, key("api"))}
	if number := env.Field("Number"); number != "" {
		apiFields[number], apiHCL = 1200.5, append(apiHCL, number+" = 1200.5")
	}
	if checkbox := env.Field("Checkbox"); checkbox != "" {
		apiFields[checkbox], apiHCL = true, append(apiHCL, checkbox+" = true")
	}
	if multi := env.Field("SelectMultipleList"); multi != "" && len(env.Fields[multi].Options) >= 2 {
		opts := env.Fields[multi].Options[:2]
		apiFields[multi], apiHCL = []string{opts[0], opts[1]}, append(apiHCL, fmt.Sprintf("%s = [%q, %q]", multi, opts[0], opts[1]))
	}
	if env.Owner != "" {
		apiFields[env.Owner], apiHCL = "team-a", append(apiHCL, env.Owner+` = "team-a"`)
	}
	api := env.CreateComponent(t, client.ComponentCreate{Name: "API", RootWorkspace: env.WS, TypeID: env.AppType, Description: providertest.SP("front door"),
		CustomFields: apiFields})
	db := env.CreateComponent(t, client.ComponentCreate{Name: "DB", RootWorkspace: env.WS, TypeID: env.ChildType, Parent: &api.ID,
		CustomFields: client.CustomFields{env.Ext: key("db")}})
	notKeyed := env.CreateComponent(t, client.ComponentCreate{Name: "Not keyed", RootWorkspace: env.WS, TypeID: env.AppType})
	own := []string{api.ID, db.ID, notKeyed.ID}
	references, noReference := "", ""
	if slices.Contains(env.Ref.CustomFields, env.Ext) {
		ref := env.CreateReference(t, client.ReferenceCreate{Source: api.ID, Target: db.ID, Type: env.RefType, DisplayText: providertest.SP("calls"),
			CustomFields: client.CustomFields{env.Ext: key("api-db")}})
		own = append(own, ref.ID)
		references = fmt.Sprintf(`
  references = {
    %s = { source = %q, target = %q, type = {ref}, display_text = "calls"%%[6]s }
  }`, key("api-db"), key("api"), key("db"))
	} else {
		noReference = fmt.Sprintf("reference type %q does not allow %s: no reference imported", env.Ref.Name, env.Ext)
	}
	env.requireNothingKeyedBy(t, env.Ext, own...)
	config := func(apiDescription string, fields bool) string {
		apiFields, dbFields, refFields := "", "", ""
		if fields {
			apiFields = "\n      custom_fields  = { " + strings.Join(apiHCL, ", ") + " }"
			dbFields = fmt.Sprintf(", custom_fields = { {ext} = %q }", key("db"))
			refFields = fmt.Sprintf(", custom_fields = { {ext} = %q }", key("api-db"))
		}
		return env.Config(fmt.Sprintf(`resource "ardoq_batch" "test" {
  components = {
    %[1]s = {
      root_workspace = "{ws}", type_id = "{app}", name = "API", description = %[3]q%[4]s
    }
    %[2]s = { root_workspace = "{ws}", type_id = "{child}", name = "DB", parent = %[1]q%[5]s }
  }`+references+`
}`, key("api"), key("db"), apiDescription, apiFields, dbFields, refFields))
	}
	t.Run("import", func(t *testing.T) {
		fieldsKept := func(*terraform.State) error {
			for id, want := range map[string]client.CustomFields{api.ID: apiFields, db.ID: {env.Ext: key("db")}} {
				got := env.Component(t, id).CustomFields
				for k, v := range want {
					if providertest.HCLValue(t, got[k]) != providertest.HCLValue(t, v) {
						return fmt.Errorf("component %s holds %s = %s, want %s", id, k, providertest.HCLValue(t, got[k]), providertest.HCLValue(t, v))
					}
				}
			}
			return nil
		}
		noFieldsImported := func(states []*terraform.InstanceState) error {
			for k, v := range states[0].Attributes {
				if strings.Contains(k, ".custom_fields") {
					return fmt.Errorf("the import recorded %s = %q; it takes over no custom field", k, v)
				}
			}
			return nil
		}
		nothingSent := func(*terraform.State) error {
			if env.Srv == nil {
				return nil
			}
			if batches, expands, _ := batchRequests(env); batches+expands != 0 {
				return fmt.Errorf("a configuration matching the import sent %d batches and %d expands", batches, expands)
			}
			return nil
		}
		env.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			CheckDestroy:             env.GoneFromOrg, // the imported items are managed, so destroyed
			Steps: []resource.TestStep{
				{Config: config("front door", false), ResourceName: addrB, ImportState: true, ImportStateId: env.WS + "/" + env.Ext, ImportStatePersist: true,
					ImportStateCheck: noFieldsImported},
				{
					PreConfig:        env.ResetRequests,
					Config:           config("front door", false),
					ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
					Check:            resource.ComposeTestCheckFunc(nothingSent, fieldsKept),
				},
				{
					PreConfig: env.ResetRequests,
					Config:    config("back door", false),
					ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(addrB, plancheck.ResourceActionUpdate),
						plancheck.ExpectUnknownValue(addrB, tfjsonpath.New("computed_components").AtMapKey(key("api")).AtMapKey("version")),
						plancheck.ExpectKnownValue(addrB, tfjsonpath.New("computed_components").AtMapKey(key("db")).AtMapKey("version"), knownvalue.Int64Exact(db.Version)),
					}},
					Check: func(*terraform.State) error {
						if got := env.Component(t, api.ID); got.Description == nil || *got.Description != "back door" || got.Version != api.Version+1 {
							return fmt.Errorf("api must be updated once, to the new description: %+v", got)
						}
						if got := env.Component(t, db.ID); got.Version != db.Version {
							return fmt.Errorf("db must not be written: version %d, was %d", got.Version, db.Version)
						}
						if env.Srv == nil {
							return nil
						}
						body := lastBatchBody(env)
						if batches, _, _ := batchRequests(env); batches != 1 || strings.Count(body, `"id":`) != 1 || !strings.Contains(body, `"description":"back door"`) {
							return fmt.Errorf("want one batch updating api only: %d batches, %s", batches, body)
						}
						return nil
					},
				},
				{
					Config: config("back door", true),
					ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(addrB, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(addrB, tfjsonpath.New("components").AtMapKey(key("db")).AtMapKey("custom_fields"),
							knownvalue.ObjectExact(map[string]knownvalue.Check{env.Ext: knownvalue.StringExact(key("db"))})),
					}},
					Check: fieldsKept,
				},
			},
		})
	})
	if noReference != "" {
		t.Run("references", func(t *testing.T) { t.Skip(noReference) })
	}
}
