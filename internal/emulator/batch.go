package emulator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
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
	s.st = run.st // the swap: nothing of a failed batch is ever visible
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

func (b *batchRun) resolveComponent(ref string) string {
	if id := b.batchIDs[ref]; id != "" {
		return id
	}
	if id, ok := b.compAliases[ref]; ok {
		return id
	}
	return ref
}

func (b *batchRun) resolveReference(ref string) string {
	if id := b.batchIDs[ref]; id != "" {
		return id
	}
	if id, ok := b.refAliases[ref]; ok {
		return id
	}
	return ref
}

func (b *batchRun) declareBatchIDs(comps, refs *opsGroup) error {
	declare := func(path, id string) error {
		if id == "" {
			return nil
		}
		if _, dup := b.batchIDs[id]; dup {
			return badRequest("%s: batchId %q is used more than once in the request", path, id)
		}
		b.batchIDs[id] = ""
		return nil
	}
	for kind, g := range map[string]*opsGroup{"components": comps, "references": refs} {
		for i, op := range g.Create {
			if err := declare(fmt.Sprintf("%s.create[%d]", kind, i), op.BatchID); err != nil {
				return err
			}
		}
		for i, op := range g.Upsert {
			if err := declare(fmt.Sprintf("%s.upsert[%d]", kind, i), op.BatchID); err != nil {
				return err
			}
		}
	}
	return nil
}

func (b *batchRun) resolveAliases() error {
	if b.req.Aliases == nil {
		return nil
	}
	for _, name := range sortedKeys(b.req.Aliases.Components) {
		path := "aliases.components." + name
		q, err := b.componentCriteria(b.req.Aliases.Components[name], []string{"rootWorkspace", "name", "componentKey", "customFields"})
		if err != nil {
			return prefixed(path, err)
		}
		found := b.pre.findComponents(q)
		if len(found) != 1 {
			return badRequest("%s: matches %d components; an alias must match exactly one existing component", path, len(found))
		}
		b.compAliases[name] = found[0].ID
	}
	for _, name := range sortedKeys(b.req.Aliases.References) {
		path := "aliases.references." + name
		q, err := b.referenceCriteria(b.req.Aliases.References[name], []string{"rootWorkspace", "source", "target", "type", "customFields"})
		if err != nil {
			return prefixed(path, err)
		}
		found := b.pre.findReferences(q)
		if len(found) != 1 {
			return badRequest("%s: matches %d references; an alias must match exactly one existing reference", path, len(found))
		}
		b.refAliases[name] = found[0].ID
	}
	return nil
}

// componentCriteria turns an alias or match object into a query.
func (b *batchRun) componentCriteria(crit map[string]any, allowed []string) (query, error) {
	if len(crit) == 0 {
		return nil, badRequest("criteria must not be empty")
	}
	var q query
	ws, _ := crit["rootWorkspace"].(string)
	for _, key := range sortedKeys(crit) {
		if !contains(allowed, key) {
			return nil, badRequest("unknown criterion %q (allowed: %s)", key, strings.Join(allowed, ", "))
		}
		if key == "customFields" {
			cfq, err := b.customFieldCriteria(crit[key], ws)
			if err != nil {
				return nil, err
			}
			q = append(q, cfq...)
			continue
		}
		v, ok := crit[key].(string)
		if !ok {
			return nil, badRequest("%s must be a string", key)
		}
		q = append(q, condition{field: key, value: v})
	}
	return q, nil
}

func (b *batchRun) referenceCriteria(crit map[string]any, allowed []string) (query, error) {
	if len(crit) == 0 {
		return nil, badRequest("criteria must not be empty")
	}
	var q query
	ws, _ := crit["rootWorkspace"].(string)
	for _, key := range sortedKeys(crit) {
		if !contains(allowed, key) {
			return nil, badRequest("unknown criterion %q (allowed: %s)", key, strings.Join(allowed, ", "))
		}
		switch key {
		case "customFields":
			cfq, err := b.customFieldCriteria(crit[key], ws)
			if err != nil {
				return nil, err
			}
			q = append(q, cfq...)
		case "type":
			t, err := integer(crit[key], "type")
			if err != nil {
				return nil, err
			}
			q = append(q, condition{field: key, value: strconv.FormatInt(t, 10)})
		default:
			v, ok := crit[key].(string)
			if !ok {
				return nil, badRequest("%s must be a string", key)
			}
			if key == "source" || key == "target" {
				v = b.resolveComponent(v)
			}
			q = append(q, condition{field: key, value: v})
		}
	}
	return q, nil
}

