package provider

import (
	"context"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
)

// protoProvider is the provider server called in-process, the way Terraform calls it over gRPC. It tests
// what the Terraform CLI of the acceptance tests cannot drive: import by resource identity (Terraform
// 1.12+) and list resources (terraform query, Terraform 1.14+).
type protoProvider struct {
	t          *testing.T
	server     tfprotov6.ProviderServer
	schemas    *tfprotov6.GetProviderSchemaResponse
	identities map[string]*tfprotov6.ResourceIdentitySchema
}

func newProtoProvider(t *testing.T, env *testEnv) *protoProvider {
	t.Helper()
	ctx := context.Background()
	server, err := NewProtocol6("test")()
	if err != nil {
		t.Fatal(err)
	}
	p := &protoProvider{t: t, server: server}
	if p.schemas, err = server.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{}); err != nil {
		t.Fatal(err)
	}
	p.noErrors("GetProviderSchema", p.schemas.Diagnostics)
	ids, err := server.GetResourceIdentitySchemas(ctx, &tfprotov6.GetResourceIdentitySchemasRequest{})
	if err != nil {
		t.Fatal(err)
	}
	p.noErrors("GetResourceIdentitySchemas", ids.Diagnostics)
	p.identities = ids.IdentitySchemas
	resp, err := server.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{TerraformVersion: "1.14.0",
		Config: p.object(p.schemas.Provider.ValueType(), map[string]tftypes.Value{
			"base_url": tfStr(env.baseURL), "api_token": tfStr(env.token), "org": tfStr(env.org)})})
	if err != nil {
		t.Fatal(err)
	}
	p.noErrors("ConfigureProvider", resp.Diagnostics)
	return p
}

func tfStr(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }

// tfObject is an object of the values given, typed by them.
func tfObject(attrs map[string]tftypes.Value) tftypes.Value {
	return convert.ObjectOrMap(tftypes.Object{}, attrs)
}

func tfNum(n int64) tftypes.Value { return tftypes.NewValue(tftypes.Number, big.NewFloat(float64(n))) }

// object is a value of an object type: the attributes given, the others null.
func (p *protoProvider) object(typ tftypes.Type, attrs map[string]tftypes.Value) *tfprotov6.DynamicValue {
	p.t.Helper()
	obj, ok := typ.(tftypes.Object)
	if !ok {
		p.t.Fatalf("%s is not an object type", typ)
	}
	values := map[string]tftypes.Value{}
	for name, at := range obj.AttributeTypes {
		values[name] = tftypes.NewValue(at, nil)
	}
	for name, v := range attrs {
		if _, ok := obj.AttributeTypes[name]; !ok {
			p.t.Fatalf("no attribute %q in %s", name, typ)
		}
		values[name] = v
	}
	dv, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, values))
	if err != nil {
		p.t.Fatal(err)
	}
	return &dv
}

// attrs decodes an object value into its attributes; nil for a null value.
func (p *protoProvider) attrs(typ tftypes.Type, dv *tfprotov6.DynamicValue) map[string]tftypes.Value {
	p.t.Helper()
	if dv == nil {
		return nil
	}
	v, err := dv.Unmarshal(typ)
	if err != nil {
		p.t.Fatal(err)
	}
	if v.IsNull() {
		return nil
	}
	var out map[string]tftypes.Value
	if err := v.As(&out); err != nil {
		p.t.Fatal(err)
	}
	return out
}

// text is a string attribute's value, "" when null.
func text(p *protoProvider, attrs map[string]tftypes.Value, name string) string {
	p.t.Helper()
	var s *string
	if err := attrs[name].As(&s); err != nil {
		p.t.Fatalf("%s: %v", name, err)
	}
	if s == nil {
		return ""
	}
	return *s
}

func (p *protoProvider) resourceType(typeName string) tftypes.Type {
	return p.schemas.ResourceSchemas[typeName].ValueType()
}

func (p *protoProvider) identityType(typeName string) tftypes.Type {
	return p.identities[typeName].ValueType()
}

func (p *protoProvider) identity(typeName, id string) *tfprotov6.ResourceIdentityData {
	return &tfprotov6.ResourceIdentityData{IdentityData: p.object(p.identityType(typeName), map[string]tftypes.Value{"id": tfStr(id)})}
}

// identityID is the id of an identity; "" when there is none.
func (p *protoProvider) identityID(typeName string, data *tfprotov6.ResourceIdentityData) string {
	p.t.Helper()
	if data == nil {
		return ""
	}
	attrs := p.attrs(p.identityType(typeName), data.IdentityData)
	if attrs == nil {
		return ""
	}
	return text(p, attrs, "id")
}

