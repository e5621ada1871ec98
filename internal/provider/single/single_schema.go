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

// optionalTextAttribute is an optional text: left out for none, never "".
func optionalTextAttribute(description string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional:            true,
		MarkdownDescription: description,
		Validators:          []validator.String{entity.NotEmpty{Optional: true}},
	}
}
