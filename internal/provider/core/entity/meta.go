package entity

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// MetaModel is what every surface shows of an entity's `_meta`: when it was made and last changed, and by whom.
type MetaModel struct {
	Created        types.String `tfsdk:"created"`
	LastUpdated    types.String `tfsdk:"last_updated"`
	CreatedBy      types.String `tfsdk:"created_by"`
	LastModifiedBy types.String `tfsdk:"last_modified_by"`
}

// MetaAttribute is an attribute of MetaModel as the schemas describe it.
type MetaAttribute struct {
	Name     string
	describe string // a format of the entity's noun
	// Stable is true for what the create sets for good; the others may change with any write.
	Stable bool
}

// MetaAttributes are MetaModel's attributes, for the schemas of every surface.
var MetaAttributes = []MetaAttribute{
	{Name: "created", describe: "When the %s was created (ISO-8601, UTC).", Stable: true},
	{Name: "last_updated", describe: "When the %s was last changed (ISO-8601, UTC)."},
	// Ardoq answers with the creator's current address, which a write may find changed.
	{Name: "created_by", describe: "E-mail address of the user who created the %s (`_meta.createdByEmail`, the user's current address)."},
	{Name: "last_modified_by", describe: "E-mail address of the user who last changed the %s (`_meta.lastModifiedByEmail`)."},
}

// Description describes the attribute of an entity named what ("component").
func (a MetaAttribute) Description(what string) string { return fmt.Sprintf(a.describe, what) }

// metaFromAPI is the one mapper from `_meta` to MetaModel.
func metaFromAPI(m client.Meta) MetaModel {
	return MetaModel{
		Created:        types.StringValue(m.Created),
		LastUpdated:    types.StringValue(m.LastUpdated),
		CreatedBy:      types.StringValue(m.CreatedByEmail),
		LastModifiedBy: types.StringValue(m.LastModifiedByEmail),
	}
}
