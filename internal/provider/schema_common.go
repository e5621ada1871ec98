package provider

import (
	"context"
	"maps"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
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

// withAttributes adds the attributes that are not generated from an entity's table to those that are.
func withAttributes(generated, more map[string]schema.Attribute) map[string]schema.Attribute {
	maps.Copy(generated, more)
	return generated
}

// notEmpty refuses "", in the single resources' schemas (as a validator) and in ardoq_batch's items
// alike; an optional attribute is left out instead.
type notEmpty struct{ optional bool }

func (v notEmpty) Description(context.Context) string { return "must not be empty" }

func (v notEmpty) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v notEmpty) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if !req.ConfigValue.IsNull() && !req.ConfigValue.IsUnknown() {
		resp.Diagnostics.Append(v.check(req.Path, req.ConfigValue.ValueString())...)
	}
}

// check is the one refusal of "".
func (v notEmpty) check(p path.Path, s string) diag.Diagnostics {
	if s != "" {
		return nil
	}
	hint := "; it needs at least 1 character"
	if v.optional {
		hint = "; leave it out for none"
	}
	return diag.Diagnostics{diag.NewAttributeErrorDiagnostic(p, "Empty Attribute Value", pathText(p)+" must not be empty"+hint+".")}
}

// stringOrNull maps an optional API string: absent and null become a null attribute.
func stringOrNull(s *string) types.String { return types.StringPointerValue(s) }
