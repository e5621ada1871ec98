package provider

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire/tfwiretest"
)

// The protocol server upgrades a saved ardoq_component or ardoq_reference state, plans an unchanged one
// and reads one as the framework's server does: the same state, identity (sent or not), private state,
// replacements and diagnostics; a state naming an attribute the schema no longer has, a plan that
// changes something and a read right after an import are the framework's own answers.
func TestProtocol_settledSameAsFramework(t *testing.T) {
	ctx := context.Background()
	framework := newBatchRPCWith(t, func() (tfprotov6.ProviderServer, error) {
		return providerserver.NewProtocol6WithError(New("test")())()
	})
	protocol := newBatchRPC(t)
	sides := []*batchRPC{framework, protocol}
	schemas, err := protocol.server.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	identities, err := protocol.server.GetResourceIdentitySchemas(ctx, &tfprotov6.GetResourceIdentitySchemasRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ardoq_component", "ardoq_reference"} {
		t.Run(name, func(t *testing.T) {
			schema := schemas.ResourceSchemas[name]
			typ := schema.ValueType().(tftypes.Object)
			identityType := identities.IdentitySchemas[name].ValueType()
			state, config := settledValues(schema, typ)
			stateDV, configDV := mustDynamic(t, typ, state), mustDynamic(t, typ, config)
			renamed := map[string]tftypes.Value{}
			_ = state.As(&renamed)
			renamed["description"] = providertest.TFStr("Changed")
			changedDV := mustDynamic(t, typ, tftypes.NewValue(typ, renamed))
			identity := &tfprotov6.ResourceIdentityData{IdentityData: mustDynamic(t, identityType,
				tftypes.NewValue(identityType, map[string]tftypes.Value{"id": providertest.TFStr("5eed00000000000000000c01")}))}

			saved := stateJSON(t, typ, stateDV.MsgPack)
			withRemoved := append([]byte(`{"removed_attribute":"x",`), saved[1:]...)
			for what, raw := range map[string][]byte{"saved": saved, "with an attribute the schema no longer has": withRemoved} {
				var got [2]tftypes.Value
				for i, r := range sides {
					resp, err := r.server.UpgradeResourceState(ctx, &tfprotov6.UpgradeResourceStateRequest{TypeName: name, Version: schema.Version,
						RawState: &tfprotov6.RawState{JSON: raw}})
					if err != nil {
						t.Fatal(err)
					}
					r.Check("UpgradeResourceState", resp.Diagnostics)
					if handedBack := resp.UpgradedState.JSON != nil; r == protocol && handedBack != (what == "saved") {
						t.Errorf("%s state: handed back as it came %v, want %v", what, handedBack, what == "saved")
					}
					if got[i], err = resp.UpgradedState.Unmarshal(typ); err != nil {
						t.Fatal(err)
					}
				}
				if !got[0].Equal(got[1]) {
					t.Errorf("%s state: %s", what, tfwiretest.Differences(got[1], got[0]))
				}
			}

			for what, req := range map[string]tfprotov6.PlanResourceChangeRequest{
				"unchanged, identity sent":    {PriorState: stateDV, ProposedNewState: stateDV, Config: configDV, PriorIdentity: identity},
				"unchanged, no identity sent": {PriorState: stateDV, ProposedNewState: stateDV, Config: configDV},
				"unchanged with private data": {PriorState: stateDV, ProposedNewState: stateDV, Config: configDV, PriorPrivate: []byte(`{"k":"dg=="}`)},
				"described":                   {PriorState: stateDV, ProposedNewState: changedDV, Config: configDV, PriorIdentity: identity},
			} {
				var got [2]string
				for i, r := range sides {
					req := req
					req.TypeName = name
					resp, err := r.server.PlanResourceChange(ctx, &req)
					if err != nil {
						t.Fatal(err)
					}
					if served := resp.PlannedState == req.ProposedNewState; r == protocol && served != strings.HasPrefix(what, "unchanged,") {
						t.Errorf("%s plan: served without the framework %v", what, served)
					}
					got[i] = planText(t, typ, identityType, resp)
				}
				if got[0] != got[1] {
					t.Errorf("%s plan: the framework answers\n%s\nthe protocol server\n%s", what, got[0], got[1])
				}
			}
		})
	}

	t.Run("read", func(t *testing.T) {
		typeOf := func(name string) tftypes.Object { return schemas.ResourceSchemas[name].ValueType().(tftypes.Object) }
		var got [2][]string
		for i, r := range sides {
			component, componentID := createdOver(t, r, "ardoq_component", typeOf("ardoq_component"), map[string]tftypes.Value{
				"root_workspace": providertest.TFStr("5eed0000000000000000b001"), "type_id": providertest.TFStr("p1700000000001"), "name": providertest.TFStr("Read me")})
			var attrs map[string]tftypes.Value
			_ = component.As(&attrs)
			reference, referenceID := createdOver(t, r, "ardoq_reference", typeOf("ardoq_reference"), map[string]tftypes.Value{
				"source": attrs["id"], "target": attrs["id"], "type": tftypes.NewValue(tftypes.Number, big.NewFloat(1))})
			gone := map[string]tftypes.Value{}
			_ = component.As(&gone)
			gone["id"] = providertest.TFStr("5eed00000000000000000dea")
			for _, c := range []struct {
				what, typeName string
				state          tftypes.Value
				identity       *tfprotov6.ResourceIdentityData
				private        []byte
			}{
				{"component, identity sent", "ardoq_component", component, componentID, nil},
				{"component, no identity sent", "ardoq_component", component, nil, nil},
				{"component just imported", "ardoq_component", component, nil, []byte(`{".import_before_read":"dHJ1ZQ=="}`)},
				{"component gone", "ardoq_component", tftypes.NewValue(typeOf("ardoq_component"), gone), nil, nil},
				{"reference, identity sent", "ardoq_reference", reference, referenceID, nil},
			} {
				req := &tfprotov6.ReadResourceRequest{TypeName: c.typeName,
					CurrentState: mustDynamic(t, typeOf(c.typeName), c.state), CurrentIdentity: c.identity, Private: c.private}
				if s, ok := r.server.(*protocolServer); ok {
					if _, served := s.readSettled(ctx, req); served != (c.private == nil) {
						t.Errorf("%s: read without the framework %v, want %v", c.what, served, c.private == nil)
					}
				}
				resp, err := r.server.ReadResource(ctx, req)
				if err != nil {
					t.Fatal(err)
				}
				identityType := identities.IdentitySchemas[c.typeName].ValueType()
				text := planText(t, typeOf(c.typeName), identityType, &tfprotov6.PlanResourceChangeResponse{PlannedState: resp.NewState,
					PlannedIdentity: resp.NewIdentity, PlannedPrivate: resp.Private, Diagnostics: resp.Diagnostics})
				got[i] = append(got[i], c.what+": "+text)
			}
		}
		for i := range got[0] {
			if got[0][i] != got[1][i] {
				t.Errorf("the framework reads\n%s\nthe protocol server\n%s", got[0][i], got[1][i])
			}
		}
	})
}

