package listresources_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// List resources need Terraform 1.14 (terraform query), newer than the CLI of the acceptance tests, so
// these tests call the provider server in-process (protocol_helpers_test.go) against the emulator, whose
// pages hold two entities here.

func TestListResource_schemas(t *testing.T) {
	env := newTestEnv(t)
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])
	for typeName, filters := range map[string][]string{
		"ardoq_component": {"workspace_id", "name", "type_id", "type_name", "parent", "component_key", "custom_fields"},
		"ardoq_reference": {"workspace_id", "source", "target", "target_workspace", "type", "type_name", "display_text", "custom_fields"},
	} {
		s, ok := p.Schemas.ListResourceSchemas[typeName]
		if !ok {
			t.Fatalf("no list resource %s", typeName)
		}
		var got []string
		for _, a := range s.Block.Attributes {
			got = append(got, a.Name)
			if a.Description == "" {
				t.Errorf("%s list attribute %s has no description", typeName, a.Name)
			}
			if a.Required != (a.Name == "workspace_id") {
				t.Errorf("%s list attribute %s: required %v", typeName, a.Name, a.Required)
			}
		}
		sort.Strings(got)
		sort.Strings(filters)
		if strings.Join(got, ",") != strings.Join(filters, ",") {
			t.Errorf("%s list attributes %v, want %v", typeName, got, filters)
		}
		if _, ok := p.Schemas.ResourceSchemas[typeName]; !ok {
			t.Errorf("list resource %s has no managed resource of the same name", typeName)
		}
	}
}

// seedComponents adds components to the environment's first workspace: three of its first type (the
// third a child of the first) and one of another type.
func seedComponents(t *testing.T, env *testEnv) (apps []emulator.Component, other emulator.Component) {
	t.Helper()
	for i, name := range []string{"List A", "List B", "List C"} {
		seed := emulator.ComponentSeed{Name: name, RootWorkspace: env.WS, TypeID: env.AppType,
			CustomFields: map[string]any{env.Owner: "team-" + name[len(name)-1:]}}
		if i == 2 {
			seed.Parent = &apps[0].ID
		}
		c, err := env.Srv.SeedComponent(seed)
		if err != nil {
			t.Fatal(err)
		}
		apps = append(apps, c)
	}
	other, err := env.Srv.SeedComponent(emulator.ComponentSeed{Name: "List Other", RootWorkspace: env.WS, TypeID: env.OtherType})
	if err != nil {
		t.Fatal(err)
	}
	return apps, other
}

func resultIDs(t *testing.T, p *providertest.ProtoProvider, typeName string, results []tfprotov6.ListResourceResult) []string {
	t.Helper()
	var ids []string
	for _, r := range results {
		p.NoErrors("list result", r.Diagnostics)
		ids = append(ids, p.IdentityID(typeName, r.Identity))
	}
	sort.Strings(ids)
	return ids
}

func TestListResourceComponent_list(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "seeding")
	apps, other := seedComponents(t, env)
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])
	all := []string{apps[0].ID, apps[1].ID, apps[2].ID, other.ID}
	sort.Strings(all)
	ws := map[string]tftypes.Value{"workspace_id": providertest.TFStr(env.WS)}

	// Identities only, over several pages.
	results := p.List("ardoq_component", ws, false, 0)
	if got := resultIDs(t, p, "ardoq_component", results); strings.Join(got, ",") != strings.Join(all, ",") {
		t.Fatalf("listed %v, want %v", got, all)
	}
	for _, r := range results {
		if r.Resource != nil {
			t.Error("a result carries the resource though include_resource is false")
		}
		if r.DisplayName == "" {
			t.Error("a result has no display name")
		}
	}

	// With the resource objects: the state an import would give.
	results = p.List("ardoq_component", ws, true, 0)
	byID := map[string]map[string]tftypes.Value{}
	for _, r := range results {
		p.NoErrors("list result", r.Diagnostics)
		byID[p.IdentityID("ardoq_component", r.Identity)] = p.Attrs(p.ResourceType("ardoq_component"), r.Resource)
	}
	got := byID[apps[1].ID]
	if providertest.Text(p, got, "name") != "List B" || providertest.Text(p, got, "component_key") != apps[1].ComponentKey || providertest.Text(p, got, "root_workspace") != env.WS {
		t.Errorf("listed resource: %v", got)
	}
	if want := tftypes.NewValue(tftypes.Object{AttributeTypes: map[string]tftypes.Type{env.Owner: tftypes.String}},
		map[string]tftypes.Value{env.Owner: providertest.TFStr("team-B")}); !got["custom_fields"].Equal(want) {
		t.Errorf("listed resource has custom_fields %s, want %s, as an import records them", got["custom_fields"], want)
	}
	for _, r := range results {
		if id := p.IdentityID("ardoq_component", r.Identity); id == apps[1].ID && r.DisplayName != "List B ("+apps[1].ComponentKey+", "+apps[1].Type+")" {
			t.Errorf("display name %q", r.DisplayName)
		}
	}

	// API filters, and a type by name.
	typeName := apps[0].Type
	for name, tc := range map[string]struct {
		config map[string]tftypes.Value
		want   []string
	}{
		"type_id":       {map[string]tftypes.Value{"type_id": providertest.TFStr(env.OtherType)}, []string{other.ID}},
		"type_name":     {map[string]tftypes.Value{"type_name": providertest.TFStr(typeName)}, []string{apps[0].ID, apps[1].ID, apps[2].ID}},
		"name":          {map[string]tftypes.Value{"name": providertest.TFStr("List C")}, []string{apps[2].ID}},
		"parent":        {map[string]tftypes.Value{"parent": providertest.TFStr(apps[0].ID)}, []string{apps[2].ID}},
		"component_key": {map[string]tftypes.Value{"component_key": providertest.TFStr(apps[0].ComponentKey)}, []string{apps[0].ID}},
		"custom_fields": {map[string]tftypes.Value{"custom_fields": tftypes.NewValue(tftypes.Map{ElementType: tftypes.String},
			map[string]tftypes.Value{env.Owner: providertest.TFStr("team-A")})}, []string{apps[0].ID}},
	} {
		t.Run(name, func(t *testing.T) {
			tc.config["workspace_id"] = providertest.TFStr(env.WS)
			want := append([]string(nil), tc.want...)
			sort.Strings(want)
			if got := resultIDs(t, p, "ardoq_component", p.List("ardoq_component", tc.config, false, 0)); strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("listed %v, want %v", got, want)
			}
		})
	}
	env.Srv.ResetRequests()
	before := env.Srv.CountRequests()["GET /api/v2/components"]
	if n := len(p.List("ardoq_component", map[string]tftypes.Value{"workspace_id": providertest.TFStr(env.WS), "type_name": providertest.TFStr(typeName)}, false, 0)); n != 3 {
		t.Errorf("type_name listed %d", n)
	}
	if lists := env.Srv.CountRequests()["GET /api/v2/components"] - before; lists != 2 {
		t.Errorf("3 components in pages of 2 took %d list requests, want 2", lists)
	}
}

