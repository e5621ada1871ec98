package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/go-version"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// cliRun is a Terraform working directory using a freshly built provider through dev_overrides, the way
// users run it. (terraform-plugin-testing cannot hold for_each instances in its state checks.)
type cliRun struct {
	t         *testing.T
	terraform string
	dir       string
	env       []string
}

func newCLIRun(t *testing.T, env *testEnv, minVersion string) *cliRun {
	t.Helper()
	tf := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if os.Getenv("TF_ACC") == "" || tf == "" {
		t.Skip("needs TF_ACC and TF_ACC_TERRAFORM_PATH (make test sets both)")
	}
	out, err := exec.Command(tf, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	have := version.Must(version.NewVersion(strings.TrimPrefix(strings.Fields(string(out))[1], "v")))
	if msg := versionShort(strings.Fields(string(out))[0], have, minVersion); msg != "" {
		skipOrFail(t, msg)
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "terraform-provider-ardoq"), "../..")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the provider: %v\n%s", err, b)
	}
	dir := t.TempDir()
	rc := filepath.Join(dir, ".terraformrc")
	if err := os.WriteFile(rc, []byte("provider_installation {\n  dev_overrides {\n    \"seed762a2f0c/ardoq\" = \""+bin+"\"\n  }\n  direct {}\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return &cliRun{t: t, terraform: tf, dir: dir, env: append(os.Environ(), "TF_CLI_CONFIG_FILE="+rc, "TF_IN_AUTOMATION=1",
		"ARDOQ_BASE_URL="+env.baseURL, "ARDOQ_API_TOKEN="+env.token, "ARDOQ_ORG="+env.org)}
}

func (c *cliRun) write(name, content string) {
	if err := os.WriteFile(filepath.Join(c.dir, name), []byte(content), 0o600); err != nil {
		c.t.Fatal(err)
	}
}

// run runs terraform and returns its output and exit code.
func (c *cliRun) run(args ...string) (string, int) {
	args = append(args, "-no-color")
	if args[0] != "query" { // terraform query asks for nothing and has no -input
		args = append(args, "-input=false")
	}
	cmd := exec.Command(c.terraform, args...)
	cmd.Dir, cmd.Env = c.dir, c.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return out.String(), exit.ExitCode()
	}
	if err != nil {
		c.t.Fatal(err)
	}
	return out.String(), 0
}

// shell runs a guide's shell snippet with bash in the working directory, with "terraform" on PATH being
// the CLI under test (OpenTofu's tofu too), and returns its output and exit code.
func (c *cliRun) shell(script string) (string, int) {
	bin := c.t.TempDir()
	if err := os.Symlink(c.terraform, filepath.Join(bin, "terraform")); err != nil {
		c.t.Fatal(err)
	}
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
	cmd.Dir, cmd.Env = c.dir, append(slices.Clone(c.env), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return string(out), exit.ExitCode()
	}
	if err != nil {
		c.t.Fatal(err)
	}
	return string(out), 0
}

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

const cliProvider = "terraform {\n  required_providers {\n    ardoq = { source = \"seed762a2f0c/ardoq\" }\n  }\n}\nprovider \"ardoq\" {}\n"

