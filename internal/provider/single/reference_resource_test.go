package provider

import (
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

const addrR = "ardoq_reference.test"

// Three components: a and b in the first workspace, s in the second (of another top-level type where
// the model has one); a reference from a.
func referenceConfig(env *testEnv, target, typ, extra string) string {
	other := "{other}"
	if env.otherType == "" {
		other = "{app}"
	}
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
  type_id        = "` + other + `"
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
	last, typeChange := "{ref2}", plancheck.ResourceActionDestroyBeforeCreate
	if env.refType2 == env.refType {
		t.Logf("the model has one reference type: a type change is not covered here")
		last, typeChange = "{ref}", plancheck.ResourceActionNoop
	}
	env.parallelTest(t, resource.TestCase{
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
				// a type change replaces the reference (the same type where the model has only one)
				Config:           referenceConfig(env, "b", last, `description = "now internal"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addrR, typeChange)}},
			},
			{ResourceName: addrR, ImportState: true, ImportStateVerify: true},
			{ResourceName: addrR, Config: referenceConfig(env, "b", last, `description = "now internal"`), ImportState: true, ImportStateKind: resource.ImportBlockWithID},
		},
	})
}

// Drift corrected (display text and, where the reference type has one, a List field), a conflict
// between plan and apply, the reference deleted in the app, and its source deleted in the app (which
// takes the source's child and references along).
func TestAccReferenceResource_driftDisappearsConflict(t *testing.T) {
	env := newTestEnv(t)
	var id, sourceID string
	fields, drifted, edited := "", client.CustomFields{}, client.CustomFields{}
	var fieldChecks []statecheck.StateCheck
	if f := env.refList; f != nil {
		high, low := f.Options[len(f.Options)-1], f.Options[0]
		fields = fmt.Sprintf("custom_fields = { %s = %q }", f.APIKey, high)
		drifted[f.APIKey], edited[f.APIKey] = low, low
		fieldChecks = append(fieldChecks, statecheck.ExpectKnownValue(addrR, tfjsonpath.New("custom_fields").AtMapKey(f.APIKey), knownvalue.StringExact(high)))
	} else {
		t.Logf("no reference type allows a List field: custom field drift not covered here")
	}
	cfg := referenceConfig(env, "b", "{ref}", `display_text = "managed"`+"\n  "+fields)
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.orgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: cfg, Check: resource.ComposeTestCheckFunc(captureID(addrR, &id), captureID("ardoq_component.a", &sourceID))},
			{
				PreConfig: func() {
					env.editReferenceInApp(t, id, client.ReferenceUpdate{DisplayText: client.Set("changed in the app"), CustomFields: drifted})
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrR, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: append(fieldChecks, statecheck.ExpectKnownValue(addrR, tfjsonpath.New("display_text"), knownvalue.StringExact("managed"))),
			},
			{
				// a colleague edits the reference between Terraform's plan and its update
				Config: referenceConfig(env, "b", "{ref}", `display_text = "managed, renamed"`+"\n  "+fields),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{mutateAfterPlan(func() {
					env.editReferenceInApp(t, id, client.ReferenceUpdate{Description: client.Set("edited by a colleague"), CustomFields: edited})
				})}},
				ExpectError: expectErr(`Reference Changed Outside Terraform`),
			},
			{
				PreConfig: func() { env.deleteInApp(t, true, id) },
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrR, plancheck.ResourceActionCreate),
				}},
			},
			{
				// deleting the source in the app removes its child and its references (the cascade): the
				// plan re-creates all three
				PreConfig: func() { env.deleteInApp(t, false, sourceID) },
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

// Plan-time validation against the source workspace's reference types and their fields.
func TestAccReferenceResource_validation(t *testing.T) {
	env := newTestEnv(t)
	q := regexp.QuoteMeta
	steps := []resource.TestStep{
		{Config: referenceConfig(env, "b", "987654", ""),
			ExpectError: expectErr(`(?s)Unknown Reference Type.*987654 is not in the model.*` + q(env.ref.Name) + ` \(` + fmt.Sprint(env.refType) + `\)`)},
	}
	if f := env.refList; f != nil {
		if env.ref2.Type != env.ref.Type && !slices.Contains(env.ref2.CustomFields, f.APIKey) {
			steps = append(steps, resource.TestStep{Config: referenceConfig(env, "b", "{ref2}", fmt.Sprintf("custom_fields = { %s = %q }", f.APIKey, f.Options[0])),
				ExpectError: expectErr(fmt.Sprintf(`(?s)"%s" is not allowed on type "%s"`, q(f.APIKey), q(env.ref2.Name)))})
		}
		steps = append(steps, resource.TestStep{Config: referenceConfig(env, "b", "{ref}", fmt.Sprintf(`custom_fields = { %s = "no-such-option" }`, f.APIKey)),
			ExpectError: expectErr(`(?s)"no-such-option" is not one of the options`)})
	} else {
		t.Logf("no reference type allows a List field: its checks not covered here")
	}
	steps = append(steps, resource.TestStep{Config: env.config(`resource "ardoq_reference" "test" {
  source = "00000000000000000000dead"
  target = "00000000000000000000beef"
  type   = {ref}
}`), ExpectError: expectErr(`(?s)Unknown Source Component.*source = "00000000000000000000dead".*Ardoq has no component`)})
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.orgUnchanged(t),
		Steps:                    steps,
	})
}
