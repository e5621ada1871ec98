package single

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/memo"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
)

// modifyPlan runs a resource's ModifyPlan as the framework would: prior nil for a create.
func modifyPlan(t *testing.T, r resource.ResourceWithModifyPlan, prior, plan any) diag.Diagnostics {
	t.Helper()
	ctx := context.Background()
	var s resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &s)
	typ := s.Schema.Type().TerraformType(ctx)
	state := tfsdk.State{Schema: s.Schema, Raw: tftypes.NewValue(typ, nil)}
	var diags diag.Diagnostics
	if prior != nil {
		diags.Append(state.Set(ctx, prior)...)
	}
	planned := tfsdk.Plan{Schema: s.Schema, Raw: tftypes.NewValue(typ, nil)}
	diags.Append(planned.Set(ctx, plan)...)
	if diags.HasError() {
		t.Fatal(diags)
	}
	resp := resource.ModifyPlanResponse{Plan: planned}
	r.ModifyPlan(ctx, resource.ModifyPlanRequest{Config: tfsdk.Config{Schema: s.Schema, Raw: planned.Raw}, Plan: planned, State: state}, &resp)
	return resp.Diagnostics
}

// inFlight is a transport that holds every request for a while and counts how many were in flight at once.
type inFlight struct {
	hold      time.Duration
	mu        sync.Mutex
	now, most int
}

func (f *inFlight) RoundTrip(req *http.Request) (*http.Response, error) {
	f.mu.Lock()
	f.now++
	f.most = max(f.most, f.now)
	f.mu.Unlock()
	time.Sleep(f.hold)
	defer func() { f.mu.Lock(); f.now--; f.mu.Unlock() }()
	return http.DefaultTransport.RoundTrip(req)
}

