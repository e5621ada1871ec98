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

// TestModelCheckedOncePerProcess: each provider process (the plan walk's, the apply walk's) reads a
// workspace's model once for the plans of all its components, and checks every plan against it, failed
// checks included. The plan of a new component reads the model, asks who the caller is and looks for one
// an interrupted run made, all at the same time.
func TestModelCheckedOncePerProcess(t *testing.T) {
	srv := openapitest.Start(t)
	transport := &inFlight{}
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "model-check-test/1",
		RequestsPerSecond: -1, HTTPClient: &http.Client{Transport: transport}})
	if err != nil {
		t.Fatal(err)
	}
	contextReads := func(r *componentResource, prior *entity.ComponentModel, plan entity.ComponentModel) (int, diag.Diagnostics) {
		t.Helper()
		srv.ResetRequests()
		var priorOrNil any
		if prior != nil {
			priorOrNil = prior
		}
		diags := modifyPlan(t, r, priorOrNil, &plan)
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
	fields := types.DynamicValue(types.ObjectValueMust(map[string]attr.Type{"no_such_field": types.StringType},
		map[string]attr.Value{"no_such_field": types.StringValue("x")}))
	wrong := plan
	wrong.CustomFields = fields
	for _, walk := range []string{"plan", "apply"} {
		r := &componentResource{data: providerdata.New(c, providerdata.Settings{})} // each walk is a provider process of its own
		if n, diags := contextReads(r, &prior, plan); n != 1 || diags.HasError() {
			t.Fatalf("%s walk: %d context reads, %v; want 1 and no error", walk, n, diags)
		}
		if n, diags := contextReads(r, &prior, wrong); n != 0 || !diags.HasError() {
			t.Fatalf("%s walk, a field the model lacks: %d context reads, %v; want none and an error", walk, n, diags)
		}
	}

	created := entity.ComponentModel{Name: types.StringValue("New"), RootWorkspace: types.StringValue("5eed0000000000000000b001"),
		TypeID: types.StringValue("p1700000000001")}
	transport.hold, transport.most = 100*time.Millisecond, 0
	if n, diags := contextReads(&componentResource{data: providerdata.New(c, providerdata.Settings{})}, nil, created); n != 1 || diags.HasError() {
		t.Fatalf("plan of a create: %d context reads, %v; want 1 and no error", n, diags)
	}
	if transport.most < 3 { // GET /me (whose is the token), the model, the search: none needs another's answer
		t.Errorf("the plan of a new component asked who the caller is, read the model and looked for one already made "+
			"one after the other (%d requests at most in flight; want 3)", transport.most)
	}
}

// TestModelCheckedOncePerProcess_reference: the same for ardoq_reference, whose check reads the model of
// its source's workspace.
func TestModelCheckedOncePerProcess_reference(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "model-check-test/1", RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ids := map[string]string{}
	for _, name := range []string{"A", "B"} {
		made, err := c.CreateComponent(ctx, client.ComponentCreate{Name: name, RootWorkspace: "5eed0000000000000000b001", TypeID: "p1700000000001"})
		if err != nil {
			t.Fatal(err)
		}
		ids[name] = made.ID
	}
	contextReads := func(r *referenceResource, prior, plan entity.ReferenceModel) (int, diag.Diagnostics) {
		t.Helper()
		srv.ResetRequests()
		diags := modifyPlan(t, r, &prior, &plan)
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
	other := plan
	other.Type = types.Int64Value(2)
	for _, walk := range []string{"plan", "apply"} {
		r := &referenceResource{data: providerdata.New(c, providerdata.Settings{})}
		if n, diags := contextReads(r, prior, plan); n != 1 || diags.HasError() {
			t.Fatalf("%s walk: %d context reads, %v; want 1 and no error", walk, n, diags)
		}
		if n, _ := contextReads(r, prior, other); n != 0 {
			t.Fatalf("%s walk, another reference of the workspace: %d context reads; want none", walk, n)
		}
	}
}
