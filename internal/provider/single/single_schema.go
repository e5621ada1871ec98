package single

import (
	"maps"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
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
		PlanModifiers: []planmodifier.Int64{unknownWhenFieldsCleared{}},
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
		PlanModifiers:       []planmodifier.String{unknownWhenFieldsCleared{}},
	}
}

// withAttributes adds the attributes that are not generated from an entity's table to those that are.
func withAttributes(generated, more map[string]schema.Attribute) map[string]schema.Attribute {
	maps.Copy(generated, more)
	return generated
}

// schemaAttributes builds the single resource's schema attributes of the table's configurable
// attributes, custom fields apart; entity names the resource in descriptions.
func schemaAttributes[M, V, E, C, U any](t entity.Attributes[M, V, E, C, U], noun string) map[string]schema.Attribute {
	out := map[string]schema.Attribute{}
	for _, a := range t {
		switch a.Kind {
		case entity.KindComputed, entity.KindCustomFields:
		case entity.KindType:
			out[a.Name] = schema.Int64Attribute{Required: a.Required, Optional: !a.Required, MarkdownDescription: schemaDoc(a, noun),
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()}}
		default:
			attr := schema.StringAttribute{Required: a.Required, Optional: !a.Required, MarkdownDescription: schemaDoc(a, noun),
				Validators: []validator.String{entity.NotEmpty{Optional: !a.Required}}}
			if a.OID || a.Kind == entity.KindComponentRef {
				attr.Validators = entity.OIDValidators()
			}
			if a.Kind == entity.KindIdentity {
				attr.PlanModifiers = []planmodifier.String{stringplanmodifier.RequiresReplace()}
			}
			out[a.Name] = attr
		}
	}
	return out
}

// schemaDoc is the attribute's description in the single resource's schema: the table's, with its
// example and what a change does.
func schemaDoc[M, V, E, C, U any](a entity.Attribute[M, V, E, C, U], noun string) string {
	doc := a.Doc
	if a.Example != "" {
		doc = strings.TrimSuffix(doc, ".") + ", for example " + a.Example + "."
	}
	switch a.Kind {
	case entity.KindIdentity, entity.KindType:
		doc += " Changing it replaces the " + noun + "."
	case entity.KindComponentRef:
		doc += " Can be changed in place."
	}
	return doc
}
