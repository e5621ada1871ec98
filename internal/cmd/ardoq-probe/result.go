package main

import (
	"fmt"
	"io"
	"strings"
)

// outcome is what a check found.
type outcome int

const (
	holds outcome = iota
	differs
	notChecked
)

func (o outcome) String() string {
	return [...]string{"holds", "differs", "not checked"}[o]
}

// result is a check's outcome and what Ardoq answered (for differs) or why it was not checked.
type result struct {
	outcome outcome
	detail  string
}

func held(format string, args ...any) result { return result{holds, fmt.Sprintf(format, args...)} }
func differed(format string, args ...any) result {
	return result{differs, fmt.Sprintf(format, args...)}
}
func skipped(format string, args ...any) result {
	return result{notChecked, fmt.Sprintf(format, args...)}
}

// failed is a check that could not finish: Ardoq refused or did not answer a request it needed.
func failed(err error) result { return result{notChecked, "a request failed: " + err.Error()} }

// finding is one row of the table.
type finding struct {
	check check
	result
}

// writeTable prints the findings as a Markdown table (readable in a terminal and in a job summary), then
// how many held, differed and were not checked.
func writeTable(w io.Writer, heading string, findings []finding) {
	fmt.Fprintf(w, "%s\n\n", heading)
	fmt.Fprintln(w, "| Check | Assumption | FACTS section | Result | What Ardoq answered, or why not checked |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | --- |")
	counts := map[outcome]int{}
	for _, f := range findings {
		counts[f.outcome]++
		fmt.Fprintf(w, "| `%s` | %s | §%s | %s | %s |\n", f.check.name, cell(f.check.assumption), f.check.section,
			resultCell(f.outcome), cell(f.detail))
	}
	fmt.Fprintf(w, "\n%d held, %d differed, %d not checked.\n", counts[holds], counts[differs], counts[notChecked])
}

func resultCell(o outcome) string {
	if o == differs {
		return "**differs**"
	}
	return o.String()
}

// cell keeps a value on one table row: no newlines, pipes escaped, long answers shortened.
func cell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ReplaceAll(s, "|", `\|`)
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}
