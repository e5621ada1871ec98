package export

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// ident is a Terraform name made from text: lower case letters, digits and "_", a run of anything else
// one "_", starting with a letter (fallback_ before a text that does not, fallback for none).
func ident(text, fallback string) string {
	var b strings.Builder
	gap := false
	for _, r := range strings.ToLower(text) {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(r)
			gap = false
			continue
		}
		gap = true
	}
	s := b.String()
	switch {
	case s == "":
		return fallback
	case !unicode.IsLetter(rune(s[0])):
		return fallback + "_" + s
	}
	return s
}

// uniqueNames names each of n things (0..n-1) from its text; a name several share gets each one's
// distinct suffix (a component key; "" for none), and a name still taken gets _2, _3... in order. taken holds the
// names already used, and receives these.
func uniqueNames(n int, text, suffix func(i int) string, taken map[string]bool) []string {
	names := make([]string, n)
	count := map[string]int{}
	for i := range n {
		names[i] = text(i)
		count[names[i]]++
	}
	for i := range n {
		if s := suffix(i); s != "" && (count[names[i]] > 1 || taken[names[i]]) {
			names[i] += "_" + s
		}
		base := names[i]
		for k := 2; taken[names[i]]; k++ {
			names[i] = fmt.Sprintf("%s_%d", base, k)
		}
		taken[names[i]] = true
	}
	return names
}

// keyed orders component keys as people read them: by prefix, then number (APP-2 before APP-10).
var keyed = regexp.MustCompile(`^(.*?)(\d+)$`)

func compareKeys(a, b string) int {
	ma, mb := keyed.FindStringSubmatch(a), keyed.FindStringSubmatch(b)
	if ma != nil && mb != nil && ma[1] == mb[1] {
		na, _ := strconv.Atoi(ma[2])
		nb, _ := strconv.Atoi(mb[2])
		if c := cmp.Compare(na, nb); c != 0 {
			return c
		}
	}
	return cmp.Compare(a, b)
}

// sortComponents orders components by component key, as people read them.
func sortComponents(comps []client.Component) {
	slices.SortStableFunc(comps, func(a, b client.Component) int {
		return cmp.Or(compareKeys(a.ComponentKey, b.ComponentKey), cmp.Compare(a.ID, b.ID))
	})
}