func TestListResourceComponent_limit(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "request log")
	seedComponents(t, env)
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])
	for _, limit := range []int64{1, 2} {
		env.Srv.ResetRequests()
		results := p.List("ardoq_component", map[string]tftypes.Value{"workspace_id": providertest.TFStr(env.WS)}, true, limit)
		if int64(len(results)) != limit {
			t.Errorf("limit %d: %d results", limit, len(results))
		}
		if n := env.Srv.CountRequests()["GET /api/v2/components"]; n != 1 {
			t.Errorf("limit %d: %d list requests, want 1 (no page beyond the limit)", limit, n)
		}
	}
}

func TestListResourceComponent_errors(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "seeded workspace and type names")
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])
	providertest.ExpectDiag(t, p.ValidateList("ardoq_component", map[string]tftypes.Value{"workspace_id": providertest.TFStr("Applications")}), "must be an Ardoq id")
	providertest.ExpectDiag(t, p.ValidateList("ardoq_component", map[string]tftypes.Value{"workspace_id": providertest.TFStr(env.WS),
		"type_id": providertest.TFStr(env.AppType), "type_name": providertest.TFStr("Application")}), "cannot be configured together")
	p.NoErrors("valid list config", p.ValidateList("ardoq_component", map[string]tftypes.Value{"workspace_id": providertest.TFStr(env.WS), "type_name": providertest.TFStr("Application")}))

	results := p.List("ardoq_component", map[string]tftypes.Value{"workspace_id": providertest.TFStr(env.WS), "type_name": providertest.TFStr("Nope")}, false, 0)
	if len(results) != 1 {
		t.Fatalf("%d results, want one error", len(results))
	}
	providertest.ExpectDiag(t, results[0].Diagnostics, `has no component type named "Nope". Its types are: `)

	results = p.List("ardoq_component", map[string]tftypes.Value{"workspace_id": providertest.TFStr("0123456789abcdef01234567"), "type_name": providertest.TFStr("Application")}, false, 0)
	if len(results) != 1 {
		t.Fatalf("%d results, want one error", len(results))
	}
	providertest.ExpectDiag(t, results[0].Diagnostics, "Unable to Read Workspace Context")
}

// What terraform query -generate-config-out writes for a listed component imports it with an empty plan.
func TestListResourceComponent_adopt(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "seeding")
	apps, _ := seedComponents(t, env)
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])
	results := p.List("ardoq_component", map[string]tftypes.Value{"workspace_id": providertest.TFStr(env.WS), "name": providertest.TFStr("List A")}, true, 0)
	if len(results) != 1 {
		t.Fatalf("listed %d components named List A, want 1", len(results))
	}
	for _, r := range results {
		config := p.Adopt("ardoq_component", r)
		if providertest.Text(p, config, "name") != "List A" || providertest.Text(p, config, "type_id") != env.AppType || !config["id"].IsNull() || !config["version"].IsNull() {
			t.Errorf("generated config: %v", config)
		}
		if p.IdentityID("ardoq_component", r.Identity) != apps[0].ID {
			t.Errorf("listed %s", p.IdentityID("ardoq_component", r.Identity))
		}
	}
}

// The example query file lists what the docs say it lists.
func TestListResourceComponent_example(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "seeded workspace names") // the example names the emulator's seeded workspace
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])
	blocks := providertest.ReadExampleBlocks(t, "list-resources", "ardoq_component", "list-resource.tfquery.hcl")
	if len(blocks) == 0 {
		t.Fatal("no list block in the example")
	}
	for _, b := range blocks {
		if b.Kind != "list" || !strings.HasPrefix(b.Labels, `"ardoq_component"`) || b.Attrs["provider"] != "ardoq" {
			t.Fatalf("unexpected block %s %s %v", b.Kind, b.Labels, b.Attrs)
		}
		p.NoErrors("validate example", p.ValidateList("ardoq_component", b.Config))
		results := p.List("ardoq_component", b.Config, b.Attrs["include_resource"] == "true", 100)
		if len(results) == 0 {
			t.Fatalf("the example %s lists nothing", b.Labels)
		}
		for _, r := range results {
			p.NoErrors("example result", r.Diagnostics)
			if r.Resource == nil {
				t.Fatal("the example should set include_resource, which -generate-config-out needs")
			}
			p.Adopt("ardoq_component", r) // what -generate-config-out writes imports with an empty plan
		}
	}
}
