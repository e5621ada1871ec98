package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// guideSnippet is the first ```sh block after heading in a guide template: the commands the guide
// tells users to run, tested as written.
func guideSnippet(t *testing.T, guide, heading string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "templates", "guides", guide))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(b), heading)
	if !ok {
		t.Fatalf("%s has no heading %q", guide, heading)
	}
	_, block, ok := strings.Cut(after, "```sh\n")
	block, _, closed := strings.Cut(block, "```")
	if !ok || !closed {
		t.Fatalf("%s has no sh block after %q", guide, heading)
	}
	return block
}

// The adoption guide: for_each import blocks fed by ardoq_components import every component of the
// workspace with no change (Terraform 1.7+): two the test makes (a parent with custom fields and its
// child, both with hand-set colours, and the parent with a shape, an icon and an image) and whatever the
// workspace holds already. The plan is checked to change nothing before it is
// applied, so nothing the test did not make is ever written, and the custom fields, which the
// configuration leaves out, stay in Ardoq.
func TestAccGuide_adoptWorkspace_everyCLI(t *testing.T) {
	env := newTestEnv(t)
	env.RequireUniqueWorkspaceNames(t)
	cli := providertest.NewServedCLIRun(t, env.Env, "1.7.0", testAccProviders["ardoq"])
	fields := client.CustomFields{env.Ext: "adopted-1" + env.Tag}
	if number := env.Field("Number"); number != "" {
		fields[number] = 7
	}
	parent := env.CreateComponent(t, client.ComponentCreate{Name: "Adopted parent" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
		Description: providertest.SP("made by hand"), CustomFields: fields, Color: providertest.SP("#d53a7b"), Shape: providertest.SP("rectangle"),
		Icon: providertest.SP("fa-cog"), Image: providertest.SP("https://example.com/parent.png")})
	child := env.CreateComponent(t, client.ComponentCreate{Name: "Adopted child" + env.Tag, RootWorkspace: env.WS, TypeID: env.ChildType, Parent: &parent.ID,
		CustomFields: client.CustomFields{env.Ext: "adopted-2" + env.Tag}, Color: providertest.SP("#00ff00"), Icon: providertest.SP("fa-bolt")})
	existing, err := env.Client.ListComponents(context.Background(), client.ComponentFilter{RootWorkspace: env.WS})
	if err != nil {
		t.Fatal(err)
	}
	cli.Write("provider.tf", env.ServedProvider())
	cli.Write("terraform.tfvars.json", env.ExampleTFVars(t))
	cli.Write("main.tf", providertest.ReadExample(t, "guides", "adopt-workspace", "main.tf"))
	want := fmt.Sprintf("%d to import, 0 to add, 0 to change, 0 to destroy", len(existing))
	if out, code := cli.Run("plan"); code != 0 || !strings.Contains(out, want) {
		t.Fatalf("plan (exit %d), want %q:\n%s", code, want, out)
	}
	out, code := cli.Run("apply", "-auto-approve")
	if code != 0 || !strings.Contains(out, fmt.Sprintf("%d imported, 0 added, 0 changed, 0 destroyed", len(existing))) {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	if out, code := cli.Run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after adoption is not empty (exit %d):\n%s", code, out)
	}
	if got := env.Component(t, child.ID); got.Version != child.Version {
		t.Errorf("adoption wrote the child: version %d, was %d", got.Version, child.Version)
	}
	got := env.Component(t, parent.ID)
	for k, v := range fields {
		if providertest.HCLValue(t, got.CustomFields[k]) != providertest.HCLValue(t, v) || got.Version != parent.Version {
			t.Errorf("adoption changed the parent: %s = %s, want %s (version %d, was %d)", k, providertest.HCLValue(t, got.CustomFields[k]), providertest.HCLValue(t, v),
				got.Version, parent.Version)
		}
	}
}

