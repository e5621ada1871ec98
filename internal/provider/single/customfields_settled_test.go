package single_test

import (
	"cmp"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestAccCustomFields_settledByArdoq_everyOrg adopts a component holding a calculated or a read-only value. An
// import takes over no custom field (core/fields), so the value never reaches state: a configuration
// without custom_fields (as `terraform query -generate-config-out` or the adopting guide writes it)
// imports with no change, naming the field is refused at plan even with the value Ardoq holds (no one
// can set it), and updating another field leaves it as it is. The fields are the org's, found by kind on
// the component type the tests use; a kind the org lacks is skipped, saying so.
// No client can write such a value: on the test's own emulator the component is given one as Ardoq would
// (the emulator's control), against a real org it holds whatever Ardoq gives a new component (often none,
// and then the configuration keeps none).
func TestAccCustomFields_settledByArdoq_everyOrg(t *testing.T) {
	for _, kind := range []struct {
		name, summary string
		is            func(client.Field) bool
	}{
		{"calculated", "Calculated Custom Field", func(f client.Field) bool { return f.Calculated }},
		{"read-only", "Read-Only Custom Field", func(f client.Field) bool { return f.ReadOnly && !f.Calculated }},
	} {
		t.Run(kind.name, func(t *testing.T) {
			env := newTestEnv(t)
			key := env.FieldOnApp(kind.is)
			if key == "" {
				t.Skipf("type %q of workspace %s allows no %s custom field", env.App.Name, env.WS, kind.name)
			}
			owner := cmp.Or(env.Owner, env.Ext)
			if owner == "" {
				t.Skipf("type %q of workspace %s allows no writable Text custom field", env.App.Name, env.WS)
			}
			env.Parallel(t)
			field := env.Fields[key]
			name := "Adopted With Settled Fields" + env.Tag
			c := env.CreateComponent(t, client.ComponentCreate{Name: name, RootWorkspace: env.WS, TypeID: env.AppType,
				CustomFields: client.CustomFields{owner: "team"}})
			if env.Srv != nil {
				if err := env.Srv.MutateComponent(c.ID, func(e *emulator.Component) {
					if e.CustomFields == nil {
						e.CustomFields = map[string]any{}
					}
					e.CustomFields[key] = settledValue(field)
				}); err != nil {
					t.Fatal(err)
				}
			}
			held := env.Component(t, c.ID).CustomFields[key]
			named := held // the value Ardoq holds, or another where it holds none
			if held == nil {
				named = changedValue(field, held)
				t.Run("naming the value Ardoq holds", func(t *testing.T) {
					t.Skipf("Ardoq holds no value for the %s field %q of a new component: the configuration names another", kind.name, key)
				})
			}
			cfg := func(fields string) string {
				if fields != "" {
					fields = "custom_fields  = { " + fields + " }"
				}
				return env.Config(fmt.Sprintf(`import {
  to = ardoq_component.adopted
  id = %q
}
resource "ardoq_component" "adopted" {
  name           = %q
  root_workspace = "{ws}"
  type_id        = "{app}"
  %s
}`, c.ID, name, fields))
			}
			t.Run("adopt", func(t *testing.T) {
				stillSettled := func(*terraform.State) error {
					got, err := env.Client.GetComponent(t.Context(), c.ID)
					if err != nil {
						return err
					}
					if now, was := providertest.HCLValue(t, got.CustomFields[key]), providertest.HCLValue(t, held); now != was {
						return fmt.Errorf("the value Ardoq holds for %s changed from %s to %s", key, was, now)
					}
					return nil
				}
				env.Test(t, resource.TestCase{
					ProtoV6ProviderFactories: testAccProviders,
					CheckDestroy:             env.GoneFromOrg, // imported, so destroyed with the rest
					Steps: []resource.TestStep{
						{
							Config: cfg(""),
							ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
								plancheck.ExpectResourceAction("ardoq_component.adopted", plancheck.ResourceActionNoop),
							}},
							Check: stillSettled,
						},
						{
							Config:      cfg(fmt.Sprintf("%s = %q, %s = %s", owner, "team", key, providertest.HCLValue(t, named))),
							ExpectError: regexp.MustCompile(kind.summary),
						},
						{
							Config: cfg(fmt.Sprintf("%s = %q", owner, "platform")),
							Check:  stillSettled,
						},
					},
				})
			})
		})
	}
}

// settledValue is a value of the field's type, as Ardoq would calculate or import it.
func settledValue(f client.Field) any {
	switch {
	case f.Type == "Number":
		return json.Number("7")
	case f.Type == "Checkbox":
		return true
	case f.Type == "SelectMultipleList" && len(f.Options) > 0:
		return []any{f.Options[0]}
	case f.Type == "List" && len(f.Options) > 0:
		return f.Options[0]
	}
	return "L1"
}

// changedValue is a value of the field's type other than the one it holds (nil for none).
func changedValue(f client.Field, held any) any {
	switch f.Type {
	case "Number":
		n, err := strconv.ParseFloat(fmt.Sprint(held), 64)
		if err != nil {
			n = 7
		}
		return n + 1
	case "Checkbox":
		return held != true
	}
	if held == "changed by Terraform" {
		return "changed again by Terraform"
	}
	return "changed by Terraform"
}
