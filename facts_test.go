package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	// factsSection is a section heading of FACTS.md: "## 8. §batch-errors — How a failed batch is reported".
	factsSection = regexp.MustCompile(`(?m)^## (\d+)\. §([a-z0-9-]+) — \S`)
	// factsCitation is a citation of one or more of its sections: "FACTS.md §versions", "FACTS.md §batch, §cascade".
	factsCitation = regexp.MustCompile(`FACTS\.md §[a-z0-9-]+(?:(?:, | and )§[a-z0-9-]+)*`)
	factsName     = regexp.MustCompile(`§([a-z0-9-]+)`)
)

// TestFactsCitations: every section of FACTS.md a file of the repository cites exists, and a Go file
// mentions FACTS.md only to cite a section ("FACTS.md §name"). The sections are numbered 1, 2, 3, ...
// and each name is used once.
func TestFactsCitations(t *testing.T) {
	facts, err := os.ReadFile("FACTS.md")
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]bool{}
	for i, m := range factsSection.FindAllStringSubmatch(string(facts), -1) {
		if want := strconv.Itoa(i + 1); m[1] != want {
			t.Errorf("FACTS.md: section §%s is numbered %s, want %s", m[2], m[1], want)
		}
		if sections[m[2]] {
			t.Errorf("FACTS.md: two sections are named §%s", m[2])
		}
		sections[m[2]] = true
	}
	if len(sections) == 0 {
		t.Fatal("FACTS.md has no section headings of the form \"## 1. §name — Title\"")
	}
	cited := 0
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") && name != ".ci" && name != ".github" || name == "dist" || name == "bin") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".tmpl", ".sh", ".yml":
		default:
			return nil
		}
		if path == "FACTS.md" || filepath.Base(path) == "facts_test.go" { // the tests that read it
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text := string(b)
		if !strings.Contains(text, "FACTS.md") {
			return nil
		}
		citations := factsCitation.FindAllStringIndex(text, -1)
		if mentions := strings.Count(text, "FACTS.md"); filepath.Ext(path) == ".go" && mentions != len(citations) {
			t.Errorf("%s mentions FACTS.md %d times, %d of them citing a section (\"FACTS.md §name\")", path, mentions, len(citations))
		}
		for _, c := range citations {
			line := strings.Count(text[:c[0]], "\n") + 1
			for _, name := range factsName.FindAllStringSubmatch(text[c[0]:c[1]], -1) {
				cited++
				if !sections[name[1]] {
					t.Errorf("%s:%d cites FACTS.md §%s, which FACTS.md does not have", path, line, name[1])
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if cited == 0 {
		t.Error("nothing cites FACTS.md: the walk missed the code")
	}
}
