package installtest

import (
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The platforms the install test expects of a full release are .goreleaser.yml's: every goos with every
// goarch that Go supports (go tool dist list), but the ignored pairs. CI builds the host's only (make release-host), so this is where a change
// to either is caught before a tag.
func TestPlatforms_areGoreleasers(t *testing.T) {
	b, err := os.ReadFile("../../.goreleaser.yml")
	if err != nil {
		t.Fatal(err)
	}
	config := string(b)
	list := func(key string) []string {
		m := regexp.MustCompile(`(?m)^    ` + key + `: \[(.*)\]$`).FindStringSubmatch(config)
		if m == nil {
			t.Fatalf(".goreleaser.yml has no line '    %s: [...]' (scripts/release-snapshot.sh narrows it for make release-host)", key)
		}
		var items []string
		for _, item := range strings.Split(m[1], ",") {
			items = append(items, strings.Trim(strings.TrimSpace(item), `"`))
		}
		return items
	}
	var ignored []string
	for _, m := range regexp.MustCompile(`(?m)^      - goos: (\w+)\n        goarch: "?(\w+)"?$`).FindAllStringSubmatch(config, -1) {
		ignored = append(ignored, m[1]+"_"+m[2])
	}
	ports, err := exec.Command("go", "tool", "dist", "list").Output()
	if err != nil {
		t.Fatalf("go tool dist list: %v", err)
	}
	supported := strings.Fields(strings.ReplaceAll(string(ports), "/", "_"))
	var built []string
	for _, goos := range list("goos") {
		for _, goarch := range list("goarch") {
			if p := goos + "_" + goarch; slices.Contains(supported, p) && !slices.Contains(ignored, p) {
				built = append(built, p)
			}
		}
	}
	slices.Sort(built)
	if !slices.Equal(built, platforms) {
		t.Errorf(".goreleaser.yml builds %v (ignoring %v); the install test expects %v", built, ignored, platforms)
	}
}
