package batch_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// crossApp is an item of the "apps" batch: its key and type placeholder.
type crossApp struct{ key, typ string }

// crossBatchConfig is two batches: "apps", and "caps" with one component and a reference from it to each
// app, whose target is the app's id read from the other batch.
func crossBatchConfig(env *testEnv, settings string, apps ...crossApp) string {
	var items, refs strings.Builder
	for _, a := range apps {
		fmt.Fprintf(&items, "    %s = { root_workspace = \"{ws}\", type_id = \"%s\", name = \"App %s{tag}\" }\n", a.key, a.typ, a.key)
		fmt.Fprintf(&refs, "    \"cap -> %s\" = { source = \"cap\", target = ardoq_batch.apps.computed_components[%q].id, type = {ref} }\n",
			a.key, a.key)
	}
	return env.ServedProvider(settings) + env.Render(`resource "ardoq_batch" "apps" {
  components = {
`+items.String()+`  }
}

resource "ardoq_batch" "caps" {
  components = {
    cap = { root_workspace = "{ws}", type_id = "{app}", name = "Capability{tag}" }
  }
  references = {
`+refs.String()+`  }
}

output "apps" { value = { for k, v in ardoq_batch.apps.computed_components : k => v.id } }
output "refs" { value = { for k, v in ardoq_batch.caps.computed_references : k => v.id } }
`)
}

// outputIDs reads a map output of ids.
func outputIDs(t *testing.T, cli batchCLI, name string) map[string]string {
	t.Helper()
	out, code := cli.Shell("terraform output -json " + name)
	var ids map[string]string
	if code != 0 || json.Unmarshal([]byte(out), &ids) != nil {
		t.Fatalf("terraform output %s (exit %d):\n%s", name, code, out)
	}
	return ids
}

