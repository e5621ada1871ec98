package main

import (
	"maps"
	"slices"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// TestProbe_differs: against emulators made to answer otherwise, the probe reports exactly the checks of
// the changed behaviour as differing, and exits 1.
func TestProbe_differs(t *testing.T) {
	for name, tc := range map[string]struct {
		opts []emulator.Option
		want []string
	}{
		"pages of 40": {[]emulator.Option{emulator.WithPageSize(40)}, []string{"page-size"}},
		"nested error bodies": {[]emulator.Option{emulator.WithErrorBody("nested")},
			[]string{"error-body-404", "error-body-400", "version-conflict", "batch-error-locator", "batch-error-statuses"}},
		"plain text errors": {[]emulator.Option{emulator.WithErrorBody("text")},
			[]string{"error-body-404", "error-body-400", "version-conflict", "batch-error-locator", "batch-error-statuses"}},
	} {
		t.Run(name, func(t *testing.T) {
			_, env := startEmulator(t, tc.opts...)
			code, table, log := probeRun(t, env, "-workspace", "CAP", "-write-workspace", "APP")
			if code != exitDiffers {
				t.Errorf("exit %d, want %d\n%s", code, exitDiffers, log)
			}
			got := outcomes(t, table)
			var differing []string
			for _, c := range slices.Sorted(maps.Keys(got)) {
				if got[c] == "differs" {
					differing = append(differing, c)
				} else if got[c] != "holds" {
					t.Errorf("%s: %s", c, got[c])
				}
			}
			if slices.Sort(tc.want); !slices.Equal(differing, tc.want) {
				t.Errorf("differing: %q, want %q\n%s", differing, tc.want, table)
			}
		})
	}
}
