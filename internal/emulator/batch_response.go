package emulator

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
