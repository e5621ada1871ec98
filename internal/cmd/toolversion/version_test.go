package toolversion

import "testing"

func TestString_stampedFirst(t *testing.T) {
	if got := String("1.2.3"); got != "1.2.3" {
		t.Errorf("String(%q) = %q, want the stamped version", "1.2.3", got)
	}
	// A test binary records no module version of its own: Go says "(devel)".
	if got := String(""); got != "(devel)" {
		t.Errorf("String(\"\") in a test binary = %q, want (devel)", got)
	}
}
