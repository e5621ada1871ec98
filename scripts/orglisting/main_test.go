package main

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

type org struct {
	srv    *openapitest.TestServer
	c      *client.Client
	getenv func(string) string
	ws     []string
}

func startOrg(t *testing.T) org {
	t.Helper()
	seed, err := emulator.ReadSeed("../../internal/emulator/seed/sandbox.json") // components made "in the app"
	if err != nil {
		t.Fatal(err)
	}
	srv := openapitest.Start(t, emulator.WithSeed(seed), emulator.WithPageSize(3))
	env := map[string]string{"ARDOQ_BASE_URL": srv.URL, "ARDOQ_API_TOKEN": srv.Token(), "ARDOQ_ORG": srv.OrgLabel()}
	c, err := newClient(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	var ws []string
	for _, w := range srv.Workspaces() {
		if strings.HasPrefix(w.Name, "Sandbox Services") || strings.HasPrefix(w.Name, "Sandbox Hosting") {
			ws = append(ws, w.ID)
		}
	}
	return org{srv: srv, c: c, getenv: func(k string) string { return env[k] }, ws: ws}
}

// orglisting runs the command with the org's workspaces and returns its output and error.
func (o org) orglisting(t *testing.T, args ...string) (string, error) {
	t.Helper()
	for _, ws := range o.ws {
		args = append(args, "-workspace", ws)
	}
	var out strings.Builder
	err := run(context.Background(), args, o.getenv, &out)
	return out.String(), err
}

// What a run makes in the test workspaces is found left behind, clean deletes it (references first,
// then components), and the org is then as found.
func TestCleanAndCheck_whatTheRunLeft(t *testing.T) {
	o := startOrg(t)
	ctx := context.Background()
	before := filepath.Join(t.TempDir(), "before.tsv")
	after := filepath.Join(t.TempDir(), "after.tsv")
	if _, err := o.orglisting(t, "list", "-out", before); err != nil {
		t.Fatal(err)
	}
	existing, err := o.c.ListComponents(ctx, client.ComponentFilter{RootWorkspace: o.ws[0]})
	if err != nil || len(existing) == 0 {
		t.Fatalf("the seed's workspace %s has no component: %v", o.ws[0], err)
	}
	made, err := o.c.CreateComponent(ctx, client.ComponentCreate{Name: "Left behind", RootWorkspace: o.ws[0], TypeID: existing[0].TypeID})
	if err != nil {
		t.Fatal(err)
	}
	refs, err := o.c.ListReferences(ctx, client.ReferenceFilter{RootWorkspace: o.ws[0]})
	if err != nil || len(refs) == 0 {
		t.Fatalf("the seed's workspace %s has no reference: %v", o.ws[0], err)
	}
	if _, err := o.c.CreateReference(ctx, client.ReferenceCreate{Source: made.ID, Target: existing[0].ID, Type: refs[0].Type}); err != nil {
		t.Fatal(err)
	}

	out, err := o.orglisting(t, "check", "-before", before, "-out", after)
	if !errors.As(err, new(errOrgChanged)) {
		t.Fatalf("check found the org as it was, with a component and a reference left behind: %v\n%s", err, out)
	}
	if !strings.Contains(out, "Left behind by the run (2)") || !strings.Contains(out, `"Left behind"`) {
		t.Errorf("check does not name the two entities left behind:\n%s", out)
	}
	if strings.Contains(out, "Changed or deleted") {
		t.Errorf("check says a seeded entity changed:\n%s", out)
	}

	out, err = o.orglisting(t, "clean", "-before", before)
	if err != nil {
		t.Fatalf("clean: %v\n%s", err, out)
	}
	if strings.Count(out, "deleted ") != 2 || strings.Index(out, "deleted reference") > strings.Index(out, "deleted component") {
		t.Errorf("clean did not delete the reference, then the component:\n%s", out)
	}
	if out, err := o.orglisting(t, "check", "-before", before, "-out", after); err != nil {
		t.Errorf("after clean, check: %v\n%s", err, out)
	}
}

// An entity the run did not make, changed or deleted, is reported, and clean leaves it alone.
func TestCheck_whatTheRunTouched(t *testing.T) {
	o := startOrg(t)
	ctx := context.Background()
	before := filepath.Join(t.TempDir(), "before.tsv")
	if _, err := o.orglisting(t, "list", "-out", before); err != nil {
		t.Fatal(err)
	}
	existing, err := o.c.ListComponents(ctx, client.ComponentFilter{RootWorkspace: o.ws[0]})
	if err != nil || len(existing) < 2 {
		t.Fatalf("the seed's workspace %s has fewer than two components: %v", o.ws[0], err)
	}
	if err := o.srv.MutateComponent(existing[0].ID, func(c *emulator.Component) { c.Name += " (edited)" }); err != nil {
		t.Fatal(err)
	}
	leaf := existing[len(existing)-1]
	if err := o.c.DeleteComponent(ctx, leaf.ID); err != nil {
		t.Fatal(err)
	}
	out, err := o.orglisting(t, "check", "-before", before, "-out", filepath.Join(t.TempDir(), "after.tsv"))
	if !errors.As(err, new(errOrgChanged)) {
		t.Fatalf("check found the org as it was: %v\n%s", err, out)
	}
	if !strings.Contains(out, "Changed or deleted, though the run did not make them") ||
		!strings.Contains(out, existing[0].ID) || !strings.Contains(out, leaf.ID+` "`+leaf.Name) || !strings.Contains(out, "(deleted)") {
		t.Errorf("check does not name the edited component %s and the deleted %s:\n%s", existing[0].ID, leaf.ID, out)
	}
	if out, err := o.orglisting(t, "clean", "-before", before); err != nil || !strings.HasPrefix(out, "nothing to delete") {
		t.Errorf("clean deleted something the run did not make: %v\n%s", err, out)
	}
}

// Without the org's variables it refuses, naming them.
func TestRun_refusesWithoutTheOrg(t *testing.T) {
	err := run(context.Background(), []string{"list", "-out", "x", "-workspace", "a"}, func(string) string { return "" }, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "ARDOQ_BASE_URL, ARDOQ_API_TOKEN, ARDOQ_ORG") {
		t.Errorf("got %v, want the three variables named", err)
	}
}

// On a shared sandbox, what a colleague made in the test workspaces while the run went is not the run's:
// clean leaves it alone and names it; what the run's user made is deleted.
func TestClean_leavesWhatOthersMade(t *testing.T) {
	now := listing{}
	for _, e := range []entity{
		{kind: kindComponent, id: "c-mine", workspace: "w", name: "Made by the run", creator: "runner@example.com"},
		{kind: kindComponent, id: "c-theirs", workspace: "w", name: "A colleague's", creator: "colleague@example.com"},
		{kind: kindComponent, id: "c-old", workspace: "w", name: "Was there", creator: "colleague@example.com"},
	} {
		now[e.key()] = e
	}
	was := listing{}
	was[now["component c-old"].key()] = now["component c-old"]
	var deleted []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		deleted = append(deleted, r.Method+" "+r.URL.Path)
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: "t", Org: "o", RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := clean(context.Background(), c, "Runner@example.com", was, now, &out); err != nil {
		t.Fatal(err)
	}
	if len(deleted) != 1 || deleted[0] != "DELETE /api/v2/components/c-mine" {
		t.Errorf("want only the run's component deleted, got %v", deleted)
	}
	if !strings.Contains(out.String(), `left alone: component c-theirs "A colleague's" in workspace w, made by colleague@example.com`) {
		t.Errorf("clean does not name what it left alone:\n%s", out.String())
	}
}
