package single

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/memo"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

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
		d := providerdata.New(c, false)
		d.Memo = memo.NewAt(dir, 4242, time.Now)
		return &componentResource{data: d}
	}
	plan := entity.ComponentModel{}
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
	d := providerdata.New(c, false)
	d.Memo = memo.NewAt(t.TempDir(), 4243, time.Now)
	ids := map[string]string{}
	for _, name := range []string{"Read A", "Read B", "Created"} {
		made, err := c.CreateComponent(ctx, client.ComponentCreate{Name: name, RootWorkspace: "5eed0000000000000000b001", TypeID: "p1700000000001"})
		if err != nil {
			t.Fatal(err)
		}
		ids[name] = made.ID
	}
	d.Claim(ids["Read A"])
	d.Claim(ids["Read B"])
	d.ClaimCreated(ids["Created"])
	searched := func(check func() diag.Diagnostics) bool {
		t.Helper()
		srv.ResetRequests()
		check()
		return len(srv.Requests()) > 0
	}
	reference := func(source, target string) func() diag.Diagnostics {
		plan := entity.ReferenceModel{Source: types.StringValue(ids[source]), Target: types.StringValue(ids[target]), Type: types.Int64Value(1)}
		return func() diag.Diagnostics { return (&referenceResource{data: d}).warnIfReferenceMade(ctx, plan) }
	}
	child := func(parent string) func() diag.Diagnostics {
		plan := entity.ComponentModel{}
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

// TestCredentialsCheckRemembered: the apply walk's provider process does not ask GET /me again after the
// plan walk's check passed, nor does another terraform command with the same token and org within
// providerdata.CredentialsTrusted; a failed check is not remembered.
func TestCredentialsCheckRemembered(t *testing.T) {
	srv := openapitest.Start(t)
	dir := t.TempDir()
	start := time.Now()
	var later atomic.Int64 // how far the clock has moved: the memo's sweep reads it in the background
	now := func() time.Time { return start.Add(time.Duration(later.Load())) }
	meRequests := func(command int, token, org string) (int, error) {
		t.Helper()
		c, err := client.New(client.Config{BaseURL: srv.URL, Token: token, Org: org, UserAgent: "memo-test/1", RequestsPerSecond: -1, MaxRetries: 0})
		if err != nil {
			t.Fatal(err)
		}
		d := providerdata.New(c, false)
		d.Memo = memo.NewAt(dir, command, now)
		srv.ResetRequests()
		err = d.CheckCredentials(context.Background())
		return len(srv.Requests()), err
	}
	org := srv.OrgLabel()
	if n, err := meRequests(4343, "wrong-token", org); n != 1 || err == nil {
		t.Fatalf("a wrong token: %d requests, error %v; want one GET /me and an error", n, err)
	}
	if n, err := meRequests(4343, "wrong-token", org); n != 1 || err == nil {
		t.Fatalf("a failed check was remembered: %d requests, error %v", n, err)
	}
	if n, err := meRequests(4343, srv.Token(), org); n != 1 || err != nil {
		t.Fatalf("plan walk: %d requests, error %v; want one GET /me", n, err)
	}
	if n, err := meRequests(4343, srv.Token(), org); n != 0 || err != nil {
		t.Fatalf("apply walk: %d requests, error %v; want none", n, err)
	}
	later.Add(int64(providerdata.CredentialsTrusted - time.Minute))
	if n, err := meRequests(4444, srv.Token(), org); n != 0 || err != nil {
		t.Fatalf("the next command, soon after: %d requests, error %v; want none", n, err)
	}
	if n, err := meRequests(4445, "wrong-token", org); n != 1 || err == nil {
		t.Fatalf("the next command with another token: %d requests, error %v; want one GET /me and an error", n, err)
	}
	if n, _ := meRequests(4446, srv.Token(), "other-org"); n != 1 {
		t.Fatalf("the next command with another org: %d requests; want one GET /me", n)
	}
	later.Add(int64(2 * time.Minute))
	if n, err := meRequests(4447, srv.Token(), org); n != 1 || err != nil {
		t.Fatalf("a command after the check stopped counting: %d requests, error %v; want one GET /me", n, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) == 0 {
		t.Fatalf("nothing remembered in %s: %v", dir, err)
	}
	for _, e := range entries {
		content, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		if strings.Contains(e.Name(), srv.Token()) || strings.Contains(string(content), srv.Token()) {
			t.Errorf("the memo holds the token in clear: %s", e.Name())
		}
	}
}