// The adoption guide: for_each import blocks fed by ardoq_components import every component of the
// workspace with no change (Terraform 1.7+): two the test makes (a parent with custom fields and its
// child) and whatever the workspace holds already. The plan is checked to change nothing before it is
// applied, so nothing the test did not make is ever written, and the custom fields, which the
// configuration leaves out, stay in Ardoq.
func TestAccGuide_adoptWorkspace(t *testing.T) {
	env := newTestEnv(t)
	env.requireUniqueWorkspaceNames(t)
	cli := newCLIRun(t, env, "1.7.0")
	fields := client.CustomFields{env.ext: "adopted-1" + env.tag}
	if number := env.field("Number"); number != "" {
		fields[number] = 7
	}
	parent := env.createComponent(t, client.ComponentCreate{Name: "Adopted parent" + env.tag, RootWorkspace: env.ws, TypeID: env.appType,
		Description: sp("made by hand"), CustomFields: fields})
	env.createComponent(t, client.ComponentCreate{Name: "Adopted child" + env.tag, RootWorkspace: env.ws, TypeID: env.childType, Parent: &parent.ID,
		CustomFields: client.CustomFields{env.ext: "adopted-2" + env.tag}})
	existing, err := env.client.ListComponents(context.Background(), client.ComponentFilter{RootWorkspace: env.ws})
	if err != nil {
		t.Fatal(err)
	}
	cli.write("provider.tf", cliProvider)
	cli.write("terraform.tfvars.json", env.exampleTFVars(t))
	cli.write("main.tf", readExample(t, "guides", "adopt-workspace", "main.tf"))
	want := fmt.Sprintf("%d to import, 0 to add, 0 to change, 0 to destroy", len(existing))
	if out, code := cli.run("plan"); code != 0 || !strings.Contains(out, want) {
		t.Fatalf("plan (exit %d), want %q:\n%s", code, want, out)
	}
	out, code := cli.run("apply", "-auto-approve")
	if code != 0 || !strings.Contains(out, fmt.Sprintf("%d imported, 0 added, 0 changed, 0 destroyed", len(existing))) {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	if out, code := cli.run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after adoption is not empty (exit %d):\n%s", code, out)
	}
	got := env.component(t, parent.ID)
	for k, v := range fields {
		if hclValue(t, got.CustomFields[k]) != hclValue(t, v) || got.Version != parent.Version {
			t.Errorf("adoption changed the parent: %s = %s, want %s (version %d, was %d)", k, hclValue(t, got.CustomFields[k]), hclValue(t, v),
				got.Version, parent.Version)
		}
	}
}

// The import-by-string-id example with -generate-config-out writes a configuration that applies cleanly.
// It imports a component the test made.
func TestAccGuide_generateConfig(t *testing.T) {
	env := newTestEnv(t)
	cli := newCLIRun(t, env, "1.5.0")
	c := env.createComponent(t, client.ComponentCreate{Name: "Customer Management" + env.tag, RootWorkspace: env.ws, TypeID: env.appType,
		CustomFields: client.CustomFields{env.ext: "cap-001" + env.tag}})
	cli.write("provider.tf", cliProvider)
	example := readExample(t, "resources", "ardoq_component", "import-by-string-id.tf")
	cli.write("import.tf", importedID(&exampleTranslation{}, c.ID).apply(example))
	if out, code := cli.run("plan", "-generate-config-out=generated.tf"); code != 0 {
		t.Fatalf("plan -generate-config-out (exit %d):\n%s", code, out)
	}
	generated, err := os.ReadFile(filepath.Join(cli.dir, "generated.tf"))
	if err != nil || !strings.Contains(string(generated), `name           = "`+c.Name+`"`) {
		t.Fatalf("generated configuration:\n%s %v", generated, err)
	}
	if m := regexp.MustCompile(`custom_fields\s*=\s*(\S+)`).FindStringSubmatch(string(generated)); m != nil && m[1] != "null" {
		t.Errorf("the generated configuration has custom fields, which an import does not take over:\n%s", generated)
	}
	out, code := cli.run("apply", "-auto-approve")
	if code != 0 || !strings.Contains(out, "1 imported, 0 added, 0 changed, 0 destroyed") {
		t.Fatalf("apply of the generated configuration (exit %d):\n%s\n%s", code, out, generated)
	}
	if got := env.component(t, c.ID); got.CustomFields[env.ext] != "cap-001"+env.tag || got.Version != c.Version {
		t.Errorf("the import changed the component: %v, version %d (was %d)", got.CustomFields, got.Version, c.Version)
	}
	if out, code := cli.run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after import is not empty (exit %d):\n%s", code, out)
	}
}

