package moves

import (
	"fmt"
	"sync"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

// Plans is what the plans of this provider process have said about each entity so far: destroyed or
// kept, by a single resource (ardoq_component, ardoq_reference) or by an ardoq_batch. Terraform plans
// resources in an order the provider cannot choose (a destroy plans dependents first, but the resources
// a plan removes from the configuration come in any order), so each check records its own plan and looks
// at what the others recorded, under one lock: of two plans that contradict each other, the second fails.
//
// Only contradictions are drawn from these records, and each is checked by both plans involved, so the
// plan fails whichever of the two Terraform plans first; nothing waits for another plan, and nothing is
// concluded from a plan not (yet) recorded. A batch's record is what the error needs and no more: for
// each entity, kept or deleted, its item, and a deleted one's name.
type Plans struct {
	mu     sync.Mutex
	single map[string]Planned
	batch  map[string]batchPlanned
}

// Planned is one resource's plan for one entity.
type Planned struct {
	Destroyed bool
	Resource  string   // "ardoq_component", "ardoq_reference" or "ardoq_batch"
	Name      string   // the entity's name, or its label for a reference ("Payments → Orders DB (Depends on)")
	Item      ItemPath // the item in an ardoq_batch; zero for a single resource
	// a reference's ends and type as the prior state holds them, for naming it in errors (MoveConflict)
	StateSource, StateTarget string
	StateType                int64
}

// ItemPath is an item of an ardoq_batch: the map it is in ("components" or "references") and its key.
type ItemPath struct{ Kind, Key string }

// String is the item as configurations write it: components["payments"].
func (p ItemPath) String() string { return fmt.Sprintf("%s[%q]", p.Kind, p.Key) }

// BatchEntity is an ardoq_batch's plan for one entity: kept (an item holds, adopts or imports it) or
// deleted. Name is a deleted entity's, for the error of a single resource that keeps it; the error of
// one that destroys what the batch keeps names the single resource's.
type BatchEntity struct {
	ID        string
	Destroyed bool
	Item      ItemPath
	Name      string
}

// batchPlanned is a BatchEntity as recorded, by id.
type batchPlanned struct {
	destroyed bool
	item      ItemPath
	name      string
}

func (b batchPlanned) planned() Planned {
	return Planned{Destroyed: b.destroyed, Resource: "ardoq_batch", Name: b.name, Item: b.item}
}

// Conflict is a single resource's plan and a batch's that contradict each other for one entity.
type Conflict struct {
	ID            string
	Single, Batch Planned
}

func NewPlans() *Plans {
	return &Plans{single: map[string]Planned{}, batch: map[string]batchPlanned{}}
}

// Single records a single resource's plan for id and returns the batch plan that contradicts it, if
// one was recorded: the batch keeps what the single resource destroys, or deletes what it keeps.
func (p *Plans) Single(id string, planned Planned) (Planned, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.single[id] = planned
	b, found := p.batch[id]
	return b.planned(), found && b.destroyed != planned.Destroyed
}

// Batch records an ardoq_batch's plan and returns its conflicts with the single resources' plans
// recorded so far.
func (p *Plans) Batch(entities []BatchEntity) []Conflict {
	p.mu.Lock()
	defer p.mu.Unlock()
	var conflicts []Conflict
	for _, e := range entities {
		b := batchPlanned{destroyed: e.Destroyed, item: e.Item, name: e.Name}
		p.batch[e.ID] = b
		if s, found := p.single[e.ID]; found && s.Destroyed != e.Destroyed {
			conflicts = append(conflicts, Conflict{ID: e.ID, Single: s, Batch: b.planned()})
		}
	}
	return conflicts
}

// MoveConflict is the error of a plan in which one resource destroys what another keeps: the apply
// would delete it in Ardoq, and the one that keeps it would hold an id that no longer exists. A reference
// is named by the names of its ends and its type (names reads them: this is an error path).
func MoveConflict(names wsmodel.Names, id string, single, batch Planned) (summary, detail string) {
	if single.StateSource != "" && single.StateTarget != "" {
		single.Name = names.Reference(single.StateSource, single.StateTarget, single.StateType)
		batch.Name = single.Name
	}
	what := fmt.Sprintf("%s %q (id %s)", single.Resource, single.Name, id)
	item := "ardoq_batch item " + batch.Item.String()
	if single.Destroyed {
		return "Entity Moves Into ardoq_batch but This Plan Destroys It", fmt.Sprintf("This plan destroys %s, and %s takes the same "+
			"entity over (adopts or imports it). Applying would delete it in Ardoq, and the batch would then create it again with a "+
			"new id, losing its history and every link to it from outside this configuration.\n\nTo move it into the batch keeping its "+
			"id, replace the %s's resource block with a removed block (Terraform 1.7 or later) whose from is that block's address "+
			"and which sets lifecycle { destroy = false }, so that Terraform forgets it without deleting it, and plan again: the batch "+
			"then takes it over with its id. (The guide \"Moving between single resources and ardoq_batch\" shows the whole move.)",
			what, item, single.Resource)
	}
	return "Entity Moves Out of ardoq_batch but This Plan Deletes It", fmt.Sprintf("This plan deletes %s (%q, id %s), and %s keeps or "+
		"imports the same entity. Applying would delete it in Ardoq and leave the %s holding an id that no longer exists.\n\nAn item "+
		"removed from an ardoq_batch is deleted. To move items out of the batch keeping their ids, take the batch out of Terraform "+
		"without deleting anything: replace its resource block with a removed block (Terraform 1.7 or later) whose from is the "+
		"batch's address and which sets lifecycle { destroy = false }; import what stays managed into resources of their own with import blocks, and manage the "+
		"rest in a new ardoq_batch that adopts or imports it. (The guide \"Moving between single resources and ardoq_batch\" shows "+
		"the whole move.)", item, batch.Name, id, single.Resource, single.Resource)
}
