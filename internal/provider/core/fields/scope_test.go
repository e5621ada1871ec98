package fields

import (
	"math/big"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// The same custom field values go through ardoq_component, ardoq_reference and ardoq_batch (as a
// component item and as a reference item): each must accept or refuse them alike, with the same
// message, send the same JSON, and render what Ardoq then holds as the same Terraform value.

// Errors about a key list only fields one can set, and suggest only those.
func TestFieldScopeProblem_settableOnly(t *testing.T) {
	model := &client.WorkspaceContext{RootWorkspace: "w", CustomFields: []client.Field{
		{APIKey: "score", Type: "Number", Calculated: true}, {APIKey: "origin", Type: "Text", ReadOnly: true}, {APIKey: "owner", Type: "Text"}}}
	only := Scope{Model: model, Allowed: []string{"score", "origin"}, TypeName: "App"}
	if _, got := only.Problem(client.Field{}, false, "scores"); got != `the workspace has no custom field "scores". Fields you can set on "App": none.` {
		t.Errorf("got %s", got)
	}
	some := Scope{Model: model, Allowed: []string{"score", "owner"}, TypeName: "App"}
	if _, got := some.Problem(client.Field{}, false, "ownr"); got != `the workspace has no custom field "ownr"; closest: "owner". Fields you can set on "App": owner.` {
		t.Errorf("got %s", got)
	}
}

// A plan that clears custom fields says which, at custom_fields: the way an old import's state (every
// field) meets a configuration without them. Fields Ardoq settles are never cleared, so never named.
func TestCheckCustomFields_warnsWhatItClears(t *testing.T) {
	model := &client.WorkspaceContext{RootWorkspace: "w", CustomFields: []client.Field{
		{APIKey: "score", Type: "Number", Calculated: true}, {APIKey: "owner", Type: "Text"}, {APIKey: "tier", Type: "Text"}}}
	scope := Scope{Model: model, Allowed: []string{"score", "owner", "tier"}, TypeName: "App"}
	prior := dynamicObject(map[string]attr.Value{"score": types.NumberValue(big.NewFloat(3)), "owner": types.StringValue("a"), "tier": types.StringValue("b")})
	diags := Check(dynamicObject(map[string]attr.Value{"tier": types.StringValue("b")}), prior, scope)
	if diags.HasError() || diags.WarningsCount() != 1 || !strings.Contains(diags[0].Detail(), `custom field "owner" in Ardoq`) ||
		diags[0].Summary() != "Custom Field Will Be Cleared in Ardoq" {
		t.Fatalf("want one warning naming owner only, in the singular and the future: %v", diags)
	}
	two := Check(types.DynamicNull(), prior, scope)
	if two.WarningsCount() != 1 || two[0].Summary() != "Custom Fields Will Be Cleared in Ardoq" {
		t.Fatalf("want one warning for two fields, in the plural: %v", two)
	}
	if diags := Check(types.DynamicNull(), dynamicObject(map[string]attr.Value{"score": types.NumberValue(big.NewFloat(3))}), scope); len(diags) != 0 {
		t.Fatalf("a calculated field is not cleared, so nothing to warn about: %v", diags)
	}
}

func dynamicObject(attrs map[string]attr.Value) types.Dynamic {
	typesOf := map[string]attr.Type{}
	for k, v := range attrs {
		typesOf[k] = v.Type(nil) //nolint:staticcheck // primitive types ignore the context
	}
	return types.DynamicValue(types.ObjectValueMust(typesOf, attrs))
}

func TestClearedDetail_singularAndPlural(t *testing.T) {
	one := clearedDetail([]string{"contact"})
	if !strings.Contains(one, `the custom field "contact" in Ardoq: the state holds it`) || strings.Contains(one, "earlier version") {
		t.Errorf("one field: %q", one)
	}
	two := clearedDetail([]string{"contact", "owner"})
	if !strings.Contains(two, "the custom fields ") || !strings.Contains(two, "holds them") {
		t.Errorf("two fields: %q", two)
	}
}
