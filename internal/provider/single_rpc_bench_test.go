package provider

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// BenchmarkSingleRPC is what one unchanged ardoq_component costs the provider in a plan, as Terraform
// drives it over the plugin protocol: the refresh (ReadResource, one GET to an in-process emulator) and
// the plan (PlanResourceChange), through the whole server (the mux, then the framework). make bench sets
// the same next to terraform_data with Terraform's own cost; this one shows where the provider's share
// goes (go test -bench SingleRPC -cpuprofile): the framework's plan walks every attribute of the schema.
func BenchmarkSingleRPC(b *testing.B) {
	ctx := context.Background()
	org, err := emulator.New(emulator.WithDeterministicIDs(), emulator.WithClock(providertest.FixedClock))
	if err != nil {
		b.Fatal(err)
	}
	api := httptest.NewServer(org)
	b.Cleanup(api.Close)
	p := providertest.NewProtoProvider(b, &providertest.Env{BaseURL: api.URL, Token: "emulator-token", Org: "emulated"}, NewProtocol6("bench"))
	typ := p.ResourceType("ardoq_component")
	none, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, nil))
	if err != nil {
		b.Fatal(err)
	}
	plan, err := p.Server.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: "ardoq_component",
		PriorState: &none, ProposedNewState: componentConfig(p, typ), Config: componentConfig(p, typ)})
	if err != nil {
		b.Fatal(err)
	}
	p.NoErrors("plan-create", plan.Diagnostics)
	created, err := p.Server.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{TypeName: "ardoq_component",
		PriorState: &none, PlannedState: plan.PlannedState, Config: componentConfig(p, typ), PlannedPrivate: plan.PlannedPrivate})
	if err != nil {
		b.Fatal(err)
	}
	p.NoErrors("apply-create", created.Diagnostics)
	config := componentConfig(p, typ)
	b.Run("refresh", func(b *testing.B) {
		for b.Loop() {
			read, err := p.Server.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: "ardoq_component", CurrentState: created.NewState,
				Private: created.Private})
			if err != nil || providertest.HasError(read.Diagnostics) {
				b.Fatal(err, read.Diagnostics)
			}
		}
	})
	b.Run("plan-no-change", func(b *testing.B) {
		for b.Loop() {
			planned, err := p.Server.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: "ardoq_component",
				PriorState: created.NewState, ProposedNewState: created.NewState, Config: config, PriorPrivate: created.Private})
			if err != nil || providertest.HasError(planned.Diagnostics) || len(planned.RequiresReplace) > 0 {
				b.Fatal(err, planned.Diagnostics)
			}
		}
	})
}

// componentConfig is an ardoq_component of the default seed's Applications workspace, with what the
// configuration does not set null.
func componentConfig(p *providertest.ProtoProvider, typ tftypes.Type) *tfprotov6.DynamicValue {
	return p.Object(typ, map[string]tftypes.Value{"name": providertest.TFStr(fmt.Sprintf("Payments %d", 1)),
		"root_workspace": providertest.TFStr("5eed0000000000000000b001"), "type_id": providertest.TFStr("p1700000000001")})
}
