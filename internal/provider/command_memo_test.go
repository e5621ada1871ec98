package provider

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

func TestCommandMemo(t *testing.T) {
	now := time.Now()
	memo := &commandMemo{dir: t.TempDir(), parent: 4242, now: func() time.Time { return now }}
	c, err := client.New(client.Config{BaseURL: "https://example.ardoq.com", Token: "t", Org: "o"})
	if err != nil {
		t.Fatal(err)
	}
	name := "A"
	request := client.BatchRequest{Components: &client.ComponentOperations{
		Create: []client.ComponentCreateOp{{Body: client.ComponentCreate{Name: name}}},
	}}
	key := memoKey(c, "dry-run", request)

	if memo.seen(key) {
		t.Fatal("a request nobody ran passed")
	}
	memo.note(key)
	memo.sweeping.Wait()
	if !memo.seen(key) {
		t.Fatal("the request that passed the dry run in this terraform command is not remembered")
	}
	if memo.seen(memoKey(c, "none-made", request)) {
		t.Error("an entry of one kind counts for another")
	}
	request.Components.Create[0].Body.Name = "B"
	if memo.seen(memoKey(c, "dry-run", request)) {
		t.Error("a different request counts as passed")
	}
	other, _ := client.New(client.Config{BaseURL: "https://example.ardoq.com", Token: "t", Org: "other"})
	request.Components.Create[0].Body.Name = name
	if memo.seen(memoKey(other, "dry-run", request)) {
		t.Error("the same request to another org counts as passed")
	}
	another := &commandMemo{dir: memo.dir, parent: 4343, now: memo.now}
	if another.seen(key) {
		t.Error("another terraform process sees this one's entries")
	}
	now = now.Add(commandMemoLifetime + time.Minute)
	if memo.seen(key) {
		t.Error("an entry an hour old still counts")
	}
	later := &commandMemo{dir: memo.dir, parent: 4444, now: memo.now}
	later.note(memoKey(c, "dry-run", "something else"))
	later.sweeping.Wait()
	if _, err := os.Stat(memo.path(key)); !os.IsNotExist(err) {
		t.Errorf("an entry an hour old is kept: %v", err)
	}
	var off *commandMemo // served in-process or reattached
	off.note(key)
	if off.seen(key) {
		t.Error("without a memo every plan must ask Ardoq")
	}
}

// TestAlreadyMadeSearchOncePerCommand: the apply walk does not repeat a search for what an earlier run
// made that found nothing in the plan walk, and does repeat one that found something.
func TestAlreadyMadeSearchOncePerCommand(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "memo-test/1", RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	walk := func() *componentResource { // each walk is a new provider process of the same terraform command
		d := newProviderData(c, false)
		d.memo = &commandMemo{dir: dir, parent: 4242, now: time.Now}
		return &componentResource{data: d}
	}
	plan := componentModel{}
	plan.Name, plan.RootWorkspace, plan.TypeID, plan.Parent = types.StringValue("Memo"), types.StringValue("5eed0000000000000000b001"), types.StringValue("p1700000000001"), types.StringNull()
	searches := func(r *componentResource) (int, int) {
		t.Helper()
		srv.ResetRequests()
		diags := r.warnIfComponentMade(context.Background(), plan)
		n := 0
		for _, req := range srv.Requests() {
			if req.Method == "GET" && filepath.Base(req.Path) == "components" {
				n++
			}
		}
		return n, diags.WarningsCount()
	}
	if n, warned := searches(walk()); n != 1 || warned != 0 {
		t.Fatalf("plan walk: %d searches, %d warnings; want 1, 0", n, warned)
	}
	if n, _ := searches(walk()); n != 0 {
		t.Fatalf("apply walk searched again (%d) after the plan walk found nothing", n)
	}
	if _, err := c.CreateComponent(context.Background(), client.ComponentCreate{Name: "Made", RootWorkspace: "5eed0000000000000000b001", TypeID: "p1700000000001"}); err != nil {
		t.Fatal(err)
	}
	plan.Name = types.StringValue("Made")
	for _, w := range []string{"plan", "apply"} {
		if n, warned := searches(walk()); n != 1 || warned != 1 {
			t.Fatalf("%s walk, with an entity already made: %d searches, %d warnings; want 1, 1", w, n, warned)
		}
	}
}

