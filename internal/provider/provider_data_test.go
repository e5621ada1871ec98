package provider

import (
	"context"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// TestComponentWorkspace pins that a reference's plan finds its source's workspace without a request
// when a component resource of the run has read or written that component, and with one otherwise.
func TestComponentWorkspace(t *testing.T) {
	org := newEmulatedOrg(t)
	ctx := context.Background()
	d := &providerData{client: org.client}
	made, err := org.client.CreateComponent(ctx, client.ComponentCreate{Name: "Source", RootWorkspace: org.ws, TypeID: org.typ})
	if err != nil {
		t.Fatal(err)
	}
	org.srv.ResetRequests()
	for range 3 {
		if ws, err := d.componentWorkspace(ctx, made.ID); err != nil || ws != org.ws {
			t.Fatalf("componentWorkspace = %q, %v", ws, err)
		}
	}
	if n := len(org.srv.Requests()); n != 1 {
		t.Errorf("an unknown component is read once, then remembered: %d requests", n)
	}
	other := &client.Component{ID: "5eed0000000000000000ffff", RootWorkspace: "5eed0000000000000000b002"}
	d.rememberWorkspace(other)
	org.srv.ResetRequests()
	if ws, err := d.componentWorkspace(ctx, other.ID); err != nil || ws != other.RootWorkspace || len(org.srv.Requests()) != 0 {
		t.Errorf("a component the run has seen costs no request: %q, %v, %d requests", ws, err, len(org.srv.Requests()))
	}
}
