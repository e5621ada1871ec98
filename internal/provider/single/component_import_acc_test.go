package single_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/single"
)

// terraform import and import blocks take a component key; the key costs one filtered list request.
func TestAccComponentResource_importByKey(t *testing.T) {
	env := newTestEnv(t)
	var key string
	cfg := env.Config(`resource "ardoq_component" "test" {
  name           = "Imported by key"
  root_workspace = "{ws}"
  type_id        = "{app}"
  description    = "from Ardoq"
}`)
	keyOf := func(s *terraform.State) (string, error) { return key, nil }
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_5_0)},
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: cfg, Check: func(s *terraform.State) error {
				key = s.RootModule().Resources[addrC].Primary.Attributes["component_key"]
				return nil
			}},
			{ResourceName: addrC, ImportState: true, ImportStateIdFunc: keyOf, ImportStateVerify: true},
			{ResourceName: addrC, Config: cfg, ImportState: true, ImportStateKind: resource.ImportBlockWithID, ImportStateIdFunc: keyOf,
				ImportPlanChecks: resource.ImportPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addrC, plancheck.ResourceActionNoop)}}},
			{ResourceName: addrC, ImportState: true, ImportStateId: "NOPE-999999", ExpectError: providertest.ExpectErr(`Ardoq has no component with the key "NOPE-999999"`)},
			{ResourceName: addrC, ImportState: true, ImportStateId: "Customer Management",
				ExpectError: providertest.ExpectErr(`"Customer Management" is not an Ardoq component id \(24 hexadecimal characters\), nor "<workspace id>/<component id>", nor a component key`)},
		},
	})
}

// A key lookup is one GET /components?componentKey=, with no workspace: keys are unique in the org.
func TestComponentImport_keyLookupRequests(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "request log")
	c, err := env.Srv.SeedComponent(emulator.ComponentSeed{Name: "Keyed", RootWorkspace: env.WS2, TypeID: env.AppType})
	if err != nil {
		t.Fatal(err)
	}
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])
	env.Srv.ResetRequests()
	read, diags := p.ImportAndRead("ardoq_component", c.ComponentKey, nil)
	p.NoErrors("import by key", diags)
	if got := p.IdentityID("ardoq_component", read.NewIdentity); got != c.ID {
		t.Errorf("identity %q, want %q", got, c.ID)
	}
	var lookups []string
	for _, r := range env.Srv.Requests() {
		if r.Method == "GET" && r.Path == "/api/v2/components" {
			lookups = append(lookups, r.Query)
		}
	}
	if len(lookups) != 1 || lookups[0] != "componentKey="+c.ComponentKey {
		t.Errorf("key lookups: %q, want one with only componentKey", lookups)
	}
	if state := p.Attrs(p.ResourceType("ardoq_component"), read.NewState); providertest.Text(p, state, "name") != "Keyed" {
		t.Errorf("state %v", state)
	}
	_, diags = p.ImportAndRead("ardoq_component", "ZZZ-1", nil)
	providertest.ExpectDiag(t, diags, "Unknown Component Key")
}

var importCommand = regexp.MustCompile(`^terraform import (\S+) (\S+)$`)

// importedKey points an import block by component key at a component the test made.
func importedKey(tr *providertest.ExampleTranslation, key string) *providertest.ExampleTranslation {
	return tr.Set("import", "id", single.ComponentKeyPattern.MatchString, key)
}

