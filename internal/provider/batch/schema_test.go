package batch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// Server sends the schema the framework sent for ardoq_batch (so that terraform providers schema -json,
// and the documentation tfplugindocs generates from it, stay the same), and the framework's server
// capabilities, so that the mux plans a destroy through Server as the framework would.
func TestServer_schemaAndCapabilitiesAsFramework(t *testing.T) {
	ctx := context.Background()
	framework, err := newFrameworkServer(nil)
	if err != nil {
		t.Fatal(err)
	}
	var got [2]*tfprotov6.GetProviderSchemaResponse
	var meta [2]*tfprotov6.GetMetadataResponse
	for i, s := range []tfprotov6.ProviderServer{framework, NewServer(nil)} {
		if got[i], err = s.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{}); err != nil {
			t.Fatal(err)
		}
		if meta[i], err = s.GetMetadata(ctx, &tfprotov6.GetMetadataRequest{}); err != nil {
			t.Fatal(err)
		}
	}
	if want, have := schemaText(got[0].ResourceSchemas[TypeName]), schemaText(got[1].ResourceSchemas[TypeName]); want != have {
		t.Errorf("the framework's schema:\n%s\nServer's:\n%s", want, have)
	}
	if len(got[1].ResourceSchemas) != 1 || len(got[1].DataSourceSchemas) != 0 || got[1].Provider != nil {
		t.Errorf("Server sends more than ardoq_batch's schema: %+v", got[1])
	}
	for i, what := range []string{"GetProviderSchema", "GetMetadata"} {
		capabilities := [2]*tfprotov6.ServerCapabilities{got[0].ServerCapabilities, got[1].ServerCapabilities}
		if i == 1 {
			capabilities = [2]*tfprotov6.ServerCapabilities{meta[0].ServerCapabilities, meta[1].ServerCapabilities}
		}
		if *capabilities[0] != *capabilities[1] {
			t.Errorf("%s: the framework's capabilities %+v, Server's %+v", what, *capabilities[0], *capabilities[1])
		}
	}
	if len(meta[1].Resources) != 1 || meta[1].Resources[0].TypeName != TypeName {
		t.Errorf("Server's metadata: %+v", meta[1].Resources)
	}
}

// schemaText is everything Terraform reads from a resource schema, attributes by name.
func schemaText(s *tfprotov6.Schema) string {
	if s == nil || s.Block == nil {
		return "no schema"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "version %d, %d blocks, description (%v) %q, deprecated %v\n", s.Version, len(s.Block.BlockTypes),
		s.Block.DescriptionKind, s.Block.Description, s.Block.Deprecated)
	attrs := slices.Clone(s.Block.Attributes)
	slices.SortFunc(attrs, func(a, b *tfprotov6.SchemaAttribute) int { return strings.Compare(a.Name, b.Name) })
	for _, a := range attrs {
		fmt.Fprintf(&b, "%s: %s nested %v required %v optional %v computed %v sensitive %v write-only %v deprecated %v description (%v) %q\n",
			a.Name, a.Type, a.NestedType, a.Required, a.Optional, a.Computed, a.Sensitive, a.WriteOnly, a.Deprecated, a.DescriptionKind, a.Description)
	}
	return b.String()
}

// The batch page says the custom-field rules once, by a link to the guide "Custom fields", not in full for
// each kind of item.
func TestResourceSchema_customFieldsLinkToTheRules(t *testing.T) {
	var all strings.Builder
	for _, a := range resourceSchema().Block.Attributes {
		all.WriteString(a.Description)
	}
	text := all.String()
	if strings.Contains(text, "natural types: strings for Text") {
		t.Errorf("the batch schema repeats the custom-field rules")
	}
	if n := strings.Count(text, "(../guides/custom-fields)"); n != 1 {
		t.Errorf("the batch schema links to the custom-field rules %d times, want once", n)
	}
}

// The guide shows the jq line that TestAccBatchDeletions_countedInPlanJSON runs.
func TestDeletionsJQ_inTheGuide(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "templates", "guides", "bulk-modelling.md.tmpl"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "terraform show -json tfplan | "+DeletionsJQ+"\n") {
		t.Error("the guide Bulk modelling with ardoq_batch does not show DeletionsJQ as it is")
	}
}
