package provider

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// Resource identity needs Terraform 1.12 or OpenTofu 1.12. The tests below call the provider server in-process
// (protocol_helpers_test.go) against the emulator, for every case; TestAccResourceIdentity_importBlock_everyCLI runs
// the real CLI.

// Through the real CLI: the state records each resource's identity, and an import block naming only the
// identity imports the resource with an empty plan.
func TestAccResourceIdentity_importBlock_everyCLI(t *testing.T) {
	env := newTestEnv(t)
	cfg := providertest.ReferenceConfig(env.Env, "b", "{ref}", `display_text = "by identity"`)
	noop := func(addr string) resource.ImportPlanChecks {
		return resource.ImportPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop)}}
	}
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{providertest.CLIAtLeast{Terraform: "1.12.0", OpenTofu: "1.12.0"}},
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{
			{Config: cfg, ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectIdentity(addrR, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(entity.OIDPattern)}),
				statecheck.ExpectIdentityValueMatchesState(addrR, tfjsonpath.New("id")),
				statecheck.ExpectIdentityValueMatchesState("ardoq_component.a", tfjsonpath.New("id")),
			}},
			{ResourceName: "ardoq_component.a", Config: cfg, ImportState: true, ImportStateKind: resource.ImportBlockWithResourceIdentity,
				ImportPlanChecks: noop("ardoq_component.a")},
			{ResourceName: addrR, Config: cfg, ImportState: true, ImportStateKind: resource.ImportBlockWithResourceIdentity,
				ImportPlanChecks: noop(addrR)},
		},
	})
}

func TestResourceIdentity_schemas(t *testing.T) {
	env := newTestEnv(t)
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])
	for _, typeName := range []string{"ardoq_component", "ardoq_reference"} {
		s, ok := p.Identities[typeName]
		if !ok {
			t.Fatalf("%s has no identity schema", typeName)
		}
		if len(s.IdentityAttributes) != 1 || s.IdentityAttributes[0].Name != "id" || !s.IdentityAttributes[0].RequiredForImport ||
			!s.IdentityAttributes[0].Type.Is(tftypes.String) {
			t.Errorf("%s identity: want one string id required for import, got %+v", typeName, s.IdentityAttributes)
		}
	}
	if _, ok := p.Identities["ardoq_batch"]; ok {
		t.Error("ardoq_batch has an identity schema; it manages many entities and has none")
	}
}

func TestResourceIdentity_importByIdentity(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "seeding")
	c, target, ref := seedReferencedComponent(t, env, "By identity")
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])

	read, diags := p.ImportAndRead("ardoq_component", "", p.Identity("ardoq_component", c.ID))
	p.NoErrors("import component by identity", diags)
	state := p.Attrs(p.ResourceType("ardoq_component"), read.NewState)
	if providertest.Text(p, state, "id") != c.ID || providertest.Text(p, state, "name") != "By identity" || providertest.Text(p, state, "component_key") != c.ComponentKey {
		t.Errorf("imported component state: %v", state)
	}
	if got := p.IdentityID("ardoq_component", read.NewIdentity); got != c.ID {
		t.Errorf("identity after import and read: %q, want %q", got, c.ID)
	}

	read, diags = p.ImportAndRead("ardoq_reference", "", p.Identity("ardoq_reference", ref.ID))
	p.NoErrors("import reference by identity", diags)
	state = p.Attrs(p.ResourceType("ardoq_reference"), read.NewState)
	if providertest.Text(p, state, "id") != ref.ID || providertest.Text(p, state, "source") != c.ID || providertest.Text(p, state, "target") != target.ID {
		t.Errorf("imported reference state: %v", state)
	}
	if got := p.IdentityID("ardoq_reference", read.NewIdentity); got != ref.ID {
		t.Errorf("identity after import and read: %q, want %q", got, ref.ID)
	}

	// By import id, the identity is set too.
	imp, err := p.Server.ImportResourceState(context.Background(), &tfprotov6.ImportResourceStateRequest{TypeName: "ardoq_reference", ID: ref.ID})
	if err != nil {
		t.Fatal(err)
	}
	p.NoErrors("import reference by id", imp.Diagnostics)
	if got := p.IdentityID("ardoq_reference", imp.ImportedResources[0].Identity); got != ref.ID {
		t.Errorf("identity after import by id: %q, want %q", got, ref.ID)
	}
}

