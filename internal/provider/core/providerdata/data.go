// Package providerdata is what Configure hands to every resource and data source: the client, the
// provider's settings, and what the resources of one provider process share, each kept by the package
// that uses it. Those are there for speed and for facts that are certain (which ids this run owns, what
// two plans of this run contradict); no answer depends on their age. Nothing is kept beyond the process:
// what the plan walk learnt, the apply walk asks again.
package providerdata

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/cascade"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/claims"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/listing"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/moves"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

// Data is what Configure hands to every resource and data source.
type Data struct {
	Client   *client.Client
	Settings Settings

	Contexts *wsmodel.Contexts // each workspace's model, read once per process
	Reads    *listing.Reads    // refreshes from list pages; each component's workspace
	Cascade  *cascade.Readings // the plan-time readings of workspaces for the cascade notices
	Claims   *claims.Claims    // the ids this run's resources read or created; the token's user
	Moves    *moves.Plans      // what this run's plans destroy and keep, for the move conflicts
}

// Settings are the provider's settings that change what resources do.
type Settings struct {
	AllowCascadeDelete bool // let Ardoq delete what a component delete takes along (core/cascade)
	PreventDuplicates  bool // a new entity Ardoq already holds fails the plan instead of warning (core/recovery)
	// a deletion the plan summary does not count fails the plan instead of warning (core/cascade)
	PreventImplicitDeletions bool
}

// New returns the data of a provider talking to Ardoq through c with settings s.
func New(c *client.Client, s Settings) *Data {
	return &Data{
		Client: c, Settings: s,
		Contexts: wsmodel.NewContexts(c), Reads: listing.NewReads(c), Cascade: cascade.NewReadings(c),
		Claims: claims.New(c), Moves: moves.NewPlans(),
	}
}

// From extracts the configured provider data; nil means "not configured yet".
func From(data any, diags *diag.Diagnostics) *Data {
	if data == nil {
		return nil
	}
	pd, ok := data.(*Data)
	if !ok {
		diags.AddError("Unexpected Provider Data Type",
			fmt.Sprintf("Expected *providerdata.Data, got %T. This is a bug in the provider; please report it.", data))
		return nil
	}
	return pd
}
