package batch

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// A created batch deletes nothing, so its deletions are an empty list known at plan, on every path: items
// known at plan, items known only at apply, and a plan that fails.
func TestPlanCreateDeletionsKnownEmpty(t *testing.T) {
	c := newContract(t)
	const ws = "5eed0000000000000000b001"
	unknownName := tfObject(map[string]tftypes.Value{"a": tfObject(map[string]tftypes.Value{"root_workspace": str(ws),
		"type_id": str("p1700000000001"), "name": tftypes.NewValue(tftypes.String, tftypes.UnknownValue)})})
	badType := tfObject(map[string]tftypes.Value{"a": tfObject(map[string]tftypes.Value{"root_workspace": str(ws),
		"type_id": str("p1700000000999"), "name": str("A")})})
	noReferences := tftypes.NewValue(tftypes.DynamicPseudoType, nil)
	for name, config := range map[string]map[string]tftypes.Value{
		"known items":         providertest.SmallItems(3, 0),
		"items known later":   {"components": unknownName, "references": noReferences},
		"a plan that fails":   {"components": badType, "references": noReferences},
		"adopting, known now": withAttrs(providertest.SmallItems(3, 0), map[string]tftypes.Value{"adopt_components_by": tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, []tftypes.Value{str("rootWorkspace"), str("name")})}),
	} {
		planned := c.plan("plan (create, "+name+")", [2]answer{}, config)
		got := batchRawOf(c.value(planned[1].values["planned state"])).get("deletions")
		if !got.IsKnown() || got.IsNull() || deletionsText(got) != "nothing" {
			t.Errorf("%s: a create's planned deletions are %v, want an empty list known at plan", name, got)
		}
	}
}

// With prevent_implicit_deletions the notice is an error and the plan fails: it does not point at the
// plan's deletions attribute or terraform show -json, which a failed plan does not have; the warning does.
func TestDeletionsNoticePointsAtShowJSONOnlyInTheWarning(t *testing.T) {
	prior, plan, keys := deletionsFixture()
	dels := plannedDeletions(prior, keys, plan)
	for _, destroy := range []bool{false, true} {
		for _, prevent := range []bool{false, true} {
			summary, detail := deletionsNotice(dels, deletedNames{}, "ws/ext", destroy, prevent)
			if !strings.HasPrefix(summary, "Batch Deletes 2 Components and 2 References") || !strings.Contains(detail, `components["c"]`) {
				t.Errorf("destroy %v, prevent %v: the notice does not name what is deleted: %s\n%s", destroy, prevent, summary, detail)
			}
			if shows := strings.Contains(detail, "terraform show -json"); shows == prevent {
				t.Errorf("destroy %v, prevent %v: mentions terraform show -json: %v, want %v:\n%s", destroy, prevent, shows, !prevent, detail)
			}
		}
	}
}
