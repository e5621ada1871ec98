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

// The destroy hint is one line, on the first error of each check, and only there: a check's answer does
// not depend on what other checks of the process reported.
func TestWithDestroyHint_oneLineOnTheFirstErrorOfEachCheck(t *testing.T) {
	if strings.Count(DestroyHint, "\n") > 0 || strings.Count(DestroyHint, ". ") > 1 {
		t.Errorf("the hint is more than one line: %q", DestroyHint)
	}
	var warning diag.Diagnostics
	warning.AddWarning("W", "w.")
	if got := WithDestroyHint(warning); got[0].Detail() != "w." {
		t.Errorf("a warning got the hint: %q", got[0].Detail())
	}
	var diags diag.Diagnostics
	diags.AddAttributeError(path.Root("type_id"), "A", "a.")
	diags.AddError("B", "b.")
	for range 2 {
		got := WithDestroyHint(diags)
		if !strings.HasSuffix(got[0].Detail(), DestroyHint) || got[1].Detail() != "b." {
			t.Errorf("want the hint on the first error only, every time: %q, %q", got[0].Detail(), got[1].Detail())
		}
		if p, ok := got[0].(diag.DiagnosticWithPath); !ok || !p.Path().Equal(path.Root("type_id")) {
			t.Errorf("the path is lost: %#v", got[0])
		}
	}
	if diags[0].Detail() != "a." {
		t.Errorf("the input was changed: %q", diags[0].Detail())
	}
}
