package provider

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

var oidPattern = regexp.MustCompile(`^[0-9a-f]{24}$`)

// oidValidators check an Ardoq object id (24 hexadecimal characters) at plan time.
func oidValidators() []validator.String {
	return []validator.String{stringvalidator.RegexMatches(oidPattern, "must be an Ardoq id: 24 lowercase hexadecimal characters")}
}

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

// optionalString is an optional string the API returns as null when unset.
func optionalString(description string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional:            true,
		MarkdownDescription: description,
		Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
	}
}

// stringOrNull maps an optional API string: absent and null become a null attribute.
func stringOrNull(s *string) types.String { return types.StringPointerValue(s) }
