package batch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	"github.com/zclconf/go-cty/cty/msgpack"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire/tfwiretest"
)

// contractSide is one server under test, against an emulated org of its own; both orgs start equal and
// get the same requests, so they hand out the same ids.
type contractSide struct {
	name   string
	server tfprotov6.ProviderServer
	org    *emulator.Server
}

// contract drives the framework's server (the reference, reference_test.go) and Server through the same
// RPCs and compares every answer.
type contract struct {
	t     *testing.T
	rpc   *providertest.BatchRPC // for its value helpers
	sides [2]contractSide
}

func newContract(t *testing.T) *contract {
	t.Helper()
	c := &contract{t: t, rpc: &providertest.BatchRPC{B: t, Typ: NewServer(nil).typ}}
	for i, name := range []string{"framework", "Server"} {
		org, err := emulator.New(emulator.WithDeterministicIDs(), emulator.WithClock(providertest.FixedClock))
		if err != nil {
			t.Fatal(err)
		}
		api := httptest.NewServer(org)
		t.Cleanup(api.Close)
		cl, err := client.New(client.Config{BaseURL: api.URL, Token: org.Token(), Org: org.OrgLabel()})
		if err != nil {
			t.Fatal(err)
		}
		data := providerdata.New(cl, providerdata.Settings{})
		var server tfprotov6.ProviderServer = NewServer(func() *providerdata.Data { return data })
		if i == 0 {
			if server, err = newFrameworkServer(data); err != nil {
				t.Fatal(err)
			}
		}
		empty := tftypes.Object{AttributeTypes: map[string]tftypes.Type{}}
		config, err := tfprotov6.NewDynamicValue(empty, tftypes.NewValue(empty, map[string]tftypes.Value{}))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := server.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{}); err != nil {
			t.Fatal(err)
		}
		resp, err := server.ConfigureProvider(context.Background(), &tfprotov6.ConfigureProviderRequest{TerraformVersion: "1.15.9", Config: &config})
		if err != nil || len(resp.Diagnostics) > 0 {
			t.Fatalf("%s: ConfigureProvider: %v %v", name, err, resp.Diagnostics)
		}
		c.sides[i] = contractSide{name: name, server: server, org: org}
	}
	return c
}

// answer is what a server answered to one RPC: its values, diagnostics and private state.
type answer struct {
	values  map[string]*tfprotov6.DynamicValue
	diags   []*tfprotov6.Diagnostic
	private []byte
}

// each calls both servers; f's answer is compared, and returned for the next step.
func (c *contract) each(step string, f func(s contractSide, i int) (answer, error)) [2]answer {
	c.t.Helper()
	var out [2]answer
	for i, s := range c.sides {
		a, err := f(s, i)
		if err != nil {
			c.t.Fatalf("%s: %s: %v", step, s.name, err)
		}
		out[i] = a
	}
	c.same(step, out)
	return out
}

func (c *contract) same(step string, got [2]answer) {
	c.t.Helper()
	if want, have := diagnosticsText(got[0].diags), diagnosticsText(got[1].diags); want != have {
		c.t.Errorf("%s: diagnostics differ:\nframework: %s\nServer:    %s", step, want, have)
	}
	if want, have := privateText(c.t, got[0].private), privateText(c.t, got[1].private); want != have {
		c.t.Errorf("%s: private state differs:\nframework: %s\nServer:    %s", step, want, have)
	}
	for _, name := range slices.Sorted(maps.Keys(got[0].values)) {
		want, have := c.value(got[0].values[name]), c.value(got[1].values[name])
		if !want.Equal(have) {
			c.t.Errorf("%s: %s differs: %s\nframework %v\nServer %v", step, name, tfwiretest.Differences(have, want), want, have)
		}
	}
}

// value decodes v; a random id ("batch-" and 16 hex digits, one per create) is compared by its shape.
func (c *contract) value(dv *tfprotov6.DynamicValue) tftypes.Value {
	c.t.Helper()
	if dv == nil {
		return tftypes.NewValue(tftypes.String, "no value")
	}
	v, err := dv.Unmarshal(c.rpc.Typ)
	if err != nil {
		c.t.Fatal(err)
	}
	if v.IsNull() || !v.IsKnown() {
		return v
	}
	attrs := batchRawOf(v)
	var id string
	if attrs.get("id").IsKnown() && attrs.get("id").As(&id) == nil && strings.HasPrefix(id, "batch-") && len(id) == len("batch-")+16 {
		return attrs.value(c.rpc.Typ, batchRaw{"id": tftypes.NewValue(tftypes.String, "batch-<random>")})
	}
	return v
}