// createdOver creates a resource through the server (plan and apply, as Terraform does), returning its
// state and identity.
func createdOver(t *testing.T, r *batchRPC, typeName string, typ tftypes.Object, config map[string]tftypes.Value) (tftypes.Value, *tfprotov6.ResourceIdentityData) {
	t.Helper()
	ctx := context.Background()
	null := mustDynamic(t, typ, tftypes.NewValue(typ, nil))
	configDV := r.Dynamic(typ, config)
	plan, err := r.server.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: typeName, PriorState: null,
		ProposedNewState: configDV, Config: configDV})
	if err != nil {
		t.Fatal(err)
	}
	r.Check("PlanResourceChange", plan.Diagnostics)
	applied, err := r.server.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{TypeName: typeName, PriorState: null,
		PlannedState: plan.PlannedState, Config: configDV, PlannedIdentity: plan.PlannedIdentity})
	if err != nil {
		t.Fatal(err)
	}
	r.Check("ApplyResourceChange", applied.Diagnostics)
	state, err := applied.NewState.Unmarshal(typ)
	if err != nil {
		t.Fatal(err)
	}
	return state, applied.NewIdentity
}

// settledValues is a state with every attribute set (custom fields of several kinds) and its
// configuration (the computed-only attributes null).
func settledValues(schema *tfprotov6.Schema, typ tftypes.Object) (state, config tftypes.Value) {
	fields := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"cost": tftypes.Number, "live": tftypes.Bool,
		"tags": tftypes.Tuple{ElementTypes: []tftypes.Type{tftypes.String}}}}
	stateAttrs, configAttrs := map[string]tftypes.Value{}, map[string]tftypes.Value{}
	for _, a := range schema.Block.Attributes {
		at := typ.AttributeTypes[a.Name]
		var v tftypes.Value
		switch {
		case at.Is(tftypes.String):
			v = providertest.TFStr("5eed00000000000000000c01")
		case at.Is(tftypes.Number):
			v = tftypes.NewValue(tftypes.Number, big.NewFloat(3))
		case at.Is(tftypes.Bool):
			v = tftypes.NewValue(tftypes.Bool, true)
		default:
			v = tftypes.NewValue(fields, map[string]tftypes.Value{"cost": tftypes.NewValue(tftypes.Number, big.NewFloat(1.5)),
				"live": tftypes.NewValue(tftypes.Bool, false), "tags": tftypes.NewValue(fields.AttributeTypes["tags"], []tftypes.Value{providertest.TFStr("a")})})
		}
		stateAttrs[a.Name], configAttrs[a.Name] = v, v
		if a.Computed && !a.Optional {
			configAttrs[a.Name] = tftypes.NewValue(at, nil)
		}
	}
	return tftypes.NewValue(typ, stateAttrs), tftypes.NewValue(typ, configAttrs)
}

