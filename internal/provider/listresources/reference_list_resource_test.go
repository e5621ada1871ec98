package provider

import (
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

// seedReferences adds references between seeded components: a->b and a->c of the first reference type,
// b->c of the last one with a display text, and one from the second workspace into the first.
func seedReferences(t *testing.T, env *testEnv) (refs []emulator.Reference, elsewhere emulator.Reference) {
	t.Helper()
	apps, _ := seedComponents(t, env)
	shown := "feeds"
	for _, seed := range []emulator.ReferenceSeed{
		{Source: apps[0].ID, Target: apps[1].ID, Type: env.refType},
		{Source: apps[0].ID, Target: apps[2].ID, Type: env.refType},
		{Source: apps[1].ID, Target: apps[2].ID, Type: env.refType2, DisplayText: &shown},
	} {
		r, err := env.srv.SeedReference(seed)
		if err != nil {
			t.Fatal(err)
		}
		refs = append(refs, r)
	}
	remote, err := env.srv.SeedComponent(emulator.ComponentSeed{Name: "Remote", RootWorkspace: env.ws2, TypeID: env.appType})
	if err != nil {
		t.Fatal(err)
	}
	elsewhere, err = env.srv.SeedReference(emulator.ReferenceSeed{Source: remote.ID, Target: apps[0].ID, Type: env.refType})
	if err != nil {
		t.Fatal(err)
	}
	return refs, elsewhere
}

func TestListResourceReference_list(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t, "seeding")
	refs, elsewhere := seedReferences(t, env)
	p := newProtoProvider(t, env)
	wctx, err := env.client.GetWorkspaceContext(t.Context(), env.ws)
	if err != nil {
		t.Fatal(err)
	}
	t2, ok := wsmodel.ReferenceTypeOf(wctx, env.refType2)
	if !ok {
		t.Fatalf("reference type %d is not in the model", env.refType2)
	}
	type2 := t2.Name

	for name, tc := range map[string]struct {
		config map[string]tftypes.Value
		want   []string
	}{
		"workspace":    {map[string]tftypes.Value{}, []string{refs[0].ID, refs[1].ID, refs[2].ID}},
		"source":       {map[string]tftypes.Value{"source": tfStr(refs[2].Source)}, []string{refs[2].ID}},
		"target":       {map[string]tftypes.Value{"target": tfStr(refs[2].Target)}, []string{refs[1].ID, refs[2].ID}},
		"type":         {map[string]tftypes.Value{"type": tfNum(env.refType)}, []string{refs[0].ID, refs[1].ID}},
		"type_name":    {map[string]tftypes.Value{"type_name": tfStr(type2)}, []string{refs[2].ID}},
		"display_text": {map[string]tftypes.Value{"display_text": tfStr("feeds")}, []string{refs[2].ID}},
		"target_workspace": {map[string]tftypes.Value{"workspace_id": tfStr(env.ws2), "target_workspace": tfStr(env.ws)},
			[]string{elsewhere.ID}},
	} {
		t.Run(name, func(t *testing.T) {
			if _, ok := tc.config["workspace_id"]; !ok {
				tc.config["workspace_id"] = tfStr(env.ws)
			}
			want := append([]string(nil), tc.want...)
			sort.Strings(want)
			if got := resultIDs(t, p, "ardoq_reference", p.list("ardoq_reference", tc.config, false, 0)); strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("listed %v, want %v", got, want)
			}
		})
	}

	results := p.list("ardoq_reference", map[string]tftypes.Value{"workspace_id": tfStr(env.ws), "display_text": tfStr("feeds")}, true, 0)
	if len(results) != 1 {
		t.Fatalf("%d results", len(results))
	}
	r := results[0]
	if want := type2 + ` "feeds": ` + refs[2].Source + " -> " + refs[2].Target; r.DisplayName != want {
		t.Errorf("display name %q, want %q", r.DisplayName, want)
	}
	got := p.attrs(p.resourceType("ardoq_reference"), r.Resource)
	if text(p, got, "id") != refs[2].ID || text(p, got, "display_text") != "feeds" || text(p, got, "source") != refs[2].Source {
		t.Errorf("listed resource: %v", got)
	}
	p.adopt("ardoq_reference", r)

	expectDiag(t, p.validateList("ardoq_reference", map[string]tftypes.Value{"workspace_id": tfStr(env.ws), "type": tfNum(1),
		"type_name": tfStr(type2)}), "cannot be configured together")
	results = p.list("ardoq_reference", map[string]tftypes.Value{"workspace_id": tfStr(env.ws), "type_name": tfStr("Nope")}, false, 0)
	if len(results) != 1 {
		t.Fatalf("%d results, want one error", len(results))
	}
	expectDiag(t, results[0].Diagnostics, `has no reference type named "Nope"`)
}

func TestListResourceReference_example(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t, "seeded workspace names")
	p := newProtoProvider(t, env)
	for _, b := range readExampleBlocks(t, "list-resources", "ardoq_reference", "list-resource.tfquery.hcl") {
		if b.Kind != "list" || !strings.HasPrefix(b.Labels, `"ardoq_reference"`) || b.Attrs["provider"] != "ardoq" {
			t.Fatalf("unexpected block %s %s %v", b.Kind, b.Labels, b.Attrs)
		}
		p.noErrors("validate example", p.validateList("ardoq_reference", b.Config))
		results := p.list("ardoq_reference", b.Config, b.Attrs["include_resource"] == "true", 100)
		if len(results) == 0 {
			t.Fatalf("the example %s lists nothing", b.Labels)
		}
		for _, r := range results {
			p.noErrors("example result", r.Diagnostics)
			if r.Resource == nil {
				t.Error("the example should set include_resource, which -generate-config-out needs")
			}
			p.adopt("ardoq_reference", r)
		}
	}
}