// diagnosticsText is the diagnostics' severities, attribute paths, summaries and details, in order.
func diagnosticsText(diags []*tfprotov6.Diagnostic) string {
	var lines []string
	for _, d := range diags {
		lines = append(lines, fmt.Sprintf("[%s at %v: %s: %s]", d.Severity, d.Attribute, d.Summary, d.Detail))
	}
	return strings.Join(lines, "\n")
}

// privateText is the private state without the framework's own keys, which its documentation reserves:
// they start with a period.
func privateText(t *testing.T, private []byte) string {
	t.Helper()
	keys := map[string]json.RawMessage{}
	if len(bytes.TrimSpace(private)) > 0 {
		if err := json.Unmarshal(private, &keys); err != nil {
			t.Fatalf("private state %q is not JSON: %v", private, err)
		}
	}
	maps.DeleteFunc(keys, func(k string, _ json.RawMessage) bool { return strings.HasPrefix(k, ".") })
	out, err := json.Marshal(keys)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func (c *contract) null() *tfprotov6.DynamicValue {
	return &tfprotov6.DynamicValue{MsgPack: providertest.NullMsgPack(c.t, c.rpc.Typ)}
}

// plan is PlanResourceChange from prior (nil: none) to config (nil: a destroy), with Terraform's proposal.
func (c *contract) plan(step string, prior [2]answer, config map[string]tftypes.Value) [2]answer {
	c.t.Helper()
	return c.each(step, func(s contractSide, i int) (answer, error) {
		req := &tfprotov6.PlanResourceChangeRequest{TypeName: TypeName, PriorState: c.null(), ProposedNewState: c.null(), Config: c.null()}
		var priorAttrs map[string]tftypes.Value
		if prior[i].values != nil {
			req.PriorState, req.PriorPrivate = prior[i].values["state"], prior[i].private
			priorAttrs = c.rpc.Attrs(req.PriorState)
		}
		if config != nil {
			req.ProposedNewState, req.Config = c.rpc.Dynamic(c.rpc.Typ, providertest.ProposedAttrs(priorAttrs, config)), c.rpc.Dynamic(c.rpc.Typ, config)
		}
		resp, err := s.server.PlanResourceChange(context.Background(), req)
		if err != nil {
			return answer{}, err
		}
		return answer{values: map[string]*tfprotov6.DynamicValue{"planned state": resp.PlannedState}, diags: resp.Diagnostics,
			private: resp.PlannedPrivate}, nil
	})
}

// apply applies planned (from plan) to prior (nil: none), as state.
func (c *contract) apply(step string, prior, planned [2]answer, config map[string]tftypes.Value) [2]answer {
	c.t.Helper()
	return c.each(step, func(s contractSide, i int) (answer, error) {
		req := &tfprotov6.ApplyResourceChangeRequest{TypeName: TypeName, PriorState: c.null(), PlannedState: planned[i].values["planned state"],
			PlannedPrivate: planned[i].private, Config: c.null()}
		if prior[i].values != nil {
			req.PriorState = prior[i].values["state"]
		}
		if config != nil {
			req.Config = c.rpc.Dynamic(c.rpc.Typ, config)
		}
		resp, err := s.server.ApplyResourceChange(context.Background(), req)
		if err != nil {
			return answer{}, err
		}
		return answer{values: map[string]*tfprotov6.DynamicValue{"state": resp.NewState}, diags: resp.Diagnostics, private: resp.Private}, nil
	})
}

func (c *contract) read(step string, state [2]answer) [2]answer {
	c.t.Helper()
	return c.each(step, func(s contractSide, i int) (answer, error) {
		resp, err := s.server.ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{TypeName: TypeName,
			CurrentState: state[i].values["state"], Private: state[i].private})
		if err != nil {
			return answer{}, err
		}
		return answer{values: map[string]*tfprotov6.DynamicValue{"state": resp.NewState}, diags: resp.Diagnostics, private: resp.Private}, nil
	})
}

func (c *contract) validate(step string, config map[string]tftypes.Value) [2]answer {
	c.t.Helper()
	return c.each(step, func(s contractSide, _ int) (answer, error) {
		resp, err := s.server.ValidateResourceConfig(context.Background(), &tfprotov6.ValidateResourceConfigRequest{TypeName: TypeName,
			Config: c.rpc.Dynamic(c.rpc.Typ, config)})
		if err != nil {
			return answer{}, err
		}
		return answer{diags: resp.Diagnostics}, nil
	})
}

func (c *contract) importState(step, id string) [2]answer {
	c.t.Helper()
	return c.each(step, func(s contractSide, _ int) (answer, error) {
		resp, err := s.server.ImportResourceState(context.Background(), &tfprotov6.ImportResourceStateRequest{TypeName: TypeName, ID: id})
		if err != nil {
			return answer{}, err
		}
		out := answer{diags: resp.Diagnostics}
		if len(resp.ImportedResources) > 1 {
			return out, fmt.Errorf("%d resources imported", len(resp.ImportedResources))
		}
		for _, r := range resp.ImportedResources {
			if r.TypeName != TypeName || r.Identity != nil {
				return out, fmt.Errorf("imported %s with identity %v", r.TypeName, r.Identity)
			}
			out.values, out.private = map[string]*tfprotov6.DynamicValue{"state": r.State}, r.Private
		}
		return out, nil
	})
}

