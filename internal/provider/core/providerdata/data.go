// Package providerdata is what Configure hands to every resource, data source and list resource: the
// client, the provider's settings, and the few objects the RPCs of one provider process share, each kept by
// the core package that defines it. The framework builds a new resource for every RPC, so this is the one
// place such an object can live; each is shared because more than one type needs it (its field says which),
// and each is either a reading of Ardoq that every RPC of the process sees alike, whichever RPC took it, or
// a fact about the process's own writes. No answer depends on which RPC came first, and nothing is kept
// beyond the process: what the plan walk learnt, the apply walk asks again.
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

	// Every type: each workspace's model (types, fields, names), read once per process by whichever RPC
	// needs it first; a failed read is not kept.
	Contexts *wsmodel.Contexts
	// ardoq_component and ardoq_reference refresh from their workspaces' list pages (dropped at the process's
	// first write); ardoq_component's and ardoq_batch's already-made searches share one listing of each
	// workspace (listed again after a delete; what the process made is left out, core/claims); and the
	// workspace of a component, which never changes for an id.
	Reads *listing.Reads
	// ardoq_component and ardoq_batch: one reading of a workspace for the notices of what a destroy takes
	// along; a plan walk writes nothing, so every plan of it sees the same org.
	Cascade *cascade.Readings
	// Every type that creates: the ids this process's creates made or its lost-answer searches took (facts,
	// not guesses), and the token's user.
	Claims *claims.Claims
	Moves  *moves.Plans // what this run's plans destroy and keep, for the move conflicts
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
