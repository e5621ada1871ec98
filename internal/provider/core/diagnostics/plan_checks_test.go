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

// The destroy hint is one line, given to the first error of a provider process only: the same advice on
// every model-check error of a plan was noise. A nil DestroyHintOnce gives it to each call's first error.
func TestDestroyHintOnce_oneLineOnTheFirstErrorOnly(t *testing.T) {
	if strings.Count(DestroyHint, "\n") > 0 || strings.Count(DestroyHint, ". ") > 1 {
		t.Errorf("the hint is more than one line: %q", DestroyHint)
	}
	var warning diag.Diagnostics
	warning.AddWarning("W", "w.")
	var diags diag.Diagnostics
	diags.AddAttributeError(path.Root("type_id"), "A", "a.")
	diags.AddError("B", "b.")
	var once DestroyHintOnce
	if got := once.With(warning); got[0].Detail() != "w." {
		t.Errorf("a warning got the hint: %q", got[0].Detail())
	}
	first := once.With(diags)
	if !strings.HasSuffix(first[0].Detail(), DestroyHint) || first[1].Detail() != "b." {
		t.Errorf("want the hint on the first error only: %q, %q", first[0].Detail(), first[1].Detail())
	}
	if p, ok := first[0].(diag.DiagnosticWithPath); !ok || !p.Path().Equal(path.Root("type_id")) {
		t.Errorf("the path is lost: %#v", first[0])
	}
	if later := once.With(diags); later[0].Detail() != "a." || once.Hint() != "" {
		t.Errorf("the hint was given twice: %q", later[0].Detail())
	}
	var none *DestroyHintOnce
	if a, b := none.With(diags), none.With(diags); !strings.HasSuffix(a[0].Detail(), DestroyHint) || !strings.HasSuffix(b[0].Detail(), DestroyHint) {
		t.Errorf("a nil DestroyHintOnce gives the hint to each call's first error: %q, %q", a[0].Detail(), b[0].Detail())
	}
}
