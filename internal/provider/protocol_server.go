package provider

import (
	"bytes"
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/batch"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

// frameworkServer is what terraform-plugin-framework's server implements: the protocol with list
// resources, actions and state stores, which Terraform finds by these interfaces.
type frameworkServer interface {
	tfprotov6.ProviderServer
	tfprotov6.ListResourceServer
	tfprotov6.ActionServer
	tfprotov6.StateStoreServer
}

// protocolServer is the framework's server, except that ardoq_batch's validation, plan, apply and read are
// served by package batch (batch.Protocol), and the single resources' unchanged plans and reads by the
// settled path (protocol_settled.go). For every other RPC, and every other resource, the framework serves.
type protocolServer struct {
	frameworkServer
	provider *ardoqProvider
	batch    *batch.Protocol
	settled  map[string]settledShape // protocol_settled.go
}

// NewProtocol6 returns the provider's protocol server: the framework's, with ardoq_batch served directly.
func NewProtocol6(version string) func() (tfprotov6.ProviderServer, error) {
	return func() (tfprotov6.ProviderServer, error) {
		p := &ardoqProvider{version: version}
		fw, err := providerserver.NewProtocol6WithError(p)()
		if err != nil {
			return nil, err
		}
		full, ok := fw.(frameworkServer)
		if !ok {
			return nil, fmt.Errorf("terraform-plugin-framework's server lacks the list resource, action or state store RPCs")
		}
		b, err := batch.NewProtocol()
		if err != nil {
			return nil, err
		}
		settled, err := settledResources(context.Background())
		if err != nil {
			return nil, err
		}
		return &protocolServer{frameworkServer: full, provider: p, batch: b, settled: settled}, nil
	}
}

func (s *protocolServer) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	if req.TypeName == batch.TypeName {
		return s.batch.PlanResourceChange(ctx, s.provider.data, req), nil
	}
	if resp, ok := s.planUnchanged(req); ok {
		return resp, nil
	}
	return s.frameworkServer.PlanResourceChange(ctx, req)
}

func (s *protocolServer) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	if req.TypeName == batch.TypeName {
		return s.batch.ApplyResourceChange(ctx, s.provider.data, req), nil
	}
	return s.frameworkServer.ApplyResourceChange(ctx, req)
}

func (s *protocolServer) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	if resp, ok := s.readSettled(ctx, req); ok {
		return resp, nil
	}
	// Right after an import the framework marks the private state; it reads that one itself.
	if req.TypeName != batch.TypeName || bytes.Contains(req.Private, []byte(".import_before_read")) {
		return s.frameworkServer.ReadResource(ctx, req)
	}
	return s.batch.ReadResource(ctx, s.provider.data, req), nil
}

// ValidateResourceConfig validates ardoq_batch's items in package batch, and lets the framework validate
// the rest of its configuration (batch.Protocol.ValidateResourceConfig says why).
func (s *protocolServer) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	if req.TypeName != batch.TypeName || req.Config == nil {
		return s.frameworkServer.ValidateResourceConfig(ctx, req)
	}
	return s.batch.ValidateResourceConfig(ctx, req, s.frameworkServer.ValidateResourceConfig)
}

// UpgradeResourceState hands a state saved with the current schema back as the JSON it came in, which
// Terraform reads as it wrote it; the framework would decode it into values and encode them again,
// seconds for a large batch, and a third of a single resource's refresh. A state naming an attribute the
// schema does not have, or of another version, goes to the framework (which drops such attributes). Only
// the top level is checked: removing an attribute of computed_components or computed_references needs a
// new schema version (batch/schema.go); the single resources have no nested attributes.
func (s *protocolServer) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	typ, version := s.batch.Type(), s.batch.SchemaVersion()
	if shape, ok := s.settled[req.TypeName]; ok {
		typ, version = shape.typ, shape.version
	} else if req.TypeName != batch.TypeName {
		return s.frameworkServer.UpgradeResourceState(ctx, req)
	}
	if req.Version != version || req.RawState == nil || len(req.RawState.JSON) == 0 {
		return s.frameworkServer.UpgradeResourceState(ctx, req)
	}
	names, err := tfwire.ObjectKeys(req.RawState.JSON)
	if err != nil {
		return s.frameworkServer.UpgradeResourceState(ctx, req)
	}
	for _, name := range names {
		if _, ok := typ.AttributeTypes[name]; !ok {
			return s.frameworkServer.UpgradeResourceState(ctx, req)
		}
	}
	return &tfprotov6.UpgradeResourceStateResponse{UpgradedState: &tfprotov6.DynamicValue{JSON: req.RawState.JSON}}, nil
}
