package single

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/listing"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// TestAlreadyMadeSearchedInEachProcess: a search for what an earlier run made is made again in each
// provider process (the apply walk's, a `terraform test` run's), and again in one process: nothing that
// found nothing is remembered, so an entity made meanwhile is found.
func TestAlreadyMadeSearchedInEachProcess(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "already-made-test/1", RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	process := func() *componentResource {
		return &componentResource{data: providerdata.New(c, providerdata.Settings{})}
	}
	plan := entity.ComponentModel{}
	plan.Name, plan.RootWorkspace, plan.TypeID, plan.Parent = types.StringValue("Made"), types.StringValue("5eed0000000000000000b001"), types.StringValue("p1700000000001"), types.StringNull()
	searches := func(r *componentResource) (int, int) {
		t.Helper()
		srv.ResetRequests()
		diags := r.warnIfComponentMade(context.Background(), plan, "")
		n := 0
		for _, req := range srv.Requests() {
			if req.Method == "GET" && filepath.Base(req.Path) == "components" {
				n++
			}
		}
		return n, diags.WarningsCount()
	}
	one := process()
	if n, warned := searches(one); n != 1 || warned != 0 {
		t.Fatalf("plan walk: %d searches, %d warnings; want 1, 0", n, warned)
	}
	if n, warned := searches(process()); n != 1 || warned != 0 {
		t.Fatalf("apply walk: %d searches, %d warnings; want 1, 0", n, warned)
	}
	if _, err := c.CreateComponent(context.Background(), client.ComponentCreate{Name: "Made", RootWorkspace: "5eed0000000000000000b001", TypeID: "p1700000000001"}); err != nil {
		t.Fatal(err)
	}
	if n, warned := searches(one); n != 1 || warned != 1 {
		t.Fatalf("the same process, once the component exists: %d searches, %d warnings; want 1, 1", n, warned)
	}
	if n, warned := searches(process()); n != 1 || warned != 1 {
		t.Fatalf("another process, once the component exists: %d searches, %d warnings; want 1, 1", n, warned)
	}
}

// TestAlreadyMadeFromOneListing: the creates of one provider process in one workspace search on their
// own StartAfter-1 times, then share one listing of the workspace, which finds what an earlier run made
// among what was there before; once the process deleted something, the listing is taken again.
func TestAlreadyMadeFromOneListing(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "already-made-test/1", RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	made, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "Left behind", RootWorkspace: "5eed0000000000000000b001", TypeID: "p1700000000001"})
	if err != nil {
		t.Fatal(err)
	}
	r := &componentResource{data: providerdata.New(c, providerdata.Settings{})}
	plans := func(names ...string) (requests, warnings int) {
		t.Helper()
		srv.ResetRequests()
		var wg sync.WaitGroup
		var mu sync.Mutex
		for _, name := range names {
			plan := entity.ComponentModel{}
			plan.Name, plan.RootWorkspace, plan.TypeID, plan.Parent = types.StringValue(name), types.StringValue("5eed0000000000000000b001"), types.StringValue("p1700000000001"), types.StringNull()
			wg.Go(func() {
				diags := r.warnIfComponentMade(ctx, plan, "")
				mu.Lock()
				warnings += diags.WarningsCount()
				mu.Unlock()
			})
		}
		wg.Wait()
		for _, req := range srv.Requests() {
			if req.Method == "GET" && filepath.Base(req.Path) == "components" {
				requests++
			}
		}
		return requests, warnings
	}
	names := []string{"Left behind"}
	for i := range 40 {
		names = append(names, fmt.Sprintf("New %d", i))
	}
	if n, warned := plans(names...); n != listing.StartAfter || warned != 1 {
		t.Fatalf("41 creates, one left behind: %d searches and listings, %d warnings; want %d, 1", n, warned, listing.StartAfter)
	}
	if n, _ := plans("New 41", "New 42"); n != 0 {
		t.Fatalf("later creates of the process: %d requests; want none", n)
	}
	if err := c.DeleteComponent(ctx, made.ID); err != nil {
		t.Fatal(err)
	}
	if n, warned := plans(names...); n != listing.StartAfter || warned != 0 {
		t.Fatalf("after a delete: %d searches and listings, %d warnings; want %d, 0", n, warned, listing.StartAfter)
	}
}

// TestAlreadyMadeNotSearchedBelowWhatThisRunCreated: in the apply walk, a reference to or from a
// component this provider process created, and a component below one, is new: no search, even though
// the ids are known now; a reference between components that were there before is searched.
func TestAlreadyMadeNotSearchedBelowWhatThisRunCreated(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "already-made-test/1", RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	d := providerdata.New(c, providerdata.Settings{})
	ids := map[string]string{}
	for _, name := range []string{"Existing A", "Existing B", "Created"} {
		made, err := c.CreateComponent(ctx, client.ComponentCreate{Name: name, RootWorkspace: "5eed0000000000000000b001", TypeID: "p1700000000001"})
		if err != nil {
			t.Fatal(err)
		}
		ids[name] = made.ID
	}
	d.Claims.Made(ids["Created"])
	searched := func(check func() diag.Diagnostics) bool {
		t.Helper()
		srv.ResetRequests()
		check()
		return len(srv.Requests()) > 0
	}
	reference := func(source, target string) func() diag.Diagnostics {
		plan := entity.ReferenceModel{Source: types.StringValue(ids[source]), Target: types.StringValue(ids[target]), Type: types.Int64Value(1)}
		return func() diag.Diagnostics { return (&referenceResource{data: d}).warnIfReferenceMade(ctx, plan, "") }
	}
	child := func(parent string) func() diag.Diagnostics {
		plan := entity.ComponentModel{}
		plan.Name, plan.RootWorkspace, plan.TypeID = types.StringValue("Child"), types.StringValue("5eed0000000000000000b001"), types.StringValue("p1700000000001")
		plan.Parent = types.StringValue(ids[parent])
		return func() diag.Diagnostics { return (&componentResource{data: d}).warnIfComponentMade(ctx, plan, "") }
	}
	if searched(reference("Existing A", "Created")) || searched(reference("Created", "Existing B")) || searched(child("Created")) {
		t.Error("searched for what an earlier run made below a component this run created")
	}
	if !searched(reference("Existing A", "Existing B")) || !searched(child("Existing A")) {
		t.Error("did not search below components that were there before this run")
	}
}