// The import-by-string-id example with -generate-config-out writes a configuration that applies cleanly.
// It imports a component the test made.
func TestAccGuide_generateConfig_everyCLI(t *testing.T) {
	env := newTestEnv(t)
	cli := providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"])
	c := env.CreateComponent(t, client.ComponentCreate{Name: "Customer Management" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
		CustomFields: client.CustomFields{env.Ext: "cap-001" + env.Tag}})
	cli.Write("provider.tf", env.ServedProvider())
	example := providertest.ReadExample(t, "resources", "ardoq_component", "import-by-string-id.tf")
	cli.Write("import.tf", providertest.ImportedID(providertest.NewExampleTranslation(), c.ID).Apply(t, example))
	if out, code := cli.Run("plan", "-generate-config-out=generated.tf"); code != 0 {
		t.Fatalf("plan -generate-config-out (exit %d):\n%s", code, out)
	}
	generated, err := os.ReadFile(filepath.Join(cli.Dir, "generated.tf"))
	if err != nil || !strings.Contains(string(generated), `name           = "`+c.Name+`"`) {
		t.Fatalf("generated configuration:\n%s %v", generated, err)
	}
	if !regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(env.Ext) + `\s*=\s*"cap-001` + regexp.QuoteMeta(env.Tag) + `"\s*$`).Match(generated) {
		t.Errorf("the generated configuration does not carry the custom field %s Ardoq holds:\n%s", env.Ext, generated)
	}
	out, code := cli.Run("apply", "-auto-approve")
	if code != 0 || !strings.Contains(out, "1 imported, 0 added, 0 changed, 0 destroyed") {
		t.Fatalf("apply of the generated configuration (exit %d):\n%s\n%s", code, out, generated)
	}
	if got := env.Component(t, c.ID); got.CustomFields[env.Ext] != "cap-001"+env.Tag || got.Version != c.Version {
		t.Errorf("the import changed the component: %v, version %d (was %d)", got.CustomFields, got.Version, c.Version)
	}
	if out, code := cli.Run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after import is not empty (exit %d):\n%s", code, out)
	}
}

// The demo (examples/demo, run by make demo) applies, plans empty, and destroys everything it made. Its
// custom fields and report are translated for the org like the examples'. If a step fails, the test
// still destroys what the demo made.
func TestAccExamples_demo_everyCLI_everyOrg(t *testing.T) {
	env := newTestEnv(t)
	env.RequireUniqueWorkspaceNames(t)
	comps, refs := providertest.CountsOf(env.Env)[0], providertest.CountsOf(env.Env)[1]
	main, outputs := providertest.ReadExample(t, "demo", "main.tf"), providertest.ReadExample(t, "demo", "outputs.tf")
	tr := env.Translation(t, main+outputs)
	tr.Literal("Applications overview", *env.ReportWithColumns(t, "name", "componentKey").Name)
	t.Logf("demo with %s", tr)
	cli := providertest.NewCLIRun(t, env.Env, "1.5.0")
	for _, f := range []string{"versions.tf", "variables.tf"} {
		cli.Write(f, providertest.ReadExample(t, "demo", f))
	}
	cli.Write("main.tf", tr.Apply(t, main))
	cli.Write("outputs.tf", tr.Apply(t, outputs))
	cli.Write("terraform.tfvars.json", env.ExampleTFVars(t))
	applied := false
	t.Cleanup(func() {
		if applied {
			if out, code := cli.Run("destroy", "-auto-approve"); code != 0 {
				t.Errorf("destroy after a failure (exit %d):\n%s", code, out)
			}
		}
	})
	applied = true
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 || !strings.Contains(out, "Apply complete! Resources: 14 added") {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	held := cli.HeldIDs()
	if out, code := cli.Run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the second plan is not empty (exit %d):\n%s", code, out)
	}
	if out, code := cli.Run("destroy", "-auto-approve"); code != 0 {
		t.Fatalf("destroy (exit %d):\n%s", code, out)
	}
	applied = false
	for _, id := range held.References {
		if _, err := env.Client.GetReference(context.Background(), id); !client.IsNotFound(err) {
			t.Errorf("reference %s is still in the org after destroy (%v)", id, err)
		}
	}
	for _, id := range held.Components {
		if env.Exists(t, id) {
			t.Errorf("component %s is still in the org after destroy", id)
		}
	}
	if env.Srv != nil {
		if c, r := env.Srv.Counts(); c != comps || r != refs {
			for _, left := range env.Srv.Snapshot().Components {
				t.Logf("left: %s %s %s", left.ID, left.Name, left.Type)
			}
			t.Fatalf("after destroy the org has %d components and %d references, want %d and %d", c, r, comps, refs)
		}
	}
}