func TestResourceIdentity_importByIdentityErrors(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "seeded ids")
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])
	_, diags := p.ImportAndRead("ardoq_component", "", p.Identity("ardoq_component", "APP-1"))
	providertest.ExpectDiag(t, diags, `The identity id "APP-1" is not an Ardoq component id`)
	_, diags = p.ImportAndRead("ardoq_reference", "", p.Identity("ardoq_reference", "nope"))
	providertest.ExpectDiag(t, diags, `not an Ardoq reference id`)

	// An identity naming nothing: the import succeeds and the refresh finds nothing, as for an import id.
	read, diags := p.ImportAndRead("ardoq_component", "", p.Identity("ardoq_component", "0123456789abcdef01234567"))
	p.NoErrors("import of a missing component", diags)
	if p.Attrs(p.ResourceType("ardoq_component"), read.NewState) != nil {
		t.Error("a missing component was imported")
	}
}

// State written by Terraform before 1.12, or by a provider version without identity, has no identity. A
// refresh that finds the entity gone must still answer one, or the framework fails the refresh with
// "Missing Resource Identity After Read".
func TestResourceIdentity_readWithoutIdentityOfDeletedEntity(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "seeding")
	c, err := env.Srv.SeedComponent(emulator.ComponentSeed{Name: "Old state", RootWorkspace: env.WS, TypeID: env.AppType})
	if err != nil {
		t.Fatal(err)
	}
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])
	for _, tc := range []struct{ name, typeName, id string }{
		{"existing", "ardoq_component", c.ID},
		{"deleted component", "ardoq_component", "0123456789abcdef01234567"},
		{"deleted reference", "ardoq_reference", "0123456789abcdef01234568"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			attrs := map[string]tftypes.Value{"id": providertest.TFStr(tc.id)}
			if tc.typeName == "ardoq_component" {
				attrs["root_workspace"], attrs["name"] = providertest.TFStr(env.WS), providertest.TFStr("Old state")
			}
			read, err := p.Server.ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{TypeName: tc.typeName,
				CurrentState: p.Object(p.ResourceType(tc.typeName), attrs)})
			if err != nil {
				t.Fatal(err)
			}
			p.NoErrors("read", read.Diagnostics)
			if got := p.IdentityID(tc.typeName, read.NewIdentity); got != tc.id {
				t.Errorf("identity %q, want %q", got, tc.id)
			}
			gone := p.Attrs(p.ResourceType(tc.typeName), read.NewState) == nil
			if gone != (tc.name != "existing") {
				t.Errorf("removed from state: %v", gone)
			}
		})
	}
}

// seedReferencedComponent makes, outside Terraform, a component named name in the test's workspace, a
// target component and a reference from the first to the target.
func seedReferencedComponent(t *testing.T, env *testEnv, name string) (c, target emulator.Component, ref emulator.Reference) {
	t.Helper()
	c, err := env.Srv.SeedComponent(emulator.ComponentSeed{Name: name, RootWorkspace: env.WS, TypeID: env.AppType})
	if err != nil {
		t.Fatal(err)
	}
	if target, err = env.Srv.SeedComponent(emulator.ComponentSeed{Name: "Target", RootWorkspace: env.WS, TypeID: env.AppType}); err != nil {
		t.Fatal(err)
	}
	if ref, err = env.Srv.SeedReference(emulator.ReferenceSeed{Source: c.ID, Target: target.ID, Type: env.RefType}); err != nil {
		t.Fatal(err)
	}
	return c, target, ref
}
