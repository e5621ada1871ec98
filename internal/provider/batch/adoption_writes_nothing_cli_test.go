package batch_test

import (
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestAccBatchAdoption_writesNothingAlreadyEqual is a workspace made by hand (hand-set colours, a
// description, references with no display text) taken over by items that say the same: the plan says the
// adoption writes nothing, and the apply writes nothing (every version and display text as it was); only
// the new items are created. Each adoption property an item can lack is tried on an item lacking it: a
// top-level item adopted by "parent" (matched, and, when nothing matches, created), and an item without
// the custom field adopted by it (created).
func TestAccBatchAdoption_writesNothingAlreadyEqual(t *testing.T) {
	env := newTestEnv(t)
	env.AloneAgainstARealOrg(t)
	cli := batchCLI{providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"]), t}
	cli.Write("provider.tf", env.ServedProvider())
	app := env.CreateComponent(t, client.ComponentCreate{Name: "Billing" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
		Color: providertest.SP("#d53a7b"), Description: providertest.SP("made by hand")})
	module := env.CreateComponent(t, client.ComponentCreate{Name: "Billing API" + env.Tag, RootWorkspace: env.WS, TypeID: env.ChildType,
		Parent: &app.ID})
	other := env.CreateComponent(t, client.ComponentCreate{Name: "Ledger" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
		CustomFields: client.CustomFields{env.Ext: "ledger" + env.Tag}})
	uses := env.CreateReference(t, client.ReferenceCreate{Source: app.ID, Target: other.ID, Type: env.RefType})
	calls := env.CreateReference(t, client.ReferenceCreate{Source: module.ID, Target: other.ID, Type: env.RefType})
	before := map[string]int64{app.ID: app.Version, module.ID: module.Version, other.ID: other.Version, uses.ID: uses.Version, calls.ID: calls.Version}

	cli.Write("main.tf", env.Render(`resource "ardoq_batch" "by_parent" {
  adopt_components_by = ["rootWorkspace", "name", "parent"]
  adopt_references_by = ["source", "target", "type"]
  components = {
    billing = { root_workspace = "{ws}", type_id = "{app}", name = "Billing{tag}", color = "#d53a7b", description = "made by hand" }
    api     = { root_workspace = "{ws}", type_id = "{child}", name = "Billing API{tag}", parent = "billing" }
    newtop  = { root_workspace = "{ws}", type_id = "{app}", name = "New top{tag}" }
  }
  references = {
    uses  = { source = "billing", target = ardoq_batch.by_field.computed_components["ledger"].id, type = {ref} }
    calls = { source = "api", target = ardoq_batch.by_field.computed_components["ledger"].id, type = {ref} }
  }
}

resource "ardoq_batch" "by_field" {
  adopt_components_by = ["rootWorkspace", "customFields.{ext}"]
  components = {
    ledger  = { root_workspace = "{ws}", type_id = "{app}", name = "Ledger{tag}", custom_fields = { {ext} = "ledger{tag}" } }
    nofield = { root_workspace = "{ws}", type_id = "{app}", name = "No field{tag}" }
  }
}
`))
	t.Cleanup(func() { cli.Run("destroy", "-auto-approve") })
	plan := cli.must(0, "plan")
	expect(t, "plan", plan, `Warning: Adoption Writes Nothing`, `(?s)takes over 4 entities.*4 entities already hold their items. values and are not written`, `one more similar warning`)
	env.ResetRequests()
	out := cli.must(0, "apply", "-auto-approve")
	for id, version := range before {
		c, cerr := env.Client.GetComponent(t.Context(), id)
		r, rerr := env.Client.GetReference(t.Context(), id)
		switch {
		case cerr == nil && c.Version != version:
			t.Errorf("component %q was written: version %d, was %d", c.Name, c.Version, version)
		case rerr == nil && (r.Version != version || r.DisplayText != nil):
			t.Errorf("reference %s was written: version %d (was %d), display text %v", id, r.Version, version, r.DisplayText)
		case cerr != nil && rerr != nil:
			t.Errorf("%s is gone: %v / %v", id, cerr, rerr)
		}
	}
	if env.Srv != nil {
		for _, r := range env.Srv.Requests() {
			if r.Method == "POST" && r.Path == "/api/v2/batch" && (strings.Contains(string(r.Body), `"update"`) || strings.Contains(string(r.Body), `"upsert"`)) {
				t.Errorf("the apply sent updates or upserts; only creates of the new items are expected:\n%s", r.Body)
			}
		}
	}
	for _, name := range []string{"New top", "No field"} {
		if found, err := env.Client.ListComponents(t.Context(), providertest.ClientFilterByName(env.WS, name+env.Tag)); err != nil || len(found) != 1 {
			t.Errorf("%s must be created once: %v %v\n%s", name, found, err, out)
		}
	}
	expect(t, "the next plan", cli.must(0, "plan"), `No changes`)
}
