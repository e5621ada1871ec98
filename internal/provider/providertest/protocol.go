package providertest

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
)

// ProtoProvider is the provider server called in-process, the way Terraform calls it over gRPC. It tests
// what the Terraform CLI of the acceptance tests cannot drive: import by resource identity (Terraform
// 1.12+) and list resources (terraform query, Terraform 1.14+).
type ProtoProvider struct {
	T          testing.TB
	Server     tfprotov6.ProviderServer
	Schemas    *tfprotov6.GetProviderSchemaResponse
	Identities map[string]*tfprotov6.ResourceIdentitySchema
}

// NewProtoProvider starts the provider factory makes, configured for env.
func NewProtoProvider(t testing.TB, env *Env, factory func() (tfprotov6.ProviderServer, error)) *ProtoProvider {
	t.Helper()
	ctx := context.Background()
	server, err := factory()
	if err != nil {
		t.Fatal(err)
	}
	p := &ProtoProvider{T: t, Server: server}
	if p.Schemas, err = server.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{}); err != nil {
		t.Fatal(err)
	}
	p.NoErrors("GetProviderSchema", p.Schemas.Diagnostics)
	ids, err := server.GetResourceIdentitySchemas(ctx, &tfprotov6.GetResourceIdentitySchemasRequest{})
	if err != nil {
		t.Fatal(err)
	}
	p.NoErrors("GetResourceIdentitySchemas", ids.Diagnostics)
	p.Identities = ids.IdentitySchemas
	resp, err := server.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{TerraformVersion: "1.14.0",
		Config: p.Object(p.Schemas.Provider.ValueType(), map[string]tftypes.Value{
			"base_url": TFStr(env.BaseURL), "api_token": TFStr(env.Token), "org": TFStr(env.Org)})})
	if err != nil {
		t.Fatal(err)
	}
	p.NoErrors("ConfigureProvider", resp.Diagnostics)
	return p
}

func TFStr(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }

// TFObject is an object of the values given, typed by them.
func TFObject(attrs map[string]tftypes.Value) tftypes.Value {
	return convert.ObjectOrMap(tftypes.Object{}, attrs)
}

func TFNum(n int64) tftypes.Value { return tftypes.NewValue(tftypes.Number, big.NewFloat(float64(n))) }

// object is a value of an object type: the attributes given, the others null.
func (p *ProtoProvider) Object(typ tftypes.Type, attrs map[string]tftypes.Value) *tfprotov6.DynamicValue {
	p.T.Helper()
	obj, ok := typ.(tftypes.Object)
	if !ok {
		p.T.Fatalf("%s is not an object type", typ)
	}
	values := map[string]tftypes.Value{}
	for name, at := range obj.AttributeTypes {
		values[name] = tftypes.NewValue(at, nil)
	}
	for name, v := range attrs {
		if _, ok := obj.AttributeTypes[name]; !ok {
			p.T.Fatalf("no attribute %q in %s", name, typ)
		}
		values[name] = v
	}
	dv, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, values))
	if err != nil {
		p.T.Fatal(err)
	}
	return &dv
}

// attrs decodes an object value into its attributes; nil for a null value.
func (p *ProtoProvider) Attrs(typ tftypes.Type, dv *tfprotov6.DynamicValue) map[string]tftypes.Value {
	p.T.Helper()
	if dv == nil {
		return nil
	}
	v, err := dv.Unmarshal(typ)
	if err != nil {
		p.T.Fatal(err)
	}
	if v.IsNull() {
		return nil
	}
	var out map[string]tftypes.Value
	if err := v.As(&out); err != nil {
		p.T.Fatal(err)
	}
	return out
}

// text is a string attribute's value, "" when null.
func Text(p *ProtoProvider, attrs map[string]tftypes.Value, name string) string {
	p.T.Helper()
	var s *string
	if err := attrs[name].As(&s); err != nil {
		p.T.Fatalf("%s: %v", name, err)
	}
	if s == nil {
		return ""
	}
	return *s
}

