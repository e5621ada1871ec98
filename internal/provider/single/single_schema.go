package single

import (
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
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

// withMeta adds entity.MetaModel's attributes to a resource's: what the create sets for good is kept from
// the state, the rest is unknown in a plan that writes.
func withMeta(what string, attrs map[string]schema.Attribute) map[string]schema.Attribute {
	for _, a := range entity.MetaAttributes {
		var modifier planmodifier.String = unknownWhenFieldsCleared{}
		if a.Stable {
			modifier = stringplanmodifier.UseStateForUnknown()
		}
		attrs[a.Name] = schema.StringAttribute{Computed: true, MarkdownDescription: a.Description(what),
			PlanModifiers: []planmodifier.String{modifier}}
	}
	return attrs
}

// optionalTextAttribute is an optional text: left out for none, never "".
func optionalTextAttribute(description string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional:            true,
		MarkdownDescription: description,
		Validators:          []validator.String{entity.NotEmpty{Optional: true}},
	}
}
