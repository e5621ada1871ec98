package provider

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

func appWithFields(env *testEnv, fields string) string {
	return env.config(`resource "ardoq_component" "test" {
  name           = "Typed"
  root_workspace = "{ws}"
  type_id        = "{app}"
  custom_fields  = ` + fields + `
}`)
}

func TestAccComponentResource_customFieldTypes(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t) // the seed defines a field of every type
	var id string
	all := `{
    owner     = "team-a"
    notes     = "line one\nline two"
    cost      = 12.5
    critical  = true
    go_live   = "2026-01-31T12:00:00Z"
    contact   = "team-a@example.com"
    docs_url  = "https://docs.example.com/a"
    lifecycle = "live"
    regions   = ["eu", "us"]
    steward   = "5eed00000000000000000001"
  }`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.orgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: appWithFields(env, all),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("custom_fields").AtMapKey("cost"), knownvalue.Float64Exact(12.5)),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("custom_fields").AtMapKey("critical"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("custom_fields").AtMapKey("regions"), knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("eu"), knownvalue.StringExact("us")})),
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("custom_fields").AtMapKey("notes"), knownvalue.StringExact("line one\nline two")),
				},
				Check: func(s *terraform.State) error {
					id = idOf(s, addrC)
					c, _ := env.srv.Component(id)
					if c.CustomFields["cost"] != 12.5 || c.CustomFields["critical"] != true || len(c.CustomFields) != 10 {
						return fmt.Errorf("org has %v", c.CustomFields)
					}
					return nil
				},
			},
			{Config: appWithFields(env, all), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				// removing keys clears them in the org; a value set in the app for an unmanaged key stays
				PreConfig: func() {
					_ = env.srv.MutateComponent(id, func(c *emulator.Component) { c.CustomFields["external_id"] = "set-in-app" })
				},
				Config: appWithFields(env, `{ owner = "team-b", cost = 13 }`),
				Check: func(*terraform.State) error {
					c, _ := env.srv.Component(id)
					if len(c.CustomFields) != 3 || c.CustomFields["owner"] != "team-b" || c.CustomFields["cost"] != float64(13) || c.CustomFields["external_id"] != "set-in-app" {
						return fmt.Errorf("org has %v", c.CustomFields)
					}
					return nil
				},
			},
			{Config: appWithFields(env, `{ owner = "team-b", cost = 13 }`), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				Config: appWithFields(env, `{}`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrC, tfjsonpath.New("custom_fields"), knownvalue.MapSizeExact(0)),
				},
			},
			{Config: appWithFields(env, `{}`), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

func TestAccComponentResource_validationErrors(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	cases := []struct {
		name, config string
		err          string
	}{
		{"unknown key", `{ nope = "x" }`, `(?s)Unknown Custom Field.*custom_fields = \{ nope = "x" \}.*no custom field with API key "nope"`},
		{"key not on type", `{ hostname = "x" }`, `(?s)Custom Field Not Allowed on Type.*"hostname" is not allowed on type "Application"`},
		{"wrong type number", `{ cost = "twelve" }`, `(?s)Invalid Custom Field Value.*"cost" \(Number\): needs a number`},
		{"wrong type bool", `{ critical = "yes" }`, `(?s)"critical" \(Checkbox\): needs true or false`},
		{"list option", `{ lifecycle = "dead" }`, `(?s)"lifecycle" \(List\): "dead" is not one of the options`},
		{"multi option", `{ regions = ["eu", "mars"] }`, `(?s)"regions" \(SelectMultipleList\): "mars" is not one of`},
		{"date", `{ go_live = "tomorrow" }`, `(?s)"go_live" \(DateTime\): "tomorrow" is not an ISO-8601`},
		{"email", `{ contact = "nobody" }`, `(?s)"contact" \(Email\): "nobody" is not an email`},
		{"user", `{ steward = "bob" }`, `(?s)"steward" \(User\): "bob" is not a user id`},
		{"read-only", `{ legacy_id = "L-1" }`, `(?s)Read-Only Custom Field.*"legacy_id" is read-only`},
		{"calculated", `{ risk_score = 3 }`, `(?s)Calculated Custom Field.*"risk_score" is calculated`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				Steps:                    []resource.TestStep{{Config: appWithFields(env, tc.config), PlanOnly: true, ExpectError: expectErr(tc.err)}},
			})
		})
	}
	attrCases := []struct {
		name, config, err string
	}{
		{"unknown type", `resource "ardoq_component" "test" {
  name = "x"
  root_workspace = "{ws}"
  type_id = "p0000"
}`, `(?s)Unknown Component Type.*type_id = "p0000".*"p0000" is not in the model.*Application \(p1700000000001\)`},
		{"malformed workspace", `resource "ardoq_component" "test" {
  name = "x"
  root_workspace = "apps"
  type_id = "{app}"
}`, `(?s)must be an Ardoq id`},
		{"unknown workspace", `resource "ardoq_component" "test" {
  name = "x"
  root_workspace = "00000000000000000000dead"
  type_id = "{app}"
}`, `(?s)Unknown Workspace.*no workspace "00000000000000000000dead"`},
		{"empty name", `resource "ardoq_component" "test" {
  name = ""
  root_workspace = "{ws}"
  type_id = "{app}"
}`, `(?s)name.*at least 1`},
		{"parent in another workspace (API 400)", `resource "ardoq_component" "parent" {
  name = "p"
  root_workspace = "{ws2}"
  type_id = "{other}"
}
resource "ardoq_component" "test" {
  name = "x"
  root_workspace = "{ws}"
  type_id = "{app}"
  parent = ardoq_component.parent.id
}`, `(?s)Unable to Create Component.*HTTP 400.*parent: component .* is in another workspace`},
	}
	for _, tc := range attrCases {
		t.Run(tc.name, func(t *testing.T) {
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProviders,
				Steps:                    []resource.TestStep{{Config: env.config(tc.config), ExpectError: expectErr(tc.err)}},
			})
		})
	}
}

// A create the API refuses leaves nothing behind: not in the org, not in state.
func TestAccComponentResource_failedCreateLeavesNothing(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	before, _ := env.srv.Counts()
	cfg := env.config(`resource "ardoq_component" "test" {
  name           = "Doomed"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{
				PreConfig:   func() { env.srv.FailNext(http.MethodPost, "/components", http.StatusBadRequest) },
				Config:      cfg,
				ExpectError: expectErr(`Unable to Create Component(.|\n)*HTTP 400`),
			},
			{
				PreConfig: func() {
					if now, _ := env.srv.Counts(); now != before {
						t.Fatalf("a failed create left %d components", now-before)
					}
				},
				Config:             cfg,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
		},
	})
}
