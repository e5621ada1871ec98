package single

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/recovery"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

func TestRecoverCreate(t *testing.T) {
	timing := recovery.DefaultTiming()
	timing.Recheck = time.Millisecond
	org := providertest.NewEmulatedOrg(t)
	c := org.Client
	d := providerdata.New(c, providerdata.Settings{})
	r := &componentResource{data: d}
	ctx := context.Background()
	cause := &client.AmbiguousError{Method: "POST", Path: "/api/v2/components", Err: errors.New("connection reset by peer")}
	body := client.ComponentCreate{Name: "Lost", RootWorkspace: org.WS, TypeID: org.Typ}
	sent := time.Now()

	got, diags := recovery.RecoverCreate(ctx, d, timing, r.createSearch(body, sent, cause), "Unable to Create Component")
	if got != nil || !diags.HasError() || !strings.Contains(diags[0].Detail(), "and found none, so it recorded nothing") {
		t.Fatalf("no match must fail saying none was found, got %v %v", got, diags)
	}
	made, err := c.CreateComponent(ctx, body)
	if err != nil {
		t.Fatal(err)
	}
	got, diags = recovery.RecoverCreate(ctx, d, timing, r.createSearch(body, sent, cause), "Unable to Create Component")
	if got == nil || got.ID != made.ID || diags.HasError() || !strings.Contains(diags[0].Detail(), made.ID) {
		t.Fatalf("one match must be recorded with a warning naming it, got %v %v", got, diags)
	}
	d.Claims.Made(made.ID) // as if another resource of this process had created it
	got, diags = recovery.RecoverCreate(ctx, d, timing, r.createSearch(body, sent, cause), "Unable to Create Component")
	if got != nil || !diags.HasError() {
		t.Fatalf("an entity another create of this run made must not be taken, got %v %v", got, diags)
	}
	d = providerdata.New(c, providerdata.Settings{}) // a new run: nothing claimed
	r.data = d
	cutOff := &client.AmbiguousError{Method: "POST", Path: "/api/v2/components", Status: 201, Err: errors.New("unexpected EOF")}
	elsewhere := body
	elsewhere.Name = "Nowhere"
	got, diags = recovery.RecoverCreate(ctx, d, timing, r.createSearch(elsewhere, sent, cutOff), "Unable to Create Component")
	if got != nil || !diags.HasError() || strings.Contains(diags[0].Detail(), "did not create") ||
		!strings.Contains(diags[0].Detail(), "said it succeeded") {
		t.Fatalf("after a cut-off success the provider must not claim nothing was created, got %v", diags)
	}
	other := body
	other.Name = "Someone else's"
	if _, err := c.CreateComponent(ctx, other); err != nil {
		t.Fatal(err)
	}
	again, err := c.CreateComponent(ctx, body)
	if err != nil {
		t.Fatal(err)
	}
	got, diags = recovery.RecoverCreate(ctx, d, timing, r.createSearch(body, sent, cause), "Unable to Create Component")
	if got != nil || !diags.HasError() || !strings.Contains(diags[0].Detail(), made.ID+", "+again.ID) {
		t.Fatalf("several matches must fail naming them, got %v %v", got, diags)
	}
}
