package emulator

import "strconv"

// store is the in-memory org. Entities are never changed in place: a write stores a new copy, so clone
// (used by batch to work on a copy and swap on success) only copies maps and indexes.
type store struct {
	org         Org
	user        User
	models      map[string]*Model
	workspaces  map[string]*Workspace
	tags        map[string][]string
	components  map[string]*Component
	references  map[string]*Reference
	attachments map[string]*Attachment
	reports     map[string]*Report
	keySeq      map[string]int64
	rev         uint64   // counts the writes to entities; list results are cached per revision
	journal     *journal // the changes since the server started (journal.go); nil while a seed loads

	compByWS     index
	compByParent index
	compByKey    index
	compByCF     index
	refBySource  index
	refByTarget  index
	refByWS      index
	refByTargetW index
	refByCF      index
}

func newStore() *store {
	return &store{
		models: map[string]*Model{}, workspaces: map[string]*Workspace{}, tags: map[string][]string{},
		components: map[string]*Component{}, references: map[string]*Reference{},
		attachments: map[string]*Attachment{}, reports: map[string]*Report{}, keySeq: map[string]int64{},
		compByWS: index{}, compByParent: index{}, compByKey: index{}, compByCF: index{},
		refBySource: index{}, refByTarget: index{}, refByWS: index{}, refByTargetW: index{}, refByCF: index{},
	}
}

func (s *store) clone() *store {
	c := *s
	c.components = make(map[string]*Component, len(s.components))
	for k, v := range s.components {
		c.components[k] = v
	}
	c.references = make(map[string]*Reference, len(s.references))
	for k, v := range s.references {
		c.references[k] = v
	}
	c.keySeq = make(map[string]int64, len(s.keySeq))
	for k, v := range s.keySeq {
		c.keySeq[k] = v
	}
	c.compByWS, c.compByParent, c.compByKey, c.compByCF = s.compByWS.clone(), s.compByParent.clone(), s.compByKey.clone(), s.compByCF.clone()
	c.refBySource, c.refByTarget, c.refByWS = s.refBySource.clone(), s.refByTarget.clone(), s.refByWS.clone()
	c.refByTargetW, c.refByCF = s.refByTargetW.clone(), s.refByCF.clone()
	if s.journal != nil {
		c.journal = s.journal.stage() // committed to s.journal only if the copy is swapped in
	}
	return &c
}

func (s *store) modelOf(workspaceID string) *Model {
	ws, ok := s.workspaces[workspaceID]
	if !ok {
		return nil
	}
	return s.models[ws.ComponentModel]
}

func (s *store) putComponent(c *Component) {
	s.rev++
	kind := changeCreated
	if old, ok := s.components[c.ID]; ok {
		s.unindexComponent(old)
		kind = changeUpdated
	}
	s.record(kind, c, nil, "")
	s.components[c.ID] = c
	s.compByWS.add(c.RootWorkspace, c.ID)
	if c.Parent != nil {
		s.compByParent.add(*c.Parent, c.ID)
	}
	s.compByKey.add(c.ComponentKey, c.ID)
	for k, v := range c.CustomFields {
		for _, key := range cfIndexKeys(k, v) {
			s.compByCF.add(key, c.ID)
		}
	}
}

func (s *store) unindexComponent(c *Component) {
	s.compByWS.remove(c.RootWorkspace, c.ID)
	if c.Parent != nil {
		s.compByParent.remove(*c.Parent, c.ID)
	}
	s.compByKey.remove(c.ComponentKey, c.ID)
	for k, v := range c.CustomFields {
		for _, key := range cfIndexKeys(k, v) {
			s.compByCF.remove(key, c.ID)
		}
	}
}

func (s *store) putReference(r *Reference) {
	s.rev++
	kind := changeCreated
	if old, ok := s.references[r.ID]; ok {
		s.unindexReference(old)
		kind = changeUpdated
	}
	s.record(kind, nil, r, "")
	s.references[r.ID] = r
	s.refBySource.add(r.Source, r.ID)
	s.refByTarget.add(r.Target, r.ID)
	s.refByWS.add(r.RootWorkspace, r.ID)
	s.refByTargetW.add(r.TargetWorkspace, r.ID)
	for k, v := range r.CustomFields {
		for _, key := range cfIndexKeys(k, v) {
			s.refByCF.add(key, r.ID)
		}
	}
}

func (s *store) unindexReference(r *Reference) {
	s.refBySource.remove(r.Source, r.ID)
	s.refByTarget.remove(r.Target, r.ID)
	s.refByWS.remove(r.RootWorkspace, r.ID)
	s.refByTargetW.remove(r.TargetWorkspace, r.ID)
	for k, v := range r.CustomFields {
		for _, key := range cfIndexKeys(k, v) {
			s.refByCF.remove(key, r.ID)
		}
	}
}

// deleteReference removes a reference a request or control named or matched.
func (s *store) deleteReference(id string) bool {
	r := s.removeReference(id)
	if r == nil {
		return false
	}
	s.record(changeDeleted, nil, r, "")
	return true
}

// removeReference removes a reference without recording why, and returns it (nil if there is none).
func (s *store) removeReference(id string) *Reference {
	r, ok := s.references[id]
	if !ok {
		return nil
	}
	s.rev++
	s.unindexReference(r)
	delete(s.references, id)
	return r
}

// deleteComponent removes a component, its descendants and every reference touching any of them, and
// returns the ids of everything removed (none when the component does not exist).
func (s *store) deleteComponent(id string) []string {
	if _, ok := s.components[id]; !ok {
		return nil
	}
	s.rev++
	doomed := []string{id}
	for i := 0; i < len(doomed); i++ {
		for child := range s.compByParent[doomed[i]] {
			doomed = append(doomed, child)
		}
	}
	removed := append([]string(nil), doomed...)
	var refs []*Reference
	for _, cid := range doomed {
		for _, ix := range []index{s.refBySource, s.refByTarget} {
			for rid := range ix[cid] {
				if r := s.removeReference(rid); r != nil {
					removed = append(removed, rid)
					refs = append(refs, r)
				}
			}
		}
	}
	for _, cid := range doomed { // the journal: the component named, then what went with it
		c := s.components[cid]
		s.unindexComponent(c)
		delete(s.components, cid)
		if cid == id {
			s.record(changeDeleted, c, nil, "")
		} else {
			s.record(changeCascaded, c, nil, id)
		}
	}
	for _, r := range refs {
		s.record(changeCascaded, nil, r, id)
	}
	return removed
}

// isDescendant reports whether candidate is id itself or lies below it in the hierarchy.
func (s *store) isDescendant(candidate, id string) bool {
	for cur := candidate; cur != ""; {
		if cur == id {
			return true
		}
		c, ok := s.components[cur]
		if !ok || c.Parent == nil {
			return false
		}
		cur = *c.Parent
	}
	return false
}

func (s *store) nextComponentKey(workspaceID string) string {
	s.keySeq[workspaceID]++
	return s.workspaces[workspaceID].WorkspaceKey + "-" + strconv.FormatInt(s.keySeq[workspaceID], 10)
}

// smallest returns the smallest of the candidate sets (nil sets mean "no constraint").
func smallest(sets ...map[string]struct{}) (map[string]struct{}, bool) {
	var best map[string]struct{}
	found := false
	for _, set := range sets {
		if set == nil {
			continue
		}
		if !found || len(set) < len(best) {
			best, found = set, true
		}
	}
	return best, found
}
