package provider

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
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/single"
)

// terraform import and import blocks take a component key; the key costs one filtered list request.
func TestAccComponentResource_importByKey(t *testing.T) {
	env := newTestEnv(t)
	var key string
	cfg := env.config(`resource "ardoq_component" "test" {
  name           = "Imported by key"
  root_workspace = "{ws}"
  type_id        = "{app}"
  description    = "from Ardoq"
}`)
	keyOf := func(s *terraform.State) (string, error) { return key, nil }
	env.parallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_5_0)},
		CheckDestroy:             env.orgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: cfg, Check: func(s *terraform.State) error {
				key = s.RootModule().Resources[addrC].Primary.Attributes["component_key"]
				return nil
			}},
			{ResourceName: addrC, ImportState: true, ImportStateIdFunc: keyOf, ImportStateVerify: true},
			{ResourceName: addrC, Config: cfg, ImportState: true, ImportStateKind: resource.ImportBlockWithID, ImportStateIdFunc: keyOf,
				ImportPlanChecks: resource.ImportPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addrC, plancheck.ResourceActionNoop)}}},
			{ResourceName: addrC, ImportState: true, ImportStateId: "NOPE-999999", ExpectError: expectErr(`Ardoq has no component with the key "NOPE-999999"`)},
			{ResourceName: addrC, ImportState: true, ImportStateId: "Customer Management",
				ExpectError: expectErr(`"Customer Management" is not an Ardoq component id \(24 hexadecimal characters\), nor a component key`)},
		},
	})
}

// A key lookup is one GET /components?componentKey=, with no workspace: keys are unique in the org.
func TestComponentImport_keyLookupRequests(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t, "request log")
	c, err := env.srv.SeedComponent(emulator.ComponentSeed{Name: "Keyed", RootWorkspace: env.ws2, TypeID: env.appType})
	if err != nil {
		t.Fatal(err)
	}
	p := newProtoProvider(t, env)
	env.srv.ResetRequests()
	read, diags := p.importAndRead("ardoq_component", c.ComponentKey, nil)
	p.noErrors("import by key", diags)
	if got := p.identityID("ardoq_component", read.NewIdentity); got != c.ID {
		t.Errorf("identity %q, want %q", got, c.ID)
	}
	var lookups []string
	for _, r := range env.srv.Requests() {
		if r.Method == "GET" && r.Path == "/api/v2/components" {
			lookups = append(lookups, r.Query)
		}
	}
	if len(lookups) != 1 || lookups[0] != "componentKey="+c.ComponentKey {
		t.Errorf("key lookups: %q, want one with only componentKey", lookups)
	}
	if state := p.attrs(p.resourceType("ardoq_component"), read.NewState); text(p, state, "name") != "Keyed" {
		t.Errorf("state %v", state)
	}
	_, diags = p.importAndRead("ardoq_component", "ZZZ-1", nil)
	expectDiag(t, diags, "Unknown Component Key")
}

var importCommand = regexp.MustCompile(`^terraform import (\S+) (\S+)$`)

// importedKey points an import block by component key at a component the test made.
func importedKey(tr *exampleTranslation, key string) *exampleTranslation {
	return tr.replace(`(\bid\s*=\s*)"[A-Za-z0-9_]+-[0-9]+"`, `${1}"`+key+`"`)
}

