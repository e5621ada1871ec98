package datasources

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

// A name shared by several types is refused rather than resolved to one of them.
func TestOneNamed(t *testing.T) {
	wctx := &client.WorkspaceContext{RootWorkspace: "w", ComponentTypes: []client.ComponentType{
		{TypeID: "p1", Name: "Application"}, {TypeID: "p2", Name: "Server"}, {TypeID: "p3", Name: "Server"}}}
	nameOf := func(t client.ComponentType) string { return t.Name }
	var diags diag.Diagnostics
	if got, ok := oneNamed(&diags, wsmodel.Names{}, "Component Type", wctx, "Application", wctx.ComponentTypes, nameOf, wsmodel.ComponentTypeNameHint); !ok || got.TypeID != "p1" {
		t.Fatalf("Application: %v %v %v", got, ok, diags)
	}
	for name, want := range map[string]string{
		"Server":      `Several Component Types Found: The model of workspace w has 2 component types named "Server"`,
		"Applicatiom": `No Component Type Found: The model of workspace w has no component type named "Applicatiom". Closest: "Application".`,
	} {
		diags = nil
		if _, ok := oneNamed(&diags, wsmodel.Names{}, "Component Type", wctx, name, wctx.ComponentTypes, nameOf, wsmodel.ComponentTypeNameHint); ok || len(diags) != 1 {
			t.Fatalf("%s: found, or %d diagnostics", name, len(diags))
		}
		if got := diags[0].Summary() + ": " + diags[0].Detail(); !strings.HasPrefix(got, want) {
			t.Errorf("%s:\n got %s\nwant %s", name, got, want)
		}
	}
}
