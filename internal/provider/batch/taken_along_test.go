package batch

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// Items repointed away from a component outside the batch that Ardoq deleted, and them with it (another
// resource of the apply replaced it first), are left out of prior, so the plan makes them again, and so
// is what hung on them in the batch. An item repointed away from a component still there stays, though
// it vanished (the apply fails as before, TestBatchApply_vanishedUpdateStillFails), and so do items that
// still point at the deleted component.
func TestWithoutTakenAlong(t *testing.T) {
	org := providertest.NewEmulatedOrg(t)
	ctx := context.Background()
	r := &batchResource{data: providerdata.New(org.Client, providerdata.Settings{})}
	typ := org.Wctx.ReferenceTypes[0].Type
	component := func(name string, parent string) entity.ComponentValues {
		t.Helper()
		in := client.ComponentCreate{Name: name, RootWorkspace: org.WS, TypeID: org.Typ}
		if parent != "" {
			in.Parent = &parent
		}
		c, err := org.Client.CreateComponent(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		return entity.ComponentValues{ID: c.ID, Version: c.Version, RootWorkspace: org.WS, TypeID: org.Typ, Name: name}
	}
	reference := func(source, target, sourceID, targetID string) entity.ReferenceValues {
		t.Helper()
		ref, err := org.Client.CreateReference(ctx, client.ReferenceCreate{Source: sourceID, Target: targetID, Type: typ})
		if err != nil {
			t.Fatal(err)
		}
		return entity.ReferenceValues{ID: ref.ID, Version: ref.Version, RootWorkspace: org.WS, TargetWorkspace: org.WS, Source: source,
			Target: target, Type: typ}
	}
	x, y, z := component("X", ""), component("Y", ""), component("Z", "")
	k := component("K", x.ID)
	k.Parent = x.ID
	kid := component("Kid", k.ID)
	kid.Parent = "k"
	prior := batchItems{
		Components: map[string]entity.ComponentValues{"k": k, "kid": kid},
		References: map[string]entity.ReferenceValues{
			"kid_z": reference("kid", z.ID, kid.ID, z.ID),
			"z_x":   reference(z.ID, x.ID, z.ID, x.ID),
			"z_y":   reference(z.ID, y.ID, z.ID, y.ID),
			"lone":  reference(y.ID, y.ID, y.ID, y.ID),
		},
	}
	org.Srv.Remove(x.ID)                        // and k, kid, kid_z and z_x with it
	org.Srv.Remove(prior.References["lone"].ID) // on its own
	if out, err := r.withoutTakenAlong(ctx, prior, prior); err != nil || len(out.Components)+len(out.References) != 6 {
		t.Fatalf("nothing is repointed, so nothing is made again: %+v, %v", out, err)
	}

	plan := without(prior)
	plan.Components["k"] = func(c entity.ComponentValues) entity.ComponentValues { c.Parent = z.ID; return c }(k)
	plan.References["z_x"] = func(r entity.ReferenceValues) entity.ReferenceValues { r.Target = y.ID; return r }(prior.References["z_x"])
	plan.References["lone"] = func(r entity.ReferenceValues) entity.ReferenceValues { r.Target = z.ID; return r }(prior.References["lone"])
	out, err := r.withoutTakenAlong(ctx, prior, plan)
	if err != nil {
		t.Fatal(err)
	}
	if got := slices.Sorted(maps.Keys(out.Components)); len(got) != 0 {
		t.Errorf("k and kid, taken along with X, must be made again; prior keeps %v", got)
	}
	if got, want := slices.Sorted(maps.Keys(out.References)), []string{"lone", "z_y"}; !slices.Equal(got, want) {
		t.Errorf("prior keeps references %v, want %v", got, want)
	}
}