// The import examples, run against a component and a reference the test makes (their ids and key stand
// in for the examples'): the identity import blocks (Terraform 1.12+, so called in-process) import what
// they name; ardoq_component's import blocks by key and by id apply with no change (a configuration
// without custom_fields, which an import never takes over: Ardoq keeps the component's), and every
// command of its import.sh imports the same component.
func TestAccExamples_componentImports(t *testing.T) {
	env := newTestEnv(t)
	env.parallel(t)
	byKeyExample, tr := env.translatedExample(t, "resources", "ardoq_component", "import-by-key.tf")
	fields := client.CustomFields{env.ext: "cap-001" + env.tag}
	if number := env.field("Number"); number != "" {
		fields[number] = 3
	}
	c := env.createComponent(t, client.ComponentCreate{Name: "Customer Management" + env.tag, RootWorkspace: env.ws, TypeID: env.appType,
		CustomFields: fields})
	billing := env.createComponent(t, client.ComponentCreate{Name: "Billing" + env.tag, RootWorkspace: env.ws, TypeID: env.appType})
	payments := env.createComponent(t, client.ComponentCreate{Name: "Payments" + env.tag, RootWorkspace: env.ws, TypeID: env.childType,
		Parent: &billing.ID})
	r := env.createReference(t, client.ReferenceCreate{Source: payments.ID, Target: billing.ID, Type: env.refType, DisplayText: sp("part of")})

	// In-process first: the acceptance test below destroys what it imported.
	p := newProtoProvider(t, env)
	for typ, want := range map[string]struct{ id, attr, value string }{
		"ardoq_component": {c.ID, "name", c.Name}, "ardoq_reference": {r.ID, "display_text", "part of"}} {
		blocks := readExampleBlocks(t, "resources", typ, "import-with-identity.tf")
		if len(blocks) != 1 || blocks[0].Kind != "import" || !entity.OIDPattern.MatchString(blocks[0].Identity) {
			t.Fatalf("%s: want one import block with an identity, got %+v", typ, blocks)
		}
		read, diags := p.importAndRead(typ, "", p.identity(typ, want.id))
		p.noErrors(typ+" identity example", diags)
		if state := p.attrs(p.resourceType(typ), read.NewState); text(p, state, want.attr) != want.value {
			t.Errorf("%s imported by identity: %v", typ, state)
		}
	}

	const addr = "ardoq_component.customer_management"
	block := env.render(fmt.Sprintf(`resource "ardoq_component" "customer_management" {
  name           = %q
  root_workspace = "{ws}"
  type_id        = "{app}"
}
`, c.Name))
	cfg := env.providerConfig() + block
	steps := []resource.TestStep{{
		Config: env.providerConfig() + importedKey(importedID(tr, c.ID), c.ComponentKey).apply(byKeyExample) + block,
		ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
			plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
		}},
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact(c.ID)),
			statecheck.ExpectKnownValue(addr, tfjsonpath.New("component_key"), knownvalue.StringExact(c.ComponentKey)),
		},
		Check: func(*terraform.State) error {
			got := env.component(t, c.ID)
			for k, v := range fields {
				if hclValue(t, got.CustomFields[k]) != hclValue(t, v) || got.Version != c.Version {
					return fmt.Errorf("the import changed the component: custom fields %v (had %v), version %d (was %d)", got.CustomFields,
						fields, got.Version, c.Version)
				}
			}
			return nil
		},
	}}
	var byID, byKey int
	for _, line := range strings.Split(readExample(t, "resources", "ardoq_component", "import.sh"), "\n") {
		m := importCommand.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		if m[1] != addr {
			t.Fatalf("import.sh imports %s; the test configures %s", m[1], addr)
		}
		id := m[2]
		switch {
		case entity.OIDPattern.MatchString(id):
			id, byID = c.ID, byID+1
		case single.ComponentKeyPattern.MatchString(id):
			id, byKey = c.ComponentKey, byKey+1
		default:
			t.Fatalf("import.sh imports %q, neither an id nor a component key", id)
		}
		steps = append(steps, resource.TestStep{Config: cfg, ResourceName: addr, ImportState: true, ImportStateId: id, ImportStateVerify: true})
	}
	if byID != 1 || byKey != 1 {
		t.Fatalf("import.sh imports %d times by id and %d by key, want once each", byID, byKey)
	}
	env.test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_5_0)},
		CheckDestroy:             env.goneFromOrg, // imported, so destroyed with the rest
		Steps:                    steps,
	})
}
