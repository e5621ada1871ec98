// Command fwfloor is a measuring stick (not shipped): a terraform-plugin-framework provider "fwfloor" whose
// fwfloor_component and fwfloor_reference have exactly ardoq_component's and ardoq_reference's schemas
// (attribute plan modifiers and validators included) and do nothing: Read returns the state, Create and
// Update store the plan. A configuration of them costs what any framework provider with these schemas
// costs Terraform and the framework, before any of the provider's own work.
package main

import (
	"context"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	ardoq "github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/single"
)

type floorProvider struct{}

func (floorProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "fwfloor"
}
func (floorProvider) Schema(context.Context, provider.SchemaRequest, *provider.SchemaResponse) {}
func (floorProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}
func (floorProvider) DataSources(context.Context) []func() datasource.DataSource { return nil }
func (floorProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{
		func() resource.Resource {
			return floorResource{name: "component", inner: single.NewComponentResource()}
		},
		func() resource.Resource {
			return floorResource{name: "reference", inner: single.NewReferenceResource()}
		},
	}
}

type floorResource struct {
	name  string
	inner resource.Resource
}

func (r floorResource) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "fwfloor_" + r.name
}
func (r floorResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	r.inner.Schema(ctx, req, resp)
}
func (floorResource) Create(_ context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	resp.State.Raw = req.Plan.Raw
}
func (floorResource) Read(_ context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	resp.State.Raw = req.State.Raw
}
func (floorResource) Update(_ context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.State.Raw = req.Plan.Raw
}
func (floorResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// ImportState lets a configuration keep ardoq-export's import blocks: Terraform calls it only for what
// state does not hold yet.
func (floorResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("id"), req, resp)
}

// main serves it as the provider's main.go serves the provider: the framework's server through
// releasingContexts, and the plugin libraries' logs off unless TF_LOG asks for them (scripts/bench-export.sh).
func main() {
	server, err := ardoq.ReleasingRPCContexts(providerserver.NewProtocol6(floorProvider{})())
	if err != nil {
		log.Fatal(err)
	}
	err = tf6server.Serve("registry.terraform.io/seed762a2f0c/fwfloor", func() tfprotov6.ProviderServer { return server })
	if err != nil {
		log.Fatal(err)
	}
}
