package listing

import (
	"context"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

// TestComponentWorkspace pins that a reference's plan finds its source's workspace without a request
// when a component resource of the run has read or written that component, and with one otherwise.
func TestReads_componentWorkspace(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	workspace := srv.Workspaces()[0].ID
	wctx, err := c.GetWorkspaceContext(ctx, workspace)
	if err != nil {
		t.Fatal(err)
	}
	d := NewReads(c)
	made, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "Source", RootWorkspace: workspace, TypeID: wctx.ComponentTypes[0].TypeID})
	if err != nil {
		t.Fatal(err)
	}
	srv.ResetRequests()
	for range 3 {
		if ws, err := d.ComponentWorkspace(ctx, made.ID); err != nil || ws != workspace {
			t.Fatalf("componentWorkspace = %q, %v", ws, err)
		}
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("an unknown component is read once, then remembered: %d requests", n)
	}
	other := &client.Component{ID: "5eed0000000000000000ffff", RootWorkspace: "5eed0000000000000000b002"}
	d.RememberWorkspace(other)
	srv.ResetRequests()
	if ws, err := d.ComponentWorkspace(ctx, other.ID); err != nil || ws != other.RootWorkspace || len(srv.Requests()) != 0 {
		t.Errorf("a component the run has seen costs no request: %q, %v, %d requests", ws, err, len(srv.Requests()))
	}
}
