package emulator

import "maps"

// writer applies validated writes to a store. Single-entity endpoints and batch share it, so both
// validate exactly the same way.
type writer struct {
	st    *store
	now   string
	user  User
	newID func() string
	// resolve turns an identifier used in parent/source/target (an OID, or in a batch a batchId or alias)
	// into an OID. Single-entity endpoints pass identifiers through unchanged.
	resolve func(ref string) string
}

func (w *writer) meta() Meta {
	return Meta{
		Created: w.now, CreatedBy: w.user.ID, CreatedByName: w.user.Name, CreatedByEmail: w.user.Email,
		LastUpdated: w.now, LastModifiedBy: w.user.ID, LastModifiedByName: w.user.Name, LastModifiedByEmail: w.user.Email,
	}
}

func (w *writer) touched(m Meta) Meta {
	m.LastUpdated, m.LastModifiedBy, m.LastModifiedByName, m.LastModifiedByEmail = w.now, w.user.ID, w.user.Name, w.user.Email
	return m
}

func (w *writer) createComponent(d componentDoc) (*Component, error) {
	ws, ok := w.st.workspaces[d.rootWorkspace]
	if !ok {
		return nil, badRequest("rootWorkspace: workspace %q does not exist", d.rootWorkspace)
	}
	model := w.st.models[ws.ComponentModel]
	typ, ok := model.componentType(d.typeID)
	if !ok {
		return nil, badRequest("typeId: component type %q is not in the model of workspace %q", d.typeID, ws.Name)
	}
	c := &Component{
		ID: w.newID(), Version: 1, Meta: w.meta(), Name: d.name, RootWorkspace: ws.ID, TypeID: typ.TypeID, Type: typ.Name,
		Description: d.description, Color: d.color, Shape: d.shape, Icon: d.icon, Image: d.image,
		CustomFields: map[string]any{},
	}
	if d.parent != nil {
		parent, err := w.checkParent(c, *d.parent)
		if err != nil {
			return nil, err
		}
		c.Parent = &parent
	}
	cf, err := checkCustomFields(model, typ.CustomFields, typ.Name, d.customFields)
	if err != nil {
		return nil, err
	}
	mergeFields(c.CustomFields, cf)
	c.ComponentKey = w.st.nextComponentKey(ws.ID)
	w.st.putComponent(c)
	return c, nil
}

func (w *writer) updateComponent(id string, vm versionMatch, d componentDoc) (*Component, error) {
	cur, ok := w.st.components[id]
	if !ok {
		return nil, notFound("component %q does not exist", id)
	}
	if err := vm.check(cur.Version); err != nil {
		return nil, err
	}
	c := *cur
	c.CustomFields = maps.Clone(cur.CustomFields)
	if d.set["name"] {
		c.Name = d.name
	}
	if d.set["parent"] {
		c.Parent = nil
		if d.parent != nil {
			parent, err := w.checkParent(&c, *d.parent)
			if err != nil {
				return nil, err
			}
			c.Parent = &parent
		}
	}
	for key, pair := range map[string][2]**string{"description": {&c.Description, &d.description}, "color": {&c.Color, &d.color}, "shape": {&c.Shape, &d.shape}, "icon": {&c.Icon, &d.icon}, "image": {&c.Image, &d.image}} {
		if d.set[key] {
			*pair[0] = *pair[1]
		}
	}
	model := w.st.modelOf(c.RootWorkspace)
	typ, _ := model.componentType(c.TypeID)
	cf, err := checkCustomFields(model, typ.CustomFields, typ.Name, d.customFields)
	if err != nil {
		return nil, err
	}
	mergeFields(c.CustomFields, cf)
	c.Version++
	c.Meta = w.touched(c.Meta)
	w.st.putComponent(&c)
	return &c, nil
}

func (w *writer) checkParent(c *Component, ref string) (string, error) {
	parentID := w.resolve(ref)
	parent, ok := w.st.components[parentID]
	if !ok {
		return "", badRequest("parent: component %q does not exist", ref)
	}
	if parent.RootWorkspace != c.RootWorkspace {
		return "", badRequest("parent: component %q is in another workspace; a parent must be in the component's own workspace", ref)
	}
	if c.ID != "" && w.st.isDescendant(parentID, c.ID) {
		return "", badRequest("parent: component %q is the component itself or one of its descendants", ref)
	}
	return parentID, nil
}

func (w *writer) createReference(d referenceDoc) (*Reference, error) {
	r := &Reference{ID: w.newID(), Version: 1, Meta: w.meta(), Type: d.typ, DisplayText: d.displayText,
		Description: d.description, CustomFields: map[string]any{}}
	if err := w.setEnds(r, d.source, d.target); err != nil {
		return nil, err
	}
	if err := w.setReferenceFields(r, d.customFields); err != nil {
		return nil, err
	}
	w.st.putReference(r)
	return r, nil
}

func (w *writer) updateReference(id string, vm versionMatch, d referenceDoc) (*Reference, error) {
	cur, ok := w.st.references[id]
	if !ok {
		return nil, notFound("reference %q does not exist", id)
	}
	if err := vm.check(cur.Version); err != nil {
		return nil, err
	}
	if d.set["type"] && d.typ != cur.Type {
		return nil, badRequest("type: reference %q has type %d; an update cannot change a reference's type (got %d): delete it and create a new one", id, cur.Type, d.typ)
	}
	r := *cur
	r.CustomFields = maps.Clone(cur.CustomFields)
	source, target := r.Source, r.Target
	if d.set["source"] {
		source = d.source
	}
	if d.set["target"] {
		target = d.target
	}
	if err := w.setEnds(&r, source, target); err != nil {
		return nil, err
	}
	if d.set["displayText"] {
		r.DisplayText = d.displayText
	}
	if d.set["description"] {
		r.Description = d.description
	}
	if err := w.setReferenceFields(&r, d.customFields); err != nil {
		return nil, err
	}
	r.Version++
	r.Meta = w.touched(r.Meta)
	w.st.putReference(&r)
	return &r, nil
}

func (w *writer) setEnds(r *Reference, sourceRef, targetRef string) error {
	source, ok := w.st.components[w.resolve(sourceRef)]
	if !ok {
		return badRequest("source: component %q does not exist", sourceRef)
	}
	target, ok := w.st.components[w.resolve(targetRef)]
	if !ok {
		return badRequest("target: component %q does not exist", targetRef)
	}
	if _, ok := w.st.modelOf(source.RootWorkspace).referenceType(r.Type); !ok {
		return badRequest("type: reference type %d is not in the model of the source's workspace %q", r.Type, w.st.workspaces[source.RootWorkspace].Name)
	}
	r.Source, r.Target, r.RootWorkspace, r.TargetWorkspace = source.ID, target.ID, source.RootWorkspace, target.RootWorkspace
	return nil
}

func (w *writer) setReferenceFields(r *Reference, values map[string]any) error {
	model := w.st.modelOf(r.RootWorkspace)
	typ, _ := model.referenceType(r.Type)
	cf, err := checkCustomFields(model, typ.CustomFields, typ.Name, values)
	if err != nil {
		return err
	}
	mergeFields(r.CustomFields, cf)
	// A field set earlier may no longer be allowed if the source moved; the real service keeps data, so do we.
	return nil
}

// mergeFields applies custom field values per key; nil clears a key.
func mergeFields(dst, src map[string]any) {
	for k, v := range src {
		if v == nil {
			delete(dst, k)
		} else {
			dst[k] = v
		}
	}
}
