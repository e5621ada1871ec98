package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// scratch is the workspace given for the write checks: what was in it before, and what the probe made.
// Everything the probe makes is named with its run's tag, so the clean-up finds it even when an answer
// was lost.
type scratch struct {
	id            string
	tag           string // ardoq-probe-<random>: the prefix of every name the probe gives
	context       *client.WorkspaceContext
	componentType client.ComponentType
	referenceType *client.ReferenceType // nil when the model has none
	textFields    []string              // writable Text and TextArea fields of componentType
	before        entityVersions
	components    []string // ids the probe made, in order
	references    []string
}

// entityVersions is a workspace's components and references (those from and to it), id to version.
type entityVersions map[string]int64

func newScratch(ctx context.Context, api *client.Client, id string) (*scratch, error) {
	wc, err := api.GetWorkspaceContext(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(wc.ComponentTypes) == 0 {
		return nil, fmt.Errorf("workspace %s has no component types: the write checks need one", id)
	}
	before, err := listWorkspace(ctx, api, id)
	if err != nil {
		return nil, err
	}
	s := &scratch{id: id, tag: "ardoq-probe-" + randomHex(3), context: wc, componentType: wc.ComponentTypes[0], before: before}
	s.textFields = writableText(wc, s.componentType)
	for _, t := range wc.ComponentTypes {
		// A type whose components may sit at the top, with the most text fields for the merge check.
		if fields := writableText(wc, t); t.Parent == nil && (s.componentType.Parent != nil || len(fields) > len(s.textFields)) {
			s.componentType, s.textFields = t, fields
		}
	}
	if len(wc.ReferenceTypes) > 0 {
		s.referenceType = &wc.ReferenceTypes[0]
	}
	return s, nil
}

// writableText is the Text and TextArea fields a component of type t may be given.
func writableText(wc *client.WorkspaceContext, t client.ComponentType) []string {
	var keys []string
	for _, f := range wc.CustomFields {
		if slices.Contains(t.CustomFields, f.APIKey) && (f.Type == "Text" || f.Type == "TextArea") && !f.ReadOnly && !f.Calculated {
			keys = append(keys, f.APIKey)
		}
	}
	return keys
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// name is a name for a new entity of this run.
func (s *scratch) name(what string) string { return s.tag + "-" + what }

// newComponent creates a component of the scratch type (under parent, when set) and remembers it.
func (s *scratch) newComponent(ctx context.Context, api *client.Client, what string, parent *client.Component, fields client.CustomFields) (*client.Component, error) {
	in := client.ComponentCreate{Name: s.name(what), RootWorkspace: s.id, TypeID: s.componentType.TypeID, CustomFields: fields}
	if parent != nil {
		in.Parent = &parent.ID
	}
	c, err := api.CreateComponent(ctx, in)
	if err != nil {
		return nil, err
	}
	s.components = append(s.components, c.ID)
	return c, nil
}

// newReference creates a reference of the scratch reference type and remembers it.
func (s *scratch) newReference(ctx context.Context, api *client.Client, source, target *client.Component) (*client.Reference, error) {
	if s.referenceType == nil {
		return nil, errors.New("the workspace's model has no reference type")
	}
	r, err := api.CreateReference(ctx, client.ReferenceCreate{Source: source.ID, Target: target.ID, Type: s.referenceType.Type})
	if err != nil {
		return nil, err
	}
	s.references = append(s.references, r.ID)
	return r, nil
}

// remember records entities a batch made.
func (s *scratch) remember(res *client.BatchResponse) {
	for _, c := range res.Components.Created {
		s.components = append(s.components, c.ID)
	}
	for _, r := range res.References.Created {
		s.references = append(s.references, r.ID)
	}
}

// rememberRaw records what a batch answer decoded as JSON says it created.
func (s *scratch) rememberRaw(obj map[string]any) {
	for kind, list := range map[string]*[]string{"components": &s.components, "references": &s.references} {
		created, _ := member(obj, kind, "created").([]any)
		for _, c := range created {
			if id, ok := member(c, "id").(string); ok {
				*list = append(*list, id)
			}
		}
	}
}

// cleanUp deletes what the probe made (references first, then components, newest first), then whatever
// else in the workspace carries the run's tag, and says whether the workspace is as it was found.
func (s *scratch) cleanUp(ctx context.Context, api *client.Client) error {
	var problems []string
	for _, id := range slices.Backward(s.references) {
		if err := api.DeleteReference(ctx, id); err != nil && !client.IsNotFound(err) {
			problems = append(problems, err.Error())
		}
	}
	for _, id := range slices.Backward(s.components) {
		if err := api.DeleteComponent(ctx, id); err != nil && !client.IsNotFound(err) {
			problems = append(problems, err.Error())
		}
	}
	left, err := api.ListComponents(ctx, client.ComponentFilter{RootWorkspace: s.id})
	if err != nil {
		return err
	}
	for _, c := range left {
		if _, found := s.before[c.ID]; !found && strings.HasPrefix(c.Name, s.tag) {
			if err := api.DeleteComponent(ctx, c.ID); err != nil && !client.IsNotFound(err) {
				problems = append(problems, err.Error())
			}
		}
	}
	after, err := listWorkspace(ctx, api, s.id)
	if err != nil {
		return err
	}
	if diff := s.before.diff(after); diff != "" {
		problems = append(problems, "the workspace is not as it was found: "+diff)
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

// listWorkspace lists the components of a workspace and the references from and to it.
func listWorkspace(ctx context.Context, api *client.Client, id string) (entityVersions, error) {
	v := entityVersions{}
	components, err := api.ListComponents(ctx, client.ComponentFilter{RootWorkspace: id})
	if err != nil {
		return nil, err
	}
	for _, c := range components {
		v[c.ID] = c.Version
	}
	for _, f := range []client.ReferenceFilter{{RootWorkspace: id}, {TargetWorkspace: id}} {
		refs, err := api.ListReferences(ctx, f)
		if err != nil {
			return nil, err
		}
		for _, r := range refs {
			v[r.ID] = r.Version
		}
	}
	return v, nil
}

// diff names what was added, removed or changed between two listings; empty when they are the same.
func (before entityVersions) diff(after entityVersions) string {
	var parts []string
	for _, id := range slices.Sorted(maps.Keys(after)) {
		if v, found := before[id]; !found {
			parts = append(parts, id+" added")
		} else if v != after[id] {
			parts = append(parts, fmt.Sprintf("%s changed (version %d, was %d)", id, after[id], v))
		}
	}
	for _, id := range slices.Sorted(maps.Keys(before)) {
		if _, found := after[id]; !found {
			parts = append(parts, id+" removed")
		}
	}
	return strings.Join(parts, ", ")
}

// cleanUpTimeout bounds the clean-up after an interrupt, which runs on a context of its own.
const cleanUpTimeout = 2 * time.Minute
