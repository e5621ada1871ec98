package providertest

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// The seeds make test-foreign-org serves as real orgs (internal/emulator/seed/sandbox.json and its thinner
// sandbox-thin.json) load, and share no id, workspace name, type id, type name, field key or label,
// report or attachment with the default seed: a test that assumed the default seed's values would fail
// against them.
func TestSandboxSeed_sharesNothingWithTheDefault(t *testing.T) {
	for _, file := range []string{"sandbox.json", "sandbox-thin.json"} {
		t.Run(file, func(t *testing.T) { sharesNothingWithTheDefault(t, file) })
	}
}

func sharesNothingWithTheDefault(t *testing.T, file string) {
	sandbox, err := emulator.ReadSeed(filepath.Join("..", "..", "emulator", "seed", file))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := emulator.New(emulator.WithSeed(sandbox)); err != nil {
		t.Fatalf("the sandbox seed does not load: %v", err)
	}
	def, err := emulator.DefaultSeed()
	if err != nil {
		t.Fatal(err)
	}
	values := func(s *emulator.Seed) map[string]string {
		out := map[string]string{}
		add := func(kind string, vs ...string) {
			for _, v := range vs {
				if v != "" {
					out[kind+" "+v] = v
				}
			}
		}
		for _, m := range s.Models {
			add("id", m.ID)
			for _, ct := range m.ComponentTypes {
				add("type id", ct.TypeID)
				add("type name", ct.Name)
			}
			for _, rt := range m.ReferenceTypes {
				add("reference type", fmt.Sprint(rt.Type), rt.Name)
			}
			for _, f := range m.Fields {
				add("field", f.APIKey, f.Label)
			}
		}
		for _, w := range s.Workspaces {
			add("id", w.ID)
			add("workspace", w.Name, w.WorkspaceKey)
		}
		for _, c := range s.Components {
			add("id", c.ID)
			add("component", c.Name)
		}
		for _, r := range s.References {
			add("id", r.ID)
		}
		for _, a := range s.Attachments {
			add("id", a.ID)
			add("attachment", a.Filename)
			if a.Folder != nil {
				add("id", *a.Folder)
			}
		}
		for _, r := range s.Reports {
			add("id", r.ID)
			if r.Name != nil {
				add("report", *r.Name)
			}
		}
		return out
	}
	theirs := values(def)
	for k := range values(sandbox) {
		if _, ok := theirs[k]; ok {
			t.Errorf("the sandbox seed shares %s with the default seed", k)
		}
	}
}
