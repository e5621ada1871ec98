package provider

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
	tags := make([]knownvalue.Check, 0, len(env.wctx.Tags))
	for _, tag := range env.wctx.Tags {
		tags = append(tags, knownvalue.StringExact(tag.Name))
	}
	checks := []statecheck.StateCheck{
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("component_type_ids").AtMapKey(env.app.Name), knownvalue.StringExact(env.appType)),
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("reference_type_ids").AtMapKey(env.ref.Name), knownvalue.Int64Exact(env.refType)),
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("component_types"), knownvalue.ListSizeExact(len(env.wctx.ComponentTypes))),
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("custom_fields"), knownvalue.ListSizeExact(len(env.wctx.CustomFields))),
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("tags"), knownvalue.ListExact(tags)),
	}
	if env.child.TypeID != env.app.TypeID {
		i := slices.IndexFunc(env.wctx.ComponentTypes, func(ct client.ComponentType) bool { return ct.TypeID == env.childType })
		checks = append(checks, statecheck.ExpectKnownValue(addr, tfjsonpath.New("component_types").AtSliceIndex(i),
			knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact(env.child.Name), "parent_type_name": knownvalue.StringExact(env.app.Name)})))
	}
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps:                    []resource.TestStep{{Config: env.config(`data "ardoq_workspace_context" "ctx" { workspace_id = "{ws}" }`), ConfigStateChecks: checks}},
	})
}
