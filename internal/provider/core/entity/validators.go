package entity

import (
	"context"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
)

var OIDPattern = regexp.MustCompile(`^[0-9a-f]{24}$`)

// OIDValidators check an Ardoq object id (24 hexadecimal characters, FACTS.md §ids) at plan time.
func OIDValidators() []validator.String {
	return []validator.String{stringvalidator.RegexMatches(OIDPattern, "must be an Ardoq id: 24 lowercase hexadecimal characters")}
}

// NotEmpty refuses "", in the single resources' schemas (as a validator) and in ardoq_batch's items
// alike; an optional attribute is left out instead.
type NotEmpty struct{ Optional bool }

func (v NotEmpty) Description(context.Context) string { return "must not be empty" }

func (v NotEmpty) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v NotEmpty) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if !req.ConfigValue.IsNull() && !req.ConfigValue.IsUnknown() {
		resp.Diagnostics.Append(v.Check(req.Path, req.ConfigValue.ValueString())...)
	}
}

// Check is the one refusal of "".
func (v NotEmpty) Check(p path.Path, s string) diag.Diagnostics {
	if s != "" {
		return nil
	}
	hint := "; it needs at least 1 character"
	if v.Optional {
		hint = "; leave it out for none"
	}
	return diag.Diagnostics{diag.NewAttributeErrorDiagnostic(p, "Empty Attribute Value", convert.PathText(p)+" must not be empty"+hint+".")}
}
