package provider

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// Values Terraform converts to a field's type ("12.50" for a Number field, 7 for a Text field) are
// accepted by ardoq_component and ardoq_batch alike: sent typed, kept in state as written, and
// followed by an empty plan.
func TestAccCustomFields_convertedValues(t *testing.T) {
	env := newTestEnv(t)
	number, text := env.RequireField(t, "Number"), env.RequireField(t, "Text")
	configured := fmt.Sprintf("{ %s = \"12.50\", %s = 7 }", number, text)
	config := env.Config(fmt.Sprintf(`resource "ardoq_component" "test" {
  name           = "Converted"
  root_workspace = "{ws}"
  type_id        = "{app}"
  custom_fields  = %[1]s
}

resource "ardoq_batch" "test" {
  components = {
    c = { root_workspace = "{ws}", type_id = "{app}", name = "Converted in a batch", custom_fields = %[1]s }
  }
}`, configured))
	inComponent := func(key string) tfjsonpath.Path { return tfjsonpath.New("custom_fields").AtMapKey(key) }
	inBatch := func(key string) tfjsonpath.Path {
		return tfjsonpath.New("components").AtMapKey("c").AtMapKey("custom_fields").AtMapKey(key)
	}
	sentTyped := func(id string) error {
		c := env.Component(t, id)
		if fmt.Sprint(c.CustomFields[number]) != "12.5" || c.CustomFields[text] != "7" {
			return fmt.Errorf("component %s holds %s = %#v and %s = %#v, want the number 12.5 and the string \"7\"", id, number,
				c.CustomFields[number], text, c.CustomFields[text])
		}
		return nil
	}
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addrC, inComponent(number), knownvalue.StringExact("12.50")),
					statecheck.ExpectKnownValue(addrC, inComponent(text), knownvalue.Int64Exact(7)),
					statecheck.ExpectKnownValue(addrB, inBatch(number), knownvalue.StringExact("12.50")),
					statecheck.ExpectKnownValue(addrB, inBatch(text), knownvalue.Int64Exact(7)),
				},
				Check: func(s *terraform.State) error {
					if err := sentTyped(providertest.IDOf(s, addrC)); err != nil {
						return err
					}
					return sentTyped(s.RootModule().Resources[addrB].Primary.Attributes["computed_components.c.id"])
				},
			},
		},
	})
}