// The demo (examples/demo, run by make demo) applies, plans empty, and destroys everything it made. Its
// custom fields and report are translated for the org like the examples'. If a step fails, the test
// still destroys what the demo made.
func TestAccExamples_demo(t *testing.T) {
	env := newTestEnv(t)
	env.requireUniqueWorkspaceNames(t)
	comps, refs := countsOf(env)[0], countsOf(env)[1]
	main, outputs := readExample(t, "demo", "main.tf"), readExample(t, "demo", "outputs.tf")
	tr := env.translation(t, main+outputs)
	tr.literal("Applications overview", *env.reportWithColumns(t, "name", "componentKey").Name)
	t.Logf("demo with %s", tr)
	cli := newCLIRun(t, env, "1.5.0")
	for _, f := range []string{"versions.tf", "variables.tf"} {
		cli.write(f, readExample(t, "demo", f))
	}
	cli.write("main.tf", tr.apply(main))
	cli.write("outputs.tf", tr.apply(outputs))
	cli.write("terraform.tfvars.json", env.exampleTFVars(t))
	applied := false
	t.Cleanup(func() {
		if applied {
			if out, code := cli.run("destroy", "-auto-approve"); code != 0 {
				t.Errorf("destroy after a failure (exit %d):\n%s", code, out)
			}
		}
	})
	applied = true
	if out, code := cli.run("apply", "-auto-approve"); code != 0 || !strings.Contains(out, "Apply complete! Resources: 14 added") {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	held := cli.heldIDs()
	if out, code := cli.run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the second plan is not empty (exit %d):\n%s", code, out)
	}
	if out, code := cli.run("destroy", "-auto-approve"); code != 0 {
		t.Fatalf("destroy (exit %d):\n%s", code, out)
	}
	applied = false
	for _, id := range held.references {
		if _, err := env.client.GetReference(context.Background(), id); !client.IsNotFound(err) {
			t.Errorf("reference %s is still in the org after destroy (%v)", id, err)
		}
	}
	for _, id := range held.components {
		if env.exists(t, id) {
			t.Errorf("component %s is still in the org after destroy", id)
		}
	}
	if env.srv != nil {
		if c, r := env.srv.Counts(); c != comps || r != refs {
			for _, left := range env.srv.Snapshot().Components {
				t.Logf("left: %s %s %s", left.ID, left.Name, left.Type)
			}
			t.Fatalf("after destroy the org has %d components and %d references, want %d and %d", c, r, comps, refs)
		}
	}
}

