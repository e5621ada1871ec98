package providertest

import (
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// A translation rewrites the HCL it is about and nothing else: custom field keys as keys and in paths,
// whole string literals, the attributes it sets; not a comment, not a longer literal, not a comparison,
// and not what another replacement wrote.
func TestExampleTranslation_Apply(t *testing.T) {
	const example = `# cost = 1 stays in a comment, and so does "Billing"
import {
  to = ardoq_component.billing
  id = "5eed0000000000000000c002"
}
import {
  to = ardoq_component.payments
  id = "5eed0000000000000000c003"
}
resource "ardoq_component" "payments" {
  name    = "Payments"
  type_id = data.ardoq_workspace_context.caps.component_type_ids["Capability"]
  custom_fields = {
    cost     = 2
    "status" = "active"
  }
  description = "Billing, but longer"
}
data "ardoq_reference" "r" {
  type = 10
}
output "cost" {
  value = ardoq_component.payments.custom_fields.cost == 2 ? "Capability" : "Billing"
}
`
	tr := NewExampleTranslation()
	tr.Keys["cost"], tr.Keys["status"] = "org_cost", "org_status"
	tr.Literal("status", "org_status").Literal("Billing", "Billing-1").Literal("Capability", "App").Literal("active", "Payments")
	tr.Literal("Payments", "Payments-1")
	tr.ImportID("ardoq_component.payments", "0123456789abcdef01234567").
		LiteralIn([]string{"resource", "ardoq_component", "payments"}, "Capability", `Child "$${x}"`).
		Set("data", "type", func(old string) bool { return old == "10" }, int64(7))
	got := tr.Apply(t, example)
	for _, want := range []string{
		`# cost = 1 stays in a comment, and so does "Billing"`,
		`id = "5eed0000000000000000c002"`,
		`id = "0123456789abcdef01234567"`,
		`name    = "Payments-1"`,
		`component_type_ids["Child \"$$${x}\""]`,
		`org_cost     = 2`,
		`"org_status" = "Payments"`, // "active" became "Payments", which the Payments literal leaves alone
		`description = "Billing, but longer"`,
		`type = 7`,
		`custom_fields.org_cost == 2 ? "App" : "Billing-1"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in\n%s", want, got)
		}
	}
	ParseHCL(t, got)

	if got := ImportedID(NewExampleTranslation(), "0123456789abcdef01234567").Apply(t, example); strings.Count(got, "0123456789abcdef01234567") != 2 {
		t.Errorf("ImportedID points every import block by id at the entity:\n%s", got)
	}
	if !entity.OIDPattern.MatchString("0123456789abcdef01234567") {
		t.Fatal("the test's id is no OID")
	}
}

func TestUsesField(t *testing.T) {
	tokens := ParseHCL(t, `resource "r" "s" {
  custom_fields = { cost = 1 }
  a             = data.x.y.custom_fields.owner
  b             = lookup(local.m, "tier")
  c             = var.x == 1
  # size = 2
}
`).BuildTokens(nil)
	for key, want := range map[string]bool{"cost": true, "owner": true, "tier": true, "c": true, "x": false, "size": false, "m": false} {
		if got := usesField(tokens, key); got != want {
			t.Errorf("usesField(%q) = %v, want %v", key, got, want)
		}
	}
}

func TestReadExampleBlocks(t *testing.T) {
	blocks := ReadExampleBlocks(t, "list-resources", "ardoq_component", "list-resource.tfquery.hcl")
	if len(blocks) != 1 {
		t.Fatalf("blocks %+v", blocks)
	}
	b := blocks[0]
	if b.Kind != "list" || b.Labels != `"ardoq_component" "capabilities"` || b.Attrs["provider"] != "ardoq" || b.Attrs["include_resource"] != "true" ||
		!b.Config["workspace_id"].Equal(TFStr("5eed0000000000000000b003")) || !b.Config["type_name"].Equal(TFStr("Capability")) {
		t.Errorf("read %+v", b)
	}
	identity := ReadExampleBlocks(t, "resources", "ardoq_component", "import-with-identity.tf")
	if len(identity) != 1 || identity[0].Kind != "import" || !entity.OIDPattern.MatchString(identity[0].Identity) ||
		identity[0].Attrs["to"] != "ardoq_component.customer_management" {
		t.Errorf("read %+v", identity)
	}
}

func TestDeclaredVariables(t *testing.T) {
	got := DeclaredVariables(t, "variable \"workspace\" {\n  type = string\n}\nresource \"a\" \"variable\" {}\nvariable \"type\" {}\n")
	if strings.Join(got, ",") != "workspace,type" {
		t.Errorf("declared %q", got)
	}
}
