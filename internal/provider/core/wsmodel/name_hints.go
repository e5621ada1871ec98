package wsmodel

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/agext/levenshtein"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Hints for a name or id that matches nothing: the closest that exist, so a typo ("Aplications"), a
// shortened name ("Infra") or a name given where an id belongs shows its fix in the error itself.

const (
	maxSuggestions = 3
	// minSimilarity leaves out what shares too little with the input to be what was meant.
	minSimilarity = 0.4
	// closeToBest leaves out candidates much further away than the best one.
	closeToBest = 0.6
	// idTypo is the score of an id one character away from the input.
	idTypo = 0.95
)

// similarity scores how close s is to want, from 0 to 1, ignoring case: the Levenshtein similarity with
// a bonus for a shared prefix (agext/levenshtein's Match, the library behind HCL's "Did you mean"), or
// nearly as high when want is the start of s or part of it (a shortened name).
func similarity(want, s string) float64 {
	want, s = strings.ToLower(strings.TrimSpace(want)), strings.ToLower(s)
	if want == "" {
		return 0
	}
	score := levenshtein.Match(want, s, nil)
	if r := []rune(s); len(r) > len([]rune(want)) {
		score = max(score, 0.9*levenshtein.Match(want, string(r[:len([]rune(want))]), nil))
	}
	if strings.Contains(s, want) {
		score = max(score, 0.8)
	}
	return score
}

// Closest returns, best first, up to maxSuggestions of the items whose name (or id, if given) comes
// closest to want, leaving out those too far from it or from the best one. An id counts only when it is
// one character away: ids made together differ in a few characters, so anything looser would suggest
// them all. Ties keep the items' order.
func Closest[T any](want string, items []T, name, id func(T) string) []T {
	type scored struct {
		item  T
		score float64
	}
	all := make([]scored, 0, len(items))
	for _, it := range items {
		score := similarity(want, name(it))
		if id != nil && levenshtein.Distance(strings.TrimSpace(want), id(it), nil) <= 1 {
			score = max(score, idTypo)
		}
		all = append(all, scored{it, score})
	}
	slices.SortStableFunc(all, func(a, b scored) int { return cmp.Compare(b.score, a.score) })
	var out []T
	for _, s := range all {
		if len(out) == maxSuggestions || s.score < minSimilarity || s.score < closeToBest*all[0].score {
			break
		}
		out = append(out, s.item)
	}
	return out
}

// ClosestNames is Closest for plain names.
func ClosestNames(want string, names []string) []string {
	return Closest(want, names, func(n string) string { return n }, nil)
}

// QuotedList renders names as `"a", "b"`.
func QuotedList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// nameHint ends a "no <noun> matches name = ..." message: `; closest: "a", "b"`, or what exists when nothing is
// close (all of it when there are a few), or that there is none.
func nameHint(want, plural string, names []string) string {
	if len(names) == 0 {
		return "; Ardoq has no " + plural
	}
	if near := ClosestNames(want, names); len(near) > 0 {
		return "; closest: " + QuotedList(near)
	}
	sorted := slices.Sorted(slices.Values(names))
	if len(sorted) <= 2*maxSuggestions {
		return fmt.Sprintf("; none is close. The %s are: %s", plural, QuotedList(sorted))
	}
	return fmt.Sprintf("; none of the %d %s is close (%s, ...)", len(sorted), plural, QuotedList(sorted[:maxSuggestions]))
}

// WorkspaceNameHint is nameHint over every workspace the token can see, or "" when they cannot be listed
// (the error being reported matters more than the hint).
func WorkspaceNameHint(ctx context.Context, c *client.Client, name string) string {
	all, err := c.ListWorkspaces(ctx, client.WorkspaceFilter{})
	if err != nil {
		return ""
	}
	names := make([]string, len(all))
	for i, w := range all {
		names[i] = w.Name
	}
	return nameHint(name, "workspaces", names)
}

// ComponentTypeHint follows "component type <x> is not in the model": the types whose id or name is
// closest to x, with their ids, or all of them (few) when none is close.
func ComponentTypeHint(wctx *client.WorkspaceContext, typeID string) string {
	near := Closest(typeID, wctx.ComponentTypes, func(t client.ComponentType) string { return t.Name },
		func(t client.ComponentType) string { return t.TypeID })
	if len(near) == 0 {
		return "Its types are: " + componentTypeList(wctx) + "."
	}
	parts := make([]string, len(near))
	for i, t := range near {
		parts[i] = fmt.Sprintf("%q (type_id %s)", t.Name, t.TypeID)
	}
	return "Closest: " + strings.Join(parts, ", ") + "."
}

// ComponentTypeNameHint follows "has no component type named <x>" (a lookup by name): the closest type
// names, or all the types when none is close.
func ComponentTypeNameHint(wctx *client.WorkspaceContext, name string) string {
	names := make([]string, len(wctx.ComponentTypes))
	for i, t := range wctx.ComponentTypes {
		names[i] = t.Name
	}
	if near := ClosestNames(name, names); len(near) > 0 {
		return "Closest: " + QuotedList(near) + "."
	}
	return "Its types are: " + componentTypeList(wctx) + "."
}

// ReferenceTypeNameHint is ComponentTypeNameHint for reference types.
func ReferenceTypeNameHint(wctx *client.WorkspaceContext, name string) string {
	names := make([]string, len(wctx.ReferenceTypes))
	for i, t := range wctx.ReferenceTypes {
		names[i] = t.Name
	}
	if near := ClosestNames(name, names); len(near) > 0 {
		return "Closest: " + QuotedList(near) + "."
	}
	return "Its reference types are: " + ReferenceTypeList(wctx) + "."
}
