package datasources_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

func TestAccMeDataSource_basic(t *testing.T) {
	env := newTestEnv(t)
	me, err := env.Client.Me(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	checks := []statecheck.StateCheck{
		statecheck.ExpectKnownValue("data.ardoq_me.me", tfjsonpath.New("email"), knownvalue.StringExact(me.User.Email)),
		statecheck.ExpectKnownValue("data.ardoq_me.me", tfjsonpath.New("org_name"), knownvalue.StringExact(me.Org.Name)),
		statecheck.ExpectKnownValue("data.ardoq_me.me", tfjsonpath.New("org_label"), knownvalue.StringExact(me.Org.Label)),
	}
	if env.Org != "" {
		checks = append(checks, statecheck.ExpectKnownValue("data.ardoq_me.me", tfjsonpath.New("org_label"), knownvalue.StringExact(env.Org)))
	}
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps:                    []resource.TestStep{{Config: env.Config(`data "ardoq_me" "me" {}`), ConfigStateChecks: checks}},
	})
}
