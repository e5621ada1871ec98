package single_test

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
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

const addrR = "ardoq_reference.test"

func TestAccReferenceResource_lifecycle(t *testing.T) {
	env := newTestEnv(t)
	last, typeChange := "{ref2}", plancheck.ResourceActionDestroyBeforeCreate
	if env.RefType2 == env.RefType {
		t.Logf("the model has one reference type: a type change is not covered here")
		last, typeChange = "{ref}", plancheck.ResourceActionNoop
	}
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_5_0)},
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: providertest.ReferenceConfig(env.Env, "s", "{ref}", `display_text = "runs"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("version"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("display_text"), knownvalue.StringExact("runs")),
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("description"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("root_workspace"), knownvalue.StringExact(env.WS)),
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("target_workspace"), knownvalue.StringExact(env.WS2)),
					statecheck.ExpectKnownValue("ardoq_component.child", tfjsonpath.New("parent"), knownvalue.NotNull()),
				},
			},
			{Config: providertest.ReferenceConfig(env.Env, "s", "{ref}", `display_text = "runs"`), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				// target moves in place, across workspaces; display text is cleared
				Config: providertest.ReferenceConfig(env.Env, "b", "{ref}", `description = "now internal"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrR, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(addrR, tfjsonpath.New("root_workspace"), knownvalue.StringExact(env.WS)),
					plancheck.ExpectUnknownValue(addrR, tfjsonpath.New("target_workspace")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("target_workspace"), knownvalue.StringExact(env.WS)),
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("display_text"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addrR, tfjsonpath.New("version"), knownvalue.Int64Exact(2)),
				},
			},
			{Config: providertest.ReferenceConfig(env.Env, "b", "{ref}", `description = "now internal"`), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				// a type change replaces the reference (the same type where the model has only one)
				Config:           providertest.ReferenceConfig(env.Env, "b", last, `description = "now internal"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addrR, typeChange)}},
			},
			{ResourceName: addrR, ImportState: true, ImportStateVerify: true},
			{ResourceName: addrR, Config: providertest.ReferenceConfig(env.Env, "b", last, `description = "now internal"`), ImportState: true, ImportStateKind: resource.ImportBlockWithID},
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
	if f := env.RefList; f != nil {
		high, low := f.Options[len(f.Options)-1], f.Options[0]
		fields = fmt.Sprintf("custom_fields = { %s = %q }", f.APIKey, high)
		drifted[f.APIKey], edited[f.APIKey] = low, low
		fieldChecks = append(fieldChecks, statecheck.ExpectKnownValue(addrR, tfjsonpath.New("custom_fields").AtMapKey(f.APIKey), knownvalue.StringExact(high)))
	} else {
		t.Logf("no reference type allows a List field: custom field drift not covered here")
	}
	cfg := providertest.ReferenceConfig(env.Env, "b", "{ref}", `display_text = "managed"`+"\n  "+fields)
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: cfg, Check: resource.ComposeTestCheckFunc(providertest.CaptureID(addrR, &id), providertest.CaptureID("ardoq_component.a", &sourceID))},
			{
				PreConfig: func() {
					env.EditReferenceInApp(t, id, client.ReferenceUpdate{DisplayText: client.Set("changed in the app"), CustomFields: drifted})
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrR, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: append(fieldChecks, statecheck.ExpectKnownValue(addrR, tfjsonpath.New("display_text"), knownvalue.StringExact("managed"))),
			},
			{
				// a colleague edits the reference between Terraform's plan and its update
				Config: providertest.ReferenceConfig(env.Env, "b", "{ref}", `display_text = "managed, renamed"`+"\n  "+fields),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{providertest.MutateAfterPlan(func() {
					env.EditReferenceInApp(t, id, client.ReferenceUpdate{Description: client.Set("edited by a colleague"), CustomFields: edited})
				})}},
				ExpectError: providertest.ExpectErr(`Reference Changed Outside Terraform`),
			},
			{
				PreConfig: func() { env.DeleteInApp(t, true, id) },
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrR, plancheck.ResourceActionCreate),
				}},
			},
			{
				// deleting the source in the app removes its child and its references (the cascade): the
				// plan re-creates all three
				PreConfig: func() { env.DeleteInApp(t, false, sourceID) },
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
		{Config: providertest.ReferenceConfig(env.Env, "b", "987654", ""),
			ExpectError: providertest.ExpectErr(`(?s)Unknown Reference Type.*987654 is not in the model.*` + q(env.Ref.Name) + ` \(` + fmt.Sprint(env.RefType) + `\)`)},
	}
	if f := env.RefList; f != nil {
		if env.Ref2.Type != env.Ref.Type && !slices.Contains(env.Ref2.CustomFields, f.APIKey) {
			steps = append(steps, resource.TestStep{Config: providertest.ReferenceConfig(env.Env, "b", "{ref2}", fmt.Sprintf("custom_fields = { %s = %q }", f.APIKey, f.Options[0])),
				ExpectError: providertest.ExpectErr(fmt.Sprintf(`(?s)"%s" is not allowed on type "%s"`, q(f.APIKey), q(env.Ref2.Name)))})
		}
		steps = append(steps, resource.TestStep{Config: providertest.ReferenceConfig(env.Env, "b", "{ref}", fmt.Sprintf(`custom_fields = { %s = "no-such-option" }`, f.APIKey)),
			ExpectError: providertest.ExpectErr(`(?s)"no-such-option" is not one of the options`)})
	} else {
		t.Logf("no reference type allows a List field: its checks not covered here")
	}
	steps = append(steps, resource.TestStep{Config: env.Config(`resource "ardoq_reference" "test" {
  source = "00000000000000000000dead"
  target = "00000000000000000000beef"
  type   = {ref}
}`), ExpectError: providertest.ExpectErr(`(?s)Unknown Source Component.*source = "00000000000000000000dead".*Ardoq has no component`)})
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps:                    steps,
	})
}
