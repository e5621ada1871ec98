// Package providertest holds what the tests of several of the provider's packages share. Only _test.go
// files import it.
//
// make test runs every test on the newest Terraform. An acceptance test's name says where else it runs:
//   - ending in _everyCLI, also on the oldest Terraform and on OpenTofu (make test-oldest, make test-tofu):
//     what can differ by CLI, that is one lifecycle per resource type (create, import, update, drift,
//     destroy), the version-gated features (identity, import blocks, terraform query, terraform test), the
//     docs' examples and guides, and what the CLI itself does with the provider (interrupts, logs, where a
//     plan-time error points);
//   - ending in _everyOrg, also against the thinner real org (make test-foreign-org-thin): a test whose
//     outcome depends on what the org holds (custom field types, reports, attachments), that is one that
//     skips a part, or all, when the org lacks it;
//   - ending in _everyCLI_everyOrg, both (the examples and guides that need fields of several types).
package providertest

import (
	"context"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

// EmulatedOrg is an emulator of the seed org, with a client for it, its first workspace and that
// workspace's first component type.
type EmulatedOrg struct {
	Srv     *openapitest.TestServer
	Client  *client.Client
	WS, Typ string
	Wctx    *client.WorkspaceContext
}

// NewEmulatedOrg starts an emulator (checked against Ardoq's OpenAPI document) for the test.
func NewEmulatedOrg(t *testing.T, opts ...emulator.Option) EmulatedOrg {
	t.Helper()
	srv := openapitest.Start(t, opts...)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	ws := srv.Workspaces()[0].ID
	wctx, err := c.GetWorkspaceContext(context.Background(), ws)
	if err != nil {
		t.Fatal(err)
	}
	return EmulatedOrg{Srv: srv, Client: c, WS: ws, Typ: wctx.ComponentTypes[0].TypeID, Wctx: wctx}
}