// mories76State is a state as mories76/ardoq (v1 API, SDKv2) writes it for the configuration the
// migration guide starts from: two components, a reference and a workspace data source. Each {name} is
// a value of what the test made (mories76StateOf).
const mories76State = `{
  "version": 4,
  "terraform_version": "1.5.7",
  "serial": 7,
  "lineage": "3f0c8f7e-5d0a-4a57-9a43-7d6c2a0f7c11",
  "outputs": {},
  "resources": [
    {
      "mode": "data", "type": "ardoq_workspace", "name": "caps",
      "provider": "provider[\"registry.terraform.io/mories76/ardoq\"]",
      "instances": [{"schema_version": 0, "attributes": {"id": {ws}, "name": {ws_name},
        "component_counter": 3, "component_model": {model}, "component_template": "", "description": {ws_description},
        "fields": {}}, "sensitive_attributes": []}]
    },
    {
      "mode": "managed", "type": "ardoq_component", "name": "billing",
      "provider": "provider[\"registry.terraform.io/mories76/ardoq\"]",
      "instances": [{"schema_version": 0, "attributes": {"id": {billing}, "name": {billing_name}, "description": "",
        "parent": "", "root_workspace": {ws}, "type_id": {billing_type},
        "fields": {billing_fields}}, "sensitive_attributes": [], "private": "bnVsbA=="}]
    },
    {
      "mode": "managed", "type": "ardoq_component", "name": "payments",
      "provider": "provider[\"registry.terraform.io/mories76/ardoq\"]",
      "instances": [{"schema_version": 0, "attributes": {"id": {payments}, "name": {payments_name}, "description": "Taking money",
        "parent": {billing}, "root_workspace": {ws}, "type_id": {payments_type},
        "fields": {payments_fields}}, "sensitive_attributes": [], "private": "bnVsbA==",
        "dependencies": ["ardoq_component.billing", "data.ardoq_workspace.caps"]}]
    },
    {
      "mode": "managed", "type": "ardoq_reference", "name": "payments_part_of_billing",
      "provider": "provider[\"registry.terraform.io/mories76/ardoq\"]",
      "instances": [{"schema_version": 0, "attributes": {"id": {reference}, "root_workspace": {ws},
        "source": {payments}, "target_workspace": {ws}, "target": {billing},
        "type": {reference_type}, "display_text": "part of", "description": "", "fields": {}}, "sensitive_attributes": [], "private": "bnVsbA==",
        "dependencies": ["ardoq_component.billing", "ardoq_component.payments", "data.ardoq_workspace.caps"]}]
    }
  ],
  "check_results": null
}
`

// mories76StateOf fills mories76State in with the values given (JSON-encoded).
func mories76StateOf(t *testing.T, values map[string]any) string {
	t.Helper()
	var pairs []string
	for k, v := range values {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		pairs = append(pairs, "{"+k+"}", string(b))
	}
	state := strings.NewReplacer(pairs...).Replace(mories76State)
	if !json.Valid([]byte(state)) {
		t.Fatalf("the mories76/ardoq state is not JSON:\n%s", state)
	}
	return state
}