func (b *batchRun) customFieldCriteria(raw any, ws string) (query, error) {
	m, ok := raw.(map[string]any)
	if !ok {
		return nil, badRequest("customFields must be an object of field API keys to string values")
	}
	var q query
	for _, k := range sortedKeys(m) {
		s, ok := m[k].(string)
		if !ok {
			return nil, badRequest("customFields.%s must be a string (it is interpreted by the field's type)", k)
		}
		c, err := b.st.customFieldCondition(k, s, ws)
		if err != nil {
			return nil, err
		}
		q = append(q, c)
	}
	return q, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// placement is a component create or upsert, ordered so that parents given as batchIds come first.
type placement struct {
	path     string
	batchID  string
	uniqueBy []string
	body     any
	upsert   bool
}

func (b *batchRun) placeComponents(g *opsGroup) error {
	var ops []placement
	for i, op := range g.Create {
		ops = append(ops, placement{path: fmt.Sprintf("components.create[%d]", i), batchID: op.BatchID, body: op.Body})
	}
	for i, op := range g.Upsert {
		ops = append(ops, placement{path: fmt.Sprintf("components.upsert[%d]", i), batchID: op.BatchID, body: op.Body, uniqueBy: op.UniqueBy, upsert: true})
	}
	order, err := parentOrder(ops)
	if err != nil {
		return err
	}
	for _, op := range order {
		doc, err := parseComponentDoc(op.body, true)
		if err != nil {
			return prefixed(op.path, err)
		}
		var id string
		if op.upsert {
			id, err = b.upsertComponent(op, doc)
		} else {
			var c *Component
			if c, err = b.w.createComponent(doc); err == nil {
				id = c.ID
				b.created[id] = true
				b.resp.Components.Created = append(b.resp.Components.Created, createdResult{ID: id, BatchID: op.batchID})
			}
		}
		if err != nil {
			return prefixed(op.path, err)
		}
		if op.batchID != "" {
			b.batchIDs[op.batchID] = id
		}
	}
	return nil
}

// parentOrder sorts placements so that an operation whose parent is another operation's batchId comes
// after it; a cycle is an error.
func parentOrder(ops []placement) ([]placement, error) {
	byBatchID := map[string]int{}
	for i, op := range ops {
		if op.batchID != "" {
			byBatchID[op.batchID] = i
		}
	}
	state := make([]int, len(ops)) // 0 new, 1 visiting, 2 done
	out := make([]placement, 0, len(ops))
	var visit func(i int) error
	visit = func(i int) error {
		switch state[i] {
		case 1:
			return badRequest("%s: parent batchIds form a cycle", ops[i].path)
		case 2:
			return nil
		}
		state[i] = 1
		if body, ok := ops[i].body.(map[string]any); ok {
			if p, ok := body["parent"].(string); ok {
				if j, ok := byBatchID[p]; ok {
					if err := visit(j); err != nil {
						return err
					}
				}
			}
		}
		state[i] = 2
		out = append(out, ops[i])
		return nil
	}
	for i := range ops {
		if err := visit(i); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (b *batchRun) upsertComponent(op placement, doc componentDoc) (string, error) {
	if len(op.uniqueBy) == 0 {
		return "", badRequest("uniqueBy must name at least one property")
	}
	var q query
	for _, p := range op.uniqueBy {
		c, err := b.componentUniqueCondition(p, doc)
		if err != nil {
			return "", err
		}
		q = append(q, c)
	}
	var matches []*Component
	for _, c := range b.st.findComponents(q) {
		if !b.created[c.ID] {
			matches = append(matches, c)
		}
	}
	switch len(matches) {
	case 0:
		c, err := b.w.createComponent(doc)
		if err != nil {
			return "", err
		}
		b.created[c.ID] = true
		b.resp.Components.Created = append(b.resp.Components.Created, createdResult{ID: c.ID, BatchID: op.batchID})
		return c.ID, nil
	case 1:
		cur := matches[0]
		if cur.TypeID != doc.typeID || cur.RootWorkspace != doc.rootWorkspace {
			return "", badRequest("uniqueBy matches component %q, whose typeId and rootWorkspace cannot be changed to the body's", cur.ID)
		}
		delete(doc.set, "typeId")
		delete(doc.set, "rootWorkspace")
		c, err := b.w.updateComponent(cur.ID, versionMatch{latest: true}, doc)
		if err != nil {
			return "", err
		}
		b.resp.Components.Updated = append(b.resp.Components.Updated, updatedResult{ID: c.ID})
		return c.ID, nil
	default:
		return "", badRequest("uniqueBy %v matches %d components; it must match at most one", op.uniqueBy, len(matches))
	}
}

func (b *batchRun) componentUniqueCondition(path string, doc componentDoc) (condition, error) {
	if key, ok := strings.CutPrefix(path, "customFields."); ok {
		v, present := doc.customFields[key]
		if !present || v == nil {
			return condition{}, badRequest("uniqueBy %q: the body has no value for customFields.%s", path, key)
		}
		return condition{field: key, value: canon(normaliseValue(v)), cf: true}, nil
	}
	switch path {
	case "rootWorkspace":
		return condition{field: path, value: doc.rootWorkspace}, nil
	case "name":
		return condition{field: path, value: doc.name}, nil
	case "typeId":
		return condition{field: path, value: doc.typeID}, nil
	case "parent":
		if doc.parent == nil {
			return condition{}, badRequest("uniqueBy %q: the body has no parent", path)
		}
		return condition{field: path, value: b.resolveComponent(*doc.parent)}, nil
	}
	return condition{}, badRequest("uniqueBy %q is not supported for components; use rootWorkspace, name, typeId, parent or customFields.<apiKey>", path)
}

func normaliseValue(v any) any {
	if n, ok := toFloat(v); ok {
		return n
	}
	return v
}

func (b *batchRun) updateComponents(ops []updateOp) error {
	for i, op := range ops {
		path := fmt.Sprintf("components.update[%d]", i)
		vm, err := parseVersionJSON(op.IfVersionMatch)
		if err != nil {
			return prefixed(path, err)
		}
		doc, err := parseComponentDoc(op.Body, false)
		if err != nil {
			return prefixed(path, err)
		}
		c, err := b.w.updateComponent(b.resolveComponent(op.ID), vm, doc)
		if err != nil {
			return prefixed(path, err)
		}
		b.resp.Components.Updated = append(b.resp.Components.Updated, updatedResult{ID: c.ID})
	}
	return nil
}

func (b *batchRun) placeReferences(g *opsGroup) error {
	for i, op := range g.Create {
		path := fmt.Sprintf("references.create[%d]", i)
		doc, err := parseReferenceDoc(op.Body, true)
		if err != nil {
			return prefixed(path, err)
		}
		r, err := b.w.createReference(doc)
		if err != nil {
			return prefixed(path, err)
		}
		b.created[r.ID] = true
		b.resp.References.Created = append(b.resp.References.Created, createdResult{ID: r.ID, BatchID: op.BatchID})
		if op.BatchID != "" {
			b.batchIDs[op.BatchID] = r.ID
		}
	}
	for i, op := range g.Upsert {
		path := fmt.Sprintf("references.upsert[%d]", i)
		if err := b.upsertReference(op); err != nil {
			return prefixed(path, err)
		}
	}
	return nil
}

func (b *batchRun) upsertReference(op upsertOp) error {
	doc, err := parseReferenceDoc(op.Body, true)
	if err != nil {
		return err
	}
	if len(op.UniqueBy) == 0 {
		return badRequest("uniqueBy must name at least one property")
	}
	var q query
	for _, p := range op.UniqueBy {
		c, err := b.referenceUniqueCondition(p, doc)
		if err != nil {
			return err
		}
		q = append(q, c)
	}
	var matches []*Reference
	for _, r := range b.st.findReferences(q) {
		if !b.created[r.ID] {
			matches = append(matches, r)
		}
	}
	var id string
	switch len(matches) {
	case 0:
		r, err := b.w.createReference(doc)
		if err != nil {
			return err
		}
		id = r.ID
		b.created[id] = true
		b.resp.References.Created = append(b.resp.References.Created, createdResult{ID: id, BatchID: op.BatchID})
	case 1:
		if matches[0].Type != doc.typ {
			return badRequest("uniqueBy matches reference %q, whose type cannot be changed", matches[0].ID)
		}
		delete(doc.set, "type")
		r, err := b.w.updateReference(matches[0].ID, versionMatch{latest: true}, doc)
		if err != nil {
			return err
		}
		id = r.ID
		b.resp.References.Updated = append(b.resp.References.Updated, updatedResult{ID: id})
	default:
		return badRequest("uniqueBy %v matches %d references; it must match at most one", op.UniqueBy, len(matches))
	}
	if op.BatchID != "" {
		b.batchIDs[op.BatchID] = id
	}
	return nil
}

func (b *batchRun) referenceUniqueCondition(path string, doc referenceDoc) (condition, error) {
	if key, ok := strings.CutPrefix(path, "customFields."); ok {
		v, present := doc.customFields[key]
		if !present || v == nil {
			return condition{}, badRequest("uniqueBy %q: the body has no value for customFields.%s", path, key)
		}
		return condition{field: key, value: canon(normaliseValue(v)), cf: true}, nil
	}
	switch path {
	case "source.rootWorkspace", "rootWorkspace":
		src, ok := b.st.components[b.resolveComponent(doc.source)]
		if !ok {
			return condition{}, badRequest("source: component %q does not exist", doc.source)
		}
		return condition{field: "rootWorkspace", value: src.RootWorkspace}, nil
	case "source":
		return condition{field: path, value: b.resolveComponent(doc.source)}, nil
	case "target":
		return condition{field: path, value: b.resolveComponent(doc.target)}, nil
	case "type":
		return condition{field: path, value: strconv.FormatInt(doc.typ, 10)}, nil
	}
	return condition{}, badRequest("uniqueBy %q is not supported for references; use source.rootWorkspace, source, target, type or customFields.<apiKey>", path)
}

func (b *batchRun) updateReferences(ops []updateOp) error {
	for i, op := range ops {
		path := fmt.Sprintf("references.update[%d]", i)
		vm, err := parseVersionJSON(op.IfVersionMatch)
		if err != nil {
			return prefixed(path, err)
		}
		doc, err := parseReferenceDoc(op.Body, false)
		if err != nil {
			return prefixed(path, err)
		}
		r, err := b.w.updateReference(b.resolveReference(op.ID), vm, doc)
		if err != nil {
			return prefixed(path, err)
		}
		b.resp.References.Updated = append(b.resp.References.Updated, updatedResult{ID: r.ID})
	}
	return nil
}

func (b *batchRun) deleteReferences(ops []deleteOp) error {
	for i, op := range ops {
		path := fmt.Sprintf("references.delete[%d]", i)
		ids, err := b.deleteTargets(op, func(crit map[string]any) ([]string, error) {
			q, err := b.referenceCriteria(crit, []string{"rootWorkspace", "targetWorkspace", "source", "target", "type", "customFields"})
			if err != nil {
				return nil, err
			}
			var ids []string
			for _, r := range b.st.findReferences(q) {
				ids = append(ids, r.ID)
			}
			return ids, nil
		}, b.resolveReference, "reference", func(id string) bool { return b.st.references[id] != nil })
		if err != nil {
			return prefixed(path, err)
		}
		for _, id := range ids {
			b.st.deleteReference(id)
			b.deleted[id] = true
			b.resp.References.Deleted = append(b.resp.References.Deleted, deletedResult{ID: id})
			b.refDeletes = append(b.refDeletes, deleteOp{ID: id})
		}
	}
	return nil
}

func (b *batchRun) deleteComponents(ops []deleteOp) error {
	for i, op := range ops {
		path := fmt.Sprintf("components.delete[%d]", i)
		ids, err := b.deleteTargets(op, func(crit map[string]any) ([]string, error) {
			q, err := b.componentCriteria(crit, []string{"rootWorkspace", "name", "typeId", "componentKey", "customFields"})
			if err != nil {
				return nil, err
			}
			var ids []string
			for _, c := range b.st.findComponents(q) {
				ids = append(ids, c.ID)
			}
			return ids, nil
		}, b.resolveComponent, "component", func(id string) bool { return b.st.components[id] != nil })
		if err != nil {
			return prefixed(path, err)
		}
		for _, id := range ids {
			b.removeComponentTree(id)
			b.resp.Components.Deleted = append(b.resp.Components.Deleted, deletedResult{ID: id})
			b.compDeletes = append(b.compDeletes, deleteOp{ID: id})
		}
	}
	return nil
}

// deleteTargets resolves a delete operation to ids: an id (which must exist, or have been removed by an
// earlier cascade in this batch) or a match of zero or more entities.
func (b *batchRun) deleteTargets(op deleteOp, match func(map[string]any) ([]string, error), resolve func(string) string, noun string, exists func(string) bool) ([]string, error) {
	switch {
	case op.ID != "" && op.Match != nil:
		return nil, badRequest("give either id or match, not both")
	case op.Match != nil:
		return match(op.Match)
	case op.ID == "":
		return nil, badRequest("id or match is required")
	}
	id := resolve(op.ID)
	if exists(id) {
		return []string{id}, nil
	}
	if b.deleted[id] {
		return []string{id}, nil // removed by an earlier cascade in this batch; still reported as deleted
	}
	return nil, notFound("%s %q does not exist", noun, op.ID)
}

// removeComponentTree deletes a component with the usual cascade, remembering everything that went so
// later deletes of descendants in the same batch succeed.
func (b *batchRun) removeComponentTree(id string) {
	for _, gone := range b.st.deleteComponent(id) {
		b.deleted[gone] = true
	}
}

func (b *batchRun) response(withEntities bool) batchResponse {
	resp := b.resp
	for _, k := range []*kindResults{&resp.Components, &resp.References} {
		if k.Created == nil {
			k.Created = []createdResult{}
		}
		if k.Updated == nil {
			k.Updated = []updatedResult{}
		}
		if k.Deleted == nil {
			k.Deleted = []deletedResult{}
		}
	}
	if withEntities {
		for i, c := range resp.Components.Created {
			resp.Components.Created[i].Body = b.entity(c.ID)
		}
		for i, u := range resp.Components.Updated {
			resp.Components.Updated[i].Body = b.entity(u.ID)
		}
		for i, c := range resp.References.Created {
			resp.References.Created[i].Body = b.entity(c.ID)
		}
		for i, u := range resp.References.Updated {
			resp.References.Updated[i].Body = b.entity(u.ID)
		}
	}
	return resp
}

func (b *batchRun) entity(id string) any {
	if c, ok := b.st.components[id]; ok {
		return c
	}
	if r, ok := b.st.references[id]; ok {
		return r
	}
	return nil
}

// expanded returns the request with aliases replaced by OIDs and match deletes by id deletes.
func (b *batchRun) expanded() batchRequest {
	out := batchRequest{Options: b.req.Options}
	sub := func(body any, keys ...string) any {
		m, ok := body.(map[string]any)
		if !ok {
			return body
		}
		c := make(map[string]any, len(m))
		for k, v := range m {
			c[k] = v
		}
		for _, k := range keys {
			if s, ok := c[k].(string); ok {
				if id, isAlias := b.compAliases[s]; isAlias {
					c[k] = id
				}
			}
		}
		return c
	}
	if g := b.req.Components; g != nil {
		e := &opsGroup{}
		for _, op := range g.Create {
			e.Create = append(e.Create, createOp{BatchID: op.BatchID, Body: sub(op.Body, "parent")})
		}
		for _, op := range g.Upsert {
			e.Upsert = append(e.Upsert, upsertOp{UniqueBy: op.UniqueBy, BatchID: op.BatchID, Body: sub(op.Body, "parent")})
		}
		for _, op := range g.Update {
			id := op.ID
			if a, ok := b.compAliases[id]; ok {
				id = a
			}
			e.Update = append(e.Update, updateOp{ID: id, IfVersionMatch: op.IfVersionMatch, Body: sub(op.Body, "parent")})
		}
		e.Delete = b.compDeletes
		out.Components = e
	}
	if g := b.req.References; g != nil {
		e := &opsGroup{}
		for _, op := range g.Create {
			e.Create = append(e.Create, createOp{BatchID: op.BatchID, Body: sub(op.Body, "source", "target")})
		}
		for _, op := range g.Upsert {
			e.Upsert = append(e.Upsert, upsertOp{UniqueBy: op.UniqueBy, BatchID: op.BatchID, Body: sub(op.Body, "source", "target")})
		}
		for _, op := range g.Update {
			id := op.ID
			if a, ok := b.refAliases[id]; ok {
				id = a
			}
			e.Update = append(e.Update, updateOp{ID: id, IfVersionMatch: op.IfVersionMatch, Body: sub(op.Body, "source", "target")})
		}
		e.Delete = b.refDeletes
		out.References = e
	}
	return out
}
