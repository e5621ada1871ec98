package emulator

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"sort"
)

//go:embed seed/default.json
var defaultSeed []byte

// Seed is the content of an org: the format of -seed files and of -state files.
type Seed struct {
	Org         Org              `json:"org"`
	User        User             `json:"user"`
	Models      []Model          `json:"models"`
	Workspaces  []SeedWorkspace  `json:"workspaces"`
	Components  []Component      `json:"components"`
	References  []Reference      `json:"references"`
	Attachments []Attachment     `json:"attachments"`
	Reports     []Report         `json:"reports"`
	Sequences   map[string]int64 `json:"componentKeySequences,omitempty"`
}

// SeedWorkspace is a workspace with its tags.
type SeedWorkspace struct {
	Workspace
	Tags []string `json:"tags,omitempty"`
}

// DefaultSeed returns the embedded seed: three workspaces (two sharing one model), component and
// reference types, a custom field of every type, tags, attachments and report definitions.
func DefaultSeed() (*Seed, error) {
	var s Seed
	if err := json.Unmarshal(defaultSeed, &s); err != nil {
		return nil, fmt.Errorf("embedded seed: %w", err)
	}
	return &s, nil
}

// ReadSeed reads a seed or state file.
func ReadSeed(path string) (*Seed, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s Seed
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if s.Org.Label == "" || s.User.Email == "" {
		return nil, fmt.Errorf("%s is not a seed: it has no org.label or user.email (a seed is what ardoq-snapshot writes, "+
			"or a -state file the emulator saved; internal/emulator/seed/default.json shows the format)", path)
	}
	return &s, nil
}

// load builds a store from a seed, filling what a seed may leave out (ids, versions, _meta, type names,
// component keys) and checking that every reference between entities holds.
func (s *Server) load(seed *Seed) (*store, error) {
	st := newStore()
	st.org, st.user = seed.Org, seed.User
	w := s.writer(st)
	for i := range seed.Models {
		m := seed.Models[i]
		st.models[m.ID] = &m
	}
	for _, sw := range seed.Workspaces {
		ws := sw.Workspace
		if _, ok := st.models[ws.ComponentModel]; !ok {
			return nil, fmt.Errorf("seed: workspace %q uses unknown model %q", ws.Name, ws.ComponentModel)
		}
		if ws.Version == 0 {
			ws.Version = 1
		}
		if ws.Meta.Created == "" {
			ws.Meta = w.meta()
		}
		st.workspaces[ws.ID] = &ws
		st.tags[ws.ID] = sw.Tags
	}
	for k, v := range seed.Sequences {
		st.keySeq[k] = v
	}
	for i := range seed.Components {
		c := seed.Components[i]
		if err := fillComponent(st, w, &c); err != nil {
			return nil, err
		}
		st.putComponent(&c)
	}
	for _, c := range st.components {
		if c.Parent != nil && st.components[*c.Parent] == nil {
			return nil, fmt.Errorf("seed: component %q has unknown parent %q", c.Name, *c.Parent)
		}
	}
	for i := range seed.References {
		r := seed.References[i]
		if err := fillReference(st, w, &r); err != nil {
			return nil, err
		}
		st.putReference(&r)
	}
	for i := range seed.Attachments {
		a := seed.Attachments[i]
		if a.Version == 0 {
			a.Version = 1
		}
		if a.Meta.Created == "" {
			a.Meta = w.meta()
		}
		st.attachments[a.ID] = &a
	}
	for i := range seed.Reports {
		r := seed.Reports[i]
		if r.Version == 0 {
			r.Version = 1
		}
		if r.Meta.Created == "" {
			r.Meta = w.meta()
		}
		if r.Columns == nil {
			r.Columns = []Column{}
		}
		st.reports[r.ID] = &r
	}
	return st, nil
}

func fillComponent(st *store, w *writer, c *Component) error {
	ws, ok := st.workspaces[c.RootWorkspace]
	if !ok {
		return fmt.Errorf("seed: component %q is in unknown workspace %q", c.Name, c.RootWorkspace)
	}
	typ, ok := st.models[ws.ComponentModel].componentType(c.TypeID)
	if !ok {
		return fmt.Errorf("seed: component %q has unknown type %q", c.Name, c.TypeID)
	}
	if c.ID == "" {
		c.ID = w.newID()
	}
	if c.Version == 0 {
		c.Version = 1
	}
	if c.Meta.Created == "" {
		c.Meta = w.meta()
	}
	if c.ComponentKey == "" {
		c.ComponentKey = st.nextComponentKey(ws.ID)
	}
	c.Type = typ.Name
	if c.CustomFields == nil {
		c.CustomFields = map[string]any{}
	}
	return nil
}

func fillReference(st *store, w *writer, r *Reference) error {
	src, ok1 := st.components[r.Source]
	tgt, ok2 := st.components[r.Target]
	if !ok1 || !ok2 {
		return fmt.Errorf("seed: reference %q has an unknown source or target", r.ID)
	}
	if r.ID == "" {
		r.ID = w.newID()
	}
	if r.Version == 0 {
		r.Version = 1
	}
	if r.Meta.Created == "" {
		r.Meta = w.meta()
	}
	r.RootWorkspace, r.TargetWorkspace = src.RootWorkspace, tgt.RootWorkspace
	if r.CustomFields == nil {
		r.CustomFields = map[string]any{}
	}
	return nil
}

// Snapshot returns the whole org as a Seed (the -state file format).
func (s *Server) Snapshot() *Seed {
	s.mu.RLock()
	defer s.mu.RUnlock()
	st := s.st
	out := &Seed{Org: st.org, User: st.user, Sequences: map[string]int64{}}
	for _, id := range slices.Sorted(maps.Keys(st.models)) {
		out.Models = append(out.Models, *st.models[id])
	}
	for _, id := range slices.Sorted(maps.Keys(st.workspaces)) {
		out.Workspaces = append(out.Workspaces, SeedWorkspace{Workspace: *st.workspaces[id], Tags: st.tags[id]})
	}
	for _, id := range slices.Sorted(maps.Keys(st.components)) {
		out.Components = append(out.Components, *st.components[id])
	}
	for _, id := range slices.Sorted(maps.Keys(st.references)) {
		out.References = append(out.References, *st.references[id])
	}
	for _, id := range slices.Sorted(maps.Keys(st.attachments)) {
		out.Attachments = append(out.Attachments, *st.attachments[id])
	}
	for _, id := range slices.Sorted(maps.Keys(st.reports)) {
		out.Reports = append(out.Reports, *st.reports[id])
	}
	for k, v := range st.keySeq {
		out.Sequences[k] = v
	}
	sort.Slice(out.Components, func(i, j int) bool { return out.Components[i].ID < out.Components[j].ID })
	return out
}

// SaveState writes Snapshot to path (atomically: a temporary file renamed over it).
func (s *Server) SaveState(path string) error {
	b, err := json.MarshalIndent(s.Snapshot(), "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
