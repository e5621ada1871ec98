package single_test

import (
	"fmt"
	"net/http"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

const addrC = "ardoq_component.test"

func TestAccComponentResource_basic(t *testing.T) {
	env := newTestEnv(t)
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: env.Config(`resource "ardoq_component" "test" {
  name           = "Payments"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("id"), knownvalue.StringRegexp(entity.OIDPattern)),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("version"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("name"), knownvalue.StringExact("Payments")),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("component_key"), knownvalue.StringRegexp(providertest.ExpectErr(`^[A-Z0-9]+-\d+$`))),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("type_name"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("parent"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("description"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("custom_fields"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("created"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("created_by"), knownvalue.StringRegexp(anEmail)),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("last_modified_by"), knownvalue.StringRegexp(anEmail)),
				},
			},
		},
	})
}

// anEmail is who made or changed an entity, as _meta names them.
var anEmail = regexp.MustCompile(`^[^@\s]+@[^@\s]+$`)

func TestAccComponentResource_update_everyCLI(t *testing.T) {
	env := newTestEnv(t)
	versions := statecheck.CompareValue(compare.ValuesDiffer())
	cfg := func(name, extra string) string {
		return env.Config(`resource "ardoq_component" "test" {
  name           = "` + name + `"
  root_workspace = "{ws}"
  type_id        = "{app}"
  ` + extra + `
}`)
	}
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config:            cfg("first", `description = "d1"`),
				ConfigStateChecks: []statecheck.StateCheck{versions.AddStateValue(addrC, tfjsonpath.New("version"))},
			},
			{
				Config: cfg("second", `color = "#ff0000"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrC, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(addrC, tfjsonpath.New("version")),
					plancheck.ExpectKnownValue(addrC, tfjsonpath.New("component_key"), knownvalue.NotNull()),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					versions.AddStateValue(addrC, tfjsonpath.New("version")),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("version"), knownvalue.Int64Exact(2)),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("name"), knownvalue.StringExact("second")),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("description"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("color"), knownvalue.StringExact("#ff0000")),
				},
			},
		},
	})
	if env.Srv != nil {
		for _, r := range env.Srv.Requests() {
			if r.Method == http.MethodPatch && r.Query != "ifVersionMatch=1" {
				t.Errorf("update must send the version in state: %s", r.Query)
			}
		}
	}
}

func TestAccComponentResource_replace(t *testing.T) {
	env := newTestEnv(t)
	env.RequireOtherType(t)
	cfg := func(ws, typ string) string {
		return env.Config(`resource "ardoq_component" "test" {
  name           = "Replaceable"
  root_workspace = "` + ws + `"
  type_id        = "` + typ + `"
}`)
	}
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: cfg("{ws}", "{app}")},
			{
				Config: cfg("{ws}", "{other}"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrC, plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
			{
				Config: cfg("{ws2}", "{other}"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrC, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(addrC, tfjsonpath.New("version"), knownvalue.Int64Exact(1))},
			},
		},
	})
}

func TestAccComponentResource_import_everyCLI(t *testing.T) {
	env := newTestEnv(t)
	cfg := env.Config(`resource "ardoq_component" "test" {
  name           = "Imported"
  root_workspace = "{ws}"
  type_id        = "{app}"
  description    = "from Ardoq"
}`)
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_5_0)},
		Steps: []resource.TestStep{
			{Config: cfg},
			{ResourceName: addrC, ImportState: true, ImportStateVerify: true},
			{ResourceName: addrC, Config: cfg, ImportState: true, ImportStateKind: resource.ImportBlockWithID,
				ImportPlanChecks: resource.ImportPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addrC, plancheck.ResourceActionNoop)}}},
			{ResourceName: addrC, ImportState: true, ImportStateId: "not-an-id", ExpectError: providertest.ExpectErr(`not an Ardoq component id`)},
		},
	})
}

func TestAccComponentResource_disappears(t *testing.T) {
	env := newTestEnv(t)
	var id string
	cfg := env.Config(`resource "ardoq_component" "test" {
  name           = "Fragile"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`)
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: cfg, Check: providertest.CaptureID(addrC, &id)},
			{
				PreConfig: func() { env.DeleteInApp(t, false, id) }, // deleted in the app
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrC, plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

func TestAccComponentResource_driftCorrected_everyCLI(t *testing.T) {
	env := newTestEnv(t)
	owner := env.RequireField(t, "Text")
	// a second field, set in the app only: unmanaged, it must not show in the plan
	notes := env.FieldOnApp(func(f client.Field) bool {
		return providertest.Writable(f) && f.APIKey != owner && (f.Type == "Text" || f.Type == "TextArea")
	})
	var id string
	cfg := env.Config(`resource "ardoq_component" "test" {
  name           = "Drifty"
  root_workspace = "{ws}"
  type_id        = "{app}"
  custom_fields  = { ` + owner + ` = "team-a" }
}`)
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: cfg, Check: providertest.CaptureID(addrC, &id)},
			{
				PreConfig: func() {
					fields := client.CustomFields{owner: "someone-else"}
					if notes != "" {
						fields[notes] = "unmanaged, must not show"
					}
					env.EditInApp(t, id, client.ComponentUpdate{Name: client.Set("Renamed in the app"), CustomFields: fields})
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrC, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(addrC, tfjsonpath.New("name"), knownvalue.StringExact("Drifty")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(addrC, tfjsonpath.New("version"), knownvalue.Int64Exact(3))},
			},
		},
	})
}

func TestAccComponentResource_versionConflict(t *testing.T) {
	env := newTestEnv(t)
	cfg := func(name string) string {
		return env.Config(`resource "ardoq_component" "test" {
  name           = "` + name + `"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`)
	}
	var id string
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: cfg("one"), Check: providertest.CaptureID(addrC, &id)},
			{
				// a colleague edits the component between Terraform's plan and its update
				Config: cfg("two"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{providertest.MutateAfterPlan(func() {
					env.EditInApp(t, id, client.ComponentUpdate{Description: client.Set("edited by a colleague")})
				})}},
				// named by its name, key and id, and the version mismatch said once
				ExpectError: providertest.ExpectErr(`Component Changed Outside Terraform(.|\n)*Component "[^"]*one" \([^,]+, id [0-9a-f]{24}\) was ` +
					`changed in Ardoq(.|\n)*expected version 1 and Ardoq now has version 2, so Ardoq refused the update \(HTTP 409\) rather(.|\n)*plan`),
			},
			{
				Config: cfg("two"),
				Check: func(*terraform.State) error {
					if c := env.Component(t, id); c.Name != "two" || c.Description != nil {
						return fmt.Errorf("after the conflict a new apply must succeed, got %q, description %v", c.Name, c.Description)
					}
					return nil
				},
			},
		},
	})
}