func (c *contract) upgrade(step string, version int64, raw []byte) [2]answer {
	c.t.Helper()
	return c.each(step, func(s contractSide, _ int) (answer, error) {
		resp, err := s.server.UpgradeResourceState(context.Background(), &tfprotov6.UpgradeResourceStateRequest{TypeName: TypeName,
			Version: version, RawState: &tfprotov6.RawState{JSON: raw}})
		if err != nil {
			return answer{}, err
		}
		return answer{values: map[string]*tfprotov6.DynamicValue{"upgraded state": resp.UpgradedState}, diags: resp.Diagnostics}, nil
	})
}

func (c *contract) generate(step string, state [2]answer) [2]answer {
	c.t.Helper()
	return c.each(step, func(s contractSide, i int) (answer, error) {
		resp, err := s.server.GenerateResourceConfig(context.Background(), &tfprotov6.GenerateResourceConfigRequest{TypeName: TypeName,
			State: state[i].values["state"]})
		if err != nil {
			return answer{}, err
		}
		return answer{values: map[string]*tfprotov6.DynamicValue{"config": resp.Config}, diags: resp.Diagnostics}, nil
	})
}

// stateJSON is a state value as Terraform saves it: go-cty's JSON.
func (c *contract) stateJSON(dv *tfprotov6.DynamicValue) []byte {
	c.t.Helper()
	var typeJSON bytes.Buffer
	if err := tfwire.WriteTypeJSON(&typeJSON, c.rpc.Typ); err != nil {
		c.t.Fatal(err)
	}
	ctyType, err := ctyjson.UnmarshalType(typeJSON.Bytes())
	if err != nil {
		c.t.Fatal(err)
	}
	v, err := msgpack.Unmarshal(dv.MsgPack, ctyType)
	if err != nil {
		c.t.Fatal(err)
	}
	out, err := ctyjson.Marshal(v, ctyType)
	if err != nil {
		c.t.Fatal(err)
	}
	return out
}

func hasErrors(a [2]answer) bool {
	return slices.ContainsFunc(a[1].diags, func(d *tfprotov6.Diagnostic) bool { return d.Severity == tfprotov6.DiagnosticSeverityError })
}

// withUnknown is config with an item's attribute not known yet.
func withUnknown(config map[string]tftypes.Value, kind, key, attr string) map[string]tftypes.Value {
	items := convert.ElementsOrNil(config[kind])
	attrs := maps.Clone(convert.ElementsOrNil(items[key]))
	attrs[attr] = tftypes.NewValue(attrs[attr].Type(), tftypes.UnknownValue)
	items = maps.Clone(items)
	items[key] = tftypes.NewValue(items[key].Type(), attrs)
	return withAttrs(config, map[string]tftypes.Value{kind: tftypes.NewValue(config[kind].Type(), items)})
}

func withAttrs(config map[string]tftypes.Value, attrs map[string]tftypes.Value) map[string]tftypes.Value {
	out := maps.Clone(config)
	maps.Copy(out, attrs)
	return out
}

