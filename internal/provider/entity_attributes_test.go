package provider

import (
	"context"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/batch"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/datasources"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/single"
)

// Every feature shows every attribute of an entity. The single resource's schema is the reference: its
// configurable attributes are exactly ardoq_batch's item attributes, with the same types, required ones,
// replace rules, descriptions and refusal of ""; every attribute is in the single data source and in the
// plural data source's elements; ardoq_batch's computed values are computed attributes of the resource.
// (The list resources return the single resource's objects.) An attribute added to one feature and not
// the others fails here.

const agreeID = "5eed0000000000000000b001"

type entityFeatures struct {
	resource   resource.Resource
	single     datasource.DataSource
	plural     datasource.DataSource
	list       string // the plural data source's list attribute, and ardoq_batch's items
	item       string // an ardoq_batch item's path
	customDocs string // ardoq_batch's description of the items' custom_fields
}

var entities = map[string]entityFeatures{
	"component": {resource: single.NewComponentResource(), single: datasources.NewComponentDataSource(),
		plural: datasources.NewComponentsDataSource(), list: "components", item: `components["a"]`,
		customDocs: "Custom field values keyed by the field's API key, in their natural types (`cost = 1200`"},
	"reference": {resource: single.NewReferenceResource(), single: datasources.NewReferenceDataSource(),
		plural: datasources.NewReferencesDataSource(), list: "references", item: `references["a"]`,
		customDocs: "As for components."},
}

func TestEntityAttributes_inEveryFeature(t *testing.T) {
	ctx := context.Background()
	batchSchema := batchResourceSchema(t)
	for name, e := range entities {
		t.Run(name, func(t *testing.T) {
			attrs := resourceAttributes(ctx, e.resource)
			var single datasource.SchemaResponse
			e.single.Schema(ctx, datasource.SchemaRequest{}, &single)
			for a := range attrs {
				if _, ok := single.Schema.Attributes[a]; !ok {
					t.Errorf("the single data source lacks %s", a)
				}
			}
			var plural datasource.SchemaResponse
			e.plural.Schema(ctx, datasource.SchemaRequest{}, &plural)
			list, _ := plural.Schema.Attributes[e.list].(dschema.ListNestedAttribute)
			want := slices.Sorted(func(yield func(string) bool) {
				for a := range attrs {
					if a == "custom_fields" {
						a = "custom_fields_json" // a list's elements share one type, and custom fields differ by type
					}
					if !yield(a) {
						return
					}
				}
			})
			if got := slices.Sorted(maps.Keys(list.NestedObject.Attributes)); !slices.Equal(got, want) {
				t.Errorf("the plural data source's elements have %v, want %v", got, want)
			}
			computed, _ := batchSchema["computed_"+e.list].Type.(tftypes.Map)
			elem, _ := computed.ElementType.(tftypes.Object)
			for a, typ := range elem.AttributeTypes {
				in, ok := attrs[a]
				if !ok || !in.IsComputed() || in.IsOptional() || in.IsRequired() {
					t.Errorf("ardoq_batch's computed_%s hold %s, which is no computed attribute of the resource", e.list, a)
				} else if want := in.GetType().TerraformType(ctx); !typ.Equal(want) {
					t.Errorf("ardoq_batch's computed_%s hold %s as %s, the resource as %s", e.list, a, typ, want)
				}
				if !strings.Contains(batchSchema["computed_"+e.list].Description, "`"+a+"`") {
					t.Errorf("ardoq_batch's computed_%s do not describe %s", e.list, a)
				}
			}
		})
	}
}

// itemLine is one attribute in the description of ardoq_batch's items: "  - `name` (String, required): Name ...".
var itemLine = regexp.MustCompile("(?m)^  - `([a-z_]+)` \\((String|Number|Object)(, required)?\\): (.*)$")