func mustDynamic(t *testing.T, typ tftypes.Type, v tftypes.Value) *tfprotov6.DynamicValue {
	t.Helper()
	dv, err := tfprotov6.NewDynamicValue(typ, v)
	if err != nil {
		t.Fatal(err)
	}
	return &dv
}

// planText is a plan's answer as text: planned state and identity as values, private state, replacements
// and diagnostics.
func planText(t *testing.T, typ, identityType tftypes.Type, resp *tfprotov6.PlanResourceChangeResponse) string {
	t.Helper()
	planned := "none"
	if resp.PlannedState != nil {
		v, err := resp.PlannedState.Unmarshal(typ)
		if err != nil {
			t.Fatal(err)
		}
		planned = v.String()
	}
	identity := "none"
	if resp.PlannedIdentity != nil {
		v, err := resp.PlannedIdentity.IdentityData.Unmarshal(identityType)
		if err != nil {
			t.Fatal(err)
		}
		identity = v.String()
	}
	var replace []string
	for _, p := range resp.RequiresReplace {
		replace = append(replace, p.String())
	}
	return "state " + planned + "\nidentity " + identity + "\nprivate " + string(resp.PlannedPrivate) +
		"\nreplace [" + strings.Join(replace, " ") + "]" + "\ndiagnostics " + diagnosticsText(resp.Diagnostics)
}

// A schema the protocol server could plan differently from the framework stops the provider from starting.
func TestSettleable(t *testing.T) {
	for name, attr := range map[string]schema.Attribute{
		"a default":             schema.StringAttribute{Optional: true, Computed: true, Default: stringdefault.StaticString("x")},
		"a custom type":         schema.StringAttribute{Optional: true, CustomType: basetypes.StringType{}},
		"another plan modifier": schema.StringAttribute{Optional: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseNonNullStateForUnknown()}},
		"nested attributes":     schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{"x": schema.StringAttribute{Optional: true}}},
	} {
		if err := settleable(schema.Schema{Attributes: map[string]schema.Attribute{"a": attr}}); err == nil {
			t.Errorf("a schema with %s is settleable", name)
		}
	}
	fine := schema.StringAttribute{Optional: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown(), stringplanmodifier.RequiresReplace()}}
	if err := settleable(schema.Schema{Attributes: map[string]schema.Attribute{"a": fine}}); err != nil {
		t.Errorf("UseStateForUnknown and RequiresReplace refused: %v", err)
	}
}
