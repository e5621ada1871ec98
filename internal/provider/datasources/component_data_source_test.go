package datasources_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// portal makes a component of the app type with a number, a checkbox and a multi-select value (those the
// type allows), and returns it with the custom fields it was given.
func (e *testEnv) portal(t *testing.T) (*client.Component, client.CustomFields) {
	t.Helper()
	fields := client.CustomFields{}
	if number := e.Field("Number"); number != "" {
		fields[number] = 12
	}
	if checkbox := e.Field("Checkbox"); checkbox != "" {
		fields[checkbox] = true
	}
	if multi := e.Field("SelectMultipleList"); multi != "" && len(e.Fields[multi].Options) > 0 {
		fields[multi] = []string{e.Fields[multi].Options[0]}
	}
	return e.CreateComponent(t, client.ComponentCreate{Name: "Portal" + e.Tag, RootWorkspace: e.WS, TypeID: e.AppType, CustomFields: fields}), fields
}

func TestAccComponentDataSource_lookups(t *testing.T) {
	env := newTestEnv(t)
	env.Parallel(t)
	parent, fields := env.portal(t)
	for range 2 {
		env.CreateComponent(t, client.ComponentCreate{Name: "Twin" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
	}
	const byID = "data.ardoq_component.by_id"
	config := fmt.Sprintf(`
data "ardoq_component" "by_id" { id = %[1]q }
data "ardoq_component" "by_key" { component_key = %[2]q }
`, parent.ID, parent.ComponentKey)
	checks := []statecheck.StateCheck{
		statecheck.ExpectKnownValue(byID, tfjsonpath.New("name"), knownvalue.StringExact(parent.Name)),
		statecheck.ExpectKnownValue(byID, tfjsonpath.New("parent"), knownvalue.Null()),
		statecheck.ExpectKnownValue(byID, tfjsonpath.New("type_name"), knownvalue.StringExact(env.App.Name)),
		statecheck.ExpectKnownValue("data.ardoq_component.by_key", tfjsonpath.New("id"), knownvalue.StringExact(parent.ID)),
	}
	for k, v := range fields {
		var check knownvalue.Check
		switch v := v.(type) {
		case int:
			check = knownvalue.Int64Exact(int64(v))
			// the filter's value is interpreted by the field's type: "12" matches the number 12
			config += fmt.Sprintf(`data "ardoq_component" "by_number_field" {
  root_workspace       = "{ws}"
  name                 = %q
  custom_fields_filter = { %s = "12" }
}
`, parent.Name, k)
			checks = append(checks, statecheck.ExpectKnownValue("data.ardoq_component.by_number_field", tfjsonpath.New("id"), knownvalue.StringExact(parent.ID)))
		case bool:
			check = knownvalue.Bool(v)
		case []string:
			check = knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact(v[0])})
		}
		checks = append(checks, statecheck.ExpectKnownValue(byID, tfjsonpath.New("custom_fields").AtMapKey(k), check))
	}
	env.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{Config: env.Config(config), ConfigStateChecks: checks},
			{Config: env.Config(`data "ardoq_component" "x" {
  root_workspace = "{ws}"
  name           = "Twin{tag}"
}`), ExpectError: providertest.ExpectErr(`Several Components Found(.|\n)*2 components match`)},
			{Config: env.Config(`data "ardoq_component" "x" { name = "Nobody{tag}" }`), ExpectError: providertest.ExpectErr(`No Component Found`)},
		},
	})
}

func TestAccComponentsDataSource_filters(t *testing.T) {
	env := newTestEnv(t)
	env.Parallel(t)
	parent, _ := env.portal(t)
	list, option := env.Field("List"), ""
	childFields := client.CustomFields{}
	if list != "" && slices.Contains(env.Child.CustomFields, list) {
		option = env.Fields[list].Options[0]
		childFields[list] = option
	}
	for _, n := range []string{"M1", "M2", "M3", "M4", "M5"} {
		env.CreateComponent(t, client.ComponentCreate{Name: n, RootWorkspace: env.WS, TypeID: env.ChildType, Parent: &parent.ID, CustomFields: childFields})
	}
	fieldsJSON := "{}"
	if option != "" {
		b, _ := json.Marshal(childFields)
		fieldsJSON = string(b)
	}
	const children = "data.ardoq_components.children"
	run := func(t *testing.T, filter string) {
		env.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			Steps: []resource.TestStep{{
				PreConfig: env.ResetRequests,
				Config: env.Config(fmt.Sprintf(`
data "ardoq_components" "children" {
  parent = %q
  %s
}
data "ardoq_components" "none" { name = "Nothing like this{tag}" }
`, parent.ID, filter)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(children, tfjsonpath.New("ids"), knownvalue.ListSizeExact(5)),
					statecheck.ExpectKnownValue(children, tfjsonpath.New("components"), knownvalue.SetPartial([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact("M1"), "parent": knownvalue.StringExact(parent.ID),
							"type_id": knownvalue.StringExact(env.ChildType), "description": knownvalue.Null(), "custom_fields_json": knownvalue.StringExact(fieldsJSON),
							"created": knownvalue.NotNull(), "last_updated": knownvalue.NotNull(),
							"created_by": knownvalue.StringRegexp(regexp.MustCompile(`@`)), "last_modified_by": knownvalue.StringRegexp(regexp.MustCompile(`@`))}),
					})),
					statecheck.ExpectKnownValue("data.ardoq_components.none", tfjsonpath.New("components"), knownvalue.ListSizeExact(0)),
				},
			}},
		})
	}
	t.Run("by parent", func(t *testing.T) { run(t, "") })
	t.Run("by parent and custom field", func(t *testing.T) {
		if option == "" {
			t.Skipf("type %q allows no List field", env.Child.Name)
		}
		run(t, fmt.Sprintf("custom_fields = { %s = %q }", list, option))
		// the filters went to the API as query parameters, not filtered after fetching everything (the
		// emulator's request log shows it)
		want := url.Values{"customFields." + list: {option}, "parent": {parent.ID}}.Encode()
		if env.Srv != nil && !slices.ContainsFunc(env.Srv.Requests(), func(r emulator.Request) bool { return r.Path == "/api/v2/components" && r.Query == want }) {
			t.Errorf("ardoq_components did not send its filters as query parameters (%s)", want)
		}
	})
}
