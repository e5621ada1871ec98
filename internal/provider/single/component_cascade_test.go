package provider

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
)

// managedModel is a parent with a child and a reference, the parent's type and lifecycle given.
func managedModel(env *testEnv, parentType, lifecycle string) string {
	return env.config(`resource "ardoq_component" "parent" {
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

// stillThere fails the test when an entity is gone from the org.
func (e *testEnv) stillThere(t *testing.T, ids map[string]*string) {
	t.Helper()
	for what, id := range ids {
		var err error
		if what[:3] == "ref" {
			_, err = e.client.GetReference(context.Background(), *id)
		} else {
			_, err = e.client.GetComponent(context.Background(), *id)
		}
		if err != nil {
			t.Errorf("%s %s must still exist: %v", what, *id, err)
		}
	}
}

func TestAccComponentResource_typeChangeKeepsDependents(t *testing.T) {
	env := newTestEnv(t)
	env.requireOtherType(t)
	var parentID, childID, grandchildID, outID, inID string
	ids := map[string]*string{"parent": &parentID, "child": &childID, "grandchild": &grandchildID, "ref out": &outID, "ref in": &inID}
	sameChild := statecheck.CompareValue(compare.ValuesSame())
	sameRef := statecheck.CompareValue(compare.ValuesSame())
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.orgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: managedModel(env, "{app}", ""),
				Check: resource.ComposeTestCheckFunc(captureID("ardoq_component.parent", &parentID), captureID("ardoq_component.child", &childID),
					captureID("ardoq_component.grandchild", &grandchildID), captureID("ardoq_reference.out", &outID),
					captureID("ardoq_reference.in", &inID)),
				ConfigStateChecks: []statecheck.StateCheck{
					sameChild.AddStateValue("ardoq_component.child", tfjsonpath.New("id")),
					sameRef.AddStateValue("ardoq_reference.out", tfjsonpath.New("id")),
				},
			},
			{
				// Terraform deletes the old parent first; Ardoq would take the children and references along.
				Config:      managedModel(env, "{other}", ""),
				ExpectError: expectErr(`(?s)Deleting the Component Would Delete More in Ardoq.*"Parent".*2 descendant components and 2 references.*"Child".*"Grandchild".*create_before_destroy.*allow_cascade_delete`),
			},
			{
				PreConfig: func() { env.stillThere(t, ids) },
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
					if _, err := env.client.GetComponent(context.Background(), parentID); !client.IsNotFound(err) {
						return fmt.Errorf("the old parent %s must be gone, got %w", parentID, err)
					}
					delete(ids, "parent")
					env.stillThere(t, ids)
					child, err := env.client.GetComponent(context.Background(), childID)
					if err != nil || child.Parent == nil || *child.Parent != idOf(s, "ardoq_component.parent") {
						return fmt.Errorf("the child must hang below the new parent, got %+v, %w", child, err)
					}
					return nil
				},
			},
			{
				Config:           managedModel(env, "{other}", "lifecycle {\n    create_before_destroy = true\n  }"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}

func TestAccComponentResource_unmanagedDependents(t *testing.T) {
	env := newTestEnv(t)
	var id, childID, refID string
	cfg := `resource "ardoq_component" "test" {
  name           = "Has Unmanaged Dependents"
  root_workspace = "{ws}"
  type_id        = "{app}"
}`
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.orgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: env.config(cfg),
				Check: func(s *terraform.State) error {
					id = idOf(s, addrC)
					child := env.createComponent(t, client.ComponentCreate{Name: "Made In The App", RootWorkspace: env.ws, TypeID: env.childType, Parent: &id})
					childID = child.ID
					refID = env.createReference(t, client.ReferenceCreate{Source: child.ID, Target: id, Type: env.refType}).ID
					return nil
				},
			},
			{
				Config:      env.config(`# removed from the configuration`),
				ExpectError: expectErr(`(?s)Would Delete More in Ardoq.*1 descendant component and 1 reference.*"Made In The App".*The component was not deleted`),
			},
			{
				PreConfig: func() { env.stillThere(t, map[string]*string{"component": &id, "child": &childID, "ref": &refID}) },
				Config:    env.configWith([]string{"allow_cascade_delete = true"}, `# removed from the configuration`),
				Check: func(*terraform.State) error {
					if _, err := env.client.GetComponent(context.Background(), childID); !client.IsNotFound(err) {
						return fmt.Errorf("with allow_cascade_delete the child goes with its parent, got %w", err)
					}
					return nil
				},
			},
		},
	})
}
