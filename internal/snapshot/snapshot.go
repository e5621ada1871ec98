// Package snapshot copies an Ardoq org into a seed the emulator starts from (internal/emulator's -seed
// format): its workspaces with their models, components, references, attachment metadata and report
// definitions, read through the public API v2 with the client the provider uses (its paging, retries and
// rate-limit handling). What the API cannot return is named in NotCopied.
package snapshot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// NotCopied is what no snapshot holds, because the public API v2 does not return it; a run says it at
// its end, and the emulator's README lists it.
var NotCopied = []string{
	"the rows behind reports: a copied report's runs return no rows (the API returns a report's definition, not its query)",
	"attachment files: only their metadata (the API has no download)",
	"users other than the token's own, permissions, views, surveys, broadcasts and everything else outside API v2",
	"model ids, when Ardoq leaves componentModel out of workspace answers: each copied workspace then gets a model of its own",
}

// Options chooses what to copy.
type Options struct {
	// Workspaces are names, ids or keys of the workspaces to copy; none means every workspace of the org.
	Workspaces []string
	// Progress, when set, hears of each step as it ends.
	Progress Progress
}

// Progress hears what a snapshot has read so far.
type Progress interface {
	// Workspace starts the reading of workspace number n of total.
	Workspace(name string, n, total int)
	// Read adds what a page brought: components or references of the current workspace.
	Read(noun string, count int)
}

// Result is a snapshot: the seed, and what was left out of it.
type Result struct {
	Seed *emulator.Seed
	// Dropped counts references left out because their target is in a workspace not copied.
	Dropped int
}

// Take reads the org c talks to.
func Take(ctx context.Context, c *client.Client, opts Options) (*Result, error) {
	progress := opts.Progress
	if progress == nil {
		progress = quiet{}
	}
	me, err := c.Me(ctx)
	if err != nil {
		return nil, fmt.Errorf("GET /me: %w", err)
	}
	all, err := c.ListWorkspaces(ctx, client.WorkspaceFilter{})
	if err != nil {
		return nil, fmt.Errorf("listing workspaces: %w", err)
	}
	chosen, err := choose(all, opts.Workspaces)
	if err != nil {
		return nil, err
	}
	seed := &emulator.Seed{Org: emulator.Org{Name: me.Org.Name, Label: me.Org.Label}, Sequences: map[string]int64{}}
	models := modelSet{}
	inCopy := map[string]bool{}
	var references []client.Reference
	for i, ws := range chosen {
		progress.Workspace(ws.Name, i+1, len(chosen))
		wctx, err := c.GetWorkspaceContext(ctx, ws.ID)
		if err != nil {
			return nil, fmt.Errorf("workspace %q: reading its context: %w", ws.Name, err)
		}
		copied, err := workspaceToSeed(ws, models.add(ws, wctx), wctx.Tags)
		if err != nil {
			return nil, err
		}
		seed.Workspaces = append(seed.Workspaces, copied)
		components, err := readAll(c.ComponentPages(ctx, client.ComponentFilter{RootWorkspace: ws.ID}), "components", progress)
		if err != nil {
			return nil, fmt.Errorf("workspace %q: listing its components: %w", ws.Name, err)
		}
		for _, comp := range components {
			inCopy[comp.ID] = true
		}
		if seed.Components, err = appendSeed(seed.Components, components); err != nil {
			return nil, err
		}
		seed.Sequences[ws.ID] = lastKeyNumber(ws.WorkspaceKey, components)
		refs, err := readAll(c.ReferencePages(ctx, client.ReferenceFilter{RootWorkspace: ws.ID}), "references", progress)
		if err != nil {
			return nil, fmt.Errorf("workspace %q: listing its references: %w", ws.Name, err)
		}
		references = append(references, refs...)
	}
	result := &Result{Seed: seed}
	kept := references[:0]
	for _, r := range references {
		if !inCopy[r.Target] {
			result.Dropped++
			continue
		}
		kept = append(kept, r)
	}
	if seed.References, err = appendSeed(seed.References, kept); err != nil {
		return nil, err
	}
	seed.Models = models.list()
	seed.User = callerOf(me.User.Email, seed.Components, seed.References)
	if err := copyAttachments(ctx, c, seed, chosen); err != nil {
		return nil, err
	}
	reports, err := c.ListReports(ctx, "")
	if err != nil {
		return nil, fmt.Errorf("listing reports: %w", err)
	}
	// A report's definition; the query behind its rows is not in the API (NotCopied).
	if seed.Reports, err = appendSeed(seed.Reports, reports); err != nil {
		return nil, err
	}
	return result, nil
}