// expectPlannedReferences saves a plan and checks which of caps' references it knows the ids of: the
// known ones as the state has them, the others unknown.
func expectPlannedReferences(t *testing.T, cli batchCLI, known []string, unknown ...string) {
	t.Helper()
	held := outputIDs(t, cli, "refs")
	cli.must(2, "plan", "-detailed-exitcode", "-out=tfplan")
	out, code := cli.Shell("terraform show -json tfplan")
	var shown struct {
		ResourceChanges []struct {
			Address string `json:"address"`
			Change  struct {
				After        map[string]json.RawMessage `json:"after"`
				AfterUnknown map[string]json.RawMessage `json:"after_unknown"`
			} `json:"change"`
		} `json:"resource_changes"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &shown) != nil {
		t.Fatalf("terraform show -json (exit %d):\n%s", code, out)
	}
	for _, rc := range shown.ResourceChanges {
		if rc.Address != "ardoq_batch.caps" {
			continue
		}
		var after map[string]struct{ ID string }
		var afterUnknown map[string]struct{ ID bool }
		if json.Unmarshal(rc.Change.After["computed_references"], &after) != nil ||
			json.Unmarshal(rc.Change.AfterUnknown["computed_references"], &afterUnknown) != nil {
			t.Fatalf("caps' planned computed_references are not a map with known keys: %s, unknown %s",
				rc.Change.After["computed_references"], rc.Change.AfterUnknown["computed_references"])
		}
		if len(after) != len(known)+len(unknown) {
			t.Errorf("caps' planned computed_references have keys %v, want %v and %v", after, known, unknown)
		}
		for _, k := range known {
			if after[k].ID != held[k] || afterUnknown[k].ID {
				t.Errorf("the plan must keep the id of %q (%s): %+v, unknown %v", k, held[k], after[k], afterUnknown[k].ID)
			}
		}
		for _, k := range unknown {
			if !afterUnknown[k].ID {
				t.Errorf("the plan must leave the id of %q unknown: %+v", k, after[k])
			}
		}
		return
	}
	t.Fatalf("the plan does not change ardoq_batch.caps:\n%s", out)
}

// applyOnceThenNoChanges applies in one go and checks that the next plan is empty.
func applyOnceThenNoChanges(cli batchCLI, what string) {
	cli.t.Helper()
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 || !strings.Contains(out, "Apply complete") {
		cli.t.Fatalf("%s: one apply must do it (exit %d):\n%s", what, code, out)
	}
	if out, code := cli.Run("plan", "-detailed-exitcode"); code != 0 {
		cli.t.Fatalf("%s: the plan after the apply is not empty (exit %d):\n%s", what, code, out)
	}
}

// checkLinks checks in Ardoq that each of caps' references runs from the capability to its app.
func checkLinks(t *testing.T, env *testEnv, cli batchCLI, apps ...crossApp) {
	t.Helper()
	appIDs, refIDs := outputIDs(t, cli, "apps"), outputIDs(t, cli, "refs")
	for _, a := range apps {
		ref, err := env.Client.GetReference(context.Background(), refIDs["cap -> "+a.key])
		if err != nil || ref.Target != appIDs[a.key] {
			t.Fatalf("the reference to %s must target its component %s: %+v, %v", a.key, appIDs[a.key], ref, err)
		}
		if app := env.Component(t, appIDs[a.key]); app.TypeID != env.Render(a.typ) {
			t.Fatalf("app %s has type %s, want %s", a.key, app.TypeID, env.Render(a.typ))
		}
	}
}

// Two batches, one referring to the other's items by id, each change applied in one apply with an empty
// plan after it: new components in one batch with new references to them in the other (the plan knows
// neither the new ids nor, therefore, the new references' values), a component replaced (its type changes;
// Ardoq takes the other batch's reference along, which allow_cascade_delete lets happen, and the reference
// is made again to the new component), and a component deleted behind Terraform's back (with the reference
// to it), made again and referred to again.
func TestAccBatchResource_referencesAcrossBatches(t *testing.T) {
	env := newTestEnv(t)
	env.RequireOtherType(t)
	cli := batchCLI{CLIRun: providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"]), t: t}
	t.Cleanup(func() {
		if out, code := cli.Run("destroy", "-auto-approve"); code != 0 {
			t.Errorf("destroy (exit %d):\n%s", code, out)
		}
	})
	apps := []crossApp{{"a1", "{app}"}}
	cli.Write("main.tf", crossBatchConfig(env, "", apps...))
	applyOnceThenNoChanges(cli, "the first apply")

	apps = append(apps, crossApp{"a2", "{app}"}, crossApp{"a3", "{app}"})
	cli.Write("main.tf", crossBatchConfig(env, "", apps...))
	expectPlannedReferences(t, cli, []string{"cap -> a1"}, "cap -> a2", "cap -> a3")
	applyOnceThenNoChanges(cli, "adding components and references to them")
	checkLinks(t, env, cli, apps...)

	apps[1].typ = "{other}"
	cli.Write("main.tf", crossBatchConfig(env, "allow_cascade_delete = true", apps...))
	expectPlannedReferences(t, cli, []string{"cap -> a1", "cap -> a3"}, "cap -> a2")
	applyOnceThenNoChanges(cli, "replacing a referenced component")
	checkLinks(t, env, cli, apps...)

	env.DeleteInApp(t, false, outputIDs(t, cli, "apps")["a3"])
	expectPlannedReferences(t, cli, []string{"cap -> a1", "cap -> a2"}, "cap -> a3")
	applyOnceThenNoChanges(cli, "making a lost component again")
	checkLinks(t, env, cli, apps...)
}

// A single ardoq_reference to a new batch item, and a batch's reference item to a new ardoq_component,
// added to existing resources: one apply, and an empty plan after it.
func TestAccBatchResource_singleResourcesAcrossBatch(t *testing.T) {
	env := newTestEnv(t)
	cli := batchCLI{CLIRun: providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"]), t: t}
	t.Cleanup(func() {
		if out, code := cli.Run("destroy", "-auto-approve"); code != 0 {
			t.Errorf("destroy (exit %d):\n%s", code, out)
		}
	})
	config := func(keys ...string) string {
		var hcl strings.Builder
		hcl.WriteString(`resource "ardoq_batch" "apps" {
  components = {
`)
		for _, k := range keys {
			fmt.Fprintf(&hcl, "    %s = { root_workspace = \"{ws}\", type_id = \"{app}\", name = \"App %s{tag}\" }\n", k, k)
		}
		hcl.WriteString("  }\n  references = {\n")
		for _, k := range keys {
			fmt.Fprintf(&hcl, "    %s_out = { source = %q, target = ardoq_component.%s.id, type = {ref} }\n", k, k, k)
		}
		hcl.WriteString("  }\n}\n")
		for _, k := range keys {
			fmt.Fprintf(&hcl, `resource "ardoq_component" %q {
  name           = "Outside %s{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}

resource "ardoq_reference" "to_%s" {
  source = ardoq_component.%s.id
  target = ardoq_batch.apps.computed_components[%q].id
  type   = {ref}
}
`, k, k, k, k, k)
		}
		return env.ServedProvider() + env.Render(hcl.String())
	}
	cli.Write("main.tf", config("a1"))
	applyOnceThenNoChanges(cli, "the first apply")
	cli.Write("main.tf", config("a1", "a2"))
	applyOnceThenNoChanges(cli, "adding a batch item, an ardoq_component, and references between them")
}
