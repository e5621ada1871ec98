package provider

import (
	"net/http"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

const addrR = "ardoq_reference.test"

// Three components: a and b in the first workspace, s in the second; a reference from a.
func referenceConfig(env *testEnv, target, typ, extra string) string {
	return env.config(`resource "ardoq_component" "a" {
  name           = "A"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
resource "ardoq_component" "b" {
  name           = "B"
  root_workspace = "{ws}"
  type_id        = "{app}"
  parent         = null
}
resource "ardoq_component" "child" {
  name           = "Child of A"
  root_workspace = "{ws}"
  type_id        = "{child}"
  parent         = ardoq_component.a.id
}
resource "ardoq_component" "s" {
  name           = "S"
  root_workspace = "{ws2}"
  type_id        = "{other}"
}
resource "ardoq_reference" "test" {
  source = ardoq_component.a.id
  target = ardoq_component.` + target + `.id
  type   = ` + typ + `
  ` + extra + `
}`)
}

func TestAccReferenceResource_lifecycle(t *testing.T) {
	env := newTestEnv(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_5_0)},
		CheckDestroy:             env.orgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: referenceConfig(env, "s", "{ref}", `display_text = "runs"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("version"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("display_text"), knownvalue.StringExact("runs")),
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("description"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("root_workspace"), knownvalue.StringExact(env.ws)),
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("target_workspace"), knownvalue.StringExact(env.ws2)),
					statecheck.ExpectKnownValue("ardoq_component.child", tfjsonpath.New("parent"), knownvalue.NotNull()),
				},
			},
			{Config: referenceConfig(env, "s", "{ref}", `display_text = "runs"`), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				// target moves in place, across workspaces; display text is cleared
				Config: referenceConfig(env, "b", "{ref}", `description = "now internal"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrR, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(addrR, tfjsonpath.New("root_workspace"), knownvalue.StringExact(env.ws)),
					plancheck.ExpectUnknownValue(addrR, tfjsonpath.New("target_workspace")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("target_workspace"), knownvalue.StringExact(env.ws)),
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("display_text"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("version"), knownvalue.Int64Exact(2)),
				},
			},
			{Config: referenceConfig(env, "b", "{ref}", `description = "now internal"`), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				Config: referenceConfig(env, "b", "{ref2}", `description = "now internal"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrR, plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
			{ResourceName: addrR, ImportState: true, ImportStateVerify: true},
			{ResourceName: addrR, Config: referenceConfig(env, "b", "{ref2}", `description = "now internal"`), ImportState: true, ImportStateKind: resource.ImportBlockWithID},
		},
	})
}

func TestAccReferenceResource_driftDisappearsConflict(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	var id, sourceID string
	cfg := referenceConfig(env, "b", "1", `custom_fields = { criticality = "high" }`)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{Config: cfg, Check: resource.ComposeTestCheckFunc(captureID(addrR, &id), captureID("ardoq_component.a", &sourceID))},
			{
				PreConfig: func() {
					_ = env.srv.MutateReference(id, func(r *emulator.Reference) { r.CustomFields["criticality"] = "low" })
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrR, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("custom_fields").AtMapKey("criticality"), knownvalue.StringExact("high")),
				},
			},
			{
				PreConfig:   func() { env.srv.FailNext(http.MethodPatch, "/references/", http.StatusConflict) },
				Config:      referenceConfig(env, "b", "1", `custom_fields = { criticality = "medium" }`),
				ExpectError: expectErr(`Reference Changed Outside Terraform`),
			},
			{
				PreConfig: func() { env.srv.Remove(id) },
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrR, plancheck.ResourceActionCreate),
				}},
			},
			{
				// deleting the source in the app removes its child and its references (the cascade): the
				// plan re-creates all three
				PreConfig: func() { env.srv.Remove(sourceID) },
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("ardoq_component.a", plancheck.ResourceActionCreate),
					plancheck.ExpectResourceAction("ardoq_component.child", plancheck.ResourceActionCreate),
					plancheck.ExpectResourceAction(addrR, plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

func TestAccReferenceResource_validation(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{Config: referenceConfig(env, "b", "99", ""), ExpectError: expectErr(`(?s)Unknown Reference Type.*99 is not in the model.*Depends on \(1\)`)},
			{Config: referenceConfig(env, "b", "2", `custom_fields = { criticality = "high" }`), ExpectError: expectErr(`(?s)"criticality" is not allowed on type "Runs on"`)},
			{Config: referenceConfig(env, "b", "1", `custom_fields = { criticality = "extreme" }`), ExpectError: expectErr(`(?s)"extreme" is not one of the options`)},
			{Config: env.config(`resource "ardoq_reference" "test" {
  source = "00000000000000000000dead"
  target = "00000000000000000000beef"
  type   = 1
}`), ExpectError: expectErr(`(?s)Unknown Source Component.*source = "00000000000000000000dead".*Ardoq has no component`)},
		},
	})
}
