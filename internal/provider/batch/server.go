package batch

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

// TypeName is the resource type this package serves.
const TypeName = "ardoq_batch"

var _ tfprotov6.ProviderServer = (*Server)(nil)

// Server is ardoq_batch's protocol server, combined with terraform-plugin-framework's (which serves every
// other type) through terraform-plugin-mux: one server per resource type. The framework walks a
// resource's whole value several times per plan (defaults, write-only attributes, blocks, computed
// values, plan modifiers, semantic equality), looking each value's path up in the schema; for
// ardoq_batch, whose items are one dynamic value, none of those passes changes anything, and they cost in
// proportion to the items (BenchmarkBatchRPC measures it). What this server does instead
// is what the framework does for this schema (TestServer_contract holds it to that).
type Server struct {
	data   func() *providerdata.Data
	schema *tfprotov6.Schema
	typ    tftypes.Object
}

// NewServer returns ardoq_batch's server. data returns the provider's configuration: the framework's
// provider configures it, and the mux calls this server's ConfigureProvider after the framework's.
func NewServer(data func() *providerdata.Data) *Server {
	s := resourceSchema()
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{}}
	for _, a := range s.Block.Attributes {
		typ.AttributeTypes[a.Name] = a.Type
	}
	return &Server{data: data, schema: s, typ: typ}
}

// capabilities are what the framework's server sends (TestServer_schemaAndCapabilitiesAsFramework):
// with PlanDestroy, the mux sends destroy plans here instead of answering them itself.
var capabilities = &tfprotov6.ServerCapabilities{GetProviderSchemaOptional: true, MoveResourceState: true, PlanDestroy: true}

func (s *Server) GetMetadata(context.Context, *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	return &tfprotov6.GetMetadataResponse{ServerCapabilities: capabilities, Resources: []tfprotov6.ResourceMetadata{{TypeName: TypeName}}}, nil
}

// GetProviderSchema has no provider schema: the framework's server has it, and the mux takes the one.
func (s *Server) GetProviderSchema(context.Context, *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	return &tfprotov6.GetProviderSchemaResponse{ServerCapabilities: capabilities,
		ResourceSchemas: map[string]*tfprotov6.Schema{TypeName: s.schema}}, nil
}

func (s *Server) GetResourceIdentitySchemas(context.Context, *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	return &tfprotov6.GetResourceIdentitySchemasResponse{}, nil
}

// ValidateProviderConfig has nothing to check: the framework's server validates the provider's configuration.
func (s *Server) ValidateProviderConfig(_ context.Context, req *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	return &tfprotov6.ValidateProviderConfigResponse{PreparedConfig: req.Config}, nil
}

// ConfigureProvider has nothing to do: the framework's provider configures, and data returns the result.
func (s *Server) ConfigureProvider(context.Context, *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	return &tfprotov6.ConfigureProviderResponse{}, nil
}

func (s *Server) StopProvider(context.Context, *tfprotov6.StopProviderRequest) (*tfprotov6.StopProviderResponse, error) {
	return &tfprotov6.StopProviderResponse{}, nil
}

// UpgradeResourceState hands a state saved with the current schema back as the JSON it came in, which
// Terraform reads as it wrote it: decoding and encoding it takes seconds for a large batch. A state naming
// an attribute the schema does not have is decoded without it and encoded again. Only the top level is
// checked: removing an attribute of computed_components or computed_references needs a new schema version.
func (s *Server) UpgradeResourceState(_ context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	resp := &tfprotov6.UpgradeResourceStateResponse{}
	if req.Version != s.schema.Version {
		resp.Diagnostics = errorDiagnostics("Unsupported ardoq_batch State Version", "The state was saved with version "+
			strconv.FormatInt(req.Version, 10)+" of ardoq_batch's schema; this provider has version "+strconv.FormatInt(s.schema.Version, 10)+" and upgrades no other. "+
			"Use the provider version that saved the state, or remove the resource from state and import it again.")
		return resp, nil
	}
	if req.RawState == nil || len(req.RawState.JSON) == 0 {
		resp.Diagnostics = errorDiagnostics("Unable to Read ardoq_batch's Saved State", "Terraform sent no saved state in JSON to upgrade. "+
			"Remove the resource from state and import it again.")
		return resp, nil
	}
	if names, err := tfwire.ObjectKeys(req.RawState.JSON); err == nil && s.allAttributes(names) {
		resp.UpgradedState = &tfprotov6.DynamicValue{JSON: req.RawState.JSON}
		return resp, nil
	}
	v, err := req.RawState.UnmarshalWithOpts(s.typ, tfprotov6.UnmarshalOpts{ValueFromJSONOpts: tftypes.ValueFromJSONOpts{IgnoreUndefinedAttributes: true}})
	if err == nil {
		var dv tfprotov6.DynamicValue
		if dv, err = tfprotov6.NewDynamicValue(s.typ, v); err == nil {
			resp.UpgradedState = &dv
			return resp, nil
		}
	}
	resp.Diagnostics = errorDiagnostics("Unable to Read ardoq_batch's Saved State", "The saved state does not fit ardoq_batch's schema: "+
		err.Error()+". Remove the resource from state and import it again.")
	return resp, nil
}

func (s *Server) allAttributes(names []string) bool {
	for _, name := range names {
		if _, ok := s.typ.AttributeTypes[name]; !ok {
			return false
		}
	}
	return true
}

