package single

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// An update whose values Ardoq holds already is not written: nothing is sent, and the version does not
// move. That is looked at only when the plan may be such an update (mayHoldAlready), at the cost of one
// read.

// mayHoldAlready reports whether the plan changes no value the prior state knows Ardoq holds: every
// configurable value as in prior (sameBesidesFields), no custom field cleared, none changed; it may name
// custom fields prior does not hold (Ardoq may hold them with these values) or write a value another way
// ("12" for 12).
func mayHoldAlready(sameBesidesFields bool, prior, plan types.Dynamic) bool {
	if !sameBesidesFields {
		return false
	}
	was, want := fields.Configured(prior), fields.Configured(plan)
	for key, v := range was {
		if w, kept := want[key]; !kept || !v.Means(w) {
			return false
		}
	}
	return true
}

// heldAlready is the entity, read now (get), when it holds the planned values (holds) at version; nil
// otherwise, and the update decides, with its version guard.
func heldAlready[E any](ctx context.Context, noun, id string, version int64, get func(context.Context) (*E, error),
	versionOf func(*E) int64, holds func(*E) bool) *E {
	e, err := get(ctx)
	if err != nil || versionOf(e) != version || !holds(e) {
		return nil
	}
	tflog.Info(ctx, strings.ToLower(noun)+" already holds the planned values; nothing sent", map[string]any{"id": id, "version": version})
	return e
}

func sameComponentBesidesFields(prior, plan entity.ComponentModel) bool {
	prior.CustomFields = plan.CustomFields
	return prior.Holds(plan)
}

func sameReferenceBesidesFields(prior, plan entity.ReferenceModel) bool {
	prior.CustomFields = plan.CustomFields
	return prior.Holds(plan)
}
