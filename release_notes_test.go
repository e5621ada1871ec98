package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// releaseNotes runs scripts/release-notes.sh (the release notes goreleaser publishes) with args.
func releaseNotes(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{"scripts/release-notes.sh"}, args...)...)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.String(), errOut.String(), err
}

// The script prints exactly one version's section, without its heading, whether the tag's "v" is given
// or not, and whatever heading style the version has.
func TestReleaseNotes_printsTheVersionsSection(t *testing.T) {
	changelog := filepath.Join(t.TempDir(), "CHANGELOG.md")
	if err := os.WriteFile(changelog, []byte(`# Changelog

## [Unreleased]

## [1.1.0] - 2026-12-01

### Fixed

- One fix.

## 1.0.0

- First.

[Unreleased]: https://example.com/compare/v1.1.0...HEAD
[1.1.0]: https://example.com/releases/tag/v1.1.0
`), 0o600); err != nil {
		t.Fatal(err)
	}
	for version, want := range map[string]string{
		"v1.1.0": "### Fixed\n\n- One fix.\n",
		"1.1.0":  "### Fixed\n\n- One fix.\n",
		"v1.0.0": "- First.\n",
	} {
		got, stderr, err := releaseNotes(t, version, changelog)
		if err != nil || got != want {
			t.Errorf("release-notes.sh %s: %q (%v, %s), want %q", version, got, err, stderr, want)
		}
	}
	for _, version := range []string{"1.2.0", "1.1", "Unreleased"} {
		if got, stderr, err := releaseNotes(t, version, changelog); err == nil || got != "" || !strings.Contains(stderr, version) {
			t.Errorf("release-notes.sh %s: %q, %q, %v; want a failure naming the version", version, got, stderr, err)
		}
	}
}

// Every released version in CHANGELOG.md has notes to publish.
func TestReleaseNotes_changelog(t *testing.T) {
	b, err := os.ReadFile("CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	versions := 0
	for _, line := range strings.Split(string(b), "\n") {
		heading, ok := strings.CutPrefix(line, "## ")
		if !ok || strings.HasPrefix(heading, "[Unreleased]") {
			continue
		}
		version := strings.Trim(strings.Fields(heading)[0], "[]")
		versions++
		if got, stderr, err := releaseNotes(t, "v"+version); err != nil || !strings.Contains(got, "### ") {
			t.Errorf("release-notes.sh v%s: %q (%v, %s), want the section", version, got, err, stderr)
		}
	}
	if versions == 0 {
		t.Error("CHANGELOG.md has no version section")
	}
}
