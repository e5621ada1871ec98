package single

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// heldAlready is the entity, read now, when it holds the planned values at prior's version, so that an
// update would write nothing: then nothing is sent, and the version does not move. It is looked at only
// when the plan may be such an update (mayHoldAlready), at the cost of one read; nil otherwise.
func (k kind[M, E, C, U]) heldAlready(ctx context.Context, id string, version int64, prior, plan M) *E {
	if !k.mayHoldAlready(prior, plan) {
		return nil
	}
	e, err := k.get(ctx, id)
	if err != nil || k.versionOf(e) != version || !k.holds(k.fromAPI(e, k.customFields(&plan)), plan) {
		return nil // the update decides, with its version guard
	}
	tflog.Info(ctx, strings.ToLower(k.noun)+" already holds the planned values; nothing sent", map[string]any{"id": id, "version": version})
	return e
}

// mayHoldAlready reports whether the plan changes no value the prior state knows Ardoq holds: every
// configurable value as in prior, no custom field cleared, none changed; it may name custom fields prior
// does not hold (Ardoq may hold them with these values) or write a value another way ("12" for 12).
func (k kind[M, E, C, U]) mayHoldAlready(prior, plan M) bool {
	if !k.sameBesides(prior, plan) {
		return false
	}
	was, want := fields.Configured(k.customFields(&prior)), fields.Configured(k.customFields(&plan))
	for key, v := range was {
		if w, kept := want[key]; !kept || !v.Means(w) {
			return false
		}
	}
	return true
}

func sameComponentBesidesFields(prior, plan entity.ComponentModel) bool {
	prior.CustomFields = plan.CustomFields
	return prior.Holds(plan)
}

func sameReferenceBesidesFields(prior, plan entity.ReferenceModel) bool {
	prior.CustomFields = plan.CustomFields
	return prior.Holds(plan)
}