// TestAlreadyMadeWhateverWasRefreshedFirst: with prevent_duplicates, the plan of a component or
// reference whose entity Ardoq already holds fails whether or not another resource of the process (one
// that manages that entity) refreshed it first: the search decides from the request and Ardoq's answers.
func TestAlreadyMadeWhateverWasRefreshedFirst(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "already-made-test/1", RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	const ws, typ = "5eed0000000000000000b001", "p1700000000001"
	held := map[string]*client.Component{}
	for _, name := range []string{"Twin", "Other"} {
		if held[name], err = c.CreateComponent(ctx, client.ComponentCreate{Name: name, RootWorkspace: ws, TypeID: typ}); err != nil {
			t.Fatal(err)
		}
	}
	ref, err := c.CreateReference(ctx, client.ReferenceCreate{Source: held["Twin"].ID, Target: held["Other"].ID, Type: 1})
	if err != nil {
		t.Fatal(err)
	}
	components := &componentResource{data: providerdata.New(c, providerdata.Settings{PreventDuplicates: true})}
	references := &referenceResource{data: components.data}
	component := entity.ComponentModel{}
	component.Name, component.RootWorkspace, component.TypeID, component.Parent = types.StringValue("Twin"), types.StringValue(ws), types.StringValue(typ), types.StringNull()
	reference := entity.ReferenceModel{Source: types.StringValue(held["Twin"].ID), Target: types.StringValue(held["Other"].ID), Type: types.Int64Value(1)}
	plans := func(when string) {
		t.Helper()
		if diags := components.warnIfComponentMade(ctx, component, ""); diags.ErrorsCount() != 1 || !strings.Contains(diags[0].Summary(), "Already in Ardoq") {
			t.Errorf("the component's plan %s: %v; want one Already in Ardoq error", when, diags)
		}
		if diags := references.warnIfReferenceMade(ctx, reference, ""); diags.ErrorsCount() != 1 || !strings.Contains(diags[0].Detail(), ref.ID) {
			t.Errorf("the reference's plan %s: %v; want one error naming %s", when, diags, ref.ID)
		}
	}
	plans("before any refresh")
	refresh := func(r resource.Resource, model any) {
		t.Helper()
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		state := tfsdk.State{Schema: s.Schema, Raw: tftypes.NewValue(s.Schema.Type().TerraformType(ctx), nil)}
		if diags := state.Set(ctx, model); diags.HasError() {
			t.Fatal(diags)
		}
		resp := resource.ReadResponse{State: state}
		r.Read(ctx, resource.ReadRequest{State: state}, &resp)
		if resp.Diagnostics.HasError() || resp.State.Raw.IsNull() {
			t.Fatalf("refresh: %v", resp.Diagnostics)
		}
	}
	refresh(components, entity.ComponentFromAPI(held["Twin"], types.DynamicNull(), false))
	refresh(references, entity.ReferenceFromAPI(ref, types.DynamicNull(), false))
	plans("after the resources holding them refreshed")
}

// TestAlreadyMadeSearchFails: a search for what an interrupted run made that fails is an error with
// prevent_duplicates and a warning without, both saying why (Ardoq's answer, never the token) and what to do.
func TestAlreadyMadeSearchFails(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "already-made-test/1",
		RequestsPerSecond: -1, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	plan := entity.ComponentModel{}
	plan.Name, plan.RootWorkspace, plan.TypeID, plan.Parent = types.StringValue("Unchecked"), types.StringValue("5eed0000000000000000b001"), types.StringValue("p1700000000001"), types.StringNull()
	for _, prevent := range []bool{false, true} {
		d := providerdata.New(c, providerdata.Settings{})
		d.Settings.PreventDuplicates = prevent
		srv.Inject(emulator.Fault{Method: "GET", PathPrefix: "/components", Exact: true, Status: 503, Message: "search is down"})
		diags := (&componentResource{data: d}).warnIfComponentMade(context.Background(), plan, "")
		srv.ClearFaults()
		if len(diags) != 1 || diags.HasError() != prevent {
			t.Fatalf("prevent_duplicates %v: %v; want one diagnostic, an error only with prevent_duplicates", prevent, diags)
		}
		text := diags[0].Summary() + " " + diags[0].Detail()
		want := []string{`Component "Unchecked" Not Checked for Duplicates`, "HTTP 503", "search is down", "prevent_duplicates = true"}
		if prevent {
			want = []string{`Component "Unchecked" Not Checked for Duplicates`, "HTTP 503", "search is down", "Try again", "prevent_duplicates = false"}
		}
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("prevent_duplicates %v: no %q in %s", prevent, w, text)
			}
		}
		if strings.Contains(text, srv.Token()) {
			t.Errorf("the diagnostic holds the token: %s", text)
		}
	}
}
