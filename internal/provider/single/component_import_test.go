package single

import "testing"

func TestComponentKeyPattern(t *testing.T) {
	for key, want := range map[string]bool{"APP-12": true, "MARW2-9": true, "BIZ-1234": true, "app-1": true,
		"APP-": false, "-12": false, "APP 12": false, "not-an-id": false, "APP-12-3": false, "5eed0000000000000000c001": false} {
		if got := ComponentKeyPattern.MatchString(key); got != want {
			t.Errorf("%q: key %v, want %v", key, got, want)
		}
	}
}