// The migration guide: from a state mories76/ardoq wrote for components and a reference the test makes,
// the guide's step 2 (run as written) empties the state of ardoq_ entries, and the example's import blocks
// take the same ids over with no change but the custom fields the components' configuration names, which
// an import does not take over: the first apply sends them, and Ardoq holds what it held. Step 1's jq,
// run on the result (the JSON has the same shape whatever the provider), gives the example's imports. The
// example is translated for the org: its workspace, type and reference type names, custom fields, names
// and ids become what the test made.
func TestAccGuide_migrateFromMories76_everyCLI_everyOrg(t *testing.T) {
	env := newTestEnv(t)
	env.RequireUniqueWorkspaceNames(t)
	example := providertest.ReadExample(t, "guides", "migrate-from-mories76", "main.tf")
	tr := env.Translation(t, example)
	// Payments is of the type allowed below Billing's, so its external id is the Text field allowed on both.
	if env.Ext == "" {
		t.Skipf("no writable Text custom field is allowed on both %q and %q (for the example's external ids)", env.App.Name, env.Child.Name)
	}
	tr.Keys["external_id"], tr.Quoted["external_id"] = env.Ext, env.Ext
	cli := providertest.NewCLIRun(t, env.Env, "1.5.0")
	const guide = "migrating-from-mories76.md.tmpl"
	billingFields := map[string]any{"maturity": 2, "external_id": "cap-002" + env.Tag}
	paymentsFields := map[string]any{"external_id": "cap-003" + env.Tag}
	billing := env.CreateComponent(t, client.ComponentCreate{Name: "Billing" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
		CustomFields: providertest.WithFields(tr, billingFields)})
	payments := env.CreateComponent(t, client.ComponentCreate{Name: "Payments" + env.Tag, RootWorkspace: env.WS, TypeID: env.ChildType,
		Parent: &billing.ID, Description: providertest.SP("Taking money"), CustomFields: providertest.WithFields(tr, paymentsFields)})
	ref := env.CreateReference(t, client.ReferenceCreate{Source: payments.ID, Target: billing.ID, Type: env.Ref.Type, DisplayText: providertest.SP("part of")})
	tr.ImportID("ardoq_component.billing", billing.ID).ImportID("ardoq_component.payments", payments.ID).
		ImportID("ardoq_reference.payments_part_of_billing", ref.ID)
	tr.LiteralIn([]string{"resource", "ardoq_component", "payments"}, "Capability", env.Child.Name)
	tr.Literal("Business Capabilities", env.Workspace.Name).Literal("Capability", env.App.Name).Literal("Realized by", env.Ref.Name).
		Literal("Billing", billing.Name).Literal("Payments", payments.Name).
		Literal("cap-002", "cap-002"+env.Tag).Literal("cap-003", "cap-003"+env.Tag)
	t.Logf("the migration example with %s", tr)
	wsDescription := ""
	if env.Workspace.Description != nil {
		wsDescription = *env.Workspace.Description
	}
	mories76Fields := func(values map[string]any) map[string]string {
		out := map[string]string{}
		for k, v := range providertest.WithFields(tr, values) {
			out[k] = fmt.Sprint(v) // mories76/ardoq keeps every value as a string
		}
		return out
	}
	cli.Write("main.tf", tr.Apply(t, example))
	cli.Write("terraform.tfstate", mories76StateOf(t, map[string]any{
		"ws": env.WS, "ws_name": env.Workspace.Name, "model": env.ComponentModel, "ws_description": wsDescription,
		"billing": billing.ID, "billing_name": billing.Name, "billing_type": env.AppType, "billing_fields": mories76Fields(billingFields),
		"payments": payments.ID, "payments_name": payments.Name, "payments_type": env.ChildType, "payments_fields": mories76Fields(paymentsFields),
		"reference": ref.ID, "reference_type": env.Ref.Type,
	}))
	if out, code := cli.Shell(guideSnippet(t, guide, "## 2. Remove them from the state") + "echo left:; terraform state list\n"); code != 0 ||
		!strings.Contains(out, "Removed ardoq_reference.payments_part_of_billing") || !strings.HasSuffix(strings.TrimSpace(out), "left:") {
		t.Fatalf("step 2 (exit %d):\n%s", code, out)
	}
	if out, code := cli.Run("plan", "-detailed-exitcode"); code != 2 || !strings.Contains(out, "3 to import, 0 to add, 0 to change, 0 to destroy") {
		t.Fatalf("plan (exit %d):\n%s", code, out)
	}
	out, code := cli.Run("apply", "-auto-approve")
	if code != 0 || !strings.Contains(out, "3 imported, 0 added, 0 changed, 0 destroyed") {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	for id, want := range map[string]map[string]any{billing.ID: billingFields, payments.ID: paymentsFields} {
		got := env.Component(t, id).CustomFields
		for k, v := range providertest.WithFields(tr, want) {
			if providertest.HCLValue(t, got[k]) != providertest.HCLValue(t, v) {
				t.Errorf("component %s holds %s = %s after the migration, want %s", id, k, providertest.HCLValue(t, got[k]), providertest.HCLValue(t, v))
			}
		}
	}
	if out, code := cli.Run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after the migration is not empty (exit %d):\n%s", code, out)
	}
	t.Run("step 1 with jq", func(t *testing.T) {
		if _, err := exec.LookPath("jq"); err != nil {
			t.Skip("jq not on PATH: step 1 of the guide (import blocks written with jq) not checked")
		}
		if out, code := cli.Shell(guideSnippet(t, guide, "## 1. Write the import blocks") + "cat imports.tf; rm imports.tf\n"); code != 0 ||
			!strings.Contains(out, "import {\n  to = ardoq_component.payments\n  id = \""+payments.ID+"\"\n}") ||
			strings.Count(out, "import {") != 3 {
			t.Fatalf("step 1 (exit %d):\n%s", code, out)
		}
	})
}

