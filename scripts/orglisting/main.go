// Command orglisting lists the components and references of an org's test workspaces, compares a
// listing with the org as it is now, and deletes what is new since a listing. scripts/test-live-org.sh
// uses it to show that an acceptance run left the org as it found it:
//
//	go run ./scripts/orglisting list  -out before.tsv -workspace ID -workspace ID2
//	go run ./scripts/orglisting clean -before before.tsv -workspace ID -workspace ID2
//	go run ./scripts/orglisting check -before before.tsv -out after.tsv -workspace ID -workspace ID2
//
// It reads ARDOQ_BASE_URL, ARDOQ_API_TOKEN and ARDOQ_ORG, as the provider does. A listing is one line per
// entity: kind, id, version, workspace and a name, tab-separated, sorted.
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
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout)
	stop()
	var differs errOrgChanged
	switch {
	case errors.As(err, &differs):
		os.Exit(3)
	case err != nil:
		fmt.Fprintln(os.Stderr, "orglisting:", err)
		os.Exit(1)
	}
}

type workspaceFlags []string

func (w *workspaceFlags) String() string     { return strings.Join(*w, ",") }
func (w *workspaceFlags) Set(v string) error { *w = append(*w, v); return nil }

const usage = "usage: orglisting list|clean|check [-before FILE] [-out FILE] -workspace ID [-workspace ID2]"

func run(ctx context.Context, args []string, getenv func(string) string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New(usage)
	}
	command := args[0]
	fs := flag.NewFlagSet("orglisting "+command, flag.ContinueOnError)
	var workspaces workspaceFlags
	fs.Var(&workspaces, "workspace", "a test workspace's id (repeat for the second)")
	before := fs.String("before", "", "the listing taken before the run (clean, check)")
	outFile := fs.String("out", "", "where to write the listing (list, check)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if len(workspaces) == 0 || fs.NArg() > 0 {
		return errors.New(usage)
	}
	c, err := newClient(getenv)
	if err != nil {
		return err
	}
	now, err := take(ctx, c, workspaces)
	if err != nil {
		return err
	}
	switch command {
	case "list":
		return writeListing(*outFile, now)
	case "clean":
		was, err := readListing(*before)
		if err != nil {
			return err
		}
		me, err := c.Me(ctx)
		if err != nil {
			return fmt.Errorf("reading whose token this is (GET /me): %w", err)
		}
		return clean(ctx, c, me.User.Email, was, now, out)
	case "check":
		was, err := readListing(*before)
		if err != nil {
			return err
		}
		if err := writeListing(*outFile, now); err != nil {
			return err
		}
		return check(was, now, out)
	}
	return errors.New(usage)
}

func newClient(getenv func(string) string) (*client.Client, error) {
	var missing []string
	for _, name := range []string{"ARDOQ_BASE_URL", "ARDOQ_API_TOKEN", "ARDOQ_ORG"} {
		if getenv(name) == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("set %s: the org to list", strings.Join(missing, ", "))
	}
	return client.New(client.Config{
		BaseURL:   getenv("ARDOQ_BASE_URL"),
		Token:     getenv("ARDOQ_API_TOKEN"),
		Org:       getenv("ARDOQ_ORG"),
		UserAgent: "orglisting (terraform-provider-ardoq)",
	})
}

// clean deletes what the token's user (me, an e-mail) made in the workspaces since the listing before:
// references first, then components. What someone else made meanwhile on a shared sandbox is left alone
// and named. One already gone (taken along with a deleted parent) is not an error.
func clean(ctx context.Context, c *client.Client, me string, was, now listing, out io.Writer) error {
	var failed []string
	deleted := 0
	for _, kind := range []string{kindReference, kindComponent} {
		for _, e := range now.entities() {
			if e.kind != kind || was.has(e.key()) {
				continue
			}
			if e.creator != "" && !strings.EqualFold(e.creator, me) {
				fmt.Fprintf(out, "left alone: %s, made by %s, not by this run's user %s\n", e.describe(), e.creator, me)
				continue
			}
			var err error
			if kind == kindReference {
				err = c.DeleteReference(ctx, e.id)
			} else {
				err = c.DeleteComponent(ctx, e.id)
			}
			switch {
			case err == nil:
				deleted++
				fmt.Fprintf(out, "deleted %s %s (%s)\n", e.kind, e.id, e.name)
			case client.IsNotFound(err):
				fmt.Fprintf(out, "already gone: %s %s (%s)\n", e.kind, e.id, e.name)
			default:
				failed = append(failed, fmt.Sprintf("%s %s (%s): %v", e.kind, e.id, e.name, err))
			}
		}
	}
	if deleted == 0 && len(failed) == 0 {
		fmt.Fprintln(out, "nothing to delete: the workspaces hold nothing the listing before did not")
	}
	if len(failed) > 0 {
		return fmt.Errorf("could not delete what the run left:\n  %s", strings.Join(failed, "\n  "))
	}
	return nil
}

// errOrgChanged says the org is not as the listing before found it.
type errOrgChanged struct{}

func (errOrgChanged) Error() string { return "the org is not as it was found" }

// check compares the org now with the listing before: what is new was left behind by the run, what is
// gone or at another version was touched by it.
func check(was, now listing, out io.Writer) error {
	var left, touched []string
	for _, e := range now.entities() {
		if prior, ok := was[e.key()]; !ok {
			left = append(left, e.describe())
		} else if prior.version != e.version {
			touched = append(touched, fmt.Sprintf("%s (version %s, was %s)", e.describe(), e.version, prior.version))
		}
	}
	for _, e := range was.entities() {
		if !now.has(e.key()) {
			touched = append(touched, e.describe()+" (deleted)")
		}
	}
	if len(left) == 0 && len(touched) == 0 {
		fmt.Fprintf(out, "The org is as it was found: the same %d components and %d references, none changed.\n",
			was.count(kindComponent), was.count(kindReference))
		return nil
	}
	if len(left) > 0 {
		fmt.Fprintf(out, "Left behind by the run (%d):\n", len(left))
		for _, l := range left {
			fmt.Fprintln(out, "- "+l)
		}
	}
	if len(touched) > 0 {
		fmt.Fprintf(out, "Changed or deleted, though the run did not make them (%d):\n", len(touched))
		for _, l := range touched {
			fmt.Fprintln(out, "- "+l)
		}
	}
	return errOrgChanged{}
}
