package single_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// Adoption through the real CLI: import blocks and terraform plan -generate-config-out write a component's
// and a reference's custom fields as Ardoq holds them, in their natural types (numbers, booleans, lists,
// strings), leaving the calculated and read-only ones out; applying the configuration imports with no
// change and writes nothing, and the next plan is empty.
func TestAccAdoption_generateConfigCarriesFields(t *testing.T) {
	env := newTestEnv(t)
	cli := providertest.NewServedCLIRun(t, env.Env, "1.5.0", testAccProviders["ardoq"])
	onApp := settableValues(env, env.App.CustomFields)
	if len(onApp) == 0 {
		t.Skipf("component type %q allows no writable custom field", env.App.Name)
	}
	c := env.CreateComponent(t, client.ComponentCreate{Name: "Adopted with fields" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType,
		CustomFields: onApp, Description: providertest.SP("")})
	target := env.CreateComponent(t, client.ComponentCreate{Name: "Adopted target" + env.Tag, RootWorkspace: env.WS, TypeID: env.AppType})
	onRef := settableValues(env, env.Ref.CustomFields)
	r := env.CreateReference(t, client.ReferenceCreate{Source: c.ID, Target: target.ID, Type: env.RefType, CustomFields: onRef})
	cli.Write("provider.tf", env.ServedProvider())
	cli.Write("import.tf", fmt.Sprintf(`import {
  to = ardoq_component.adopted
  id = %q
}
import {
  to = ardoq_reference.adopted
  id = %q
}
`, c.ID, r.ID))
	if out, code := cli.Run("plan", "-generate-config-out=generated.tf"); code != 0 {
		t.Fatalf("plan -generate-config-out (exit %d):\n%s", code, out)
	}
	b, err := os.ReadFile(filepath.Join(cli.Dir, "generated.tf"))
	if err != nil {
		t.Fatal(err)
	}
	generated := string(b)
	for _, held := range []client.CustomFields{onApp, onRef} {
		for key, v := range held {
			want := hclOf(t, v)
			if !regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(key) + `\s*=\s*` + regexp.QuoteMeta(want) + `\s*$`).MatchString(generated) {
				t.Errorf("the generated configuration does not write %s = %s:\n%s", key, want, generated)
			}
		}
	}
	for key, f := range env.Fields {
		if !providertest.Writable(f) && regexp.MustCompile(`(?m)^\s*`+regexp.QuoteMeta(key)+`\s*=`).MatchString(generated) {
			t.Errorf("the generated configuration writes %s, which no one can set:\n%s", key, generated)
		}
	}
	out, code := cli.Run("apply", "-auto-approve")
	if code != 0 || !strings.Contains(out, "2 imported, 0 added, 0 changed, 0 destroyed") {
		t.Fatalf("apply of the generated configuration (exit %d):\n%s\n%s", code, out, generated)
	}
	if out, code := cli.Run("plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after the import is not empty (exit %d):\n%s\n%s", code, out, generated)
	}
	if got := env.Component(t, c.ID); got.Version != c.Version {
		t.Errorf("the adoption wrote the component: version %d, was %d", got.Version, c.Version)
	}
	if got, err := env.Client.GetReference(context.Background(), r.ID); err != nil || got.Version != r.Version {
		t.Errorf("the adoption wrote the reference (%v): %+v, was version %d", err, got, r.Version)
	}
}

// settableValues is a value for each writable field among keys, of a type the test knows how to fill.
func settableValues(env *testEnv, keys []string) client.CustomFields {
	out := client.CustomFields{}
	for _, key := range keys {
		f, ok := env.Fields[key]
		if !ok || !providertest.Writable(f) {
			continue
		}
		switch {
		case f.Type == "Number":
			out[key] = json.Number("12.5")
		case f.Type == "Checkbox":
			out[key] = true
		case f.Type == "SelectMultipleList" && len(f.Options) > 0:
			out[key] = f.Options[:min(2, len(f.Options))]
		case f.Type == "List" && len(f.Options) > 0:
			out[key] = f.Options[0]
		case f.Type == "Text" || f.Type == "TextArea":
			out[key] = "adopted " + key + env.Tag
		}
	}
	return out
}

// hclOf is how Terraform writes v in a generated configuration.
func hclOf(t *testing.T, v any) string {
	if list, ok := v.([]string); ok {
		quoted := make([]string, len(list))
		for i, s := range list {
			quoted[i] = fmt.Sprintf("%q", s)
		}
		return "[" + strings.Join(quoted, ", ") + "]"
	}
	return providertest.HCLValue(t, v)
}
