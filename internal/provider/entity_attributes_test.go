package provider

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

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
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/single"
)

// ardoq_component's and ardoq_reference's schemas, and ardoq_batch's items, must take exactly the
// attributes of the entity's table, with its flags, descriptions and replace rules, and refuse "" alike.

const agreeID = "5eed0000000000000000b001"

func TestComponentAttributesAgreeWithSchemaAndBatch(t *testing.T) {
	checkAgreement(t, single.NewComponentResource(), "component", `components["a"]`, entity.ComponentAttributes)
}

func TestReferenceAttributesAgreeWithSchemaAndBatch(t *testing.T) {
	checkAgreement(t, single.NewReferenceResource(), "reference", `references["a"]`, entity.ReferenceAttributes)
}

func checkAgreement[M, V, E, C, U any](t *testing.T, r resource.Resource, noun, item string, table entity.Attributes[M, V, E, C, U]) {
	ctx := context.Background()
	var resp resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &resp)
	attrs := resp.Schema.Attributes

	var names []string
	for _, a := range table {
		names = append(names, a.Name)
	}
	if got := slices.Sorted(maps.Keys(attrs)); !slices.Equal(got, slices.Sorted(slices.Values(names))) {
		t.Fatalf("schema attributes %v, table %v", got, slices.Sorted(slices.Values(names)))
	}

	full := map[string]tftypes.Value{}
	for _, a := range table {
		t.Run(a.Name, func(t *testing.T) {
			got := attrs[a.Name]
			if a.Kind == entity.KindComputed {
				if !got.IsComputed() || got.IsOptional() || got.IsRequired() {
					t.Errorf("want computed only, got %+v", got)
				}
				checkType(t, got, a.Number != nil, false)
				return
			}
			// custom_fields alone is Computed too: an import's record is kept under a configuration without it (single/adoption.go)
			if got.IsRequired() != a.Required || got.IsOptional() == a.Required || got.IsComputed() != (a.Kind == entity.KindCustomFields) {
				t.Errorf("want required=%v, got %+v", a.Required, got)
			}
			checkType(t, got, a.Kind == entity.KindType, a.Kind == entity.KindCustomFields)
			desc := got.GetMarkdownDescription()
			if a.Kind == entity.KindCustomFields {
				if desc != fields.Description {
					t.Errorf("description %q, want the custom-field codec's %q", desc, fields.Description)
				}
			} else if !strings.HasPrefix(desc, strings.TrimSuffix(a.Doc, ".")) {
				t.Errorf("description %q does not show the table's %q", desc, a.Doc)
			}
			if replaces := a.Kind == entity.KindIdentity || a.Kind == entity.KindType; requiresReplace(ctx, got) != replaces {
				t.Errorf("requires replace: got %v, want %v", !replaces, replaces)
			}
			if s, ok := got.(schema.StringAttribute); ok {
				checkEmptyRefusal(ctx, t, s, a.Name, a.Kind == entity.KindComponentRef, a.OID, item)
			}
		})
		switch a.Kind {
		case entity.KindComputed:
		case entity.KindType:
			full[a.Name] = tftypes.NewValue(tftypes.Number, 1)
		case entity.KindCustomFields:
			full[a.Name] = providertest.TFObject(map[string]tftypes.Value{})
		default:
			full[a.Name] = providertest.TFStr(agreeID)
		}
	}

	// ardoq_batch takes every configurable attribute and requires the required ones...
	if diags := decodeOneItem(item, full); diags.HasError() {
		t.Errorf("a full %s item: %v", noun, diags)
	}
	for _, a := range table {
		if a.Kind == entity.KindComputed {
			// ...and refuses the computed ones.
			if diags := decodeOneItem(item, withAttribute(full, a.Name, providertest.TFStr(agreeID))); !hasSummary(diags, "Unsupported Batch Item Attribute") {
				t.Errorf("computed %s in a %s item: %v", a.Name, noun, diags)
			}
			continue
		}
		without := maps.Clone(full)
		delete(without, a.Name)
		if diags := decodeOneItem(item, without); hasSummary(diags, "Missing Batch Item Attribute") != a.Required || diags.HasError() != a.Required {
			t.Errorf("a %s item without %s (required=%v): %v", noun, a.Name, a.Required, diags)
		}
	}
}

func checkType(t *testing.T, got schema.Attribute, number, dynamic bool) {
	t.Helper()
	want := types.StringType.String()
	switch {
	case number:
		want = types.Int64Type.String()
	case dynamic:
		want = types.DynamicType.String()
	}
	if got.GetType().String() != want {
		t.Errorf("type %s, want %s", got.GetType(), want)
	}
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
// refuses "" too, with the same message unless the schema checks an id's form. Component references
// are the exception: in a batch they may be item keys ("" for none).
func checkEmptyRefusal(ctx context.Context, t *testing.T, a schema.StringAttribute, name string, ref, oid bool, item string) {
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
		t.Errorf("schema refuses %q: %v", agreeID, diags)
	}
	refused := validate("")
	if !refused.HasError() {
		t.Fatalf("schema takes \"\"")
	}
	if ref {
		return
	}
	batch := decodeOneItem(item, map[string]tftypes.Value{name: providertest.TFStr("")})
	found := hasSummary(batch, "Empty Attribute Value")
	if !oid {
		found = slices.ContainsFunc(batch, func(d diag.Diagnostic) bool { return d.Detail() == item+"."+refused[0].Detail() })
	}
	if !found {
		t.Errorf("schema says %q, ardoq_batch %v", refused[0].Detail(), batch)
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

func withAttribute(attrs map[string]tftypes.Value, name string, v tftypes.Value) map[string]tftypes.Value {
	out := maps.Clone(attrs)
	out[name] = v
	return out
}

func hasSummary(diags diag.Diagnostics, summary string) bool {
	return slices.ContainsFunc(diags, func(d diag.Diagnostic) bool { return d.Summary() == summary })
}
