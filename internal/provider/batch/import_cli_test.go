package batch_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestAccBatchImport_byFieldSaysWhatItLeftOut imports a workspace in the two forms of ardoq_batch's
// import.sh example: by a field that some of its entities lack, which warns how many components and
// references it left out and how to take them, and as a whole, which takes every one, keyed by component
// key, and warns of nothing.
func TestAccBatchImport_byFieldSaysWhatItLeftOut(t *testing.T) {
	env := newTestEnv(t)
	env.AloneAgainstARealOrg(t)
	keyed := env.CreateComponent(t, client.ComponentCreate{Name: "Keyed" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
		CustomFields: client.CustomFields{env.Ext: "keyed" + env.Tag}})
	unkeyed := env.CreateComponent(t, client.ComponentCreate{Name: "Unkeyed" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
	env.CreateReference(t, client.ReferenceCreate{Source: keyed.ID, Target: unkeyed.ID, Type: env.RefType})
	comps, err := env.Client.ListComponents(context.Background(), client.ComponentFilter{RootWorkspace: env.WS})
	if err != nil {
		t.Fatal(err)
	}
	refs, err := env.Client.ListReferences(context.Background(), client.ReferenceFilter{RootWorkspace: env.WS})
	if err != nil {
		t.Fatal(err)
	}
	keyedComps, keyedRefs := 0, 0
	for _, c := range comps {
		if c.CustomFields[env.Ext] != nil && c.CustomFields[env.Ext] != "" {
			keyedComps++
		}
	}
	for _, r := range refs {
		if r.CustomFields[env.Ext] != nil && r.CustomFields[env.Ext] != "" {
			keyedRefs++
		}
	}
	cli := batchCLI{providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"]), t}
	cli.Write("provider.tf", env.ServedProvider())
	// The two forms of import.sh, translated for the org, as import blocks of resources that configure no
	// items: the plan shows every imported item as removed, and is not applied.
	var forms []string
	for _, line := range strings.Split(providertest.ReadExample(t, "resources", "ardoq_batch", "import.sh"), "\n") {
		if m := regexp.MustCompile(`^terraform import ardoq_batch\.payments (\S+)$`).FindStringSubmatch(line); m != nil {
			forms = append(forms, strings.NewReplacer("5eed0000000000000000b001", env.WS, "external_id", env.Ext).Replace(m[1]))
		}
	}
	if len(forms) != 2 || forms[0] != env.WS || forms[1] != env.WS+"/"+env.Ext {
		t.Fatalf("import.sh's forms %v, want the whole workspace's, then by a field", forms)
	}
	cli.Write("main.tf", fmt.Sprintf(`import {
  to = ardoq_batch.by_field
  id = "%s"
}
resource "ardoq_batch" "by_field" {}

import {
  to = ardoq_batch.whole
  id = "%s"
}
resource "ardoq_batch" "whole" {}
`, forms[1], forms[0]))
	out := cli.must(0, "plan")
	expect(t, "the plan importing by a field", out, "Warning: Import Left Entities Out",
		fmt.Sprintf(`left out %s and %s without it`, plural(len(comps)-keyedComps, "component"), plural(len(refs)-keyedRefs, "reference")),
		fmt.Sprintf(`import the whole workspace with "%s"`, env.WS),
		fmt.Sprintf(`%s = \{`, keyed.ComponentKey), fmt.Sprintf(`"%s -> %s" = \{`, keyed.ComponentKey, unkeyed.ComponentKey))
	if n := strings.Count(out, "Warning: Import Left Entities Out"); n != 1 {
		t.Errorf("%d warnings of entities left out, want the import by a field's only:\n%s", n, out)
	}
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
