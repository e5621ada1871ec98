package provider

import (
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

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

const addrC = "ardoq_component.test"

func TestAccComponentResource_basic(t *testing.T) {
	env := newTestEnv(t)
	resource.ParallelTest(t, resource.TestCase{
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
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("id"), knownvalue.StringRegexp(oidPattern)),
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
	resource.ParallelTest(t, resource.TestCase{
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
	cfg := func(ws, typ string) string {
		return env.config(`resource "ardoq_component" "test" {
  name           = "Replaceable"
  root_workspace = "` + ws + `"
  type_id        = "` + typ + `"
}`)
	}
	resource.ParallelTest(t, resource.TestCase{
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
	resource.ParallelTest(t, resource.TestCase{
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
	env.requireEmulator(t)
	var id string
	cfg := env.config(`resource "ardoq_component" "test" {
  name           = "Fragile"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{Config: cfg, Check: captureID(addrC, &id)},
			{
				PreConfig: func() { env.srv.Remove(id) },
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
	env.requireEmulator(t)
	var id string
	cfg := env.config(`resource "ardoq_component" "test" {
  name           = "Drifty"
  root_workspace = "{ws}"
  type_id        = "{app}"
  custom_fields  = { owner = "team-a" }
}`)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{Config: cfg, Check: captureID(addrC, &id)},
			{
				PreConfig: func() {
					if err := env.srv.MutateComponent(id, func(c *emulator.Component) {
						c.Name = "Renamed in the app"
						c.CustomFields["owner"] = "someone-else"
						c.CustomFields["notes"] = "unmanaged, must not show"
					}); err != nil {
						t.Fatal(err)
					}
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
	env.requireEmulator(t)
	cfg := func(name string) string {
		return env.config(`resource "ardoq_component" "test" {
  name           = "` + name + `"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`)
	}
	var id string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{Config: cfg("one"), Check: captureID(addrC, &id)},
			{
				// a colleague edits the component between Terraform's refresh and its update
				PreConfig: func() {
					env.srv.ResetRequests()
					env.srv.FailNext(http.MethodPatch, "/components/", http.StatusConflict)
				},
				Config:      cfg("two"),
				ExpectError: expectErr(`Component Changed Outside Terraform(.|\n)*plan`),
			},
			{
				Config: cfg("two"),
				Check: func(*terraform.State) error {
					if c, _ := env.srv.Component(id); c.Name != "two" {
						t.Fatalf("after the conflict a new apply must succeed, got %q", c.Name)
					}
					return nil
				},
			},
		},
	})
}