// importAndRead imports a resource (by import id, or by identity when id is empty and identity is not)
// and refreshes it, as terraform plan does for an import block.
func (p *protoProvider) importAndRead(typeName, importID string, identity *tfprotov6.ResourceIdentityData) (*tfprotov6.ReadResourceResponse, []*tfprotov6.Diagnostic) {
	p.t.Helper()
	ctx := context.Background()
	imp, err := p.server.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: typeName, ID: importID, Identity: identity})
	if err != nil {
		p.t.Fatal(err)
	}
	if hasError(imp.Diagnostics) {
		return nil, imp.Diagnostics
	}
	if len(imp.ImportedResources) != 1 {
		p.t.Fatalf("import returned %d resources, want 1", len(imp.ImportedResources))
	}
	imported := imp.ImportedResources[0]
	read, err := p.server.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: typeName, CurrentState: imported.State,
		CurrentIdentity: imported.Identity, Private: imported.Private})
	if err != nil {
		p.t.Fatal(err)
	}
	return read, read.Diagnostics
}

// list runs a list resource and collects its results.
func (p *protoProvider) list(typeName string, config map[string]tftypes.Value, includeResource bool, limit int64) []tfprotov6.ListResourceResult {
	p.t.Helper()
	lister, ok := p.server.(tfprotov6.ListResourceServer)
	if !ok {
		p.t.Fatal("the provider server does not serve list resources")
	}
	stream, err := lister.ListResource(context.Background(), &tfprotov6.ListResourceRequest{TypeName: typeName,
		Config: p.object(p.schemas.ListResourceSchemas[typeName].ValueType(), config), IncludeResource: includeResource, Limit: limit})
	if err != nil {
		p.t.Fatal(err)
	}
	var out []tfprotov6.ListResourceResult
	for r := range stream.Results {
		out = append(out, r)
	}
	return out
}

func (p *protoProvider) validateList(typeName string, config map[string]tftypes.Value) []*tfprotov6.Diagnostic {
	p.t.Helper()
	lister := p.server.(tfprotov6.ListResourceServer)
	resp, err := lister.ValidateListResourceConfig(context.Background(), &tfprotov6.ValidateListResourceConfigRequest{TypeName: typeName,
		Config: p.object(p.schemas.ListResourceSchemas[typeName].ValueType(), config)})
	if err != nil {
		p.t.Fatal(err)
	}
	return resp.Diagnostics
}

// adopt does what terraform query -generate-config-out and the terraform plan that follows do with a
// listed resource: generate its configuration, validate it, import by identity, refresh, and plan. It
// returns the generated configuration and fails unless the plan is empty.
func (p *protoProvider) adopt(typeName string, listed tfprotov6.ListResourceResult) map[string]tftypes.Value {
	p.t.Helper()
	ctx := context.Background()
	typ := p.resourceType(typeName)
	gen, err := p.server.GenerateResourceConfig(ctx, &tfprotov6.GenerateResourceConfigRequest{TypeName: typeName, State: listed.Resource})
	if err != nil {
		p.t.Fatal(err)
	}
	p.noErrors("GenerateResourceConfig", gen.Diagnostics)
	valid, err := p.server.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: typeName, Config: gen.Config})
	if err != nil {
		p.t.Fatal(err)
	}
	p.noErrors("ValidateResourceConfig", valid.Diagnostics)
	read, diags := p.importAndRead(typeName, "", listed.Identity)
	p.noErrors("import by identity", diags)
	// Terraform proposes the configuration, with the prior state's values for computed-only attributes.
	config, prior := p.attrs(typ, gen.Config), p.attrs(typ, read.NewState)
	if prior == nil {
		p.t.Fatalf("%s: the listed resource is gone after its import", typeName)
	}
	proposed := map[string]tftypes.Value{}
	for _, a := range p.schemas.ResourceSchemas[typeName].Block.Attributes {
		proposed[a.Name] = config[a.Name]
		if a.Computed && !a.Optional {
			proposed[a.Name] = prior[a.Name]
		}
	}
	plan, err := p.server.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: typeName, PriorState: read.NewState,
		ProposedNewState: p.object(typ, proposed), Config: gen.Config, PriorPrivate: read.Private, PriorIdentity: read.NewIdentity})
	if err != nil {
		p.t.Fatal(err)
	}
	p.noErrors("PlanResourceChange", plan.Diagnostics)
	planned := p.attrs(typ, plan.PlannedState)
	for name, v := range prior {
		if !planned[name].Equal(v) {
			p.t.Errorf("%s adopted from the list plans a change of %s: %s -> %s", typeName, name, v, planned[name])
		}
	}
	return config
}

