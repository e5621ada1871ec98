package emulator

// Wire shapes of POST /batch and /batch/expand.

type batchRequest struct {
	Options    *batchOptions `json:"options,omitempty"`
	Aliases    *batchAliases `json:"aliases,omitempty"`
	Components *opsGroup     `json:"components,omitempty"`
	References *opsGroup     `json:"references,omitempty"`
}

type batchOptions struct {
	RespondWithEntities bool `json:"respondWithEntities"`
}

type batchAliases struct {
	Components map[string]map[string]any `json:"components,omitempty"`
	References map[string]map[string]any `json:"references,omitempty"`
}

type opsGroup struct {
	Create []createOp `json:"create,omitempty"`
	Upsert []upsertOp `json:"upsert,omitempty"`
	Update []updateOp `json:"update,omitempty"`
	Delete []deleteOp `json:"delete,omitempty"`
}

type createOp struct {
	BatchID string `json:"batchId,omitempty"`
	Body    any    `json:"body"`
}

type upsertOp struct {
	UniqueBy []string `json:"uniqueBy"`
	BatchID  string   `json:"batchId,omitempty"`
	Body     any      `json:"body"`
}

type updateOp struct {
	ID             string `json:"id"`
	IfVersionMatch any    `json:"ifVersionMatch"`
	Body           any    `json:"body"`
}

type deleteOp struct {
	ID    string         `json:"id,omitempty"`
	Match map[string]any `json:"match,omitempty"`
}

type batchResponse struct {
	Components kindResults `json:"components"`
	References kindResults `json:"references"`
}

type kindResults struct {
	Created []createdResult `json:"created"`
	Updated []updatedResult `json:"updated"`
	Deleted []deletedResult `json:"deleted"`
}

type createdResult struct {
	ID      string `json:"id"`
	BatchID string `json:"batchId,omitempty"`
	Body    any    `json:"body,omitempty"`
}

type updatedResult struct {
	ID   string `json:"id"`
	Body any    `json:"body,omitempty"`
}

type deletedResult struct {
	ID string `json:"id"`
}

func (g *opsGroup) count() int {
	if g == nil {
		return 0
	}
	return len(g.Create) + len(g.Upsert) + len(g.Update) + len(g.Delete)
}

func groupOrEmpty(g *opsGroup) *opsGroup {
	if g == nil {
		return &opsGroup{}
	}
	return g
}
