package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-mux/tf6muxserver"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/batch"
)

// NewProtocol6 returns the provider's protocol server: terraform-plugin-framework's server, which serves
// the provider's configuration, ardoq_component, ardoq_reference, the data sources and the list resources,
// combined through terraform-plugin-mux with package batch's server, which serves ardoq_batch. Each type
// has one server; the mux sends each RPC to the server of its type. The framework's provider configures
// the Ardoq client for both (ardoqProvider.Configure stores it where batch.Server reads it). The framework's
// server is served through releasingContexts, which keeps its memory to what one RPC needs.
func NewProtocol6(version string) func() (tfprotov6.ProviderServer, error) {
	return func() (tfprotov6.ProviderServer, error) {
		p := &ardoqProvider{version: version}
		framework, err := providerserver.NewProtocol6WithError(p)()
		if err != nil {
			return nil, err
		}
		served, err := ReleasingRPCContexts(framework)
		if err != nil {
			return nil, err
		}
		b := batch.NewServer(p.data.Load)
		mux, err := tf6muxserver.NewMuxServer(context.Background(),
			func() tfprotov6.ProviderServer { return served }, func() tfprotov6.ProviderServer { return b })
		if err != nil {
			return nil, err
		}
		return mux.ProviderServer(), nil
	}
}
