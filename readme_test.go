package main

import (
	"context"
	"os"
	"strings"
	"testing"

	fwprovider "github.com/hashicorp/terraform-plugin-framework/provider"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider"
)

// The README's configuration table names every attribute of the provider block.
func TestReadme_configurationTableComplete(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var resp fwprovider.SchemaResponse
	provider.New("test")().Schema(context.Background(), fwprovider.SchemaRequest{}, &resp)
	if len(resp.Schema.Attributes) == 0 {
		t.Fatal("the provider schema has no attributes")
	}
	for name := range resp.Schema.Attributes {
		if !strings.Contains(string(readme), "\n| `"+name+"` |") {
			t.Errorf("README.md's configuration table has no row for %q", name)
		}
	}
}
