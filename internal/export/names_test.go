package export

import (
	"slices"
	"testing"
)

func TestIdent(t *testing.T) {
	for text, want := range map[string]string{
		"Payments API":            "payments_api",
		"  Customer -- Mgmt (EU)": "customer_mgmt_eu",
		"3D Printing":             "component_3d_printing",
		"Zahlungsüberweisung":     "zahlungs_berweisung",
		"!!!":                     "component",
		"APP-12":                  "app_12",
	} {
		if got := ident(text, "component"); got != want {
			t.Errorf("ident(%q) = %q, want %q", text, got, want)
		}
	}
}

// A name several things share gets each one's suffix; a name still taken gets _2, _3...
func TestUniqueNames(t *testing.T) {
	texts := []string{"API", "API", "Billing", "billing_2"}
	taken := map[string]bool{"billing": true}
	got := uniqueNames(len(texts), func(i int) string { return ident(texts[i], "c") },
		func(i int) string { return []string{"app_1", "app_2", "", "app_4"}[i] }, taken)
	if want := []string{"api_app_1", "api_app_2", "billing_2", "billing_2_app_4"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestCompareKeys(t *testing.T) {
	keys := []string{"APP-10", "APP-2", "INF-1", "APP-1", "x"}
	slices.SortFunc(keys, compareKeys)
	if want := []string{"APP-1", "APP-2", "APP-10", "INF-1", "x"}; !slices.Equal(keys, want) {
		t.Errorf("got %v, want %v", keys, want)
	}
}
