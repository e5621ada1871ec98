// Command ardoq-export writes Ardoq workspaces as Terraform configuration that takes them over:
//
//	ardoq-export -workspace Applications [-workspace INF]... [-style batch|single] [-out DIR]
//
// It reads the workspaces through the public API v2 with the provider's own client, from the provider's
// environment variables: ARDOQ_BASE_URL, ARDOQ_API_TOKEN and ARDOQ_ORG, and writes a .tf file per
// workspace into DIR: the data sources that find the workspace and its types by name, the resources
// (one ardoq_batch, or an ardoq_component or ardoq_reference per entity), and the import blocks that
// take every entity over keeping its id. The first plan imports everything and changes nothing.
// See the guide "Exporting a workspace" (templates/guides/exporting-a-workspace.md.tmpl).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/cmd/cmdtext"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/cmd/toolversion"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/export"
)

// version is set by the release: -ldflags "-X main.version=1.2.3" (.goreleaser-tools.yml).
var version string

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stderr)
	stop()
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ardoq-export:", err)
		os.Exit(1)
	}
}

// workspaceFlags collects the repeatable -workspace flag.
type workspaceFlags []string

func (w *workspaceFlags) String() string     { return strings.Join(*w, ",") }
func (w *workspaceFlags) Set(v string) error { *w = append(*w, v); return nil }

// versionsFile is written when the directory has none: the provider's source, and its block.
const versionsFile = `terraform {
  required_providers {
    ardoq = {
      source = "seed762a2f0c/ardoq"
    }
  }
}

# Reads ARDOQ_BASE_URL, ARDOQ_API_TOKEN and ARDOQ_ORG.
provider "ardoq" {}
`

// run exports; what it tells the user goes to out (progress, then a summary).
func run(ctx context.Context, args []string, getenv func(string) string, out io.Writer) error {
	fs := flag.NewFlagSet("ardoq-export", flag.ContinueOnError)
	fs.SetOutput(out)
	var workspaces workspaceFlags
	fs.Var(&workspaces, "workspace", "export this workspace, by name, id or key such as APP (repeat for more; at least one)")
	style := fs.String("style", string(export.Batch), "batch: one ardoq_batch per workspace; single: an ardoq_component or ardoq_reference per entity")
	dir := fs.String("out", ".", "directory to write the configuration into (created if missing); a file it would write must not exist")
	baseURL := fs.String("base-url", "", "Ardoq host (default: ARDOQ_BASE_URL, else "+client.DefaultBaseURL+")")
	org := fs.String("org", "", "organization label (default: ARDOQ_ORG)")
	showVersion := fs.Bool("version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *showVersion {
		_, err := fmt.Fprintln(out, "ardoq-export", toolversion.String(version))
		return err
	}
	if fs.NArg() > 0 || (*style != string(export.Batch) && *style != string(export.Single)) {
		return errors.New("usage: ardoq-export -workspace NAME_ID_OR_KEY [-workspace ...] [-style batch|single] [-out DIR] (the token comes from ARDOQ_API_TOKEN)")
	}
	token := getenv("ARDOQ_API_TOKEN")
	if token == "" {
		return errors.New("set ARDOQ_API_TOKEN to an API token of the org to export (it is read from the environment only)")
	}
	base, orgLabel := client.Endpoint(*baseURL, *org, getenv)
	if m := client.PastedAPIPath(base); m != "" {
		return fmt.Errorf("the base URL %q ends in %s: drop it (%q); the API path is added to it", base, strings.TrimRight(m, "/"), strings.TrimSuffix(base, m))
	}
	c, err := client.New(client.Config{BaseURL: base, Token: token, Org: orgLabel,
		UserAgent: "ardoq-export (terraform-provider-ardoq)"})
	if err != nil {
		return err
	}
	started := time.Now()
	progress := newProgress(out)
	read, err := export.Read(ctx, c, workspaces, progress)
	if ctx.Err() != nil {
		return errors.New("interrupted: nothing was written")
	}
	if err != nil {
		return fmt.Errorf("%w (nothing was written)", err)
	}
	progress.done()
	files, err := export.Write(read, export.Style(*style))
	if err != nil {
		return err
	}
	written, err := writeFiles(*dir, files)
	if err != nil {
		return err
	}
	summarize(out, *dir, read, written, time.Since(started))
	return nil
}

// writeFiles writes the files into dir, and versions.tf where dir has none; it writes nothing when a
// file it would write exists (no configuration is overwritten).
func writeFiles(dir string, files []export.File) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil { //nolint:gosec // a configuration directory
		return nil, fmt.Errorf("cannot make %s: %w", dir, errors.Unwrap(err))
	}
	if _, err := os.Stat(filepath.Join(dir, "versions.tf")); errors.Is(err, os.ErrNotExist) {
		files = append(files, export.File{Name: "versions.tf", Body: []byte(versionsFile)})
	}
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(dir, f.Name)); err == nil {
			return nil, fmt.Errorf("%s exists: export into another directory, or move it away (nothing was written)", filepath.Join(dir, f.Name))
		}
	}
	var written []string
	for _, f := range files {
		path := filepath.Join(dir, f.Name)
		if err := os.WriteFile(path, f.Body, 0o644); err != nil { //nolint:gosec // configuration, no secret
			return written, fmt.Errorf("writing %s: %w", path, err)
		}
		written = append(written, path)
	}
	return written, nil
}

func summarize(out io.Writer, dir string, org *export.Org, written []string, took time.Duration) {
	comps, refs := 0, 0
	for _, ws := range org.Workspaces {
		comps, refs = comps+len(ws.Components), refs+len(ws.References)
	}
	fmt.Fprintf(out, "Exported %s, %s and %s in %s: %s.\n", cmdtext.Count(len(org.Workspaces), "workspace"), cmdtext.Count(comps, "component"),
		cmdtext.Count(refs, "reference"), took.Round(time.Millisecond*10), strings.Join(written, ", "))
	fmt.Fprintf(out, "Next: cd %s && terraform init && terraform plan  (it imports everything and changes nothing)\n", dir)
}
