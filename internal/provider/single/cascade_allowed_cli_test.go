package single_test

import (
	"context"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestAccComponentResource_allowedCascadeKeepsStateTrue runs the real CLI with allow_cascade_delete: a
// component is removed while an ardoq_reference of the configuration still names it by a literal id.
// Ardoq takes the reference along with the component; the component's apply cannot touch the reference's
// state, so it names the reference in its warning, and the next plan says the reference was deleted in
// Ardoq before it plans to create it again: never a silent create.
func TestAccComponentResource_allowedCascadeKeepsStateTrue(t *testing.T) {
	env := newTestEnv(t)
	cli := providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"])
	cli.Write("provider.tf", env.ServedProvider("allow_cascade_delete = true"))
	gone := env.Render(`resource "ardoq_component" "gone" {
  name           = "Retired{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
`)
	cli.Write("main.tf", gone+env.Render(`resource "ardoq_component" "kept" {
  name           = "Kept{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
`))
	t.Cleanup(func() { cli.Run("destroy", "-auto-approve") })
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	ids := map[string]string{}
	for _, name := range []string{"Retired", "Kept"} {
		found, err := env.Client.ListComponents(context.Background(), providertest.ClientFilterByName(env.WS, name+env.Tag))
		if err != nil || len(found) != 1 {
			t.Fatalf("%s: %v %v", name, found, err)
		}
		ids[name] = found[0].ID
	}
	cli.Write("ref.tf", env.Render(`resource "ardoq_reference" "ref" {
  source = ardoq_component.kept.id
  target = "`+ids["Retired"]+`"
  type   = {ref}
}
`))
	if out, code := cli.Run("apply", "-auto-approve"); code != 0 {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	cli.Write("main.tf", strings.Replace(env.Render(`resource "ardoq_component" "kept" {
  name           = "Kept{tag}"
  root_workspace = "{ws}"
  type_id        = "{app}"
}
`), gone, "", 1))
	label := "Kept" + env.Tag + " → Retired" + env.Tag
	out, code := cli.Run("apply", "-auto-approve")
	if code != 0 || !strings.Contains(out, "Warning: Ardoq Deleted Dependents Too") || !strings.Contains(out, label) ||
		!strings.Contains(out, "0 added, 0 changed, 1 destroyed") {
		t.Fatalf("the apply must delete the component and name the reference Ardoq took along (exit %d):\n%s", code, out)
	}
	refs, err := env.Client.ListReferences(context.Background(), client.ReferenceFilter{Source: ids["Kept"]})
	if err != nil || len(refs) != 0 {
		t.Fatalf("Ardoq must have taken the reference along: %v %v", refs, err)
	}
	out, code = cli.Run("plan", "-detailed-exitcode")
	if code != 2 || !strings.Contains(out, "Warning: Reference Deleted in Ardoq") || !strings.Contains(out, "ardoq_reference.ref will be created") {
		t.Fatalf("the next plan must say the reference was deleted in Ardoq before it creates it again (exit %d):\n%s", code, out)
	}
	cli.Write("ref.tf", "")
}
