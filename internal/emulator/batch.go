package emulator

import (
	"bytes"
	"encoding/json"
	"net/http"
)

// batchRun executes one batch request against a working copy of the store.
type batchRun struct {
	st, pre     *store
	w           *writer
	req         *batchRequest
	batchIDs    map[string]string // batchId -> OID, "" until created
	compAliases map[string]string
	refAliases  map[string]string
	created     map[string]bool
	deleted     map[string]bool // ids removed by this batch (explicitly or by cascade)
	resp        batchResponse
	// expansions of match deletes into id deletes, for /batch/expand
	compDeletes, refDeletes []deleteOp
}

func (s *Server) batch(w http.ResponseWriter, r *http.Request) {
	req, err := s.decodeBatch(r)
	if err != nil {
		writeError(w, err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	run, err := s.runBatch(req)
	if err != nil {
		writeError(w, err)
		return
	}
	run.st.journal = s.st.journal.commit(run.st.journal) // its changes join the journal only now
	s.st = run.st                                        // the swap: nothing of a failed batch is ever visible
	writeJSON(w, http.StatusOK, run.response(req.Options != nil && req.Options.RespondWithEntities))
}

func (s *Server) expandBatch(w http.ResponseWriter, r *http.Request) {
	req, err := s.decodeBatch(r)
	if err != nil {
		writeError(w, err)
		return
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	run, err := s.runBatch(req)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, run.expanded())
}

func (s *Server) decodeBatch(r *http.Request) (*batchRequest, error) {
	var req batchRequest
	raw, err := decodeBody(r)
	if err != nil {
		return nil, err
	}
	b, _ := json.Marshal(raw)
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return nil, badRequest("batch request does not match the BatchRequest schema: %s", err.Error())
	}
	if n := req.Components.count() + req.References.count(); s.opts.maxBatchOps > 0 && n > s.opts.maxBatchOps {
		return nil, newError(http.StatusRequestEntityTooLarge, "batch-too-large",
			"batch has %d operations; at most %d are allowed in one request: split it", n, s.opts.maxBatchOps)
	}
	return &req, nil
}

// runBatch applies every operation to a copy of the store, in the order: aliases, component
// creates/upserts (parents first), component updates, reference creates/upserts, reference updates,
// reference deletes, component deletes. The first failure aborts with an error naming the operation.
func (s *Server) runBatch(req *batchRequest) (*batchRun, error) {
	b := &batchRun{st: s.st.clone(), pre: s.st, req: req, batchIDs: map[string]string{}, compAliases: map[string]string{},
		refAliases: map[string]string{}, created: map[string]bool{}, deleted: map[string]bool{}}
	b.w = s.writer(b.st)
	b.w.resolve = b.resolveComponent
	comps, refs := groupOrEmpty(req.Components), groupOrEmpty(req.References)
	steps := []func() error{
		func() error { return b.declareBatchIDs(comps, refs) },
		b.resolveAliases,
		func() error { return b.placeComponents(comps) },
		func() error { return b.updateComponents(comps.Update) },
		func() error { return b.placeReferences(refs) },
		func() error { return b.updateReferences(refs.Update) },
		func() error { return b.deleteReferences(refs.Delete) },
		func() error { return b.deleteComponents(comps.Delete) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return b, nil
}
