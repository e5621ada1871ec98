package provider

import (
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// "<workspace id>/<id>" imports the entity as its id alone does, and a workspace that is not the entity's
// does no harm: state holds the real one. (One import per workspace here, so each read is a GET; the
// exporter's CLI test shows many imports of one workspace reading its list pages, and the shared listing's
// tests a listing that fails or does not bring an entity.)
func TestImport_workspaceAndID(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "seeding")
	c, _, ref := seedReferencedComponent(t, env, "By workspace and id")
	p := providertest.NewProtoProvider(t, env.Env, testAccProviders["ardoq"])
	for _, ws := range []string{env.WS, "0123456789abcdef01234567"} {
		read, diags := p.ImportAndRead("ardoq_component", ws+"/"+c.ID, nil)
		p.NoErrors("import component by workspace and id", diags)
		state := p.Attrs(p.ResourceType("ardoq_component"), read.NewState)
		if providertest.Text(p, state, "id") != c.ID || providertest.Text(p, state, "root_workspace") != env.WS ||
			providertest.Text(p, state, "name") != "By workspace and id" {
			t.Errorf("imported by %s/%s: %v", ws, c.ID, state)
		}
		if got := p.IdentityID("ardoq_component", read.NewIdentity); got != c.ID {
			t.Errorf("identity after import by %s/%s: %q", ws, c.ID, got)
		}

		read, diags = p.ImportAndRead("ardoq_reference", ws+"/"+ref.ID, nil)
		p.NoErrors("import reference by workspace and id", diags)
		state = p.Attrs(p.ResourceType("ardoq_reference"), read.NewState)
		if providertest.Text(p, state, "id") != ref.ID || providertest.Text(p, state, "root_workspace") != env.WS ||
			providertest.Text(p, state, "source") != c.ID {
			t.Errorf("imported by %s/%s: %v", ws, ref.ID, state)
		}
	}

	for typeName, id := range map[string]string{
		"ardoq_component": env.WS + "/APP-1",
		"ardoq_reference": "Applications/" + ref.ID,
	} {
		_, diags := p.ImportAndRead(typeName, id, nil)
		providertest.ExpectDiag(t, diags, `is not "<workspace id>/<`)
	}
	_, diags := p.ImportAndRead("ardoq_reference", "nope", nil)
	providertest.ExpectDiag(t, diags, `nor "<workspace id>/<reference id>"`)
}
