package provider

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/zclconf/go-cty/cty/json"
	"github.com/zclconf/go-cty/cty/msgpack"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire/tfwiretest"
)

// The protocol server validates ardoq_batch's configuration and takes its saved state as the
// framework's server does: the same diagnostics, with their paths, and the same state values, for a
// state as Terraform saves it and for one naming an attribute the schema no longer has.
func TestBatchProtocol_validateAndUpgradeSameAsFramework(t *testing.T) {
	ctx := context.Background()
	framework := newBatchRPCWith(t, func() (tfprotov6.ProviderServer, error) {
		return providerserver.NewProtocol6WithError(New("test")())()
	})
	protocol := newBatchRPC(t)
	sides := []*batchRPC{framework, protocol}

	config := providertest.SmallItems(20, 0)
	wrong := map[string]tftypes.Value{
		"components": tftypes.NewValue(tftypes.Object{AttributeTypes: map[string]tftypes.Type{"a": tftypes.Object{AttributeTypes: map[string]tftypes.Type{
			"nme": tftypes.String}}}}, map[string]tftypes.Value{"a": tftypes.NewValue(tftypes.Object{AttributeTypes: map[string]tftypes.Type{
			"nme": tftypes.String}}, map[string]tftypes.Value{"nme": providertest.TFStr("typo")})}),
		"adopt_components_by": tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, []tftypes.Value{}),
	}
	for name, cfg := range map[string]map[string]tftypes.Value{"valid": config, "wrong": wrong} {
		var got [2]string
		for i, r := range sides {
			resp, err := r.server.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: "ardoq_batch", Config: r.Dynamic(r.Typ, cfg)})
			if err != nil {
				t.Fatal(err)
			}
			got[i] = diagnosticsText(resp.Diagnostics)
		}
		if got[0] != got[1] {
			t.Errorf("%s configuration: the framework says\n%s\nthe protocol server\n%s", name, got[0], got[1])
		}
		if name == "wrong" && (!bytes.Contains([]byte(got[1]), []byte("nme")) || !bytes.Contains([]byte(got[1]), []byte("adopt_components_by"))) {
			t.Errorf("the wrong configuration's problems are not all reported:\n%s", got[1])
		}
	}

	state := protocol.Apply(nil, protocol.Plan(nil, nil, config).PlannedState, config)
	saved := stateJSON(t, protocol.Typ, state.MsgPack)
	withRemoved := append([]byte(`{"removed_attribute":"x",`), saved[1:]...)
	for name, raw := range map[string][]byte{"saved": saved, "with an attribute the schema no longer has": withRemoved} {
		var got [2]tftypes.Value
		for i, r := range sides {
			resp, err := r.server.UpgradeResourceState(ctx, &tfprotov6.UpgradeResourceStateRequest{TypeName: "ardoq_batch", Version: 0,
				RawState: &tfprotov6.RawState{JSON: raw}})
			if err != nil {
				t.Fatal(err)
			}
			r.Check("UpgradeResourceState", resp.Diagnostics)
			if got[i], err = resp.UpgradedState.Unmarshal(r.Typ); err != nil {
				t.Fatal(err)
			}
		}
		if !got[0].Equal(got[1]) {
			t.Errorf("%s state: %s", name, tfwiretest.Differences(got[1], got[0]))
		}
	}
}

// stateJSON is a resource value as Terraform saves it in state: go-cty's JSON, as Terraform writes it.
func stateJSON(t *testing.T, typ tftypes.Type, msgPack []byte) []byte {
	t.Helper()
	var typeJSON bytes.Buffer
	if err := tfwire.WriteTypeJSON(&typeJSON, typ); err != nil {
		t.Fatal(err)
	}
	ctyType, err := json.UnmarshalType(typeJSON.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	v, err := msgpack.Unmarshal(msgPack, ctyType)
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(v, ctyType)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func diagnosticsText(diags []*tfprotov6.Diagnostic) string {
	var lines []string
	for _, d := range diags {
		lines = append(lines, fmt.Sprintf("%d %s: %s: %s", d.Severity, d.Attribute, d.Summary, d.Detail))
	}
	sort.Strings(lines)
	return fmt.Sprint(lines)
}
