package batch_test

import (
	"context"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestAccBatchDeleteGuard_changedSincePlan: a plan removes two items of a batch, and a colleague edits
// one of them in Ardoq before the saved plan is applied. Nothing of the batch is sent (the other item is
// not deleted either); the error names the edited item with the versions. A new plan deletes both.
func TestAccBatchDeleteGuard_changedSincePlan(t *testing.T) {
	env := newTestEnv(t)
	cli := batchCLI{providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"]), t}
	cli.Write("provider.tf", env.ServedProvider())
	config := func(keys ...string) string {
		hcl := "resource \"ardoq_batch\" \"lab\" {\n  components = {\n"
		for _, k := range keys {
			hcl += "    " + k + ` = { root_workspace = "{ws}", type_id = "{app}", name = "Guarded ` + k + `{tag}" }` + "\n"
		}
		return env.Render(hcl + "  }\n}\n")
	}
	cli.Write("main.tf", config("keep", "edited", "plain"))
	t.Cleanup(func() { cli.Run("destroy", "-auto-approve") })
	cli.must(0, "apply", "-auto-approve")
	ctx := context.Background()
	byName := func(name string) client.Component {
		t.Helper()
		found, err := env.Client.ListComponents(ctx, providertest.ClientFilterByName(env.WS, name+env.Tag))
		if err != nil || len(found) != 1 {
			t.Fatalf("%s: %v %v", name, found, err)
		}
		return found[0]
	}
	edited, plain := byName("Guarded edited"), byName("Guarded plain")

	cli.Write("main.tf", config("keep"))
	expect(t, "plan", cli.must(0, "plan", "-out=remove.tfplan"), `1 to change`)
	if _, err := env.Client.UpdateComponent(ctx, edited.ID, "latest", client.ComponentUpdate{Description: client.Set("DO NOT DELETE")}); err != nil {
		t.Fatal(err)
	}
	out := cli.must(1, "apply", "remove.tfplan")
	expect(t, "apply", out, `Error: Batch Items Changed in Ardoq Since the Plan`,
		`components\["edited"\] "Guarded edited`+env.Tag+`" \([^)]*id `+edited.ID+`\): version 1 at plan, 2 now`,
		`Nothing of the batch was sent`)
	if _, refusal, _ := strings.Cut(out, "Error: "); strings.Contains(refusal, `components["plain"]`) {
		t.Errorf("only the edited item is named:\n%s", out)
	}
	if !env.Exists(t, edited.ID) || !env.Exists(t, plain.ID) {
		t.Fatal("the apply deleted items although an item changed since the plan")
	}

	expect(t, "the next apply", cli.must(0, "apply", "-auto-approve"), `1 changed`)
	if env.Exists(t, edited.ID) || env.Exists(t, plain.ID) {
		t.Fatal("a new plan's apply deletes both")
	}
}
