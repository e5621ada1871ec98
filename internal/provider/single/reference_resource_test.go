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

func TestAccReferenceResource_lifecycle_everyCLI(t *testing.T) {
	env := newTestEnv(t)
	env.Parallel(t)
	t.Run("create, update, import", func(t *testing.T) { referenceLifecycle(t, env) })
	t.Run("type change", func(t *testing.T) {
		if env.RefType2 == env.RefType {
			t.Skip("the model has one reference type")
		}
		// a type change replaces the reference
		env.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			CheckDestroy:             env.OrgUnchanged(t),
			Steps: []resource.TestStep{
				{Config: providertest.ReferenceConfig(env.Env, "b", "{ref}", `description = "now internal"`)},
				{
					Config:           providertest.ReferenceConfig(env.Env, "b", "{ref2}", `description = "now internal"`),
					ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addrR, plancheck.ResourceActionDestroyBeforeCreate)}},
				},
				{ResourceName: addrR, ImportState: true, ImportStateVerify: true},
			},
		})
	})
}

func referenceLifecycle(t *testing.T, env *testEnv) {
	env.Test(t, resource.TestCase{
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
			{ResourceName: addrR, ImportState: true, ImportStateVerify: true},
			{ResourceName: addrR, Config: providertest.ReferenceConfig(env.Env, "b", "{ref}", `description = "now internal"`), ImportState: true, ImportStateKind: resource.ImportBlockWithID},
		},
	})
}

// Drift corrected (display text and, where the reference type has one, a List field), a conflict
// between plan and apply, the reference deleted in the app, and its source deleted in the app (which
// takes the source's child and references along).
func TestAccReferenceResource_driftDisappearsConflict_everyCLI_everyOrg(t *testing.T) {
	env := newTestEnv(t)
	env.Parallel(t)
	t.Run("drift, conflict, disappears", func(t *testing.T) { referenceDriftDisappearsConflict(t, env) })
	t.Run("custom field drift", func(t *testing.T) {
		f := env.RefList
		if f == nil {
			t.Skip("no reference type allows a List field")
		}
		high, low := f.Options[len(f.Options)-1], f.Options[0]
		cfg := providertest.ReferenceConfig(env.Env, "b", "{ref}", `display_text = "managed"`+"\n  "+fmt.Sprintf("custom_fields = { %s = %q }", f.APIKey, high))
		var id string
		env.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			CheckDestroy:             env.OrgUnchanged(t),
			Steps: []resource.TestStep{
				{Config: cfg, Check: providertest.CaptureID(addrR, &id)},
				{
					PreConfig: func() {
						env.EditReferenceInApp(t, id, client.ReferenceUpdate{DisplayText: client.Set("changed in the app"), CustomFields: client.CustomFields{f.APIKey: low}})
					},
					Config: cfg,
					ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(addrR, plancheck.ResourceActionUpdate),
					}},
					ConfigStateChecks: []statecheck.StateCheck{
						statecheck.ExpectKnownValue(addrR, tfjsonpath.New("custom_fields").AtMapKey(f.APIKey), knownvalue.StringExact(high)),
						statecheck.ExpectKnownValue(addrR, tfjsonpath.New("display_text"), knownvalue.StringExact("managed")),
					},
				},
			},
		})
	})
}

