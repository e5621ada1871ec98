package diagnostics

import (
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// ToProtocol converts the framework's diagnostics for ardoq_batch's protocol server (package batch),
// with their attribute paths.
func ToProtocol(diags diag.Diagnostics) []*tfprotov6.Diagnostic {
	var out []*tfprotov6.Diagnostic
	for _, d := range diags {
		pd := &tfprotov6.Diagnostic{Summary: d.Summary(), Detail: d.Detail(), Severity: tfprotov6.DiagnosticSeverityWarning}
		if d.Severity() == diag.SeverityError {
			pd.Severity = tfprotov6.DiagnosticSeverityError
		}
		if withPath, ok := d.(diag.DiagnosticWithPath); ok {
			pd.Attribute = attributePath(withPath.Path())
		}
		out = append(out, pd)
	}
	return out
}

func attributePath(p path.Path) *tftypes.AttributePath {
	steps := p.Steps()
	if len(steps) == 0 {
		return nil
	}
	out := tftypes.NewAttributePath()
	for _, step := range steps {
		switch s := step.(type) {
		case path.PathStepAttributeName:
			out = out.WithAttributeName(string(s))
		case path.PathStepElementKeyString:
			out = out.WithElementKeyString(string(s))
		case path.PathStepElementKeyInt:
			out = out.WithElementKeyInt(int(s))
		default:
			return out
		}
	}
	return out
}
