package batch_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// replacedModel is a batch whose "app" has the given type, a child and grandchild below it, and
// references from it, to it and from its child.
func replacedModel(env *testEnv, appType string) string {
	return env.Config(`resource "ardoq_batch" "test" {
  components = {
    app      = { root_workspace = "{ws}", type_id = "` + appType + `", name = "Replaced App" }
    kid      = { root_workspace = "{ws}", type_id = "{child}", name = "Kid", parent = "app" }
    grandkid = { root_workspace = "{ws}", type_id = "{child}", name = "Grandkid", parent = "kid" }
    other    = { root_workspace = "{ws}", type_id = "{app}", name = "Other" }
  }
  references = {
    out     = { source = "app", target = "other", type = {ref} }
    in      = { source = "other", target = "app", type = {ref} }
    kid_out = { source = "kid", target = "other", type = {ref} }
  }
}`)
}

// batchIDs reads the ids of the batch's items from state, by "components/key" and "references/key".
func batchIDs(s *terraform.State) map[string]string {
	attrs := s.RootModule().Resources[addrB].Primary.Attributes
	out := map[string]string{}
	for _, k := range []string{"app", "kid", "grandkid", "other"} {
		out["components/"+k] = attrs["computed_components."+k+".id"]
	}
	for _, k := range []string{"out", "in", "kid_out"} {
		out["references/"+k] = attrs["computed_references."+k+".id"]
	}
	return out
}

// A type change of a batch item with managed children and references goes through the cascade guard
// in one apply: the item is re-created, its dependents are re-pointed in the same request and keep
// their ids, nothing is refused, and the next plan is empty.
func TestAccBatchResource_typeChangeKeepsDependents(t *testing.T) {
	env := newTestEnv(t)
	env.RequireOtherType(t)
	var before map[string]string
	var counts [2]int
	// The dependents keep their ids across the steps, the replaced app gets a new one.
	kept := []string{"computed_components/kid", "computed_components/grandkid", "computed_components/other",
		"computed_references/out", "computed_references/in", "computed_references/kid_out"}
	type valueCheck interface {
		AddStateValue(string, tfjsonpath.Path) statecheck.StateCheck
	}
	same := map[string]valueCheck{}
	for _, k := range kept {
		same[k] = statecheck.CompareValue(compare.ValuesSame())
	}
	sameChecks := func() []statecheck.StateCheck {
		var checks []statecheck.StateCheck
		for _, k := range kept {
			kind, key, _ := strings.Cut(k, "/")
			checks = append(checks, same[k].AddStateValue(addrB, computedID(kind, key)))
		}
		return checks
	}
	appDiffers := statecheck.CompareValue(compare.ValuesDiffer())
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config:            replacedModel(env, "{app}"),
				ConfigStateChecks: append(sameChecks(), appDiffers.AddStateValue(addrB, computedID("computed_components", "app"))),
				Check: func(s *terraform.State) error {
					before, counts = batchIDs(s), providertest.CountsOf(env.Env)
					return nil
				},
			},
			{
				Config: replacedModel(env, "{other}"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrB, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(addrB, computedID("computed_components", "app")),
					expectPlannedString{computedID("computed_components", "kid"), func() string { return before["components/kid"] }},
					expectPlannedString{computedID("computed_references", "out"), func() string { return before["references/out"] }},
				}},
				ConfigStateChecks: append(sameChecks(), appDiffers.AddStateValue(addrB, computedID("computed_components", "app"))),
				Check: func(s *terraform.State) error {
					ctx := context.Background()
					after := batchIDs(s)
					if _, err := env.Client.GetComponent(ctx, before["components/app"]); !client.IsNotFound(err) {
						return fmt.Errorf("the replaced app %s must be gone, got %w", before["components/app"], err)
					}
					app, err := env.Client.GetComponent(ctx, after["components/app"])
					if err != nil || app.TypeID != env.OtherType {
						return fmt.Errorf("the new app must have type %s: %+v, %w", env.OtherType, app, err)
					}
					for _, k := range []string{"kid", "grandkid", "other"} {
						if after["components/"+k] != before["components/"+k] {
							return fmt.Errorf("components[%q] changed id from %s to %s", k, before["components/"+k], after["components/"+k])
						}
					}
					kid, err := env.Client.GetComponent(ctx, after["components/kid"])
					if err != nil || kid.Parent == nil || *kid.Parent != app.ID {
						return fmt.Errorf("the kid must hang below the new app %s: %+v, %w", app.ID, kid, err)
					}
					grandkid, err := env.Client.GetComponent(ctx, after["components/grandkid"])
					if err != nil || grandkid.Parent == nil || *grandkid.Parent != kid.ID {
						return fmt.Errorf("the grandkid must still hang below the kid: %+v, %w", grandkid, err)
					}
					ends := map[string][2]string{"out": {app.ID, after["components/other"]}, "in": {after["components/other"], app.ID},
						"kid_out": {kid.ID, after["components/other"]}}
					for k, want := range ends {
						if after["references/"+k] != before["references/"+k] {
							return fmt.Errorf("references[%q] changed id from %s to %s", k, before["references/"+k], after["references/"+k])
						}
						ref, err := env.Client.GetReference(ctx, after["references/"+k])
						if err != nil || [2]string{ref.Source, ref.Target} != want {
							return fmt.Errorf("references[%q] must run %v: %+v, %w", k, want, ref, err)
						}
					}
					if now := providertest.CountsOf(env.Env); now != counts {
						return fmt.Errorf("the org holds %v components and references, %v before the type change", now, counts)
					}
					return nil
				},
			},
		},
	})
}

// A type change of a batch item with a child the batch does not manage is refused before anything is
// sent: Ardoq would delete the child with the old item.
func TestAccBatchResource_typeChangeRefusedWithUnmanagedChild(t *testing.T) {
	env := newTestEnv(t)
	env.RequireOtherType(t)
	var ids map[string]string
	var childID string
	var counts [2]int
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: replacedModel(env, "{app}"),
				Check: func(s *terraform.State) error {
					ids = batchIDs(s)
					appID := ids["components/app"]
					child := env.CreateComponent(t, client.ComponentCreate{Name: "Made By Hand", RootWorkspace: env.WS, TypeID: env.ChildType, Parent: &appID})
					childID, counts = child.ID, providertest.CountsOf(env.Env)
					return nil
				},
			},
			{
				Config:      replacedModel(env, "{other}"),
				ExpectError: providertest.ExpectErr(`(?s)Batch Would Delete More in Ardoq.*1 descendant component.*components\["app"\] \("Replaced App"\).*"Made By Hand".*allow_cascade_delete`),
			},
			{
				PreConfig: func() {
					still := map[string]*string{"unmanaged child": &childID}
					for k := range ids {
						id := ids[k]
						still[k] = &id
					}
					env.StillThere(t, still)
					if now := providertest.CountsOf(env.Env); now != counts {
						t.Errorf("the refused apply changed the org: %v components and references, %v before", now, counts)
					}
					if err := env.Client.DeleteComponent(context.Background(), childID); err != nil {
						t.Errorf("deleting the unmanaged child: %v", err)
					}
				},
				Config:           replacedModel(env, "{app}"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}
