package provider

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	fwprovider "github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rsschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
)

// Every schema is valid and every attribute, nested ones included, has a description (docs come from them).
func TestSchemasAreValidAndDescribed(t *testing.T) {
	ctx := context.Background()
	p := New("test")()
	var presp fwprovider.SchemaResponse
	p.Schema(ctx, fwprovider.SchemaRequest{}, &presp)
	for name, a := range presp.Schema.Attributes {
		if a.GetMarkdownDescription() == "" {
			t.Errorf("provider attribute %s has no description", name)
		}
	}
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var meta resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "ardoq"}, &meta)
		var resp resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &resp)
		if diags := resp.Schema.ValidateImplementation(ctx); diags.HasError() {
			t.Errorf("%s: %v", meta.TypeName, diags)
		}
		if resp.Schema.MarkdownDescription == "" {
			t.Errorf("%s has no description", meta.TypeName)
		}
		checkResourceAttrs(t, meta.TypeName, resp.Schema.Attributes)
	}
	for _, newDataSource := range p.DataSources(ctx) {
		d := newDataSource()
		var meta datasource.MetadataResponse
		d.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "ardoq"}, &meta)
		var resp datasource.SchemaResponse
		d.Schema(ctx, datasource.SchemaRequest{}, &resp)
		if diags := resp.Schema.ValidateImplementation(ctx); diags.HasError() {
			t.Errorf("%s: %v", meta.TypeName, diags)
		}
		if resp.Schema.MarkdownDescription == "" {
			t.Errorf("%s has no description", meta.TypeName)
		}
		checkDataSourceAttrs(t, meta.TypeName, resp.Schema.Attributes)
	}
}

func checkResourceAttrs(t *testing.T, prefix string, attrs map[string]rsschema.Attribute) {
	for name, a := range attrs {
		if a.GetMarkdownDescription() == "" {
			t.Errorf("%s.%s has no description", prefix, name)
		}
		if n, ok := a.(rsschema.MapNestedAttribute); ok {
			checkResourceAttrs(t, prefix+"."+name, n.NestedObject.Attributes)
		}
	}
}

func checkDataSourceAttrs(t *testing.T, prefix string, attrs map[string]dsschema.Attribute) {
	for name, a := range attrs {
		if a.GetMarkdownDescription() == "" {
			t.Errorf("%s.%s has no description", prefix, name)
		}
		if n, ok := a.(dsschema.ListNestedAttribute); ok {
			checkDataSourceAttrs(t, prefix+"."+name, n.NestedObject.Attributes)
		}
	}
}
