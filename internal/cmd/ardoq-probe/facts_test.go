package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

var (
	factsHeading = regexp.MustCompile(`^## \d+\. §([a-z0-9-]+) — `)
	// unsettled marks a statement Ardoq does not document: one the probe must name a check for.
	unsettled  = regexp.MustCompile(`(?i)\*\*(inferred|our\s+decision)`)
	probeNote  = regexp.MustCompile("Probe: (none \\(.+?\\)|`[a-z0-9-]+`(?:, `[a-z0-9-]+`)*)")
	probeNames = regexp.MustCompile("`([a-z0-9-]+)`")
)

// factsStatement is one bullet of the facts file, with its section.
type factsStatement struct {
	section, text string
}

func readFacts(t *testing.T) []factsStatement {
	t.Helper()
	b, err := os.ReadFile("../../../FACTS.md")
	if err != nil {
		t.Fatal(err)
	}
	var statements []factsStatement
	section := ""
	for _, line := range strings.Split(string(b), "\n") {
		switch m := factsHeading.FindStringSubmatch(line); {
		case m != nil:
			section = m[1]
		case section == "":
		case strings.HasPrefix(line, "- "):
			statements = append(statements, factsStatement{section, line})
		case strings.HasPrefix(line, "  ") && len(statements) > 0:
			statements[len(statements)-1].text += " " + strings.TrimSpace(line)
		}
	}
	return statements
}

// TestFactsProbes keeps the facts file and the probe in step: every statement that is inferred or our
// decision names the checks that settle it, or says why none can; every check it names exists and is
// about that statement's section; and every check of the probe is named by a statement of its section.
func TestFactsProbes(t *testing.T) {
	checks := map[string]check{}
	for _, c := range allChecks() {
		if _, twice := checks[c.name]; twice {
			t.Errorf("two checks are named %s", c.name)
		}
		checks[c.name] = c
	}
	named := map[string]bool{}
	for _, s := range readFacts(t) {
		note := probeNote.FindString(s.text)
		if note == "" {
			if unsettled.MatchString(s.text) {
				t.Errorf("§%s: a statement that is inferred or our decision names no probe check (Probe: `name`, or Probe: none (why)): %.120s", s.section, s.text)
			}
			continue
		}
		if strings.HasPrefix(note, "Probe: none") {
			continue
		}
		for _, m := range probeNames.FindAllStringSubmatch(note, -1) {
			c, exists := checks[m[1]]
			switch {
			case !exists:
				t.Errorf("§%s names the probe check %s, which the probe does not have", s.section, m[1])
			case c.section != s.section:
				t.Errorf("§%s names the probe check %s, which says it is about §%s", s.section, m[1], c.section)
			}
			named[m[1]] = true
		}
	}
	for name, c := range checks {
		if !named[name] {
			t.Errorf("the probe check %s (§%s) is named by no statement of the facts file", name, c.section)
		}
	}
}