// The import examples, run against a component and a reference the test makes (their ids and key stand
// in for the examples'): the identity import blocks (Terraform 1.12+, so called in-process) import what
// they name; ardoq_component's import blocks by key and by id apply with no change (a configuration
// without custom_fields, which an import never takes over: Ardoq keeps the component's), and every
// command of its import.sh imports the same component.
func TestAccExamples_componentImports_everyCLI(t *testing.T) {
	env := newTestEnv(t)
	env.Parallel(t)
	byKeyExample, tr := env.TranslatedExample(t, "resources", "ardoq_component", "import-by-key.tf")
	fields := client.CustomFields{env.Ext: "cap-001" + env.Tag}
	if number := env.Field("Number"); number != "" {
		fields[number] = 3
	}
	c := env.CreateComponent(t, client.ComponentCreate{Name: "Customer Management" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
		CustomFields: fields})
	billing := env.CreateComponent(t, client.ComponentCreate{Name: "Billing" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
	payments := env.CreateComponent(t, client.ComponentCreate{Name: "Payments" + env.Tag, RootWorkspace: env.WS, TypeID: env.ChildType,
		Parent: &billing.ID})
	r := env.CreateReference(t, client.ReferenceCreate{Source: payments.ID, Target: billing.ID, Type: env.RefType, DisplayText: providertest.SP("part of")})

	// In-process first: the acceptance test below destroys what it imported.
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])
	for typ, want := range map[string]struct{ id, attr, value string }{
		"ardoq_component": {c.ID, "name", c.Name}, "ardoq_reference": {r.ID, "display_text", "part of"}} {
		blocks := providertest.ReadExampleBlocks(t, "resources", typ, "import-with-identity.tf")
		if len(blocks) != 1 || blocks[0].Kind != "import" || !entity.OIDPattern.MatchString(blocks[0].Identity) {
			t.Fatalf("%s: want one import block with an identity, got %+v", typ, blocks)
		}
		read, diags := p.ImportAndRead(typ, "", p.Identity(typ, want.id))
		p.NoErrors(typ+" identity example", diags)
		if state := p.Attrs(p.ResourceType(typ), read.NewState); providertest.Text(p, state, want.attr) != want.value {
			t.Errorf("%s imported by identity: %v", typ, state)
		}
	}

	const addr = "ardoq_component.customer_management"
	block := env.Render(fmt.Sprintf(`resource "ardoq_component" "customer_management" {
  name           = %q
  root_workspace = "{ws}"
  type_id        = "{app}"
}
`, c.Name))
	cfg := env.ProviderConfig() + block
	steps := []resource.TestStep{{
		Config: env.ProviderConfig() + importedKey(providertest.ImportedID(tr, c.ID), c.ComponentKey).Apply(t, byKeyExample) + block,
		ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
			plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
		}},
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact(c.ID)),
			statecheck.ExpectKnownValue(addr, tfjsonpath.New("component_key"), knownvalue.StringExact(c.ComponentKey)),
		},
		Check: func(*terraform.State) error {
			got := env.Component(t, c.ID)
			for k, v := range fields {
				if providertest.HCLValue(t, got.CustomFields[k]) != providertest.HCLValue(t, v) || got.Version != c.Version {
					return fmt.Errorf("the import changed the component: custom fields %v (had %v), version %d (was %d)", got.CustomFields,
						fields, got.Version, c.Version)
				}
			}
			return nil
		},
	}}
	var byID, byKey, byWorkspace int
	for _, line := range strings.Split(providertest.ReadExample(t, "resources", "ardoq_component", "import.sh"), "\n") {
		m := importCommand.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		if m[1] != addr {
			t.Fatalf("import.sh imports %s; the test configures %s", m[1], addr)
		}
		id := m[2]
		ws, oid, withWorkspace := strings.Cut(id, "/")
		switch {
		case withWorkspace && entity.OIDPattern.MatchString(ws) && entity.OIDPattern.MatchString(oid):
			id, byWorkspace = env.WS+"/"+c.ID, byWorkspace+1
		case entity.OIDPattern.MatchString(id):
			id, byID = c.ID, byID+1
		case single.ComponentKeyPattern.MatchString(id):
			id, byKey = c.ComponentKey, byKey+1
		default:
			t.Fatalf("import.sh imports %q, neither an id, a workspace and id, nor a component key", id)
		}
		steps = append(steps, resource.TestStep{Config: cfg, ResourceName: addr, ImportState: true, ImportStateId: id, ImportStateVerify: true})
	}
	if byID != 1 || byKey != 1 || byWorkspace != 1 {
		t.Fatalf("import.sh imports %d times by id, %d by key and %d by workspace and id, want once each", byID, byKey, byWorkspace)
	}
	env.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_5_0)},
		CheckDestroy:             env.GoneFromOrg, // imported, so destroyed with the rest
		Steps:                    steps,
	})
}
