// Package cmdtext holds the wording the command-line tools under internal/cmd share.
package cmdtext

import "strconv"

// Count is n nouns, in the singular for one: "1 reference", "2 references". noun takes an "s" in the
// plural.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
