package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

const kindComponent, kindReference = "component", "reference"

// oneLine keeps a name on its line and in its column.
var oneLine = strings.NewReplacer("\t", " ", "\n", " ", "\r", " ")

// entity is one line of a listing.
type entity struct {
	kind, id, version, workspace, name string
	creator                            string // the e-mail of the user who made it, as Ardoq says; not written to a listing's file
}

func (e entity) key() string { return e.kind + " " + e.id }

func (e entity) line() string {
	return strings.Join([]string{e.kind, e.id, e.version, e.workspace, e.name}, "\t")
}

func (e entity) describe() string {
	return fmt.Sprintf("%s %s %q in workspace %s", e.kind, e.id, e.name, e.workspace)
}

// listing is the entities of the test workspaces, by key.
type listing map[string]entity

func (l listing) has(key string) bool { _, ok := l[key]; return ok }

// entities returns the entities sorted by their line, so that output and files are stable.
func (l listing) entities() []entity {
	all := make([]entity, 0, len(l))
	for _, e := range l {
		all = append(all, e)
	}
	slices.SortFunc(all, func(a, b entity) int { return strings.Compare(a.line(), b.line()) })
	return all
}

func (l listing) count(kind string) int {
	n := 0
	for _, e := range l {
		if e.kind == kind {
			n++
		}
	}
	return n
}

// take lists the components of the workspaces and the references from or to them.
func take(ctx context.Context, c *client.Client, workspaces []string) (listing, error) {
	l := listing{}
	for _, ws := range workspaces {
		components, err := c.ListComponents(ctx, client.ComponentFilter{RootWorkspace: ws})
		if err != nil {
			return nil, fmt.Errorf("listing the components of workspace %s: %w", ws, err)
		}
		for _, comp := range components {
			e := entity{kindComponent, comp.ID, strconv.FormatInt(comp.Version, 10), comp.RootWorkspace, oneLine.Replace(comp.Name),
				comp.Meta.CreatedByEmail}
			l[e.key()] = e
		}
		for _, f := range []client.ReferenceFilter{{RootWorkspace: ws}, {TargetWorkspace: ws}} {
			references, err := c.ListReferences(ctx, f)
			if err != nil {
				return nil, fmt.Errorf("listing the references of workspace %s: %w", ws, err)
			}
			for _, r := range references {
				name := fmt.Sprintf("%s -> %s (type %d)", r.Source, r.Target, r.Type)
				e := entity{kindReference, r.ID, strconv.FormatInt(r.Version, 10), r.RootWorkspace, name, r.Meta.CreatedByEmail}
				l[e.key()] = e
			}
		}
	}
	return l, nil
}

func writeListing(path string, l listing) error {
	if path == "" {
		return fmt.Errorf("name the listing's file with -out")
	}
	var b strings.Builder
	for _, e := range l.entities() {
		b.WriteString(e.line() + "\n")
	}
	return os.WriteFile(path, []byte(b.String()), 0o600)
}

func readListing(path string) (listing, error) {
	if path == "" {
		return nil, fmt.Errorf("name the listing taken before the run with -before")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	l := listing{}
	for n, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if line == "" {
			continue
		}
		f := strings.SplitN(line, "\t", 5)
		if len(f) != 5 || (f[0] != kindComponent && f[0] != kindReference) {
			return nil, fmt.Errorf("%s:%d: not a line of a listing (kind, id, version, workspace, name): %q", path, n+1, line)
		}
		e := entity{kind: f[0], id: f[1], version: f[2], workspace: f[3], name: f[4]}
		l[e.key()] = e
	}
	return l, nil
}