func referenceDriftDisappearsConflict(t *testing.T, env *testEnv) {
	var id, sourceID string
	cfg := providertest.ReferenceConfig(env.Env, "b", "{ref}", `display_text = "managed"`)
	env.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: cfg, Check: resource.ComposeTestCheckFunc(providertest.CaptureID(addrR, &id), providertest.CaptureID("ardoq_component.a", &sourceID))},
			{
				PreConfig: func() {
					env.EditReferenceInApp(t, id, client.ReferenceUpdate{DisplayText: client.Set("changed in the app")})
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrR, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(addrR, tfjsonpath.New("display_text"), knownvalue.StringExact("managed"))},
			},
			{
				// a colleague edits the reference between Terraform's plan and its update
				Config: providertest.ReferenceConfig(env.Env, "b", "{ref}", `display_text = "managed, renamed"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{providertest.MutateAfterPlan(func() {
					env.EditReferenceInApp(t, id, client.ReferenceUpdate{Description: client.Set("edited by a colleague")})
				})}},
				ExpectError: providertest.ExpectErr(`Reference Changed Outside Terraform(.|\n)*Reference "[^"]*A → [^"]*B \([^)]+\)" \(id [0-9a-f]{24}\) was changed`),
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
func TestAccReferenceResource_validation_everyOrg(t *testing.T) {
	env := newTestEnv(t)
	q := regexp.QuoteMeta
	steps := []resource.TestStep{
		{Config: providertest.ReferenceConfig(env.Env, "b", "987654", ""),
			ExpectError: providertest.ExpectErr(`(?s)Unknown Reference Type.*987654 is not in the model.*` + q(env.Ref.Name) + ` \(` + fmt.Sprint(env.RefType) + `\)`)},
	}
	if other, typ, ok := referenceTypeElsewhere(t, env); ok { // a type number of another workspace's model names it
		steps = append(steps, resource.TestStep{Config: providertest.ReferenceConfig(env.Env, "b", fmt.Sprint(typ.Type), ""),
			ExpectError: providertest.ExpectErr(q(fmt.Sprintf(`Reference type %d is not in the model of the source's workspace %q (%s). `+
				`It is the reference type %q of workspace %q (%s).`, typ.Type, workspaceName(t, env), env.WS, typ.Name, other.Name, other.ID)))})
	}
	steps = append(steps, resource.TestStep{Config: env.Config(`resource "ardoq_reference" "test" {
  source = "00000000000000000000dead"
  target = "00000000000000000000beef"
  type   = {ref}
}`), ExpectError: providertest.ExpectErr(`(?s)Unknown Source Component.*source = "00000000000000000000dead".*Ardoq has no component`)})
	env.Parallel(t)
	t.Run("type and source", func(t *testing.T) {
		env.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			CheckDestroy:             env.OrgUnchanged(t),
			Steps:                    steps,
		})
	})
	t.Run("custom fields", func(t *testing.T) {
		f := env.RefList
		if f == nil {
			t.Skip("no reference type allows a List field")
		}
		var steps []resource.TestStep
		if env.Ref2.Type != env.Ref.Type && !slices.Contains(env.Ref2.CustomFields, f.APIKey) {
			steps = append(steps, resource.TestStep{Config: providertest.ReferenceConfig(env.Env, "b", "{ref2}", fmt.Sprintf("custom_fields = { %s = %q }", f.APIKey, f.Options[0])),
				ExpectError: providertest.ExpectErr(fmt.Sprintf(`(?s)"%s" is not allowed on type "%s"`, q(f.APIKey), q(env.Ref2.Name)))})
		}
		steps = append(steps, resource.TestStep{Config: providertest.ReferenceConfig(env.Env, "b", "{ref}", fmt.Sprintf(`custom_fields = { %s = "no-such-option" }`, f.APIKey)),
			ExpectError: providertest.ExpectErr(`(?s)"no-such-option" is not one of the options`)})
		env.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			CheckDestroy:             env.OrgUnchanged(t),
			Steps:                    steps,
		})
	})
}

// referenceTypeElsewhere is a reference type of another workspace's model whose number the test workspace's
// model lacks, in the only such workspace.
func referenceTypeElsewhere(t *testing.T, env *testEnv) (client.Workspace, client.ReferenceType, bool) {
	t.Helper()
	all, err := env.Client.ListWorkspaces(t.Context(), client.WorkspaceFilter{})
	if err != nil {
		t.Fatal(err)
	}
	here, err := env.Client.GetWorkspaceContext(t.Context(), env.WS)
	if err != nil {
		t.Fatal(err)
	}
	byType := map[int64][]client.Workspace{}
	names := map[int64]client.ReferenceType{}
	for _, w := range all {
		wctx, err := env.Client.GetWorkspaceContext(t.Context(), w.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, rt := range wctx.ReferenceTypes {
			byType[rt.Type] = append(byType[rt.Type], w)
			names[rt.Type] = rt
		}
	}
	for typ, in := range byType {
		if !slices.ContainsFunc(here.ReferenceTypes, func(rt client.ReferenceType) bool { return rt.Type == typ }) && len(in) == 1 {
			return in[0], names[typ], true
		}
	}
	return client.Workspace{}, client.ReferenceType{}, false
}

func workspaceName(t *testing.T, env *testEnv) string {
	t.Helper()
	ws, err := env.Client.GetWorkspace(t.Context(), env.WS)
	if err != nil {
		t.Fatal(err)
	}
	return ws.Name
}