func TestEntityAttributes_batchItemsAsSingleResource(t *testing.T) {
	ctx := context.Background()
	batchSchema := batchResourceSchema(t)
	for name, e := range entities {
		t.Run(name, func(t *testing.T) {
			described := map[string][]string{}
			for _, m := range itemLine.FindAllStringSubmatch(batchSchema[e.list].Description, -1) {
				described[m[1]] = m[2:]
			}
			full := map[string]tftypes.Value{}
			for a, s := range resourceAttributes(ctx, e.resource) {
				if !s.IsRequired() && !s.IsOptional() {
					// ardoq_batch refuses what Ardoq assigns
					if _, ok := described[a]; ok {
						t.Errorf("ardoq_batch's items describe the computed %s", a)
					}
					if diags := decodeOneItem(e.item, map[string]tftypes.Value{a: providertest.TFStr(agreeID)}); !hasSummary(diags, "Unsupported Batch Item Attribute") {
						t.Errorf("computed %s in a %s item: %v", a, name, diags)
					}
					continue
				}
				d, ok := described[a]
				delete(described, a)
				if !ok {
					t.Errorf("ardoq_batch's items do not describe %s", a)
					continue
				}
				typ, value := "String", providertest.TFStr(agreeID)
				switch s.(type) {
				case schema.Int64Attribute:
					typ, value = "Number", tftypes.NewValue(tftypes.Number, 1)
				case schema.DynamicAttribute:
					typ, value = "Object", providertest.TFObject(map[string]tftypes.Value{})
				}
				full[a] = value
				if d[0] != typ || (d[1] != "") != s.IsRequired() {
					t.Errorf("ardoq_batch's items describe %s as (%s%s), the resource's schema as %s, required %v", a, d[0], d[1], typ, s.IsRequired())
				}
				if replaces := strings.Contains(d[2], "Changing it re-creates the item."); replaces != requiresReplace(ctx, s) {
					t.Errorf("%s: ardoq_batch re-creates the item on a change: %v; the resource replaces: %v", a, replaces, !replaces)
				}
				doc := strings.TrimSuffix(strings.SplitN(strings.SplitN(d[2], " Changing it", 2)[0], " A component item's key", 2)[0], ".")
				if a == "custom_fields" {
					if !strings.HasPrefix(d[2], e.customDocs) {
						t.Errorf("ardoq_batch's items describe custom_fields as %q", d[2])
					}
				} else if !strings.HasPrefix(s.GetMarkdownDescription(), doc) {
					t.Errorf("%s: the resource's description %q does not start as ardoq_batch's %q", a, s.GetMarkdownDescription(), doc)
				}
				if str, ok := s.(schema.StringAttribute); ok {
					checkEmptyRefusal(ctx, t, str, a, strings.Contains(d[2], "A component item's key works too."), e.item)
				}
			}
			for a := range described {
				t.Errorf("ardoq_batch's items describe %s, which the resource does not have", a)
			}
			// ardoq_batch takes every configurable attribute and requires the required ones
			if diags := decodeOneItem(e.item, full); diags.HasError() {
				t.Errorf("a full %s item: %v", name, diags)
			}
			for a := range full {
				without := maps.Clone(full)
				delete(without, a)
				required := resourceAttributes(ctx, e.resource)[a].IsRequired()
				if diags := decodeOneItem(e.item, without); hasSummary(diags, "Missing Batch Item Attribute") != required || diags.HasError() != required {
					t.Errorf("a %s item without %s (required=%v): %v", name, a, required, diags)
				}
			}
		})
	}
}

func resourceAttributes(ctx context.Context, r resource.Resource) map[string]schema.Attribute {
	var resp resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &resp)
	return resp.Schema.Attributes
}

func requiresReplace(ctx context.Context, a schema.Attribute) bool {
	replace := stringplanmodifier.RequiresReplace().Description(ctx)
	switch a := a.(type) {
	case schema.StringAttribute:
		return slices.ContainsFunc(a.PlanModifiers, func(m planmodifier.String) bool { return m.Description(ctx) == replace })
	case schema.Int64Attribute:
		return slices.ContainsFunc(a.PlanModifiers, func(m planmodifier.Int64) bool { return m.Description(ctx) == replace })
	}
	return false
}

// checkEmptyRefusal checks that the schema refuses "" and takes an Ardoq id, and that ardoq_batch
// refuses "" too, with the same message where the schema's is the check of "" (not of an id's form).
// Component references are the exception: in a batch they may be item keys ("" for none).
func checkEmptyRefusal(ctx context.Context, t *testing.T, a schema.StringAttribute, name string, ref bool, item string) {
	t.Helper()
	validate := func(s string) diag.Diagnostics {
		var diags diag.Diagnostics
		for _, v := range a.Validators {
			resp := validator.StringResponse{}
			v.ValidateString(ctx, validator.StringRequest{Path: path.Root(name), ConfigValue: types.StringValue(s)}, &resp)
			diags.Append(resp.Diagnostics...)
		}
		return diags
	}
	if diags := validate(agreeID); diags.HasError() {
		t.Errorf("%s: schema refuses %q: %v", name, agreeID, diags)
	}
	refused := validate("")
	if !refused.HasError() {
		t.Fatalf("%s: schema takes \"\"", name)
	}
	if ref {
		return
	}
	batch := decodeOneItem(item, map[string]tftypes.Value{name: providertest.TFStr("")})
	found := hasSummary(batch, "Empty Attribute Value")
	if refused[0].Summary() == "Empty Attribute Value" {
		found = slices.ContainsFunc(batch, func(d diag.Diagnostic) bool { return d.Detail() == item+"."+refused[0].Detail() })
	}
	if !found {
		t.Errorf("%s: schema says %q, ardoq_batch %v", name, refused[0].Detail(), batch)
	}
}

// decodeOneItem validates one ardoq_batch item, a component or a reference as item's path says, as
// ardoq_batch validates its configuration.
func decodeOneItem(item string, attrs map[string]tftypes.Value) diag.Diagnostics {
	ctx := context.Background()
	server := batch.NewServer(nil)
	schemas, _ := server.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	typ, _ := schemas.ResourceSchemas[batch.TypeName].ValueType().(tftypes.Object)
	values := map[string]tftypes.Value{}
	for name, at := range typ.AttributeTypes {
		values[name] = tftypes.NewValue(at, nil)
	}
	list := "references"
	if strings.HasPrefix(item, "components") {
		list = "components"
	}
	values[list] = providertest.TFObject(map[string]tftypes.Value{"a": providertest.TFObject(attrs)})
	config, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, values))
	if err != nil {
		return diag.Diagnostics{diag.NewErrorDiagnostic("Test Value", err.Error())}
	}
	resp, _ := server.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: batch.TypeName, Config: &config})
	var out diag.Diagnostics
	for _, d := range resp.Diagnostics {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			out.AddError(d.Summary, d.Detail)
		} else {
			out.AddWarning(d.Summary, d.Detail)
		}
	}
	return out
}

func hasSummary(diags diag.Diagnostics, summary string) bool {
	return slices.ContainsFunc(diags, func(d diag.Diagnostic) bool { return d.Summary() == summary })
}

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
