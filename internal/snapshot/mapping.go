package snapshot

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// The client's entities and the seed's describe the same JSON, the API's: an entity is copied by encoding
// what the client read and decoding it as the seed's, so every member both know is copied, and a member
// added to both needs nothing here.
func asSeed[T any](read any) (T, error) {
	var out T
	b, err := json.Marshal(read)
	if err == nil {
		err = json.Unmarshal(b, &out)
	}
	if err != nil {
		return out, fmt.Errorf("copying %T: %w", read, err)
	}
	return out, nil
}

// workspaceToSeed is a workspace with its model's id and its tags.
func workspaceToSeed(ws client.Workspace, model string, tags []client.Tag) (emulator.SeedWorkspace, error) {
	w, err := asSeed[emulator.Workspace](ws)
	w.ComponentModel = model
	out := emulator.SeedWorkspace{Workspace: w}
	for _, t := range tags {
		out.Tags = append(out.Tags, t.Name)
	}
	return out, err
}

// modelSet gathers the models of the copied workspaces, by model id.
type modelSet struct {
	order []string
	byID  map[string]emulator.Model
}

// add records the model a workspace context shows and returns its id: the workspace's componentModel,
// or one of the workspace's own when Ardoq leaves that out.
func (m *modelSet) add(ws client.Workspace, wctx *client.WorkspaceContext) string {
	id := ws.ComponentModel
	if id == "" {
		id = "model-of-" + ws.ID
	}
	if _, ok := m.byID[id]; ok {
		return id
	}
	model := emulator.Model{ID: id}
	for _, t := range wctx.ComponentTypes {
		et := emulator.ComponentType{TypeID: t.TypeID, Name: t.Name, CustomFields: t.CustomFields, Color: t.Color, Shape: t.Shape,
			Icon: t.Icon, Image: t.Image}
		if t.Parent != nil {
			p := emulator.TypeParent(*t.Parent)
			et.Parent = &p
		}
		model.ComponentTypes = append(model.ComponentTypes, et)
	}
	for _, t := range wctx.ReferenceTypes {
		model.ReferenceTypes = append(model.ReferenceTypes, emulator.ReferenceType(t))
	}
	for _, f := range wctx.CustomFields {
		model.Fields = append(model.Fields, emulator.Field(f))
	}
	if m.byID == nil {
		m.byID = map[string]emulator.Model{}
	}
	m.byID[id] = model
	m.order = append(m.order, id)
	return id
}

func (m *modelSet) list() []emulator.Model {
	out := make([]emulator.Model, 0, len(m.order))
	for _, id := range m.order {
		out = append(out, m.byID[id])
	}
	return out
}

// lastKeyNumber is the highest n of the workspace's component keys KEY-n, so that the copy numbers new
// components after it as Ardoq would.
func lastKeyNumber(workspaceKey string, components []client.Component) int64 {
	var last int64
	for _, c := range components {
		n, err := strconv.ParseInt(strings.TrimPrefix(c.ComponentKey, workspaceKey+"-"), 10, 64)
		if err == nil && strings.HasPrefix(c.ComponentKey, workspaceKey+"-") && n > last {
			last = n
		}
	}
	return last
}

// callerOf is the token's user as the copy's writes record it: GET /me gives only the e-mail, so the id
// and name come from what the user created or changed in the copied entities; without any, the id is
// derived from the e-mail and the name is the e-mail.
func callerOf(email string, components []emulator.Component, references []emulator.Reference) emulator.User {
	metas := make([]emulator.Meta, 0, len(components)+len(references))
	for _, c := range components {
		metas = append(metas, c.Meta)
	}
	for _, r := range references {
		metas = append(metas, r.Meta)
	}
	for _, m := range metas {
		if m.CreatedByEmail == email && m.CreatedBy != "" {
			return emulator.User{ID: m.CreatedBy, Email: email, Name: m.CreatedByName}
		}
		if m.LastModifiedByEmail == email && m.LastModifiedBy != "" {
			return emulator.User{ID: m.LastModifiedBy, Email: email, Name: m.LastModifiedByName}
		}
	}
	sum := sha256.Sum256([]byte(email))
	return emulator.User{ID: hex.EncodeToString(sum[:12]), Email: email, Name: email}
}