// appendSeed appends what the client read to the seed's entities of the same kind (asSeed).
func appendSeed[S any, R any](to []S, read []R) ([]S, error) {
	copied, err := asSeed[[]S](read)
	return append(to, copied...), err
}

// choose picks the workspaces named (by id, exact name or workspace key such as APP) from the org's.
func choose(all []client.Workspace, wanted []string) ([]client.Workspace, error) {
	if len(wanted) == 0 {
		return all, nil
	}
	var chosen []client.Workspace
	for _, w := range wanted {
		i := slices.IndexFunc(all, func(ws client.Workspace) bool { return ws.ID == w || ws.Name == w || ws.WorkspaceKey == w })
		if i < 0 {
			names := make([]string, 0, len(all))
			for _, ws := range all {
				names = append(names, fmt.Sprintf("%q (%s)", ws.Name, ws.WorkspaceKey))
			}
			return nil, fmt.Errorf("the org has no workspace with the name, id or key %q; its workspaces: %s", w, strings.Join(names, ", "))
		}
		if !slices.ContainsFunc(chosen, func(ws client.Workspace) bool { return ws.ID == all[i].ID }) {
			chosen = append(chosen, all[i])
		}
	}
	return chosen, nil
}

// readAll collects a listing's pages, telling progress of each.
func readAll[T any](pages iter.Seq2[client.Page[T], error], noun string, progress Progress) ([]T, error) {
	var all []T
	for page, err := range pages {
		if err != nil {
			return nil, err
		}
		all = append(all, page.Values...)
		progress.Read(noun, len(page.Values))
	}
	return all, nil
}

// copyAttachments keeps the org's attachments and those of the copied workspaces.
func copyAttachments(ctx context.Context, c *client.Client, seed *emulator.Seed, chosen []client.Workspace) error {
	attachments, err := c.ListAttachments(ctx, client.AttachmentFilter{})
	if err != nil {
		return fmt.Errorf("listing attachments: %w", err)
	}
	copied := map[string]bool{}
	for _, ws := range chosen {
		copied[ws.ID] = true
	}
	var kept []client.Attachment
	for _, a := range attachments {
		if a.Resource.Type == "workspace" && !copied[a.Resource.ID] {
			continue
		}
		kept = append(kept, a)
	}
	seed.Attachments, err = appendSeed(seed.Attachments, kept)
	return err
}

type quiet struct{}

func (quiet) Workspace(string, int, int) {}
func (quiet) Read(string, int)           {}

// Output is a seed file being written: a temporary file beside path, renamed over it once the seed is
// whole, so that an interrupted or failed run leaves no half-written seed. It is created before the org is
// read, so a path that cannot be written fails at once, not after minutes of reading.
type Output struct {
	path string
	tmp  *os.File
}

// Create prepares writing a seed to path; the file is readable by its owner only (it holds the org's data).
func Create(path string) (*Output, error) {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return nil, fmt.Errorf("%s is a directory: give the seed file's name", path)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, errors.Unwrap(err))
	}
	return &Output{path: path, tmp: tmp}, nil
}

// Commit writes seed and puts it in place.
func (o *Output) Commit(seed *emulator.Seed) error {
	defer o.Discard()
	b, err := json.MarshalIndent(seed, "", "  ")
	if err == nil {
		_, err = o.tmp.Write(append(b, '\n'))
	}
	if closeErr := o.tmp.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = os.Rename(o.tmp.Name(), o.path)
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", o.path, err)
	}
	return nil
}

// Discard removes the temporary file of a seed not committed (nothing, after Commit).
func (o *Output) Discard() {
	_ = o.tmp.Close()
	_ = os.Remove(o.tmp.Name())
}
