package single_test

import (
	"context"
	"fmt"
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

// managedModel is a parent with a child and a reference, the parent's type and lifecycle given.
func managedModel(env *testEnv, parentType, lifecycle string) string {
	return env.Config(`resource "ardoq_component" "parent" {
  name           = "Parent"
  root_workspace = "{ws}"
  type_id        = "` + parentType + `"
  ` + lifecycle + `
}
resource "ardoq_component" "child" {
  name           = "Child"
  root_workspace = "{ws}"
  type_id        = "{child}"
  parent         = ardoq_component.parent.id
}
resource "ardoq_component" "grandchild" {
  name           = "Grandchild"
  root_workspace = "{ws}"
  type_id        = "{child}"
  parent         = ardoq_component.child.id
}
resource "ardoq_component" "other" {
  name           = "Other"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
resource "ardoq_reference" "out" {
  source = ardoq_component.parent.id
  target = ardoq_component.other.id
  type   = {ref}
}
resource "ardoq_reference" "in" {
  source = ardoq_component.other.id
  target = ardoq_component.grandchild.id
  type   = {ref}
}`)
}

func TestAccComponentResource_typeChangeKeepsDependents(t *testing.T) {
	env := newTestEnv(t)
	env.RequireOtherType(t)
	var parentID, childID, grandchildID, outID, inID string
	ids := map[string]*string{"parent": &parentID, "child": &childID, "grandchild": &grandchildID, "ref out": &outID, "ref in": &inID}
	sameChild := statecheck.CompareValue(compare.ValuesSame())
	sameRef := statecheck.CompareValue(compare.ValuesSame())
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: managedModel(env, "{app}", ""),
				Check: resource.ComposeTestCheckFunc(providertest.CaptureID("ardoq_component.parent", &parentID), providertest.CaptureID("ardoq_component.child", &childID),
					providertest.CaptureID("ardoq_component.grandchild", &grandchildID), providertest.CaptureID("ardoq_reference.out", &outID),
					providertest.CaptureID("ardoq_reference.in", &inID)),
				ConfigStateChecks: []statecheck.StateCheck{
					sameChild.AddStateValue("ardoq_component.child", tfjsonpath.New("id")),
					sameRef.AddStateValue("ardoq_reference.out", tfjsonpath.New("id")),
				},
			},
			{
				// Terraform deletes the old parent first; Ardoq would take the children and references along: the
				// apply refuses.
				Config: managedModel(env, "{other}", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("ardoq_component.parent", plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ExpectError: providertest.ExpectErr(`(?s)Deleting the Component Would Delete More in Ardoq.*2 descendant components and 2 references.*"Parent".*"Child".*"Grandchild".*create_before_destroy.*allow_cascade_delete`),
			},
			{
				PreConfig: func() { env.StillThere(t, ids) },
				Config:    managedModel(env, "{other}", "lifecycle {\n    create_before_destroy = true\n  }"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("ardoq_component.parent", plancheck.ResourceActionCreateBeforeDestroy),
					plancheck.ExpectResourceAction("ardoq_component.child", plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction("ardoq_reference.out", plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					sameChild.AddStateValue("ardoq_component.child", tfjsonpath.New("id")),
					sameRef.AddStateValue("ardoq_reference.out", tfjsonpath.New("id")),
				},
				Check: func(s *terraform.State) error {
					if _, err := env.Client.GetComponent(context.Background(), parentID); !client.IsNotFound(err) {
						return fmt.Errorf("the old parent %s must be gone, got %w", parentID, err)
					}
					delete(ids, "parent")
					env.StillThere(t, ids)
					child, err := env.Client.GetComponent(context.Background(), childID)
					if err != nil || child.Parent == nil || *child.Parent != providertest.IDOf(s, "ardoq_component.parent") {
						return fmt.Errorf("the child must hang below the new parent, got %+v, %w", child, err)
					}
					return nil
				},
			},
		},
	})
}

// Dependents made in the app stop the component's destroy by default: the apply refuses, naming each with
// who made it, and nothing is deleted (the component stays in state). With allow_cascade_delete a
// dependent changed after the plan still stops it; a new plan lists it as it is now, and its apply lets
// Ardoq take both along.
func TestAccComponentResource_unmanagedDependents(t *testing.T) {
	env := newTestEnv(t)
	var id, childID, refID string
	cfg := `resource "ardoq_component" "test" {
  name           = "Has Unmanaged Dependents"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`
	ids := map[string]*string{"component": &id, "child": &childID, "ref": &refID}
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: env.Config(cfg),
				Check: func(s *terraform.State) error {
					id = providertest.IDOf(s, addrC)
					child := env.CreateComponent(t, client.ComponentCreate{Name: "Made In The App", RootWorkspace: env.WS, TypeID: env.ChildType, Parent: &id})
					childID = child.ID
					refID = env.CreateReference(t, client.ReferenceCreate{Source: child.ID, Target: id, Type: env.RefType}).ID
					return nil
				},
			},
			{
				// by default the colleague's child and reference stop the delete
				Config: env.Config(`# removed from the configuration`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrC, plancheck.ResourceActionDestroy),
				}},
				ExpectError: providertest.ExpectErr(`(?s)Would Delete More in Ardoq.*1 descendant component and 1 reference.*"Made In The App".*made by .*The component was not deleted.*allow_cascade_delete = true`),
			},
			{
				// the refused delete left the component in state: the plan still destroys it; with
				// allow_cascade_delete, a colleague's edit of the child after the plan refuses the delete
				PreConfig: func() { env.StillThere(t, ids) },
				Config:    env.ConfigWith([]string{"allow_cascade_delete = true"}, `# removed from the configuration`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addrC, plancheck.ResourceActionDestroy),
					providertest.MutateAfterPlan(func() {
						env.EditInApp(t, childID, client.ComponentUpdate{Description: client.Set("DO NOT DELETE")})
					}),
				}},
				ExpectError: providertest.ExpectErr(`(?s)Would Delete More in Ardoq.*"Made In The App".*changed in Ardoq since the plan \(version 1 then, 2 now\).*The component was not deleted`),
			},
			{
				// a new plan lists it as it is now, and its apply lets Ardoq take both along
				PreConfig: func() { env.StillThere(t, ids) },
				Config:    env.ConfigWith([]string{"allow_cascade_delete = true"}, `# removed from the configuration`),
				Check: func(*terraform.State) error {
					for _, gone := range []string{id, childID} {
						if _, err := env.Client.GetComponent(context.Background(), gone); !client.IsNotFound(err) {
							return fmt.Errorf("what the plan listed goes with its parent, got %w", err)
						}
					}
					if _, err := env.Client.GetReference(context.Background(), refID); !client.IsNotFound(err) {
						return fmt.Errorf("the reference the plan listed goes with the component, got %w", err)
					}
					return nil
				},
			},
		},
	})
}
