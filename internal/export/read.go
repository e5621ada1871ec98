// Package export reads workspaces through Ardoq's API v2 and writes them as Terraform configuration a
// person would keep (internal/cmd/ardoq-export): one ardoq_batch per workspace, or ardoq_component and
// ardoq_reference resources, with the import blocks that take every entity over keeping its id, so
// that the first plan imports everything and changes nothing.
package export

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/itemkey"
)

// Workspace is one workspace as read: its model, components and references.
type Workspace struct {
	client.Workspace
	Model      *client.WorkspaceContext
	Components []client.Component
	References []client.Reference
}

// Org is what an export writes: the workspaces chosen, the components outside them that their
// references target (by id), and those components' workspaces (by id).
type Org struct {
	Workspaces        []*Workspace
	Foreign           map[string]*client.Component
	ForeignWorkspaces map[string]client.Workspace
}

// Progress hears how far the reading is.
type Progress interface {
	// Workspace starts the reading of workspace number n of total.
	Workspace(name string, n, total int)
	// Read adds what a page brought: "components" or "references" of the current workspace.
	Read(noun string, count int)
}

// Read reads the workspaces named (by name, id or key such as APP) with the fewest requests: the list of
// workspaces, then for each its model and its components' and references' list pages (components and
// references at once), and one GET per component outside them that a reference targets.
func Read(ctx context.Context, c *client.Client, wanted []string, progress Progress) (*Org, error) {
	all, err := c.ListWorkspaces(ctx, client.WorkspaceFilter{})
	if err != nil {
		return nil, fmt.Errorf("listing workspaces: %w", err)
	}
	chosen, err := choose(all, wanted)
	if err != nil {
		return nil, err
	}
	org := &Org{Foreign: map[string]*client.Component{}, ForeignWorkspaces: map[string]client.Workspace{}}
	known := map[string]bool{}
	for i, ws := range chosen {
		progress.Workspace(ws.Name, i+1, len(chosen))
		w, err := readWorkspace(ctx, c, ws, progress)
		if err != nil {
			return nil, fmt.Errorf("workspace %q: %w", ws.Name, err)
		}
		for _, comp := range w.Components {
			known[comp.ID] = true
		}
		org.Workspaces = append(org.Workspaces, w)
	}
	for _, w := range org.Workspaces {
		outside, err := itemkey.ReadForeignTargets(ctx, c, w.References, known)
		if err != nil {
			return nil, fmt.Errorf("the components outside workspace %q that its references target: %w", w.Name, err)
		}
		for id, comp := range outside {
			i := slices.IndexFunc(all, func(ws client.Workspace) bool { return ws.ID == comp.RootWorkspace })
			if i < 0 {
				return nil, fmt.Errorf("component %s, which a reference of workspace %q targets, is in workspace %s, which the token cannot "+
					"list: use a token that sees that workspace", id, w.Name, comp.RootWorkspace)
			}
			org.Foreign[id], org.ForeignWorkspaces[comp.RootWorkspace] = comp, all[i]
		}
	}
	return org, nil
}

func readWorkspace(ctx context.Context, c *client.Client, ws client.Workspace, progress Progress) (*Workspace, error) {
	w := &Workspace{Workspace: ws}
	var err error
	if w.Model, err = c.GetWorkspaceContext(ctx, ws.ID); err != nil {
		return nil, fmt.Errorf("reading its model: %w", err)
	}
	heard := make(chan pageRead)
	done := make(chan struct{})
	go func() { // progress hears of pages from one goroutine
		for h := range heard {
			progress.Read(h.noun, h.count)
		}
		close(done)
	}()
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) {
		w.Components, err = readAll(c.ComponentPages(gctx, client.ComponentFilter{RootWorkspace: ws.ID}), "components", heard)
		return err
	})
	g.Go(func() (err error) {
		w.References, err = readAll(c.ReferencePages(gctx, client.ReferenceFilter{RootWorkspace: ws.ID}), "references", heard)
		return err
	})
	err = g.Wait()
	close(heard)
	<-done
	if err != nil {
		return nil, fmt.Errorf("listing its entities: %w", err)
	}
	return w, nil
}

// pageRead is what a page brought.
type pageRead struct {
	noun  string
	count int
}

func readAll[T any](pages iter.Seq2[client.Page[T], error], noun string, heard chan<- pageRead) ([]T, error) {
	var all []T
	for page, err := range pages {
		if err != nil {
			return nil, err
		}
		all = append(all, page.Values...)
		heard <- pageRead{noun, len(page.Values)}
	}
	return all, nil
}

// choose picks the workspaces named (by id, exact name or workspace key) from the org's, in the order named.
func choose(all []client.Workspace, wanted []string) ([]client.Workspace, error) {
	if len(wanted) == 0 {
		return nil, fmt.Errorf("name the workspaces to export with -workspace; the org's workspaces: %s", workspaceNames(all))
	}
	var chosen []client.Workspace
	for _, w := range wanted {
		i := slices.IndexFunc(all, func(ws client.Workspace) bool { return ws.ID == w || ws.Name == w || ws.WorkspaceKey == w })
		if i < 0 {
			return nil, fmt.Errorf("the org has no workspace with the name, id or key %q; its workspaces: %s", w, workspaceNames(all))
		}
		if !slices.ContainsFunc(chosen, func(ws client.Workspace) bool { return ws.ID == all[i].ID }) {
			chosen = append(chosen, all[i])
		}
	}
	return chosen, nil
}

func workspaceNames(all []client.Workspace) string {
	names := make([]string, 0, len(all))
	for _, ws := range all {
		names = append(names, fmt.Sprintf("%q (%s)", ws.Name, ws.WorkspaceKey))
	}
	return strings.Join(names, ", ")
}