// TestAlreadyMadeNotSearchedBelowWhatThisRunCreated: in the apply walk, a reference to or from a
// component this provider process created, and a component below one, is new: no search, even though
// the ids are known now; a reference between components it only read is searched.
func TestAlreadyMadeNotSearchedBelowWhatThisRunCreated(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "memo-test/1", RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	d := newProviderData(c, false)
	d.memo = &commandMemo{dir: t.TempDir(), parent: 4243, now: time.Now}
	ids := map[string]string{}
	for _, name := range []string{"Read A", "Read B", "Created"} {
		made, err := c.CreateComponent(ctx, client.ComponentCreate{Name: name, RootWorkspace: "5eed0000000000000000b001", TypeID: "p1700000000001"})
		if err != nil {
			t.Fatal(err)
		}
		ids[name] = made.ID
	}
	d.claim(ids["Read A"])
	d.claim(ids["Read B"])
	d.claimCreated(ids["Created"])
	searched := func(check func() diag.Diagnostics) bool {
		t.Helper()
		srv.ResetRequests()
		check()
		return len(srv.Requests()) > 0
	}
	reference := func(source, target string) func() diag.Diagnostics {
		plan := referenceModel{Source: types.StringValue(ids[source]), Target: types.StringValue(ids[target]), Type: types.Int64Value(1)}
		return func() diag.Diagnostics { return (&referenceResource{data: d}).warnIfReferenceMade(ctx, plan) }
	}
	child := func(parent string) func() diag.Diagnostics {
		plan := componentModel{}
		plan.Name, plan.RootWorkspace, plan.TypeID = types.StringValue("Child"), types.StringValue("5eed0000000000000000b001"), types.StringValue("p1700000000001")
		plan.Parent = types.StringValue(ids[parent])
		return func() diag.Diagnostics { return (&componentResource{data: d}).warnIfComponentMade(ctx, plan) }
	}
	if searched(reference("Read A", "Created")) || searched(reference("Created", "Read B")) || searched(child("Created")) {
		t.Error("searched for what an earlier run made below a component this run created")
	}
	if !searched(reference("Read A", "Read B")) || !searched(child("Read A")) {
		t.Error("did not search below components this run only read")
	}
}

// TestCredentialsCheckedOncePerCommand: the apply walk's provider process does not ask GET /me again
// after the plan walk's check passed; a failed check is not remembered.
func TestCredentialsCheckedOncePerCommand(t *testing.T) {
	srv := openapitest.Start(t)
	dir := t.TempDir()
	meRequests := func(token string) (int, error) {
		t.Helper()
		c, err := client.New(client.Config{BaseURL: srv.URL, Token: token, Org: srv.OrgLabel(), UserAgent: "memo-test/1", RequestsPerSecond: -1, MaxRetries: 0})
		if err != nil {
			t.Fatal(err)
		}
		d := newProviderData(c, false)
		d.memo = &commandMemo{dir: dir, parent: 4343, now: time.Now}
		srv.ResetRequests()
		err = d.checkCredentials(context.Background())
		return len(srv.Requests()), err
	}
	if n, err := meRequests("wrong-token"); n != 1 || err == nil {
		t.Fatalf("a wrong token: %d requests, error %v; want one GET /me and an error", n, err)
	}
	if n, err := meRequests("wrong-token"); n != 1 || err == nil {
		t.Fatalf("a failed check was remembered: %d requests, error %v", n, err)
	}
	if n, err := meRequests(srv.Token()); n != 1 || err != nil {
		t.Fatalf("plan walk: %d requests, error %v; want one GET /me", n, err)
	}
	if n, err := meRequests(srv.Token()); n != 0 || err != nil {
		t.Fatalf("apply walk: %d requests, error %v; want none", n, err)
	}
}
