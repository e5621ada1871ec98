package cmdtext

import "testing"

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 references", 1: "1 reference", 2: "2 references"} {
		if got := Count(n, "reference"); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}