// Server answers ardoq_batch's RPCs as terraform-plugin-framework's server answers them for the same
// resource (reference_test.go), over a batch's whole life: the same values, the same diagnostics with
// their attribute paths, and the same private state (but for the framework's own keys).
func TestServer_contract(t *testing.T) {
	c := newContract(t)
	const ws = "5eed0000000000000000b001"
	config, changed := providertest.SmallItems(30, 0), providertest.SmallItems(30, 10)
	names := tftypes.List{ElementType: tftypes.String}

	c.validate("validate (valid)", config)
	c.validate("validate (valid, adopting)", withAttrs(config, map[string]tftypes.Value{
		"adopt_components_by": tftypes.NewValue(names, []tftypes.Value{str("rootWorkspace"), str("name")})}))
	emptyList := c.validate("validate (an empty adoption list)", withAttrs(config, map[string]tftypes.Value{
		"adopt_references_by": tftypes.NewValue(names, []tftypes.Value{})}))
	typo := tfObject(map[string]tftypes.Value{"nme": str("typo"), "type_id": tftypes.NewValue(tftypes.Number, 1)})
	invalid := c.validate("validate (invalid items)", map[string]tftypes.Value{"components": tfObject(map[string]tftypes.Value{"a": typo}),
		"references":          tfObject(map[string]tftypes.Value{"r": tfObject(map[string]tftypes.Value{})}),
		"adopt_components_by": tftypes.NewValue(names, []tftypes.Value{})})
	if !hasErrors(emptyList) || !hasErrors(invalid) {
		t.Fatalf("invalid configurations pass: %s\n%s", diagnosticsText(emptyList[1].diags), diagnosticsText(invalid[1].diags))
	}

	none := [2]answer{}
	badType := withAttrs(config, map[string]tftypes.Value{"components": tfObject(map[string]tftypes.Value{
		"a": tfObject(map[string]tftypes.Value{"root_workspace": str(ws), "type_id": str("p1700000000999"), "name": str("A")})}),
		"references": tftypes.NewValue(tftypes.DynamicPseudoType, nil)})
	if !hasErrors(c.plan("plan (create, an unknown type)", none, badType)) {
		t.Fatal("a plan with an unknown component type passes")
	}
	planned := c.plan("plan (create)", none, config)
	created := c.apply("apply (create)", none, planned, config)
	for i := range created { // a provider's own private state, which Terraform carries from RPC to RPC
		created[i].private = []byte(`{"provider_key":"eyJjYXJyaWVkIjp0cnVlfQ=="}`)
	}
	state := c.read("read", created)
	if privateText(t, state[1].private) != `{"provider_key":"eyJjYXJyaWVkIjp0cnVlfQ=="}` {
		t.Fatalf("the private state is not carried: %s", state[1].private)
	}
	c.plan("plan (no change)", state, config)
	c.plan("plan (update, values known only at apply)", state, withUnknown(withUnknown(changed, "components", "c3", "name"), "references", "r5", "target"))
	planned = c.plan("plan (update)", state, changed)
	for _, s := range c.sides {
		s.org.FailNext("POST", "/batch", 400)
	}
	if refused := c.apply("apply (update, refused by Ardoq)", state, planned, changed); !hasErrors(refused) {
		t.Fatal("an apply Ardoq refuses passes")
	}
	state = c.apply("apply (update)", state, planned, changed)

	saved := c.stateJSON(state[1].values["state"])
	c.upgrade("upgrade (as saved)", 0, saved)
	c.upgrade("upgrade (an attribute the schema no longer has)", 0, append([]byte(`{"removed_attribute":"x",`), saved[1:]...))
	if got := c.upgradeSeverities(1, saved); !reflect.DeepEqual(got[0], got[1]) || len(got[1]) == 0 {
		t.Errorf("upgrade (a version the schema does not have): the framework %v, Server %v", got[0], got[1])
	}

	planned = c.plan("plan (destroy)", state, nil)
	destroyed := c.apply("apply (destroy)", state, planned, nil)
	if v := c.value(destroyed[1].values["state"]); !v.IsNull() || hasErrors(destroyed) {
		t.Fatalf("the destroy left %s", v)
	}

	for _, s := range c.sides {
		api, err := s.org.SeedComponent(emulator.ComponentSeed{Name: "API", RootWorkspace: ws, TypeID: "p1700000000001",
			CustomFields: map[string]any{"external_id": "api"}})
		if err != nil {
			t.Fatal(err)
		}
		parent := api.ID
		db, err := s.org.SeedComponent(emulator.ComponentSeed{Name: "DB", RootWorkspace: ws, TypeID: "p1700000000002", Parent: &parent,
			CustomFields: map[string]any{"external_id": "db"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.org.SeedReference(emulator.ReferenceSeed{Source: api.ID, Target: db.ID, Type: 1,
			CustomFields: map[string]any{"external_id": "uses"}}); err != nil {
			t.Fatal(err)
		}
	}
	if !hasErrors(c.importState("import (a malformed id)", "external_id")) {
		t.Error("an import by a malformed id passes")
	}
	imported := c.importState("import", ws+"/external_id")
	if imported[1].values == nil {
		t.Fatalf("nothing imported: %s", diagnosticsText(imported[1].diags))
	}
	state = c.read("read after import", imported)
	c.generate("generate the configuration of an import", state)
}

// upgradeSeverities upgrades from a version the schema does not have: both servers refuse it, each in
// words of its own, with no state.
func (c *contract) upgradeSeverities(version int64, raw []byte) [2][]string {
	var out [2][]string
	for i, s := range c.sides {
		resp, err := s.server.UpgradeResourceState(context.Background(), &tfprotov6.UpgradeResourceStateRequest{TypeName: TypeName,
			Version: version, RawState: &tfprotov6.RawState{JSON: raw}})
		if err != nil {
			c.t.Fatal(err)
		}
		for _, d := range resp.Diagnostics {
			out[i] = append(out[i], d.Severity.String())
		}
		if resp.UpgradedState != nil {
			out[i] = append(out[i], "a state")
		}
	}
	return out
}
