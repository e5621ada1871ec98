package listresources_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// seedReferences adds references between seeded components: a->b and a->c of the first reference type,
// b->c of the last one with a display text, and one from the second workspace into the first.
func seedReferences(t *testing.T, env *testEnv) (refs []emulator.Reference, elsewhere emulator.Reference) {
	t.Helper()
	apps, _ := seedComponents(t, env)
	shown := "feeds"
	for _, seed := range []emulator.ReferenceSeed{
		{Source: apps[0].ID, Target: apps[1].ID, Type: env.RefType},
		{Source: apps[0].ID, Target: apps[2].ID, Type: env.RefType},
		{Source: apps[1].ID, Target: apps[2].ID, Type: env.RefType2, DisplayText: &shown},
	} {
		r, err := env.Srv.SeedReference(seed)
		if err != nil {
			t.Fatal(err)
		}
		refs = append(refs, r)
	}
	remote, err := env.Srv.SeedComponent(emulator.ComponentSeed{Name: "Remote", RootWorkspace: env.WS2, TypeID: env.AppType})
	if err != nil {
		t.Fatal(err)
	}
	elsewhere, err = env.Srv.SeedReference(emulator.ReferenceSeed{Source: remote.ID, Target: apps[0].ID, Type: env.RefType})
	if err != nil {
		t.Fatal(err)
	}
	return refs, elsewhere
}

func TestListResourceReference_list(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "seeding")
	refs, elsewhere := seedReferences(t, env)
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])
	wctx, err := env.Client.GetWorkspaceContext(t.Context(), env.WS)
	if err != nil {
		t.Fatal(err)
	}
	t2, ok := wsmodel.ReferenceTypeOf(wctx, env.RefType2)
	if !ok {
		t.Fatalf("reference type %d is not in the model", env.RefType2)
	}
	type2 := t2.Name

	for name, tc := range map[string]struct {
		config map[string]tftypes.Value
		want   []string
	}{
		"workspace":    {map[string]tftypes.Value{}, []string{refs[0].ID, refs[1].ID, refs[2].ID}},
		"source":       {map[string]tftypes.Value{"source": providertest.TFStr(refs[2].Source)}, []string{refs[2].ID}},
		"target":       {map[string]tftypes.Value{"target": providertest.TFStr(refs[2].Target)}, []string{refs[1].ID, refs[2].ID}},
		"type":         {map[string]tftypes.Value{"type": providertest.TFNum(env.RefType)}, []string{refs[0].ID, refs[1].ID}},
		"type_name":    {map[string]tftypes.Value{"type_name": providertest.TFStr(type2)}, []string{refs[2].ID}},
		"display_text": {map[string]tftypes.Value{"display_text": providertest.TFStr("feeds")}, []string{refs[2].ID}},
		"target_workspace": {map[string]tftypes.Value{"workspace_id": providertest.TFStr(env.WS2), "target_workspace": providertest.TFStr(env.WS)},
			[]string{elsewhere.ID}},
	} {
		t.Run(name, func(t *testing.T) {
			if _, ok := tc.config["workspace_id"]; !ok {
				tc.config["workspace_id"] = providertest.TFStr(env.WS)
			}
			want := append([]string(nil), tc.want...)
			sort.Strings(want)
			if got := resultIDs(t, p, "ardoq_reference", p.List("ardoq_reference", tc.config, false, 0)); strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("listed %v, want %v", got, want)
			}
		})
	}

	results := p.List("ardoq_reference", map[string]tftypes.Value{"workspace_id": providertest.TFStr(env.WS), "display_text": providertest.TFStr("feeds")}, true, 0)
	if len(results) != 1 {
		t.Fatalf("%d results", len(results))
	}
	r := results[0]
	if want := type2 + ` "feeds": ` + refs[2].Source + " -> " + refs[2].Target; r.DisplayName != want {
		t.Errorf("display name %q, want %q", r.DisplayName, want)
	}
	got := p.Attrs(p.ResourceType("ardoq_reference"), r.Resource)
	if providertest.Text(p, got, "id") != refs[2].ID || providertest.Text(p, got, "display_text") != "feeds" || providertest.Text(p, got, "source") != refs[2].Source {
		t.Errorf("listed resource: %v", got)
	}
	p.Adopt("ardoq_reference", r)

	providertest.ExpectDiag(t, p.ValidateList("ardoq_reference", map[string]tftypes.Value{"workspace_id": providertest.TFStr(env.WS), "type": providertest.TFNum(1),
		"type_name": providertest.TFStr(type2)}), "cannot be configured together")
	results = p.List("ardoq_reference", map[string]tftypes.Value{"workspace_id": providertest.TFStr(env.WS), "type_name": providertest.TFStr("Nope")}, false, 0)
	if len(results) != 1 {
		t.Fatalf("%d results, want one error", len(results))
	}
	providertest.ExpectDiag(t, results[0].Diagnostics, `has no reference type named "Nope"`)
}

func TestListResourceReference_example(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "seeded workspace names")
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])
	for _, b := range providertest.ReadExampleBlocks(t, "list-resources", "ardoq_reference", "list-resource.tfquery.hcl") {
		if b.Kind != "list" || !strings.HasPrefix(b.Labels, `"ardoq_reference"`) || b.Attrs["provider"] != "ardoq" {
			t.Fatalf("unexpected block %s %s %v", b.Kind, b.Labels, b.Attrs)
		}
		p.NoErrors("validate example", p.ValidateList("ardoq_reference", b.Config))
		results := p.List("ardoq_reference", b.Config, b.Attrs["include_resource"] == "true", 100)
		if len(results) == 0 {
			t.Fatalf("the example %s lists nothing", b.Labels)
		}
		for _, r := range results {
			p.NoErrors("example result", r.Diagnostics)
			if r.Resource == nil {
				t.Error("the example should set include_resource, which -generate-config-out needs")
			}
			p.Adopt("ardoq_reference", r)
		}
	}
}
