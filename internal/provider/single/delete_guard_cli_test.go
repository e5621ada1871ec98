package single_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestAccDeleteGuard_changedSincePlan is the colleague's edit between plan and apply: a component and a
// reference the plan destroys are edited in Ardoq ("DO NOT DELETE") after the plan was saved. The apply
// deletes neither and fails naming each with the versions; a new plan shows them as Ardoq holds them, and
// its apply deletes them.
func TestAccDeleteGuard_changedSincePlan(t *testing.T) {
	env := newTestEnv(t)
	cli := providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"])
	cli.Write("provider.tf", env.ServedProvider())
	kept := env.Render(`resource "ardoq_component" "kept" {
  name           = "Kept{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
`)
	doomed := env.Render(`resource "ardoq_component" "doomed" {
  name           = "Doomed{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
resource "ardoq_reference" "doomed" {
  source = ardoq_component.kept.id
  target = ardoq_component.kept2.id
  type   = {ref}
}
resource "ardoq_component" "kept2" {
  name           = "Kept two{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
`)
	cli.Write("main.tf", kept+doomed)
	t.Cleanup(func() { cli.Run("destroy", "-auto-approve") })
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	ctx := context.Background()
	byName := func(name string) client.Component {
		t.Helper()
		found, err := env.Client.ListComponents(ctx, providertest.ClientFilterByName(env.WS, name+env.Tag))
		if err != nil || len(found) != 1 {
			t.Fatalf("%s: %v %v", name, found, err)
		}
		return found[0]
	}
	component := byName("Doomed")
	refs, err := env.Client.ListReferences(ctx, client.ReferenceFilter{Source: byName("Kept").ID})
	if err != nil || len(refs) != 1 {
		t.Fatalf("references: %v %v", refs, err)
	}
	reference := refs[0]

	cli.Write("main.tf", kept+env.Render(`resource "ardoq_component" "kept2" {
  name           = "Kept two{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
`))
	if out, code := cli.Run("plan", "-out=destroy.tfplan"); code != 0 || !strings.Contains(out, "2 to destroy") {
		t.Fatalf("plan (exit %d):\n%s", code, out)
	}
	if _, err := env.Client.UpdateComponent(ctx, component.ID, "latest", client.ComponentUpdate{Description: client.Set("DO NOT DELETE")}); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Client.UpdateReference(ctx, reference.ID, "latest", client.ReferenceUpdate{Description: client.Set("DO NOT DELETE")}); err != nil {
		t.Fatal(err)
	}
	out, code := cli.Run("apply", "destroy.tfplan")
	flat := strings.Join(strings.Fields(out), " ")
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`Error: Component Changed in Ardoq Since the Plan .*component "Doomed` + env.Tag + `" \([^)]*id ` + component.ID +
			`\): version 1 at plan, 2 now`),
		regexp.MustCompile(`Error: Reference Changed in Ardoq Since the Plan .*id ` + reference.ID + `\) is at version 2 in Ardoq; the plan saw version 1`),
	} {
		if code == 0 || !want.MatchString(flat) {
			t.Errorf("want %s (exit %d):\n%s", want, code, out)
		}
	}
	if !env.Exists(t, component.ID) {
		t.Error("the component edited since the plan was deleted")
	}
	if _, err := env.Client.GetReference(ctx, reference.ID); err != nil {
		t.Errorf("the reference edited since the plan was deleted: %v", err)
	}

	if out, code := cli.Run("apply", "-auto-approve"); code != 0 || !strings.Contains(out, "2 destroyed") {
		t.Fatalf("a new plan deletes them as Ardoq holds them now (exit %d):\n%s", code, out)
	}
	if env.Exists(t, component.ID) {
		t.Error("the component is still there after the new plan's apply")
	}
}