// ImportResourceState takes "<workspace id>/<custom field api key>" (import.go).
func (s *Server) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	resp := &tfprotov6.ImportResourceStateResponse{}
	r, diags := batchOf(s.data())
	if diags != nil {
		resp.Diagnostics = diags
		return resp, nil
	}
	state, d := r.importState(ctx, s.typ, req.ID)
	resp.Diagnostics = diagnostics.ToProtocol(d)
	if d.HasError() {
		return resp, nil
	}
	encoded, diags := s.dynamic(state)
	resp.Diagnostics = append(resp.Diagnostics, diags...)
	if diags == nil {
		resp.ImportedResources = []*tfprotov6.ImportedResource{{TypeName: TypeName, State: encoded}}
	}
	return resp, nil
}

func (s *Server) MoveResourceState(_ context.Context, req *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	return &tfprotov6.MoveResourceStateResponse{Diagnostics: errorDiagnostics("Move to ardoq_batch Not Supported",
		"ardoq_batch cannot take over the state of "+req.SourceTypeName+". Remove the moved block, and import the items into "+
			"ardoq_batch instead (terraform import with \"<workspace id>/<custom field API key>\").")}, nil
}

func (s *Server) UpgradeResourceIdentity(context.Context, *tfprotov6.UpgradeResourceIdentityRequest) (*tfprotov6.UpgradeResourceIdentityResponse, error) {
	return &tfprotov6.UpgradeResourceIdentityResponse{Diagnostics: errorDiagnostics("ardoq_batch Has No Resource Identity",
		"Terraform asked to upgrade an ardoq_batch identity, which ardoq_batch does not have. Remove the identity from the import block, "+
			"and import by id (\"<workspace id>/<custom field API key>\").")}, nil
}

// GenerateResourceConfig writes an imported state as configuration: the state without its computed
// attributes.
func (s *Server) GenerateResourceConfig(_ context.Context, req *tfprotov6.GenerateResourceConfigRequest) (*tfprotov6.GenerateResourceConfigResponse, error) {
	resp := &tfprotov6.GenerateResourceConfigResponse{}
	vals, diags := s.values(req.State)
	if diags == nil {
		noComputed := batchRaw{}
		for _, a := range s.schema.Block.Attributes {
			if a.Computed && !a.Optional {
				noComputed[a.Name] = tftypes.NewValue(s.typ.AttributeTypes[a.Name], nil)
			}
		}
		resp.Config, diags = s.dynamic(batchRawOf(vals[0]).value(s.typ, noComputed))
	}
	resp.Diagnostics = diags
	return resp, nil
}

// This server serves no data source, function or ephemeral resource: the mux sends it none.

func (s *Server) ValidateDataResourceConfig(_ context.Context, req *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	return &tfprotov6.ValidateDataResourceConfigResponse{Diagnostics: notServed("data source " + req.TypeName)}, nil
}

func (s *Server) ReadDataSource(_ context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	return &tfprotov6.ReadDataSourceResponse{Diagnostics: notServed("data source " + req.TypeName)}, nil
}

func (s *Server) GetFunctions(context.Context, *tfprotov6.GetFunctionsRequest) (*tfprotov6.GetFunctionsResponse, error) {
	return &tfprotov6.GetFunctionsResponse{Functions: map[string]*tfprotov6.Function{}}, nil
}

func (s *Server) CallFunction(_ context.Context, req *tfprotov6.CallFunctionRequest) (*tfprotov6.CallFunctionResponse, error) {
	return &tfprotov6.CallFunctionResponse{Error: &tfprotov6.FunctionError{Text: "ardoq_batch's server has no function " + req.Name + "."}}, nil
}

func (s *Server) ValidateEphemeralResourceConfig(_ context.Context, req *tfprotov6.ValidateEphemeralResourceConfigRequest) (*tfprotov6.ValidateEphemeralResourceConfigResponse, error) {
	return &tfprotov6.ValidateEphemeralResourceConfigResponse{Diagnostics: notServed("ephemeral resource " + req.TypeName)}, nil
}

func (s *Server) OpenEphemeralResource(_ context.Context, req *tfprotov6.OpenEphemeralResourceRequest) (*tfprotov6.OpenEphemeralResourceResponse, error) {
	return &tfprotov6.OpenEphemeralResourceResponse{Diagnostics: notServed("ephemeral resource " + req.TypeName)}, nil
}

func (s *Server) RenewEphemeralResource(_ context.Context, req *tfprotov6.RenewEphemeralResourceRequest) (*tfprotov6.RenewEphemeralResourceResponse, error) {
	return &tfprotov6.RenewEphemeralResourceResponse{Diagnostics: notServed("ephemeral resource " + req.TypeName)}, nil
}

func (s *Server) CloseEphemeralResource(_ context.Context, req *tfprotov6.CloseEphemeralResourceRequest) (*tfprotov6.CloseEphemeralResourceResponse, error) {
	return &tfprotov6.CloseEphemeralResourceResponse{Diagnostics: notServed("ephemeral resource " + req.TypeName)}, nil
}

func notServed(what string) []*tfprotov6.Diagnostic {
	return errorDiagnostics("Not Served by ardoq_batch's Server", "ardoq_batch's server serves no "+what+
		". This is a bug in the provider: please report it.")
}

func errorDiagnostics(summary, detail string) []*tfprotov6.Diagnostic {
	return []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError, Summary: summary, Detail: detail}}
}
