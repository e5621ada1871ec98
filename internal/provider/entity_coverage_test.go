package provider

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/batch"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/datasources"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/single"
)

// coverage is what each feature shows of one entity, by attribute name.
type coverage struct {
	table        []string // the entity's table: every attribute, described once
	configurable []string
	inBatch      []string
	resource     resource.Resource
	single       datasource.DataSource
	plural       datasource.DataSource
	pluralList   string // the plural data source's list attribute
}

// TestEntityTables_everyFeatureHasEveryAttribute ties every feature to the entity tables: an attribute
// added to entity.ComponentAttributes or entity.ReferenceAttributes must appear in the single resource, the single and
// plural data sources, and ardoq_batch's items (the list resources return the single resource's objects).
func TestEntityTables_everyFeatureHasEveryAttribute(t *testing.T) {
	entities := map[string]coverage{
		"component": {table: tableNames(entity.ComponentAttributes), configurable: entity.ComponentAttributes.Configurable(),
			inBatch: batchNames(entity.ComponentAttributes), resource: single.NewComponentResource(), single: datasources.NewComponentDataSource(),
			plural: datasources.NewComponentsDataSource(), pluralList: "components"},
		"reference": {table: tableNames(entity.ReferenceAttributes), configurable: entity.ReferenceAttributes.Configurable(),
			inBatch: batchNames(entity.ReferenceAttributes), resource: single.NewReferenceResource(), single: datasources.NewReferenceDataSource(),
			plural: datasources.NewReferencesDataSource(), pluralList: "references"},
	}
	ctx := context.Background()
	batchSchema := batchResourceSchema(t)
	for name, e := range entities {
		t.Run(name, func(t *testing.T) {
			var r resource.SchemaResponse
			e.resource.Schema(ctx, resource.SchemaRequest{}, &r)
			if got := sortedNames(r.Schema.Attributes); !slices.Equal(got, e.table) {
				t.Errorf("the resource's attributes %v, the table's %v", got, e.table)
			}
			var single datasource.SchemaResponse
			e.single.Schema(ctx, datasource.SchemaRequest{}, &single)
			for _, a := range e.table {
				if _, ok := single.Schema.Attributes[a]; !ok {
					t.Errorf("the single data source lacks %s", a)
				}
			}
			var plural datasource.SchemaResponse
			e.plural.Schema(ctx, datasource.SchemaRequest{}, &plural)
			list, _ := plural.Schema.Attributes[e.pluralList].(dschema.ListNestedAttribute)
			want := slices.Sorted(func(yield func(string) bool) {
				for _, a := range e.table {
					if a == "custom_fields" {
						a = entity.CustomFieldsJSON
					}
					if !yield(a) {
						return
					}
				}
			})
			if got := sortedNames(list.NestedObject.Attributes); !slices.Equal(got, want) {
				t.Errorf("the plural data source's elements have %v, want %v", got, want)
			}
			described := batchSchema[e.pluralList].Description
			for _, a := range e.configurable {
				if !strings.Contains(described, "`"+a+"`") {
					t.Errorf("ardoq_batch's %s items do not describe %s", name, a)
				}
			}
			computed := batchSchema["computed_"+e.pluralList].Description
			for _, a := range e.inBatch {
				if !strings.Contains(computed, "`"+a+"`") {
					t.Errorf("ardoq_batch's computed_%s do not describe %s", e.pluralList, a)
				}
			}
		})
	}
}

func tableNames[M, V, E, C, U any](t entity.Attributes[M, V, E, C, U]) []string {
	var out []string
	for _, a := range t {
		out = append(out, a.Name)
	}
	return slices.Sorted(slices.Values(out))
}

func batchNames[M, V, E, C, U any](t entity.Attributes[M, V, E, C, U]) []string {
	var out []string
	for _, a := range t {
		if a.InBatch {
			out = append(out, a.Name)
		}
	}
	return out
}

func sortedNames[A any](attrs map[string]A) []string { return slices.Sorted(maps.Keys(attrs)) }

// batchResourceSchema is ardoq_batch's schema as its server sends it, by attribute name.
func batchResourceSchema(t *testing.T) map[string]*tfprotov6.SchemaAttribute {
	t.Helper()
	resp, err := batch.NewServer(nil).GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*tfprotov6.SchemaAttribute{}
	for _, a := range resp.ResourceSchemas[batch.TypeName].Block.Attributes {
		out[a.Name] = a
	}
	return out
}
