package cascade

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

func TestReport_warningOrError(t *testing.T) {
	var warn diag.Diagnostics
	Report(&warn, false, path.Root("deleted"), "Deletes 1 component", "Payments (id 1) is removed.")
	if warn.HasError() || warn.WarningsCount() != 1 {
		t.Fatalf("without the setting: want one warning, got %v", warn)
	}
	if d, ok := warn[0].(diag.DiagnosticWithPath); !ok || !d.Path().Equal(path.Root("deleted")) {
		t.Errorf("warning not at its path: %v", warn[0])
	}
	if !strings.Contains(warn[0].Detail(), "prevent_implicit_deletions = true") {
		t.Errorf("warning does not say how to make it an error: %s", warn[0].Detail())
	}
	var stop diag.Diagnostics
	Report(&stop, true, path.Empty(), "Deletes 1 component", "Payments (id 1) is removed.")
	if stop.ErrorsCount() != 1 {
		t.Fatalf("with the setting: want one error, got %v", stop)
	}
	if _, withPath := stop[0].(diag.DiagnosticWithPath); withPath {
		t.Errorf("an empty path must give a diagnostic of the whole resource: %v", stop[0])
	}
}

func TestReferenceLabel(t *testing.T) {
	if got := wsmodel.ReferenceLabel("Payments", "Orders DB", "Depends on"); got != "Payments → Orders DB (Depends on)" {
		t.Errorf("got %q", got)
	}
	if got := wsmodel.ReferenceLabel("A", "B", ""); got != "A → B" {
		t.Errorf("got %q", got)
	}
}