func (p *ProtoProvider) ResourceType(typeName string) tftypes.Type {
	return p.Schemas.ResourceSchemas[typeName].ValueType()
}

func (p *ProtoProvider) IdentityType(typeName string) tftypes.Type {
	return p.Identities[typeName].ValueType()
}

func (p *ProtoProvider) Identity(typeName, id string) *tfprotov6.ResourceIdentityData {
	return &tfprotov6.ResourceIdentityData{IdentityData: p.Object(p.IdentityType(typeName), map[string]tftypes.Value{"id": TFStr(id)})}
}

// identityID is the id of an identity; "" when there is none.
func (p *ProtoProvider) IdentityID(typeName string, data *tfprotov6.ResourceIdentityData) string {
	p.T.Helper()
	if data == nil {
		return ""
	}
	attrs := p.Attrs(p.IdentityType(typeName), data.IdentityData)
	if attrs == nil {
		return ""
	}
	return Text(p, attrs, "id")
}

// importAndRead imports a resource (by import id, or by identity when id is empty and identity is not)
// and refreshes it, as terraform plan does for an import block.
func (p *ProtoProvider) ImportAndRead(typeName, importID string, identity *tfprotov6.ResourceIdentityData) (*tfprotov6.ReadResourceResponse, []*tfprotov6.Diagnostic) {
	p.T.Helper()
	ctx := context.Background()
	imp, err := p.Server.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: typeName, ID: importID, Identity: identity})
	if err != nil {
		p.T.Fatal(err)
	}
	if HasError(imp.Diagnostics) {
		return nil, imp.Diagnostics
	}
	if len(imp.ImportedResources) != 1 {
		p.T.Fatalf("import returned %d resources, want 1", len(imp.ImportedResources))
	}
	imported := imp.ImportedResources[0]
	read, err := p.Server.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: typeName, CurrentState: imported.State,
		CurrentIdentity: imported.Identity, Private: imported.Private})
	if err != nil {
		p.T.Fatal(err)
	}
	return read, read.Diagnostics
}

// list runs a list resource and collects its results.
func (p *ProtoProvider) List(typeName string, config map[string]tftypes.Value, includeResource bool, limit int64) []tfprotov6.ListResourceResult {
	p.T.Helper()
	lister, ok := p.Server.(tfprotov6.ListResourceServer)
	if !ok {
		p.T.Fatal("the provider server does not serve list resources")
	}
	stream, err := lister.ListResource(context.Background(), &tfprotov6.ListResourceRequest{TypeName: typeName,
		Config: p.Object(p.Schemas.ListResourceSchemas[typeName].ValueType(), config), IncludeResource: includeResource, Limit: limit})
	if err != nil {
		p.T.Fatal(err)
	}
	var out []tfprotov6.ListResourceResult
	for r := range stream.Results {
		out = append(out, r)
	}
	return out
}

func (p *ProtoProvider) ValidateList(typeName string, config map[string]tftypes.Value) []*tfprotov6.Diagnostic {
	p.T.Helper()
	lister := p.Server.(tfprotov6.ListResourceServer)
	resp, err := lister.ValidateListResourceConfig(context.Background(), &tfprotov6.ValidateListResourceConfigRequest{TypeName: typeName,
		Config: p.Object(p.Schemas.ListResourceSchemas[typeName].ValueType(), config)})
	if err != nil {
		p.T.Fatal(err)
	}
	return resp.Diagnostics
}