func hasError(diags []*tfprotov6.Diagnostic) bool {
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			return true
		}
	}
	return false
}

func (p *protoProvider) noErrors(what string, diags []*tfprotov6.Diagnostic) {
	p.t.Helper()
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			p.t.Fatalf("%s: %s: %s", what, d.Summary, d.Detail)
		}
	}
}

// expectDiag fails unless one error diagnostic's summary and detail contain want.
func expectDiag(t *testing.T, diags []*tfprotov6.Diagnostic, want string) {
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

var (
	hclBlockStart = regexp.MustCompile(`^(\w+)\s*(?:"[^"]*"\s*)*\{$`)
	hclString     = regexp.MustCompile(`^(\w+)\s*=\s*"([^"]*)"$`)
	hclNumber     = regexp.MustCompile(`^(\w+)\s*=\s*(-?[0-9]+)$`)
	hclBool       = regexp.MustCompile(`^(\w+)\s*=\s*(true|false)$`)
	hclIdentity   = regexp.MustCompile(`^identity\s*=\s*\{\s*id\s*=\s*"([^"]*)"\s*\}$`)
	hclComment    = regexp.MustCompile(`(^|\s+)#[^"]*$`)
	hclReference  = regexp.MustCompile(`^(\w+)\s*=\s*[\w.]+$`)
)

// exampleBlock is one top-level block of an example file, read with just enough HCL for the examples:
// literal strings, numbers and booleans, one nested block deep, and an import identity on one line.
type exampleBlock struct {
	Kind, Labels string            // `list`, `"ardoq_component" "apps"`
	Attrs        map[string]string // top-level literals
	Config       map[string]tftypes.Value
	Identity     string
}

func readExampleBlocks(t *testing.T, parts ...string) []exampleBlock {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(append([]string{"..", "..", "examples"}, parts...)...))
	if err != nil {
		t.Fatal(err)
	}
	var blocks []exampleBlock
	var cur *exampleBlock
	nested := ""
	for n, raw := range strings.Split(string(b), "\n") {
		line := strings.TrimSpace(hclComment.ReplaceAllString(raw, ""))
		switch m := hclBlockStart.FindStringSubmatch(line); {
		case line == "" || strings.HasPrefix(line, "#"):
		case cur == nil && m != nil:
			blocks = append(blocks, exampleBlock{Kind: m[1], Labels: strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(line, m[1]), "{")),
				Attrs: map[string]string{}, Config: map[string]tftypes.Value{}})
			cur = &blocks[len(blocks)-1]
		case cur != nil && nested == "" && m != nil:
			nested = m[1]
		case line == "}" && nested != "":
			nested = ""
		case line == "}" && cur != nil:
			cur = nil
		case cur != nil && hclIdentity.MatchString(line):
			cur.Identity = hclIdentity.FindStringSubmatch(line)[1]
		case cur != nil && nested == "config" && hclString.MatchString(line):
			kv := hclString.FindStringSubmatch(line)
			cur.Config[kv[1]] = tfStr(kv[2])
		case cur != nil && nested == "config" && hclNumber.MatchString(line):
			kv := hclNumber.FindStringSubmatch(line)
			i, _ := strconv.ParseInt(kv[2], 10, 64)
			cur.Config[kv[1]] = tfNum(i)
		case cur != nil && nested == "" && (hclString.MatchString(line) || hclNumber.MatchString(line) || hclBool.MatchString(line)):
			kv := hclString.FindStringSubmatch(line)
			if kv == nil {
				kv = hclNumber.FindStringSubmatch(line)
			}
			if kv == nil {
				kv = hclBool.FindStringSubmatch(line)
			}
			cur.Attrs[kv[1]] = kv[2]
		case cur != nil && nested == "" && hclReference.MatchString(line):
			kv := strings.SplitN(line, "=", 2)
			cur.Attrs[strings.TrimSpace(kv[0])] = strings.TrimSpace(kv[1])
		default:
			t.Fatalf("%s line %d: the example test cannot read %q; keep examples to literal values", filepath.Join(parts...), n+1, line)
		}
	}
	return blocks
}
