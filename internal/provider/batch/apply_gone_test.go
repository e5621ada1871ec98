package batch

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// goneFixture is a batch of three components and a reference between the first two, made in Ardoq.
func goneFixture(t *testing.T) (providertest.EmulatedOrg, *batchResource, batchItems) {
	t.Helper()
	org := providertest.NewEmulatedOrg(t)
	ctx := context.Background()
	prior := batchItems{Components: map[string]entity.ComponentValues{}, References: map[string]entity.ReferenceValues{}}
	for _, key := range []string{"a", "b", "c"} {
		c, err := org.Client.CreateComponent(ctx, client.ComponentCreate{Name: strings.ToUpper(key), RootWorkspace: org.WS, TypeID: org.Typ})
		if err != nil {
			t.Fatal(err)
		}
		prior.Components[key] = entity.ComponentValuesFrom(c, entity.ComponentValues{}, nil)
	}
	typ := org.Wctx.ReferenceTypes[0].Type
	ref, err := org.Client.CreateReference(ctx, client.ReferenceCreate{Source: prior.Components["a"].ID, Target: prior.Components["b"].ID, Type: typ})
	if err != nil {
		t.Fatal(err)
	}
	prior.References["ab"] = entity.ReferenceValues{ID: ref.ID, Version: ref.Version, RootWorkspace: ref.RootWorkspace,
		TargetWorkspace: ref.TargetWorkspace, Source: "a", Target: "b", Type: typ}
	return org, &batchResource{data: providerdata.New(org.Client, providerdata.Settings{})}, prior
}

func without(items batchItems, keys ...string) batchItems {
	out := batchItems{Components: map[string]entity.ComponentValues{}, References: map[string]entity.ReferenceValues{}}
	for k, c := range items.Components {
		out.Components[k] = c
	}
	for k, r := range items.References {
		out.References[k] = r
	}
	for _, k := range keys {
		delete(out.Components, k)
		delete(out.References, k)
	}
	return out
}

// An update that deletes items another resource of the apply already deleted (Ardoq took them along with
// a component) drops those deletes and applies the rest; the dry run of the apply walk's plan does too.
func TestBatchApply_dropsDeletesOfItemsAlreadyGone(t *testing.T) {
	org, r, prior := goneFixture(t)
	ctx := context.Background()
	planned := without(prior, "c", "ab")
	planned.Components["a"] = func(c entity.ComponentValues) entity.ComponentValues { c.Name = "A2"; return c }(planned.Components["a"])
	org.Srv.Remove(prior.References["ab"].ID)
	org.Srv.Remove(prior.Components["c"].ID)
	request, keys, diags := r.request(ctx, prior, planned, batchRaw{})
	if diags.HasError() || len(keys.componentDeletes) != 1 || len(keys.referenceDeletes) != 1 {
		t.Fatalf("the request must delete c and ab: %v %+v", diags, keys)
	}
	r.dryRun(ctx, request, keys, prior, &diags)
	if diags.HasError() {
		t.Fatalf("the dry run must leave out the deletes of what is gone: %v", diags)
	}
	result, ok := r.apply(ctx, request, keys, prior, planned, adoption{}, &diags)
	if !ok || diags.HasError() {
		t.Fatalf("the apply must drop the deletes of what is gone and apply the rest: %v", diags)
	}
	got, err := org.Client.GetComponent(ctx, prior.Components["a"].ID)
	if err != nil || got.Name != "A2" || result.Components["a"].Name != "A2" || len(result.Components) != 2 || len(result.References) != 0 {
		t.Fatalf("the update must be applied: %+v %v, result %+v", got, err, result)
	}

	// the whole batch destroyed, with one item already gone
	org.Srv.Remove(prior.Components["b"].ID)
	diags = nil
	r.destroy(ctx, without(result), &diags)
	if diags.HasError() {
		t.Fatalf("the destroy must delete what is left: %v", diags)
	}
	if _, err := org.Client.GetComponent(ctx, prior.Components["a"].ID); !client.IsNotFound(err) {
		t.Fatalf("a must be deleted, got %v", err)
	}
}

// Only deletes are dropped: an item the batch updates or keeps that vanished still fails the apply,
// and nothing is changed.
func TestBatchApply_vanishedUpdateStillFails(t *testing.T) {
	org, r, prior := goneFixture(t)
	ctx := context.Background()
	planned := without(prior, "c")
	planned.Components["a"] = func(c entity.ComponentValues) entity.ComponentValues { c.Name = "A2"; return c }(planned.Components["a"])
	org.Srv.Remove(prior.Components["c"].ID)
	org.Srv.Remove(prior.Components["a"].ID) // and the reference from it with it
	request, keys, diags := r.request(ctx, prior, planned, batchRaw{})
	if diags.HasError() {
		t.Fatal(diags)
	}
	var applied diag.Diagnostics
	if _, ok := r.apply(ctx, request, keys, prior, planned, adoption{}, &applied); ok || !applied.HasError() ||
		!strings.Contains(applied[0].Detail(), "An item was not found in Ardoq") {
		t.Fatalf("a vanished update must fail the apply as before, got %v", applied)
	}
	if !r.exists(ctx, t, prior.Components["b"].ID) {
		t.Fatal("the failed batch changed something")
	}
}

func (r *batchResource) exists(ctx context.Context, t *testing.T, id string) bool {
	t.Helper()
	_, err := r.data.Client.GetComponent(ctx, id)
	if err != nil && !client.IsNotFound(err) {
		t.Fatal(err)
	}
	return err == nil
}