// adopt does what terraform query -generate-config-out and the terraform plan that follows do with a
// listed resource: generate its configuration, validate it, import by identity, refresh, and plan. It
// returns the generated configuration and fails unless the plan is empty.
func (p *ProtoProvider) Adopt(typeName string, listed tfprotov6.ListResourceResult) map[string]tftypes.Value {
	p.T.Helper()
	ctx := context.Background()
	typ := p.ResourceType(typeName)
	gen, err := p.Server.GenerateResourceConfig(ctx, &tfprotov6.GenerateResourceConfigRequest{TypeName: typeName, State: listed.Resource})
	if err != nil {
		p.T.Fatal(err)
	}
	p.NoErrors("GenerateResourceConfig", gen.Diagnostics)
	valid, err := p.Server.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: typeName, Config: gen.Config})
	if err != nil {
		p.T.Fatal(err)
	}
	p.NoErrors("ValidateResourceConfig", valid.Diagnostics)
	read, diags := p.ImportAndRead(typeName, "", listed.Identity)
	p.NoErrors("import by identity", diags)
	// Terraform proposes the configuration, with the prior state's values for computed-only attributes.
	config, prior := p.Attrs(typ, gen.Config), p.Attrs(typ, read.NewState)
	if prior == nil {
		p.T.Fatalf("%s: the listed resource is gone after its import", typeName)
	}
	proposed := map[string]tftypes.Value{}
	for _, a := range p.Schemas.ResourceSchemas[typeName].Block.Attributes {
		proposed[a.Name] = config[a.Name]
		if a.Computed && !a.Optional {
			proposed[a.Name] = prior[a.Name]
		}
	}
	plan, err := p.Server.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: typeName, PriorState: read.NewState,
		ProposedNewState: p.Object(typ, proposed), Config: gen.Config, PriorPrivate: read.Private, PriorIdentity: read.NewIdentity})
	if err != nil {
		p.T.Fatal(err)
	}
	p.NoErrors("PlanResourceChange", plan.Diagnostics)
	planned := p.Attrs(typ, plan.PlannedState)
	for name, v := range prior {
		if !planned[name].Equal(v) {
			p.T.Errorf("%s adopted from the list plans a change of %s: %s -> %s", typeName, name, v, planned[name])
		}
	}
	return config
}

func HasError(diags []*tfprotov6.Diagnostic) bool {
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			return true
		}
	}
	return false
}

func (p *ProtoProvider) NoErrors(what string, diags []*tfprotov6.Diagnostic) {
	p.T.Helper()
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			p.T.Fatalf("%s: %s: %s", what, d.Summary, d.Detail)
		}
	}
}

// ExpectDiag fails unless one error diagnostic's summary and detail contain want.
func ExpectDiag(t *testing.T, diags []*tfprotov6.Diagnostic, want string) {
	t.Helper()
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError && strings.Contains(d.Summary+": "+d.Detail, want) {
			return
		}
	}
	var got []string
	for _, d := range diags {
		got = append(got, d.Summary+": "+d.Detail)
	}
	t.Fatalf("want an error containing %q, got %q", want, got)
}

// PlanConfigured plans an imported resource under a configuration that says what state holds, with
// custom_fields as given (nil for none), and returns the planned attributes.
func (p *ProtoProvider) PlanConfigured(typeName string, read *tfprotov6.ReadResourceResponse, fields *tftypes.Value) map[string]tftypes.Value {
	p.T.Helper()
	typ := p.ResourceType(typeName)
	prior := p.Attrs(typ, read.NewState)
	config, proposed := map[string]tftypes.Value{}, map[string]tftypes.Value{}
	for _, a := range p.Schemas.ResourceSchemas[typeName].Block.Attributes {
		if a.Computed && !a.Optional {
			proposed[a.Name] = prior[a.Name]
			continue
		}
		config[a.Name], proposed[a.Name] = prior[a.Name], prior[a.Name]
	}
	if fields != nil {
		config["custom_fields"], proposed["custom_fields"] = *fields, *fields
	}
	plan, err := p.Server.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{TypeName: typeName,
		PriorState: read.NewState, ProposedNewState: p.Object(typ, proposed), Config: p.Object(typ, config), PriorPrivate: read.Private,
		PriorIdentity: read.NewIdentity})
	if err != nil {
		p.T.Fatal(err)
	}
	p.NoErrors("PlanResourceChange", plan.Diagnostics)
	return p.Attrs(typ, plan.PlannedState)
}
