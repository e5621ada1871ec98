package client

import (
	"context"
	"net/http"
)

// BatchRequest is the body of POST /batch and /batch/expand.
type BatchRequest struct {
	Options    *BatchOptions        `json:"options,omitempty"`
	Aliases    *BatchAliases        `json:"aliases,omitempty"`
	Components *ComponentOperations `json:"components,omitempty"`
	References *ReferenceOperations `json:"references,omitempty"`
}

// BatchOptions are the request's options.
type BatchOptions struct {
	RespondWithEntities bool `json:"respondWithEntities"`
}

// BatchAliases name existing entities by criteria; each must match exactly one.
type BatchAliases struct {
	Components map[string]Criteria `json:"components,omitempty"`
	References map[string]Criteria `json:"references,omitempty"`
}

// Criteria is an alias or match object (rootWorkspace, name, componentKey, typeId, source, target, type,
// customFields ...), kept as a map because each position allows different members.
type Criteria map[string]any

// ComponentOperations are the component operations of a batch.
type ComponentOperations struct {
	Create []ComponentCreateOp `json:"create,omitempty"`
	Upsert []ComponentUpsertOp `json:"upsert,omitempty"`
	Update []ComponentUpdateOp `json:"update,omitempty"`
	Delete []DeleteOp          `json:"delete,omitempty"`
}

// ComponentCreateOp creates a component; BatchID lets later operations refer to it.
type ComponentCreateOp struct {
	BatchID string          `json:"batchId,omitempty"`
	Body    ComponentCreate `json:"body"`
}

// ComponentUpsertOp updates the one component matching UniqueBy, or creates one if none does.
type ComponentUpsertOp struct {
	UniqueBy []string        `json:"uniqueBy"`
	BatchID  string          `json:"batchId,omitempty"`
	Body     ComponentCreate `json:"body"`
}

// ComponentUpdateOp patches a component (ID is an OID or alias). IfVersionMatch is an int64 or "latest".
type ComponentUpdateOp struct {
	ID             string          `json:"id"`
	IfVersionMatch any             `json:"ifVersionMatch"`
	Body           ComponentUpdate `json:"body"`
}

// ReferenceOperations are the reference operations of a batch.
type ReferenceOperations struct {
	Create []ReferenceCreateOp `json:"create,omitempty"`
	Upsert []ReferenceUpsertOp `json:"upsert,omitempty"`
	Update []ReferenceUpdateOp `json:"update,omitempty"`
	Delete []DeleteOp          `json:"delete,omitempty"`
}

// ReferenceCreateOp creates a reference.
type ReferenceCreateOp struct {
	BatchID string          `json:"batchId,omitempty"`
	Body    ReferenceCreate `json:"body"`
}

// ReferenceUpsertOp updates the one reference matching UniqueBy, or creates one.
type ReferenceUpsertOp struct {
	UniqueBy []string        `json:"uniqueBy"`
	BatchID  string          `json:"batchId,omitempty"`
	Body     ReferenceCreate `json:"body"`
}

// ReferenceUpdateOp patches a reference.
type ReferenceUpdateOp struct {
	ID             string          `json:"id"`
	IfVersionMatch any             `json:"ifVersionMatch"`
	Body           ReferenceUpdate `json:"body"`
}

// DeleteOp deletes by ID (OID or alias) or every entity matching Match.
type DeleteOp struct {
	ID    string   `json:"id,omitempty"`
	Match Criteria `json:"match,omitempty"`
}

// BatchResponse lists what a batch created, updated and deleted.
type BatchResponse struct {
	Components ComponentResults `json:"components"`
	References ReferenceResults `json:"references"`
}

// ComponentResults are the component outcomes; Body is set with respondWithEntities.
type ComponentResults struct {
	Created []Created[Component] `json:"created"`
	Updated []Updated[Component] `json:"updated"`
	Deleted []Deleted            `json:"deleted"`
}

// ReferenceResults are the reference outcomes.
type ReferenceResults struct {
	Created []Created[Reference] `json:"created"`
	Updated []Updated[Reference] `json:"updated"`
	Deleted []Deleted            `json:"deleted"`
}

// Created is an entity a batch created, with the batchId its operation gave.
type Created[T any] struct {
	ID      string `json:"id"`
	BatchID string `json:"batchId"`
	Body    *T     `json:"body"`
}

// Updated is an entity a batch updated (or an upsert matched).
type Updated[T any] struct {
	ID   string `json:"id"`
	Body *T     `json:"body"`
}

// Deleted is an entity a batch deleted.
type Deleted struct {
	ID string `json:"id"`
}

// Batch runs every operation in one transaction: all succeed, or the request fails and nothing changes.
// It is retried only when the server certainly did not act (429, or 503 with Retry-After).
func (c *Client) Batch(ctx context.Context, req BatchRequest) (*BatchResponse, error) {
	var out BatchResponse
	return &out, c.do(ctx, request{method: http.MethodPost, path: "/batch", body: req, class: unsafe, out: &out})
}

// ExpandBatch validates a batch without executing it and returns it expanded (aliases replaced by ids).
// Nothing is changed, so it is retried like a read.
func (c *Client) ExpandBatch(ctx context.Context, req BatchRequest) (*BatchRequest, error) {
	var out BatchRequest
	return &out, c.do(ctx, request{method: http.MethodPost, path: "/batch/expand", body: req, class: idempotent, readOnly: true, out: &out})
}