// heldIDs returns the ids of the components and references in the run's state.
func (c *cliRun) heldIDs() *heldIDs {
	c.t.Helper()
	cmd := exec.Command(c.terraform, "show", "-json")
	cmd.Dir, cmd.Env = c.dir, c.env
	b, err := cmd.Output()
	if err != nil {
		c.t.Fatalf("show -json: %v\n%s", err, b)
	}
	out := string(b)
	var state struct {
		Values struct {
			RootModule struct {
				Resources []struct {
					Mode   string         `json:"mode"`
					Type   string         `json:"type"`
					Values map[string]any `json:"values"`
				} `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	start := strings.Index(out, "{")
	if start < 0 || json.Unmarshal([]byte(out[start:]), &state) != nil {
		c.t.Fatalf("show -json gave no state:\n%s", out)
	}
	held := &heldIDs{}
	for _, r := range state.Values.RootModule.Resources {
		if r.Mode != "managed" {
			continue
		}
		switch r.Type {
		case "ardoq_component", "ardoq_reference":
			held.add(r.Type == "ardoq_reference", r.Values["id"])
		case "ardoq_batch":
			for kind, reference := range map[string]bool{"computed_components": false, "computed_references": true} {
				items, _ := r.Values[kind].(map[string]any)
				for _, item := range items {
					if m, ok := item.(map[string]any); ok {
						held.add(reference, m["id"])
					}
				}
			}
		}
	}
	if len(held.components) == 0 {
		c.t.Fatalf("the state holds no component:\n%.2000s", out)
	}
	return held
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
func TestAccGuide_migrateFromMories76(t *testing.T) {
	env := newTestEnv(t)
	env.requireUniqueWorkspaceNames(t)
	example := readExample(t, "guides", "migrate-from-mories76", "main.tf")
	tr := env.translation(t, example)
	// Payments is of the type allowed below Billing's, so its external id is the Text field allowed on both.
	if env.ext == "" {
		t.Skipf("no writable Text custom field is allowed on both %q and %q (for the example's external ids)", env.app.Name, env.child.Name)
	}
	tr.keys["external_id"], tr.quoted["external_id"] = env.ext, env.ext
	cli := newCLIRun(t, env, "1.5.0")
	const guide = "migrating-from-mories76.md.tmpl"
	billingFields := map[string]any{"maturity": 2, "external_id": "cap-002" + env.tag}
	paymentsFields := map[string]any{"external_id": "cap-003" + env.tag}
	billing := env.createComponent(t, client.ComponentCreate{Name: "Billing" + env.tag, RootWorkspace: env.ws, TypeID: env.appType,
		CustomFields: withFields(tr, billingFields)})
	payments := env.createComponent(t, client.ComponentCreate{Name: "Payments" + env.tag, RootWorkspace: env.ws, TypeID: env.childType,
		Parent: &billing.ID, Description: sp("Taking money"), CustomFields: withFields(tr, paymentsFields)})
	ref := env.createReference(t, client.ReferenceCreate{Source: payments.ID, Target: billing.ID, Type: env.ref.Type, DisplayText: sp("part of")})
	importAt := func(addr, id string) {
		tr.replace(`(to\s*=\s*`+regexp.QuoteMeta(addr)+`\s+id\s*=\s*)"[0-9a-f]{24}"`, `${1}"`+id+`"`)
	}
	importAt("ardoq_component.billing", billing.ID)
	importAt("ardoq_component.payments", payments.ID)
	importAt("ardoq_reference.payments_part_of_billing", ref.ID)
	tr.replace(`(resource "ardoq_component" "payments" \{[^}]*?component_type_ids\[)"Capability"`,
		`${1}`+strings.ReplaceAll(strconv.Quote(env.child.Name), "$", "$$"))
	tr.literal("Business Capabilities", env.workspace.Name).literal("Capability", env.app.Name).literal("Realized by", env.ref.Name).
		literal("Billing", billing.Name).literal("Payments", payments.Name).
		literal("cap-002", "cap-002"+env.tag).literal("cap-003", "cap-003"+env.tag)
	t.Logf("the migration example with %s", tr)
	wsDescription := ""
	if env.workspace.Description != nil {
		wsDescription = *env.workspace.Description
	}
	mories76Fields := func(values map[string]any) map[string]string {
		out := map[string]string{}
		for k, v := range withFields(tr, values) {
			out[k] = fmt.Sprint(v) // mories76/ardoq keeps every value as a string
		}
		return out
	}
	cli.write("main.tf", tr.apply(example))
	cli.write("terraform.tfstate", mories76StateOf(t, map[string]any{
		"ws": env.ws, "ws_name": env.workspace.Name, "model": env.componentModel, "ws_description": wsDescription,
		"billing": billing.ID, "billing_name": billing.Name, "billing_type": env.appType, "billing_fields": mories76Fields(billingFields),
		"payments": payments.ID, "payments_name": payments.Name, "payments_type": env.childType, "payments_fields": mories76Fields(paymentsFields),
		"reference": ref.ID, "reference_type": env.ref.Type,
	}))
	if out, code := cli.shell(guideSnippet(t, guide, "## 2. Remove them from the state") + "echo left:; terraform state list\n"); code != 0 ||
		!strings.Contains(out, "Removed ardoq_reference.payments_part_of_billing") || !strings.HasSuffix(strings.TrimSpace(out), "left:") {
		t.Fatalf("step 2 (exit %d):\n%s", code, out)
	}
	if out, code := cli.run("plan", "-detailed-exitcode"); code != 2 || !strings.Contains(out, "3 to import, 0 to add, 2 to change, 0 to destroy") {
		t.Fatalf("plan (exit %d):\n%s", code, out)
	}
	out, code := cli.run("apply", "-auto-approve")
	if code != 0 || !strings.Contains(out, "3 imported, 0 added, 2 changed, 0 destroyed") {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	for id, want := range map[string]map[string]any{billing.ID: billingFields, payments.ID: paymentsFields} {
		got := env.component(t, id).CustomFields
		for k, v := range withFields(tr, want) {
			if hclValue(t, got[k]) != hclValue(t, v) {
				t.Errorf("component %s holds %s = %s after the migration, want %s", id, k, hclValue(t, got[k]), hclValue(t, v))
			}
		}
	}
	if out, code := cli.run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after the migration is not empty (exit %d):\n%s", code, out)
	}
	if _, err := exec.LookPath("jq"); err != nil {
		t.Log("jq not on PATH: step 1 not checked")
		return
	}
	if out, code := cli.shell(guideSnippet(t, guide, "## 1. Write the import blocks") + "cat imports.tf; rm imports.tf\n"); code != 0 ||
		!strings.Contains(out, "import {\n  to = ardoq_component.payments\n  id = \""+payments.ID+"\"\n}") ||
		strings.Count(out, "import {") != 3 {
		t.Fatalf("step 1 (exit %d):\n%s", code, out)
	}
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
