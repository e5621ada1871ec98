package emulator

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// The change view's table: what changed since the mark, in groups so that a large run does not bury what
// matters. Deletions come first, each deleted component with the components above it ("Web Shop ›
// Checkout") and sorted so that a child follows its parent; then what was created; then what was
// updated, each update with the fields it changed (old → new, by label); last the writes that changed no
// field (as an adoption that rewrites what it takes over). A group longer than openGroupRows starts
// collapsed (an HTML details element: no script), under a line that sums it up.

const openGroupRows = 50

type changeGroup struct {
	Status, Title string
	Open          bool
	Summary       string // what the group holds, in a line
	Rows          []changeRow
}

type changeRow struct {
	Anchor, Href, Status, Badge, Entity, Workspace, Note string
	Path                                                 string // the components above a component, "Web Shop › "
	Name                                                 string
	Diffs                                                []fieldChange
	id, sortKey                                          string
	unchanged                                            bool // an update that changed no field
}

// changeGroups lists the changed entities in groups (deleted, created, updated, written unchanged) and
// counts them by kind.
func (v *orgView) changeGroups() ([]changeGroup, []summaryItem) {
	counts := map[changeKind]int{}
	deleted := changeGroup{Status: "deleted", Title: "Deleted", Open: true}
	created := changeGroup{Status: "created", Title: "Created"}
	updated := changeGroup{Status: "updated", Title: "Updated"}
	unchanged := changeGroup{Status: "unchanged", Title: "Written unchanged"}
	fieldCounts := map[string]int{}
	for _, id := range v.netOrder {
		row, kind, ok := v.changeRow(id)
		if !ok {
			continue
		}
		counts[kind]++
		switch {
		case kind == changeDeleted || kind == changeCascaded:
			deleted.Rows = append(deleted.Rows, row)
		case kind == changeCreated:
			created.Rows = append(created.Rows, row)
		case row.unchanged:
			unchanged.Rows = append(unchanged.Rows, row)
		default:
			for _, d := range row.Diffs {
				fieldCounts[d.Label]++
			}
			updated.Rows = append(updated.Rows, row)
		}
	}
	slices.SortStableFunc(deleted.Rows, func(a, b changeRow) int { return cmp.Compare(a.sortKey, b.sortKey) })
	deleted.Summary = count(len(deleted.Rows), "entity", "entities") + " deleted"
	if n := counts[changeCascaded]; n > 0 {
		deleted.Summary += ", " + strconv.Itoa(n) + " of them by cascade"
	}
	created.Summary = count(len(created.Rows), "entity", "entities") + " created"
	updated.Summary = count(len(updated.Rows), "entity", "entities") + " updated" + updateSummary(fieldCounts)
	unchanged.Summary = count(len(unchanged.Rows), "entity", "entities") + " written with no field changed: only their versions moved"
	var groups []changeGroup
	for _, g := range []changeGroup{deleted, created, updated, unchanged} {
		if len(g.Rows) > 0 {
			g.Open = g.Open || len(g.Rows) <= openGroupRows
			groups = append(groups, g)
		}
	}
	labels := map[changeKind]string{changeCreated: "created", changeUpdated: "updated", changeDeleted: "deleted", changeCascaded: "deleted by cascade"}
	var sum []summaryItem
	for _, k := range []changeKind{changeCreated, changeUpdated, changeDeleted, changeCascaded} {
		sum = append(sum, summaryItem{Status: status(k), Badge: badge(k, false), Label: labels[k], N: counts[k]})
	}
	return groups, sum
}

// updateSummary says which fields the updates changed, the most often changed first: "; changed: Owner
// on 12, name on 3".
func updateSummary(fieldCounts map[string]int) string {
	labels := slices.Sorted(maps.Keys(fieldCounts))
	slices.SortStableFunc(labels, func(a, b string) int {
		return cmp.Or(cmp.Compare(fieldCounts[b], fieldCounts[a]), strings.Compare(strings.ToLower(a), strings.ToLower(b)))
	})
	var parts []string
	for _, l := range labels {
		parts = append(parts, l+" on "+strconv.Itoa(fieldCounts[l]))
	}
	if len(parts) == 0 {
		return ""
	}
	return "; changed: " + strings.Join(parts, ", ")
}

func (v *orgView) changeRow(id string) (changeRow, changeKind, bool) {
	if c := v.comps[id]; c != nil && c.kind != 0 {
		ancestors := v.ancestorNames(c.c)
		row := changeRow{id: id, Anchor: anchor(id), Status: status(c.kind), Badge: badge(c.kind, c.created), Entity: "component",
			Name: c.c.Name, Workspace: v.workspaceName(c.c.RootWorkspace), Note: v.causeNote(c.cause)}
		if len(ancestors) > 0 {
			row.Path = strings.Join(ancestors, " › ") + " › "
		}
		// A parent sorts before its children: the path's end (\x00) is lower than its separator (\x01).
		row.sortKey = strings.Join([]string{row.Workspace, "1", strings.Join(append(ancestors, c.c.Name), "\x01"), id}, "\x00")
		if c.kind == changeUpdated && c.before != nil {
			row.Diffs = v.componentDiff(c.before, c.c)
			row.Note, row.unchanged = versionNote(c.before.Version, c.c.Version, len(row.Diffs)), len(row.Diffs) == 0
		}
		return row, c.kind, true
	}
	if r := v.refs[id]; r != nil && r.kind != 0 {
		row := changeRow{id: id, Anchor: anchor(id), Status: status(r.kind), Badge: badge(r.kind, r.created), Entity: "reference",
			Name:      v.compPath(r.r.Source) + " → " + v.compPath(r.r.Target) + " (" + v.referenceTypeName(r.r) + ")",
			Workspace: v.workspaceName(r.r.RootWorkspace), Note: v.causeNote(r.cause)}
		row.sortKey = strings.Join([]string{row.Workspace, "2", row.Name, id}, "\x00")
		if r.kind == changeUpdated && r.before != nil {
			row.Diffs = v.referenceDiff(r.before, r.r)
			row.Note, row.unchanged = versionNote(r.before.Version, r.r.Version, len(row.Diffs)), len(row.Diffs) == 0
		}
		return row, r.kind, true
	}
	return changeRow{}, 0, false
}

// versionNote says how the version moved, and when no field changed, that the write changed nothing else.
func versionNote(before, after int64, changed int) string {
	note := "version " + strconv.FormatInt(before, 10) + " → " + strconv.FormatInt(after, 10)
	if changed == 0 {
		return "no field changed (" + note + ")"
	}
	return note
}

func (v *orgView) causeNote(cause string) string {
	if cause == "" {
		return ""
	}
	if c := v.comps[cause]; c != nil {
		return "with the delete of " + v.compPath(cause)
	}
	return "with the delete of " + cause
}
