package main

import (
	"os"
	"strings"
	"testing"
)

// CONTRIBUTING.md stays short enough to be read through: at most 3,000 words (as wc -w counts them).
func TestContributing_length(t *testing.T) {
	data, err := os.ReadFile("CONTRIBUTING.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(strings.Fields(string(data))); n > 3000 {
		t.Errorf("CONTRIBUTING.md has %d words, more than 3,000: say it shorter, or move detail next to the code it is about", n)
	}
}
