package provider

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/export"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/listing"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestAccExport_adoptsAndWritesNothing exports a workspace made by hand (styles, custom fields of
// several types, a reference with an empty display text, references to and from a second workspace) in
// each style, on the default org and on the foreign-seeded one test-real-org serves: the
// first plan imports every entity and changes nothing, its apply writes nothing (every version as it
// was, no write request sent), and the next plan is empty. Then the configuration exported again
// without one application deletes it with its module and the references touching them in one apply,
// and nothing else is written.
func TestAccExport_adoptsAndWritesNothing(t *testing.T) {
	sandbox, err := emulator.ReadSeed(providertest.RepoPath(t, "internal", "emulator", "seed", "sandbox.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, org := range []struct {
		name string
		opts []emulator.Option
	}{{"default org", nil}, {"foreign-seeded org", []emulator.Option{emulator.WithSeed(sandbox)}}} {
		for _, style := range []export.Style{export.Batch, export.Single} {
			t.Run(org.name+"/"+string(style), func(t *testing.T) {
				env := newTestEnv(t, org.opts...)
				env.RequireEmulator(t, "request log")
				exportRoundTrip(t, env, style)
			})
		}
	}
}

func exportRoundTrip(t *testing.T, env *testEnv, style export.Style) {
	cli := providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"])
	made := handMadeWorkspace(t, env)
	// The batch style exports both workspaces, whose references lead both ways (one batch names the
	// other's components by its computed ids, the other by data source, or they would make a cycle);
	// the single style the first, whose reference to the second names its target by data source.
	workspaces := []string{env.WS}
	if style == export.Batch && env.WS2 != env.WS {
		workspaces = append(workspaces, env.WS2)
	}
	org, err := export.Read(context.Background(), env.Client, workspaces, quietProgress{})
	if err != nil {
		t.Fatal(err)
	}
	resources := len(org.Workspaces)
	if style == export.Single {
		resources = len(org.Workspaces[0].Components) + len(org.Workspaces[0].References)
	}
	writeExport(t, env, cli, org, style)
	before := versionsIn(t, env, env.WS, env.WS2)
	want := fmt.Sprintf("%d to import, 0 to add, 0 to change, 0 to destroy", resources)
	env.Srv.ResetRequests()
	if out, code := cli.Run("plan"); code != 0 || !strings.Contains(out, want) {
		t.Fatalf("plan (exit %d), want %q:\n%s", code, want, out)
	}
	if style == export.Single {
		importsReadListPages(t, env, resources)
	}
	outsideTargetsFromListings(t, env, org)
	env.Srv.ResetRequests()
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 || !strings.Contains(out, fmt.Sprintf("%d imported, 0 added, 0 changed, 0 destroyed", resources)) {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	noWrites(t, env)
	if changed := changedVersions(before, versionsIn(t, env, env.WS, env.WS2)); len(changed) > 0 {
		t.Fatalf("the adoption wrote %v", changed)
	}
	env.Srv.ResetRequests()
	if out, code := cli.Run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after adoption is not empty (exit %d):\n%s", code, out)
	}
	outsideTargetsFromListings(t, env, org) // a no-change plan too

	gone := map[string]bool{made.app: true, made.module: true}
	w := org.Workspaces[0]
	w.Components = slices.DeleteFunc(w.Components, func(c client.Component) bool { return gone[c.ID] })
	w.References = slices.DeleteFunc(w.References, func(r client.Reference) bool {
		if gone[r.Source] || gone[r.Target] {
			gone[r.ID] = true
		}
		return gone[r.ID]
	})
	writeExport(t, env, cli, org, style)
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 {
		t.Fatalf("apply deleting an application with its module (exit %d):\n%s", code, out)
	}
	after := versionsIn(t, env, env.WS, env.WS2)
	for id := range gone {
		if _, still := after[id]; still {
			t.Errorf("%s was not deleted", id)
		}
		delete(before, id)
	}
	if changed := changedVersions(before, after); len(changed) > 0 {
		t.Fatalf("the delete wrote besides %v", changed)
	}
	if out, code := cli.Run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after the delete is not empty (exit %d):\n%s", code, out)
	}
}

// importsReadListPages fails when the imports of the single style read their entities one GET each: the
// exporter's import ids name the workspace, so the reads after the imports come from its list pages, as a
// refresh's do (the first listing.StartAfter-1 reads of each kind are GETs).
func importsReadListPages(t *testing.T, env *testEnv, imported int) {
	t.Helper()
	byID := 0
	for _, r := range env.Srv.Requests() {
		for _, kind := range []string{"/api/v2/components/", "/api/v2/references/"} {
			if r.Method == "GET" && strings.HasPrefix(r.Path, kind) {
				byID++
			}
		}
	}
	if most := 2 * (listing.StartAfter - 1); byID > most {
		t.Errorf("the plan importing %d entities read %d of them by id, want at most %d (the rest from list pages)", imported, byID, most)
	}
}

// outsideTargetsFromListings fails when a plan reads a component outside the exported workspaces on its
// own: the export names such targets through one listing of their workspace (ardoq_component_ids), and a
// batch's import reads them from that workspace's listing where there are more than a few.
func outsideTargetsFromListings(t *testing.T, env *testEnv, org *export.Org) {
	t.Helper()
	counts := map[string]int{}
	for _, r := range env.Srv.Requests() {
		counts[r.Method+" "+r.Path]++
		for id := range org.Foreign {
			if r.Method == "GET" && r.Path == "/api/v2/components/"+id {
				t.Errorf("the plan read the outside target %s on its own", id)
			}
		}
	}
	t.Logf("requests of the plan: %v", counts)
}

// handMade is what handMadeWorkspace made: an application with its module.
type handMade struct{ app, module string }

// handMadeWorkspace adds to the test's workspace what a workspace made by hand has: display overrides,
// custom fields of several types, a reference with an empty display text, and one to a component of
// another workspace, which the export does not take.
func handMadeWorkspace(t *testing.T, env *testEnv) handMade {
	t.Helper()
	fields := client.CustomFields{env.Ext: "billing" + env.Tag}
	if k := env.Field("Number"); k != "" {
		fields[k] = 1200
	}
	if k := env.Field("Checkbox"); k != "" {
		fields[k] = true
	}
	if k := env.Field("SelectMultipleList"); k != "" && len(env.Fields[k].Options) > 0 {
		fields[k] = []string{env.Fields[k].Options[0]}
	}
	app := env.CreateComponent(t, client.ComponentCreate{Name: "Billing" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
		Color: providertest.SP("#d53a7b"), Shape: providertest.SP("rectangle"), Icon: providertest.SP("fa-cog"),
		Image: providertest.SP("https://example.com/billing.png"), Description: providertest.SP("made \"by hand\" ${not a template}"), CustomFields: fields})
	module := env.CreateComponent(t, client.ComponentCreate{Name: "Billing API" + env.Tag, RootWorkspace: env.WS, TypeID: env.ChildType, Parent: &app.ID,
		Color: providertest.SP("#00ff00")})
	kept := env.CreateComponent(t, client.ComponentCreate{Name: "Ledger" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
	env.CreateReference(t, client.ReferenceCreate{Source: app.ID, Target: kept.ID, Type: env.RefType, DisplayText: providertest.SP("")})
	env.CreateReference(t, client.ReferenceCreate{Source: module.ID, Target: kept.ID, Type: env.RefType, DisplayText: providertest.SP("calls")})
	env.CreateReference(t, client.ReferenceCreate{Source: kept.ID, Target: app.ID, Type: env.RefType})
	if env.WS2 != env.WS {
		elsewhere := env.CreateComponent(t, client.ComponentCreate{Name: "Elsewhere" + env.Tag, RootWorkspace: env.WS2, TypeID: env.AppType})
		env.CreateReference(t, client.ReferenceCreate{Source: kept.ID, Target: elsewhere.ID, Type: env.RefType})
		env.CreateReference(t, client.ReferenceCreate{Source: elsewhere.ID, Target: kept.ID, Type: env.RefType})
	}
	return handMade{app: app.ID, module: module.ID}
}

// writeExport writes org's configuration in style over the run's earlier export, beside the provider.
func writeExport(t *testing.T, env *testEnv, cli *providertest.CLIRun, org *export.Org, style export.Style) {
	t.Helper()
	files, err := export.Write(org, style)
	if err != nil {
		t.Fatal(err)
	}
	cli.Write("versions.tf", env.ServedProvider())
	for _, f := range files {
		cli.Write(f.Name, string(f.Body))
	}
}

// versionsIn is every entity of the workspaces, id -> version.
func versionsIn(t *testing.T, env *testEnv, workspaces ...string) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	for _, ws := range workspaces {
		comps, err := env.Client.ListComponents(context.Background(), client.ComponentFilter{RootWorkspace: ws})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range comps {
			out[c.ID] = c.Version
		}
		refs, err := env.Client.ListReferences(context.Background(), client.ReferenceFilter{RootWorkspace: ws})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range refs {
			out[r.ID] = r.Version
		}
	}
	return out
}

// changedVersions lists the entities of before whose version moved, or which are gone.
func changedVersions(before, after map[string]int64) []string {
	var out []string
	for id, v := range before {
		if w, ok := after[id]; !ok || w != v {
			out = append(out, fmt.Sprintf("%s (version %d -> %d)", id, v, w))
		}
	}
	return out
}

// noWrites fails on any request since the log was reset that writes (the batch's dry run, which writes
// nothing, aside).
func noWrites(t *testing.T, env *testEnv) {
	t.Helper()
	for _, r := range env.Srv.Requests() {
		if r.Method != "GET" && r.Path != "/api/v2/batch/expand" {
			t.Errorf("the adoption sent %s %s %s", r.Method, r.Path, r.Body)
		}
	}
}

type quietProgress struct{}

func (quietProgress) Workspace(string, int, int) {}
func (quietProgress) Read(string, int)           {}

// TestAccExport_outsideTargetsCostListPages pins the requests of a workspace whose references target many
// components of a workspace not exported, in both styles: its first apply (imports and all) and a
// no-change plan read the targets from list pages, fewer requests in all than there are targets.
func TestAccExport_outsideTargetsCostListPages(t *testing.T) {
	const targets = 30
	for _, style := range []export.Style{export.Batch, export.Single} {
		t.Run(string(style), func(t *testing.T) {
			env := newTestEnv(t, emulator.WithPageSize(100))
			env.RequireEmulator(t, "request log")
			if env.WS2 == env.WS {
				t.Skip("needs a second workspace")
			}
			source := env.CreateComponent(t, client.ComponentCreate{Name: "Source" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
			for i := range targets {
				target := env.CreateComponent(t, client.ComponentCreate{Name: fmt.Sprintf("Target %d%s", i, env.Tag), RootWorkspace: env.WS2,
					TypeID: env.AppType})
				env.CreateReference(t, client.ReferenceCreate{Source: source.ID, Target: target.ID, Type: env.RefType})
			}
			org, err := export.Read(context.Background(), env.Client, []string{env.WS}, quietProgress{})
			if err != nil {
				t.Fatal(err)
			}
			cli := providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"])
			writeExport(t, env, cli, org, style)
			for _, run := range []struct{ name, command string }{{"first plan", "apply"}, {"no-change plan", "plan"}} {
				env.Srv.ResetRequests()
				args := []string{run.command, "-auto-approve"}
				if run.command == "plan" {
					args = []string{"plan", "-detailed-exitcode"}
				}
				if out, code := cli.Run(args...); code != 0 {
					t.Fatalf("%s (exit %d):\n%s", run.name, code, out)
				}
				byID, total, counts := 0, 0, map[string]int{}
				for _, r := range env.Srv.Requests() {
					total++
					counts[r.Method+" "+r.Path+"?"+r.Query]++
					if r.Method == "GET" && (strings.HasPrefix(r.Path, "/api/v2/components/") || strings.HasPrefix(r.Path, "/api/v2/references/")) {
						byID++
					}
				}
				t.Logf("%s: %d requests, %d entities read by id: %v", run.name, total, byID, counts)
				if most := 2 * (listing.StartAfter - 1); byID > most || total >= targets {
					t.Errorf("%s read %d entities by id (want at most %d, the rest from list pages) and sent %d requests (want fewer than one per "+
						"outside target, %d)", run.name, byID, most, total, targets)
				}
			}
		})
	}
}
