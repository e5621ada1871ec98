package provider

import (
	"maps"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

func idAttribute(what string) schema.StringAttribute {
	return schema.StringAttribute{
		Computed:            true,
		MarkdownDescription: "The " + what + "'s Ardoq id (OID).",
		PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}

func versionAttribute(what string) schema.Int64Attribute {
	return schema.Int64Attribute{
		Computed: true,
		MarkdownDescription: "The " + what + "'s `_version` in Ardoq, which grows by one on every write. Updates send it as " +
			"`ifVersionMatch`, so a change made in Ardoq after the last refresh fails the apply instead of being overwritten.",
	}
}

func createdAttribute(what string) schema.StringAttribute {
	return schema.StringAttribute{
		Computed:            true,
		MarkdownDescription: "When the " + what + " was created (ISO-8601, UTC).",
		PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}

func lastUpdatedAttribute(what string) schema.StringAttribute {
	return schema.StringAttribute{
		Computed:            true,
		MarkdownDescription: "When the " + what + " was last changed (ISO-8601, UTC).",
	}
}

// withAttributes adds the attributes that are not generated from an entity's table to those that are.
func withAttributes(generated, more map[string]schema.Attribute) map[string]schema.Attribute {
	maps.Copy(generated, more)
	return generated
}

// schemaAttributes builds the single resource's schema attributes of the table's configurable
// attributes, custom fields apart; entity names the resource in descriptions.
func schemaAttributes[M, V, E, C, U any](t entityAttributes[M, V, E, C, U], entity string) map[string]schema.Attribute {
	out := map[string]schema.Attribute{}
	for _, a := range t {
		switch a.kind {
		case computedAttribute, customFieldsAttribute:
		case typeAttribute:
			out[a.name] = schema.Int64Attribute{Required: a.required, Optional: !a.required, MarkdownDescription: schemaDoc(a, entity),
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()}}
		default:
			attr := schema.StringAttribute{Required: a.required, Optional: !a.required, MarkdownDescription: schemaDoc(a, entity),
				Validators: []validator.String{notEmpty{optional: !a.required}}}
			if a.oid || a.kind == componentRefAttribute {
				attr.Validators = oidValidators()
			}
			if a.kind == identityAttribute {
				attr.PlanModifiers = []planmodifier.String{stringplanmodifier.RequiresReplace()}
			}
			out[a.name] = attr
		}
	}
	return out
}

// schemaDoc is the attribute's description in the single resource's schema: the table's, with its
// example and what a change does.
func schemaDoc[M, V, E, C, U any](a entityAttribute[M, V, E, C, U], entity string) string {
	doc := a.doc
	if a.example != "" {
		doc = strings.TrimSuffix(doc, ".") + ", for example " + a.example + "."
	}
	switch a.kind {
	case identityAttribute, typeAttribute:
		doc += " Changing it replaces the " + entity + "."
	case componentRefAttribute:
		doc += " Can be changed in place."
	}
	return doc
}
