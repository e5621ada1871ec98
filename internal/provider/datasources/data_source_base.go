// Package datasources holds the provider's data sources: the connectivity check, workspaces and their
// models, attachments, reports and their runs, components and references. Each reads Ardoq through the
// client that core/providerdata hands out; components and references map through core/entity. It imports
// no other feature.
package datasources

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// dataSourceBase holds the configured client; every data source embeds it.
type dataSourceBase struct{ data *providerdata.Data }

func (d *dataSourceBase) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.data = providerdata.From(req.ProviderData, &resp.Diagnostics)
}

func computedString(description string) schema.StringAttribute {
	return schema.StringAttribute{Computed: true, MarkdownDescription: description}
}

func computedInt64(description string) schema.Int64Attribute {
	return schema.Int64Attribute{Computed: true, MarkdownDescription: description}
}

// withMeta adds entity.MetaModel's attributes to a data source's, or to its list's elements.
func withMeta(what string, attrs map[string]schema.Attribute) map[string]schema.Attribute {
	for _, a := range entity.MetaAttributes {
		attrs[a.Name] = computedString(a.Description(what))
	}
	return attrs
}

// listElementTypes is the type of an element of a plural lookup's list: the entity's attributes, with
// its custom fields as JSON (a list's elements share one type, and custom fields differ by type).
func listElementTypes(entityTypes map[string]attr.Type) map[string]attr.Type {
	delete(entityTypes, "custom_fields")
	entityTypes["custom_fields_json"] = types.StringType
	return entityTypes
}

// listElement is an entity (its object) as an element of a plural lookup's list (listElementTypes).
func listElement(elemTypes map[string]attr.Type, entity types.Object, customFields client.CustomFields) (types.Object, diag.Diagnostics) {
	attrs := entity.Attributes()
	delete(attrs, "custom_fields")
	attrs["custom_fields_json"] = jsonString(nonNilFields(customFields))
	return types.ObjectValue(elemTypes, attrs)
}

// customFieldsAttribute is every custom field a component or reference has, for the single lookups.
func customFieldsAttribute(noun string) schema.DynamicAttribute {
	return schema.DynamicAttribute{Computed: true,
		MarkdownDescription: "Every custom field the " + noun + " has, with native types; null when it has none."}
}

// customFieldsJSONDescription describes the custom fields of the plural lookups' elements.
const customFieldsJSONDescription = "Custom fields as a JSON object; `jsondecode()` gives them back with their native types."

func computedStrings(description string) schema.ListAttribute {
	return schema.ListAttribute{Computed: true, ElementType: types.StringType, MarkdownDescription: description}
}

func filterString(description string) schema.StringAttribute {
	return schema.StringAttribute{Optional: true, MarkdownDescription: description}
}

// lookupString is an input that is also filled from the found entity (id or name of a single lookup).
func lookupString(description string) schema.StringAttribute {
	return schema.StringAttribute{Optional: true, Computed: true, MarkdownDescription: description}
}

func stringsValue(ss []string) types.List {
	if ss == nil {
		return types.ListNull(types.StringType)
	}
	v, _ := types.ListValueFrom(context.Background(), types.StringType, ss)
	return v
}

// byIDOrName reads one entity by id when id is set, and otherwise lists by exact name and requires
// exactly one match. It returns nil after adding a diagnostic. A name that matches nothing gets the
// hint, if given (core/wsmodel: the closest names that exist).
func byIDOrName[T any](ctx context.Context, diags *diag.Diagnostics, noun string, id, name types.String,
	get func(context.Context, string) (*T, error), list func(context.Context, string) ([]T, error),
	hint ...func(context.Context, string) string) *T {
	if !id.IsNull() {
		found, err := get(ctx, id.ValueString())
		if err != nil {
			diagnostics.AddClientError(diags, "Unable to Read "+noun, err)
			return nil
		}
		return found
	}
	all, err := list(ctx, name.ValueString())
	if err != nil {
		diagnostics.AddClientError(diags, "Unable to List "+noun+"s", err)
		return nil
	}
	if len(all) == 0 && len(hint) == 1 {
		diags.AddError("No "+noun+" Found", fmt.Sprintf("No %s matches %s%s.", lower(noun), describeFilters("name", name.ValueString()),
			hint[0](ctx, name.ValueString())))
		return nil
	}
	if !exactlyOne(diags, noun, describeFilters("name", name.ValueString()), len(all)) {
		return nil
	}
	return &all[0]
}

// exactlyOne reports a singular lookup that found none or several entities.
func exactlyOne(diags *diag.Diagnostics, noun, criteria string, found int) bool {
	switch found {
	case 1:
		return true
	case 0:
		diags.AddError("No "+noun+" Found", fmt.Sprintf("No %s matches %s.", lower(noun), criteria))
	default:
		diags.AddError("Several "+noun+"s Found", fmt.Sprintf("%d %ss match %s; give criteria that match exactly one, or the id.", found, lower(noun), criteria))
	}
	return false
}

func lower(s string) string {
	if s == "" {
		return s
	}
	b := []byte(s)
	if b[0] >= 'A' && b[0] <= 'Z' {
		b[0] += 'a' - 'A'
	}
	for i := 1; i < len(b); i++ {
		if b[i] >= 'A' && b[i] <= 'Z' && b[i-1] == ' ' {
			b[i] += 'a' - 'A'
		}
	}
	return string(b)
}

func jsonString(v any) types.String {
	if v == nil {
		return types.StringNull()
	}
	b, err := json.Marshal(v)
	if err != nil {
		return types.StringNull()
	}
	return types.StringValue(string(b))
}

// describeFilters renders filters for error messages, for example `name = "x", root_workspace = "y"`.
func describeFilters(pairs ...string) string {
	out := ""
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] == "" {
			continue
		}
		if out != "" {
			out += ", "
		}
		out += fmt.Sprintf("%s = %q", pairs[i], pairs[i+1])
	}
	if out == "" {
		return "no filter"
	}
	return out
}

// stringOrNull maps an optional API string: absent and null become a null attribute.
func stringOrNull(s *string) types.String { return types.StringPointerValue(s) }
