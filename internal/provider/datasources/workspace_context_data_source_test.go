package datasources_test

import (
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

func TestAccWorkspaceContextDataSource_basic(t *testing.T) {
	env := newTestEnv(t)
	const addr = "data.ardoq_workspace_context.ctx"
	tags := make([]knownvalue.Check, 0, len(env.Wctx.Tags))
	for _, tag := range env.Wctx.Tags {
		tags = append(tags, knownvalue.StringExact(tag.Name))
	}
	checks := []statecheck.StateCheck{
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("component_type_ids").AtMapKey(env.App.Name), knownvalue.StringExact(env.AppType)),
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("reference_type_ids").AtMapKey(env.Ref.Name), knownvalue.Int64Exact(env.RefType)),
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("component_types"), knownvalue.ListSizeExact(len(env.Wctx.ComponentTypes))),
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("custom_fields"), knownvalue.ListSizeExact(len(env.Wctx.CustomFields))),
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("tags"), knownvalue.ListExact(tags)),
	}
	if env.Child.TypeID != env.App.TypeID {
		i := slices.IndexFunc(env.Wctx.ComponentTypes, func(ct client.ComponentType) bool { return ct.TypeID == env.ChildType })
		checks = append(checks, statecheck.ExpectKnownValue(addr, tfjsonpath.New("component_types").AtSliceIndex(i),
			knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact(env.Child.Name), "parent_type_name": knownvalue.StringExact(env.App.Name)})))
	}
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps:                    []resource.TestStep{{Config: env.Config(`data "ardoq_workspace_context" "ctx" { workspace_id = "{ws}" }`), ConfigStateChecks: checks}},
	})
}
