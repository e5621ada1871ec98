package diagnostics

import (
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
)

func TestWithDetail(t *testing.T) {
	var diags diag.Diagnostics
	diags.AddWarning("W", "w.")
	diags.AddAttributeError(path.Root("type"), "A", "a.")
	diags.AddError("B", "b.")
	first := WithDetail(diags, " +", true)
	every := WithDetail(diags, " +", false)
	got := func(ds diag.Diagnostics) []string {
		var out []string
		for _, d := range ds {
			out = append(out, d.Summary()+":"+d.Detail())
		}
		return out
	}
	if want := []string{"W:w.", "A:a. +", "B:b."}; !slices.Equal(got(first), want) {
		t.Errorf("first only: %q, want %q", got(first), want)
	}
	if want := []string{"W:w.", "A:a. +", "B:b. +"}; !slices.Equal(got(every), want) {
		t.Errorf("every: %q, want %q", got(every), want)
	}
	if p, ok := first[1].(diag.DiagnosticWithPath); !ok || !p.Path().Equal(path.Root("type")) {
		t.Errorf("the path is lost: %#v", first[1])
	}
}

func TestWithDestroyHint_oneLineOnEveryError(t *testing.T) {
	var diags diag.Diagnostics
	diags.AddAttributeError(path.Root("type_id"), "A", "a.")
	diags.AddError("B", "b.")
	for _, d := range WithDestroyHint(diags) {
		if !strings.HasSuffix(d.Detail(), DestroyHint) {
			t.Errorf("%s: no destroy hint: %q", d.Summary(), d.Detail())
		}
		if strings.Count(DestroyHint, "\n") > 0 || strings.Count(DestroyHint, ". ") > 1 {
			t.Errorf("the hint is more than one line: %q", DestroyHint)
		}
	}
}
