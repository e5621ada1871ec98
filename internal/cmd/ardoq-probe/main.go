// Command ardoq-probe checks the assumptions the provider and the emulator make about Ardoq's API against
// a real org, and prints a table: each assumption, its section of FACTS.md §auth to §read-only, and whether
// it holds, differs (with what Ardoq answered) or was not checked (and why).
//
//	go run ./internal/cmd/ardoq-probe [-workspace NAME_ID_OR_KEY] [-write-workspace ID]
//
// It reads the org of ARDOQ_BASE_URL, ARDOQ_API_TOKEN and ARDOQ_ORG, as the provider does. By default it
// only reads (and sends requests Ardoq refuses, and batches to /batch/expand, which executes nothing): safe
// on a production org. With -write-workspace it also creates, changes and deletes entities in that
// workspace, all named ardoq-probe-..., and deletes them again at the end or on Ctrl-C, leaving the
// workspace as it found it. Exit status: 0 when nothing differs, 1 when something does, 2 when it could
// not run, 130 when interrupted.
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
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/cmd/toolversion"
)

// version is set by the release: -ldflags "-X main.version=1.2.3" (.goreleaser-tools.yml).
var version string

// Exit statuses besides 0.
const (
	exitDiffers     = 1
	exitNotRun      = 2
	exitInterrupted = 130
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run probes the org and returns the exit status: the table goes to out, progress and errors to log.
func run(ctx context.Context, args []string, getenv func(string) string, out, log io.Writer) int {
	fs := flag.NewFlagSet("ardoq-probe", flag.ContinueOnError)
	fs.SetOutput(log)
	workspace := fs.String("workspace", "", "the workspace the read-only checks look at, by name, id or key (default: the first listed that has components)")
	writeWorkspace := fs.String("write-workspace", "", "run the write checks too, in this workspace (name, id or key): one kept for tests, never a production one")
	baseURL := fs.String("base-url", "", "Ardoq host (default: ARDOQ_BASE_URL, else "+client.DefaultBaseURL+")")
	org := fs.String("org", "", "organization label (default: ARDOQ_ORG)")
	showVersion := fs.Bool("version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return exitNotRun
	}
	if *showVersion {
		fmt.Fprintln(out, "ardoq-probe", toolversion.String(version))
		return 0
	}
	base, orgLabel := client.Endpoint(*baseURL, *org, getenv)
	p, err := connect(ctx, getenv, base, orgLabel, log)
	if err == nil {
		err = p.choose(ctx, *workspace, *writeWorkspace)
	}
	if err != nil {
		fmt.Fprintln(log, "ardoq-probe:", err)
		return exitNotRun
	}
	mode := "read-only"
	if p.write != nil {
		mode = fmt.Sprintf("with writes in workspace %s (entities named %s-...)", p.write.id, p.write.tag)
	}
	fmt.Fprintf(log, "ardoq-probe: org %s at %s as %s, reading workspace %q, %s\n", p.me.Org.Label, p.raw.base, p.me.User.Email, p.workspace.Name, mode)
	findings := p.runChecks(ctx)
	interrupted := ctx.Err() != nil
	if p.write != nil {
		cleanCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cleanUpTimeout)
		err := p.write.cleanUp(cleanCtx, p.api)
		cancel()
		if err != nil {
			fmt.Fprintf(log, "ardoq-probe: clean-up of workspace %s: %v\n", p.write.id, err)
			return exitNotRun
		}
		fmt.Fprintf(log, "ardoq-probe: workspace %s is as it was found: what the probe made is deleted\n", p.write.id)
	}
	if interrupted {
		fmt.Fprintf(log, "ardoq-probe: interrupted after %d checks; no table\n", len(findings))
		return exitInterrupted
	}
	writeTable(out, fmt.Sprintf("## Ardoq API assumptions probed against org `%s` (%s)", p.me.Org.Label, mode), findings)
	for _, f := range findings {
		if f.outcome == differs {
			return exitDiffers
		}
	}
	return 0
}

// connect makes the client and the raw sender from the environment, and checks the credentials (GET /me).
func connect(ctx context.Context, getenv func(string) string, base, org string, log io.Writer) (*probe, error) {
	token := getenv("ARDOQ_API_TOKEN")
	if token == "" {
		return nil, errors.New("set ARDOQ_API_TOKEN (and ARDOQ_BASE_URL and ARDOQ_ORG) to the org to probe; the token is read from the environment only")
	}
	if m := client.PastedAPIPath(base); m != "" {
		return nil, fmt.Errorf("the base URL %q ends in %s: drop it; the API path is added to it", base, strings.TrimRight(m, "/"))
	}
	userAgent := "ardoq-probe/" + toolversion.String(version) + " (terraform-provider-ardoq)"
	api, err := client.New(client.Config{BaseURL: base, Token: token, Org: org, UserAgent: userAgent})
	if err != nil {
		return nil, err
	}
	me, err := api.Me(ctx)
	if err != nil {
		return nil, err
	}
	return &probe{api: api, raw: newRawAPI(base, token, org, userAgent), org: org, me: me, progress: log}, nil
}

// choose finds the workspace to read and the one to write in.
func (p *probe) choose(ctx context.Context, read, write string) error {
	workspaces, err := p.api.ListWorkspaces(ctx, client.WorkspaceFilter{})
	if err != nil {
		return err
	}
	if write != "" {
		ws, err := findWorkspace(workspaces, write)
		if err != nil {
			return err
		}
		if p.write, err = newScratch(ctx, p.api, ws.ID); err != nil {
			return err
		}
	}
	if read != "" {
		if p.workspace, err = findWorkspace(workspaces, read); err != nil {
			return err
		}
	} else if p.workspace, err = firstWithComponents(ctx, p.api, workspaces); err != nil {
		return err
	}
	p.context, err = p.api.GetWorkspaceContext(ctx, p.workspace.ID)
	return err
}

func findWorkspace(workspaces []client.Workspace, nameIDOrKey string) (*client.Workspace, error) {
	for i, ws := range workspaces {
		if ws.ID == nameIDOrKey || ws.Name == nameIDOrKey || strings.EqualFold(ws.WorkspaceKey, nameIDOrKey) {
			return &workspaces[i], nil
		}
	}
	return nil, fmt.Errorf("no workspace with the name, id or key %q among the org's %d", nameIDOrKey, len(workspaces))
}

func firstWithComponents(ctx context.Context, api *client.Client, workspaces []client.Workspace) (*client.Workspace, error) {
	for i, ws := range workspaces {
		for page, err := range api.ComponentPages(ctx, client.ComponentFilter{RootWorkspace: ws.ID}) {
			if err != nil {
				return nil, err
			}
			if len(page.Values) > 0 {
				return &workspaces[i], nil
			}
			break
		}
	}
	return nil, errors.New("no workspace of the org has components: name one with -workspace")
}
