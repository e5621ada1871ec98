package provider

import (
	"fmt"
	"net/http"
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
)

const addrC = "ardoq_component.test"

func TestAccComponentResource_basic(t *testing.T) {
	env := newTestEnv(t)
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.orgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: env.config(`resource "ardoq_component" "test" {
  name           = "Payments"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("id"), knownvalue.StringRegexp(entity.OIDPattern)),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("version"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("name"), knownvalue.StringExact("Payments")),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("component_key"), knownvalue.StringRegexp(expectErr(`^[A-Z0-9]+-\d+$`))),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("type_name"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("parent"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("description"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("custom_fields"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("created"), knownvalue.NotNull()),
				},
			},
			{
				Config: env.config(`resource "ardoq_component" "test" {
  name           = "Payments"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}

func TestAccComponentResource_update(t *testing.T) {
	env := newTestEnv(t)
	versions := statecheck.CompareValue(compare.ValuesDiffer())
	cfg := func(name, extra string) string {
		return env.config(`resource "ardoq_component" "test" {
  name           = "` + name + `"
  root_workspace = "{ws}"
  type_id        = "{app}"
  ` + extra + `
}`)
	}
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.orgUnchanged(t),
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
			{
				Config:           cfg("second", `color = "#ff0000"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
	if env.srv != nil {
		for _, r := range env.srv.Requests() {
			if r.Method == http.MethodPatch && r.Query != "ifVersionMatch=1" {
				t.Errorf("update must send the version in state: %s", r.Query)
			}
		}
	}
}

func TestAccComponentResource_replace(t *testing.T) {
	env := newTestEnv(t)
	env.requireOtherType(t)
	cfg := func(ws, typ string) string {
		return env.config(`resource "ardoq_component" "test" {
  name           = "Replaceable"
  root_workspace = "` + ws + `"
  type_id        = "` + typ + `"
}`)
	}
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.orgUnchanged(t),
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

func TestAccComponentResource_import(t *testing.T) {
	env := newTestEnv(t)
	cfg := env.config(`resource "ardoq_component" "test" {
  name           = "Imported"
  root_workspace = "{ws}"
  type_id        = "{app}"
  description    = "from Ardoq"
}`)
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_5_0)},
		Steps: []resource.TestStep{
			{Config: cfg},
			{ResourceName: addrC, ImportState: true, ImportStateVerify: true},
			{ResourceName: addrC, Config: cfg, ImportState: true, ImportStateKind: resource.ImportBlockWithID,
				ImportPlanChecks: resource.ImportPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addrC, plancheck.ResourceActionNoop)}}},
			{ResourceName: addrC, ImportState: true, ImportStateId: "not-an-id", ExpectError: expectErr(`not an Ardoq component id`)},
		},
	})
}

func TestAccComponentResource_disappears(t *testing.T) {
	env := newTestEnv(t)
	var id string
	cfg := env.config(`resource "ardoq_component" "test" {
  name           = "Fragile"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`)
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.orgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: cfg, Check: captureID(addrC, &id)},
			{
				PreConfig: func() { env.deleteInApp(t, false, id) }, // deleted in the app
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrC, plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

func TestAccComponentResource_driftCorrected(t *testing.T) {
	env := newTestEnv(t)
	owner := env.requireField(t, "Text")
	// a second field, set in the app only: unmanaged, it must not show in the plan
	notes := env.fieldOnApp(func(f client.Field) bool {
		return writable(f) && f.APIKey != owner && (f.Type == "Text" || f.Type == "TextArea")
	})
	var id string
	cfg := env.config(`resource "ardoq_component" "test" {
  name           = "Drifty"
  root_workspace = "{ws}"
  type_id        = "{app}"
  custom_fields  = { ` + owner + ` = "team-a" }
}`)
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.orgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: cfg, Check: captureID(addrC, &id)},
			{
				PreConfig: func() {
					fields := client.CustomFields{owner: "someone-else"}
					if notes != "" {
						fields[notes] = "unmanaged, must not show"
					}
					env.editInApp(t, id, client.ComponentUpdate{Name: client.Set("Renamed in the app"), CustomFields: fields})
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrC, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(addrC, tfjsonpath.New("name"), knownvalue.StringExact("Drifty")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(addrC, tfjsonpath.New("version"), knownvalue.Int64Exact(3))},
			},
			{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

func TestAccComponentResource_versionConflict(t *testing.T) {
	env := newTestEnv(t)
	cfg := func(name string) string {
		return env.config(`resource "ardoq_component" "test" {
  name           = "` + name + `"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`)
	}
	var id string
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.orgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: cfg("one"), Check: captureID(addrC, &id)},
			{
				// a colleague edits the component between Terraform's plan and its update
				Config: cfg("two"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{mutateAfterPlan(func() {
					env.editInApp(t, id, client.ComponentUpdate{Description: client.Set("edited by a colleague")})
				})}},
				ExpectError: expectErr(`Component Changed Outside Terraform(.|\n)*plan`),
			},
			{
				Config: cfg("two"),
				Check: func(*terraform.State) error {
					if c := env.component(t, id); c.Name != "two" || c.Description != nil {
						return fmt.Errorf("after the conflict a new apply must succeed, got %q, description %v", c.Name, c.Description)
					}
					return nil
				},
			},
		},
	})
}
