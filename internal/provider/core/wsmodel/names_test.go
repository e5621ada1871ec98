package wsmodel_test

import (
	"context"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// An error about a workspace's model names the workspace, and the other workspace whose model has the
// type, from one list of the workspaces and the models of the others.
func TestNamesNameWorkspacesAndWhereATypeBelongs(t *testing.T) {
	org := providertest.NewEmulatedOrg(t)
	ws := org.Srv.Workspaces()
	cc := wsmodel.NewContexts(org.Client)
	n := cc.Names(context.Background())
	capType := ""
	for _, w := range ws {
		if w.Name == "Business Capabilities" {
			wctx, err := cc.Get(context.Background(), w.ID)
			if err != nil {
				t.Fatal(err)
			}
			capType = wctx.ComponentTypes[0].TypeID
		}
	}
	if got, want := n.Workspace(org.WS), `"Applications" (`+org.WS+`)`; got != want {
		t.Errorf("Workspace = %q, want %q", got, want)
	}
	if got := n.Workspace("5eed00000000000000000000"); got != "5eed00000000000000000000" {
		t.Errorf("an unknown workspace is its id: %q", got)
	}
	if got, want := n.ComponentTypeElsewhere(capType, org.WS), ` It is the type "`; !strings.HasPrefix(got, want) ||
		!strings.HasSuffix(got, `" of workspace "Business Capabilities" (`+ws[2].ID+`).`) {
		t.Errorf("ComponentTypeElsewhere = %q", got)
	}
	if got := n.ComponentTypeElsewhere(org.Typ, org.WS); got != ` It is the type "`+org.Wctx.ComponentTypes[0].Name+`" of workspace "Infrastructure" (`+ws[1].ID+`).` {
		t.Errorf("a type shared with one other workspace: %q", got)
	}
	if got := n.ComponentTypeElsewhere(org.Typ, ws[2].ID); got != ` It is the type "`+org.Wctx.ComponentTypes[0].Name+`" of workspaces "Applications" (`+
		ws[0].ID+`) and "Infrastructure" (`+ws[1].ID+`).` {
		t.Errorf("a type of two other workspaces: %q", got)
	}
	if got := n.ReferenceTypeElsewhere(10, org.WS); got != ` It is the reference type "Realized by" of workspace "Business Capabilities" (`+ws[2].ID+`).` {
		t.Errorf("ReferenceTypeElsewhere = %q", got)
	}
	if got := n.ReferenceTypeElsewhere(987, org.WS); got != "" {
		t.Errorf("a type in no model: %q", got)
	}
	if got := (wsmodel.Names{}).Workspace("w") + (wsmodel.Names{}).ComponentTypeElsewhere("p", "w"); got != "w" {
		t.Errorf("the zero wsmodel.Names gives the id only: %q", got)
	}
}

func TestNamesNameWhatACreateMakes(t *testing.T) {
	org := providertest.NewEmulatedOrg(t)
	ctx := context.Background()
	n := wsmodel.NewContexts(org.Client).Names(ctx)
	typeName := org.Wctx.ComponentTypes[0].Name
	if got, want := n.Component("Payments", org.Typ, org.WS), `"Payments" (type "`+typeName+`" in workspace "Applications" (`+org.WS+`))`; got != want {
		t.Errorf("Component = %q, want %q", got, want)
	}
	if got := n.Component("Payments", "p0000000000000", org.WS); !strings.Contains(got, "(type p0000000000000 in workspace") {
		t.Errorf("a type the model lacks is its id: %q", got)
	}
	made := func(name string) string {
		c, err := org.Client.CreateComponent(ctx, client.ComponentCreate{RootWorkspace: org.WS, Name: name, TypeID: org.Typ})
		if err != nil {
			t.Fatal(err)
		}
		return c.ID
	}
	source, target := made("Payments"), made("Orders DB")
	refType := org.Wctx.ReferenceTypes[0]
	if got, want := n.Reference(source, target, refType.Type), "Payments → Orders DB ("+refType.Name+")"; got != want {
		t.Errorf("Reference = %q, want %q", got, want)
	}
	gone := "5eed000000000000000dead0"
	if got, want := n.Reference(gone, target, 987), gone+" → Orders DB (type 987)"; got != want {
		t.Errorf("what cannot be read is named by id and number: %q, want %q", got, want)
	}
}
