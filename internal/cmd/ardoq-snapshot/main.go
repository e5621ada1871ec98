// Command ardoq-snapshot copies an Ardoq org into a seed file the emulator starts from:
//
//	go run ./internal/cmd/ardoq-snapshot -out my-org.json [-workspace NAME_OR_ID]...
//	go run ./internal/cmd/ardoq-emulator -seed my-org.json
//
// It reads the org through the public API v2 with the provider's own client, from the provider's
// environment variables: ARDOQ_BASE_URL, ARDOQ_API_TOKEN and ARDOQ_ORG. The token is read from the
// environment only, and written nowhere. See internal/emulator/README.md ("A copy of your org").
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/cmd/cmdtext"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/cmd/toolversion"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/snapshot"
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
		fmt.Fprintln(os.Stderr, "ardoq-snapshot:", err)
		os.Exit(1)
	}
}

// workspaceFlags collects the repeatable -workspace flag.
type workspaceFlags []string

func (w *workspaceFlags) String() string     { return strings.Join(*w, ",") }
func (w *workspaceFlags) Set(v string) error { *w = append(*w, v); return nil }

// run takes the snapshot; what it tells the user goes to out (progress, then a summary).
func run(ctx context.Context, args []string, getenv func(string) string, out io.Writer) error {
	fs := flag.NewFlagSet("ardoq-snapshot", flag.ContinueOnError)
	fs.SetOutput(out)
	path := fs.String("out", "", "seed file to write (required); the emulator's -seed reads it")
	var workspaces workspaceFlags
	fs.Var(&workspaces, "workspace", "copy only this workspace, by name, id or key such as APP (repeat for more; default: every workspace)")
	baseURL := fs.String("base-url", "", "Ardoq host (default: ARDOQ_BASE_URL, else "+client.DefaultBaseURL+")")
	org := fs.String("org", "", "organization label (default: ARDOQ_ORG)")
	showVersion := fs.Bool("version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *showVersion {
		_, err := fmt.Fprintln(out, "ardoq-snapshot", toolversion.String(version))
		return err
	}
	if *path == "" || fs.NArg() > 0 {
		return errors.New("usage: ardoq-snapshot -out FILE [-workspace NAME_ID_OR_KEY]... (the token comes from ARDOQ_API_TOKEN)")
	}
	token := getenv("ARDOQ_API_TOKEN")
	if token == "" {
		return errors.New("set ARDOQ_API_TOKEN to an API token of the org to copy (it is read from the environment only)")
	}
	base, orgLabel := client.Endpoint(*baseURL, *org, getenv)
	if m := client.PastedAPIPath(base); m != "" {
		return fmt.Errorf("the base URL %q ends in %s: drop it (%q); the API path is added to it", base, strings.TrimRight(m, "/"), strings.TrimSuffix(base, m))
	}
	c, err := client.New(client.Config{
		BaseURL:   base,
		Token:     token,
		Org:       orgLabel,
		UserAgent: "ardoq-snapshot (terraform-provider-ardoq)",
	})
	if err != nil {
		return err
	}
	file, err := snapshot.Create(*path)
	if err != nil {
		return err
	}
	defer file.Discard()
	progress := newProgress(out)
	res, err := snapshot.Take(ctx, c, snapshot.Options{Workspaces: workspaces, Progress: progress})
	if ctx.Err() != nil {
		progress.stop()
		return fmt.Errorf("interrupted: nothing was written to %s", *path)
	}
	if err != nil {
		progress.stop()
		return fmt.Errorf("%w (nothing was written to %s)", err, *path)
	}
	progress.finish()
	if err := file.Commit(res.Seed); err != nil {
		return err
	}
	summarize(out, *path, res)
	return nil
}

func summarize(out io.Writer, path string, res *snapshot.Result) {
	s := res.Seed
	fmt.Fprintf(out, "Wrote %s: %s, %s, %s, %s (metadata), %s.\n", path, cmdtext.Count(len(s.Workspaces), "workspace"),
		cmdtext.Count(len(s.Components), "component"), cmdtext.Count(len(s.References), "reference"), cmdtext.Count(len(s.Attachments), "attachment"),
		cmdtext.Count(len(s.Reports), "report"))
	if res.Dropped > 0 {
		fmt.Fprintf(out, "Left out %s whose target is in a workspace not copied.\n", cmdtext.Count(res.Dropped, "reference"))
	}
	fmt.Fprintln(out, "Not in the copy, because the public API does not return it:")
	for _, n := range snapshot.NotCopied {
		fmt.Fprintln(out, "  - "+n)
	}
	fmt.Fprintf(out, "Serve the copy: ardoq-emulator -seed %s (in a clone: go run ./internal/cmd/ardoq-emulator -seed %s)\n", path, path)
}