// TestModelCheckedOncePerCommand: the apply walk does not read the workspace's model again for a component
// whose plan passed the model check in the plan walk of the same terraform command, with the same values;
// it does for other values, and after a check that failed. A create checked so starts reading the model
// for the references to it without waiting. The plan of a new component reads the model, asks who the
// caller is and looks for one an interrupted run made, all at the same time.
func TestModelCheckedOncePerCommand(t *testing.T) {
	srv := openapitest.Start(t)
	transport := &inFlight{}
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "memo-test/1",
		RequestsPerSecond: -1, HTTPClient: &http.Client{Transport: transport}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var data *providerdata.Data
	command := 4250                     // the terraform process
	walk := func() *componentResource { // each walk is a new provider process of the same terraform command
		data = providerdata.New(c, false)
		data.Memo = memo.NewAt(dir, command, time.Now)
		return &componentResource{data: data}
	}
	contextReads := func(prior *entity.ComponentModel, plan entity.ComponentModel) (int, diag.Diagnostics) {
		t.Helper()
		srv.ResetRequests()
		var priorOrNil any
		if prior != nil {
			priorOrNil = prior
		}
		diags := modifyPlan(t, walk(), priorOrNil, &plan)
		n := 0
		for _, req := range srv.Requests() {
			if strings.HasSuffix(req.Path, "/context") {
				n++
			}
		}
		return n, diags
	}
	made, err := c.CreateComponent(context.Background(), client.ComponentCreate{Name: "Checked", RootWorkspace: "5eed0000000000000000b001", TypeID: "p1700000000001"})
	if err != nil {
		t.Fatal(err)
	}
	prior := entity.ComponentModel{ID: types.StringValue(made.ID), Name: types.StringValue("Checked"), RootWorkspace: types.StringValue(made.RootWorkspace),
		TypeID: types.StringValue(made.TypeID), Version: types.Int64Value(made.Version)}
	plan := prior
	plan.Name = types.StringValue("Checked, renamed")

	if n, diags := contextReads(&prior, plan); n != 1 || diags.HasError() {
		t.Fatalf("plan walk: %d context reads, %v; want 1 and no error", n, diags)
	}
	if n, diags := contextReads(&prior, plan); n != 0 || diags.HasError() {
		t.Fatalf("apply walk: %d context reads, %v; want none", n, diags)
	}
	fields := types.DynamicValue(types.ObjectValueMust(map[string]attr.Type{"no_such_field": types.StringType},
		map[string]attr.Value{"no_such_field": types.StringValue("x")}))
	for input, change := range map[string]func(plan, prior *entity.ComponentModel){ // each input of the check, changed on its own
		"root_workspace": func(plan, _ *entity.ComponentModel) {
			plan.RootWorkspace = types.StringValue("5eed0000000000000000b002")
		},
		"type_id":                 func(plan, _ *entity.ComponentModel) { plan.TypeID = types.StringValue("p1700000000002") },
		"custom_fields":           func(plan, _ *entity.ComponentModel) { plan.CustomFields = fields },
		"the prior custom_fields": func(_, prior *entity.ComponentModel) { prior.CustomFields = fields },
	} {
		changedPlan, changedPrior := plan, prior
		change(&changedPlan, &changedPrior)
		if n, _ := contextReads(&changedPrior, changedPlan); n != 1 {
			t.Errorf("apply walk with another %s than the plan walk checked: %d context reads; want 1", input, n)
		}
	}
	plan.CustomFields = fields
	for _, w := range []string{"plan", "apply"} {
		if n, diags := contextReads(&prior, plan); n != 1 || !diags.HasError() {
			t.Fatalf("%s walk with a field the model lacks: %d context reads, %v; want 1 and an error", w, n, diags)
		}
	}

	command = 4252 // a new command: the check of the create has the same inputs as the change's above
	created := entity.ComponentModel{Name: types.StringValue("New"), RootWorkspace: types.StringValue("5eed0000000000000000b001"),
		TypeID: types.StringValue("p1700000000001")}
	transport.hold, transport.most = 100*time.Millisecond, 0
	if n, diags := contextReads(nil, created); n != 1 || diags.HasError() {
		t.Fatalf("plan walk of a create: %d context reads, %v; want 1 and no error", n, diags)
	}
	if transport.most < 3 { // GET /me (whose is the token), the model, the search: none needs another's answer
		t.Errorf("the plan of a new component asked who the caller is, read the model and looked for one already made "+
			"one after the other (%d requests at most in flight; want 3)", transport.most)
	}
	transport.hold = 0
	if _, diags := contextReads(nil, created); diags.HasError() {
		t.Fatal(diags)
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(data.Contexts.Loaded()) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the apply walk of a create checked in the plan walk did not start reading the model for the references to it")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestModelCheckedOncePerCommand_reference: the same for ardoq_reference, whose check reads the model of
// its source's workspace.
func TestModelCheckedOncePerCommand_reference(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "memo-test/1", RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ids := map[string]string{}
	for _, name := range []string{"A", "B", "C"} {
		made, err := c.CreateComponent(ctx, client.ComponentCreate{Name: name, RootWorkspace: "5eed0000000000000000b001", TypeID: "p1700000000001"})
		if err != nil {
			t.Fatal(err)
		}
		ids[name] = made.ID
	}
	dir := t.TempDir()
	contextReads := func(prior, plan entity.ReferenceModel) (int, diag.Diagnostics) {
		t.Helper()
		d := providerdata.New(c, false)
		d.Memo = memo.NewAt(dir, 4251, time.Now)
		srv.ResetRequests()
		diags := modifyPlan(t, &referenceResource{data: d}, &prior, &plan)
		n := 0
		for _, req := range srv.Requests() {
			if strings.HasSuffix(req.Path, "/context") {
				n++
			}
		}
		return n, diags
	}
	prior := entity.ReferenceModel{ID: types.StringValue("5eed00000000000000000999"), Source: types.StringValue(ids["A"]), Target: types.StringValue(ids["B"]),
		Type: types.Int64Value(1), RootWorkspace: types.StringValue("5eed0000000000000000b001"), TargetWorkspace: types.StringValue("5eed0000000000000000b001"),
		Version: types.Int64Value(1)}
	plan := prior
	plan.Description = types.StringValue("changed")
	if n, diags := contextReads(prior, plan); n != 1 || diags.HasError() {
		t.Fatalf("plan walk: %d context reads, %v; want 1 and no error", n, diags)
	}
	if n, diags := contextReads(prior, plan); n != 0 || diags.HasError() {
		t.Fatalf("apply walk: %d context reads, %v; want none", n, diags)
	}
	for input, change := range map[string]func(plan, prior *entity.ReferenceModel){
		"source":               func(plan, _ *entity.ReferenceModel) { plan.Source = types.StringValue(ids["C"]) },
		"type":                 func(plan, _ *entity.ReferenceModel) { plan.Type = types.Int64Value(2) },
		"prior root_workspace": func(_, prior *entity.ReferenceModel) { prior.RootWorkspace = types.StringNull() },
	} {
		changedPlan, changedPrior := plan, prior
		change(&changedPlan, &changedPrior)
		if n, _ := contextReads(changedPrior, changedPlan); n != 1 {
			t.Errorf("apply walk with another %s than the plan walk checked: %d context reads; want 1", input, n)
		}
	}
}