// A base_url with the API path pasted in (mories76/ardoq's baseuri ended in /api/) says to drop it.
func TestCheckBaseURL_apiPath(t *testing.T) {
	for raw, fixed := range map[string]string{
		"https://myorg.ardoq.com/api/":       "https://myorg.ardoq.com",
		"https://myorg.ardoq.com/api/v2":     "https://myorg.ardoq.com",
		"https://myorg.ardoq.com/API/v2/":    "https://myorg.ardoq.com",
		"http://127.0.0.1:8080/proxy/api/v1": "http://127.0.0.1:8080/proxy",
	} {
		diags := checkBaseURL(raw, false)
		if !diags.HasError() || !strings.Contains(diags[0].Detail(), "drop it and use \""+fixed+"\"") {
			t.Errorf("%q: %v", raw, diags)
		}
	}
	for _, ok := range []string{"https://myorg.ardoq.com", "https://myorg.ardoq.com/", "https://proxy.example.com/ardoq", "https://x.com/apis"} {
		if diags := checkBaseURL(ok, false); diags.HasError() {
			t.Errorf("%q: %v", ok, diags)
		}
	}
}

// The adoption guide's terraform query file (Terraform 1.14+) lists a whole workspace of more than the
// 100 results Terraform stops at without limit: every component and reference is generated, and the
// plan imports them all and changes nothing.
func TestAccGuide_adoptWorkspaceQuery(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "seeding, and the seeded workspace the example names")
	if providertest.OnOpenTofu() {
		t.Skip("OpenTofu has no terraform query")
	}
	cli := providertest.NewServedCLIRun(t, env.Env, "1.14.0", testAccProviders["ardoq"])
	const ws = "5eed0000000000000000b003"
	model, err := env.Client.GetWorkspaceContext(context.Background(), ws)
	if err != nil || len(model.ComponentTypes) == 0 || len(model.ReferenceTypes) == 0 {
		t.Fatalf("the model of %s: %v", ws, err)
	}
	typeID, refType := model.ComponentTypes[0].TypeID, model.ReferenceTypes[0].Type
	var first string
	for i := range 110 {
		c, err := env.Srv.SeedComponent(emulator.ComponentSeed{Name: fmt.Sprintf("Capability %03d", i), RootWorkspace: ws, TypeID: typeID})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = c.ID
		} else if _, err := env.Srv.SeedReference(emulator.ReferenceSeed{Source: c.ID, Target: first, Type: refType}); err != nil {
			t.Fatal(err)
		}
	}
	comps, err := env.Client.ListComponents(context.Background(), client.ComponentFilter{RootWorkspace: ws})
	if err != nil {
		t.Fatal(err)
	}
	refs, err := env.Client.ListReferences(context.Background(), client.ReferenceFilter{RootWorkspace: ws})
	if err != nil {
		t.Fatal(err)
	}
	cli.Write("provider.tf", env.ServedProvider())
	cli.Write("workspace.tfquery.hcl", providertest.ReadExample(t, "guides", "adopt-workspace-query", "workspace.tfquery.hcl"))
	if out, code := cli.Run("query", "-generate-config-out=generated.tf"); code != 0 {
		t.Fatalf("terraform query (exit %d):\n%s", code, out)
	}
	generated, err := os.ReadFile(filepath.Join(cli.Dir, "generated.tf"))
	if err != nil {
		t.Fatal(err)
	}
	for typ, want := range map[string]int{"ardoq_component": len(comps), "ardoq_reference": len(refs)} {
		if got := strings.Count(string(generated), `resource "`+typ+`"`); got != want {
			t.Errorf("generated %d %s resources, want the workspace's %d", got, typ, want)
		}
	}
	want := fmt.Sprintf("%d to import, 0 to add, 0 to change, 0 to destroy", len(comps)+len(refs))
	if out, code := cli.Run("plan"); code != 0 || !strings.Contains(out, want) {
		t.Fatalf("plan of the generated configuration (exit %d), want %q:\n%s", code, want, out)
	}
}
