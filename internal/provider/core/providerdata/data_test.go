package providerdata

import (
	"context"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestComponentWorkspace pins that a reference's plan finds its source's workspace without a request
// when a component resource of the run has read or written that component, and with one otherwise.
func TestComponentWorkspace(t *testing.T) {
	org := providertest.NewEmulatedOrg(t)
	ctx := context.Background()
	d := &Data{Client: org.Client}
	made, err := org.Client.CreateComponent(ctx, client.ComponentCreate{Name: "Source", RootWorkspace: org.WS, TypeID: org.Typ})
	if err != nil {
		t.Fatal(err)
	}
	org.Srv.ResetRequests()
	for range 3 {
		if ws, err := d.ComponentWorkspace(ctx, made.ID); err != nil || ws != org.WS {
			t.Fatalf("componentWorkspace = %q, %v", ws, err)
		}
	}
	if n := len(org.Srv.Requests()); n != 1 {
		t.Errorf("an unknown component is read once, then remembered: %d requests", n)
	}
	other := &client.Component{ID: "5eed0000000000000000ffff", RootWorkspace: "5eed0000000000000000b002"}
	d.RememberWorkspace(other)
	org.Srv.ResetRequests()
	if ws, err := d.ComponentWorkspace(ctx, other.ID); err != nil || ws != other.RootWorkspace || len(org.Srv.Requests()) != 0 {
		t.Errorf("a component the run has seen costs no request: %q, %v, %d requests", ws, err, len(org.Srv.Requests()))
	}
}
