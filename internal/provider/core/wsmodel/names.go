package wsmodel

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// maxOtherModels bounds the models of other workspaces an error reads to say where a type id belongs:
// an org with more workspaces not read yet gets the hint only from the models already read.
const maxOtherModels = 20

// Names words errors about a workspace's model: the workspace by name with its id, and, for a type that
// is not in it, which other workspace's model has it. Only error paths use it: it lists the org's
// workspaces (once per run) and reads at most maxOtherModels models. The zero Names gives ids only.
type Names struct {
	ctx context.Context // the call whose error this words
	cc  *Contexts
}

// Names is Names for one call.
func (cc *Contexts) Names(ctx context.Context) Names { return Names{ctx: ctx, cc: cc} }

// Workspace is `"Applications" (5eed…)`, or the id alone when the workspaces cannot be listed.
func (n Names) Workspace(id string) string {
	if n.cc == nil {
		return id
	}
	if _, err := n.cc.list(n.ctx); err != nil {
		return id
	}
	n.cc.mu.Lock()
	name, ok := n.cc.names[id]
	n.cc.mu.Unlock()
	if !ok {
		return id
	}
	return fmt.Sprintf("%q (%s)", name, id)
}

// ComponentTypeElsewhere is ` It is the type "Server" of workspace "Infra" (id).` when the model of a
// workspace other than except has the type id, or "".
func (n Names) ComponentTypeElsewhere(typeID, except string) string {
	return n.elsewhere("It is the type", except, func(m *client.WorkspaceContext) (string, bool) {
		for _, t := range m.ComponentTypes {
			if t.TypeID == typeID {
				return t.Name, true
			}
		}
		return "", false
	})
}

// ReferenceTypeElsewhere is ComponentTypeElsewhere for a reference type number.
func (n Names) ReferenceTypeElsewhere(typ int64, except string) string {
	return n.elsewhere("It is the reference type", except, func(m *client.WorkspaceContext) (string, bool) {
		for _, t := range m.ReferenceTypes {
			if t.Type == typ {
				return t.Name, true
			}
		}
		return "", false
	})
}

func (n Names) elsewhere(lead, except string, has func(*client.WorkspaceContext) (string, bool)) string {
	models := n.models()
	var found []string
	typeName := ""
	for _, ws := range slices.Sorted(maps.Keys(models)) {
		if name, ok := has(models[ws]); ok && ws != except {
			found = append(found, ws)
			if typeName == "" {
				typeName = name
			}
		}
	}
	switch len(found) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf(" %s %q of workspace %s.", lead, typeName, n.Workspace(found[0]))
	case 2:
		return fmt.Sprintf(" %s %q of workspaces %s and %s.", lead, typeName, n.Workspace(found[0]), n.Workspace(found[1]))
	default:
		return fmt.Sprintf(" %s %q of workspace %s and %d others.", lead, typeName, n.Workspace(found[0]), len(found)-1)
	}
}

// models is every model read so far, and the org's others when there are at most maxOtherModels of them.
func (n Names) models() map[string]*client.WorkspaceContext {
	if n.cc == nil {
		return nil
	}
	loaded := n.cc.Loaded()
	ids, err := n.cc.list(n.ctx)
	if err != nil {
		return loaded
	}
	unread := 0
	for _, id := range ids {
		if _, ok := loaded[id]; !ok {
			unread++
		}
	}
	if unread == 0 || unread > maxOtherModels {
		return loaded
	}
	all, err := n.cc.All(n.ctx)
	if err != nil {
		return n.cc.Loaded()
	}
	return all
}

// Component is `"Payments" (type "Application" in workspace "Applications" (5eed…))`: a component the
// provider is about to create, named with what the model says of its type and workspace. Ids stand in
// for what cannot be read.
func (n Names) Component(name, typeID, workspace string) string {
	return fmt.Sprintf("%q (type %s in workspace %s)", name, n.componentType(typeID, workspace), n.Workspace(workspace))
}

// Reference is "Payments → Orders DB (Depends on)" (wsmodel.ReferenceLabel), from the ids of its source and target and its
// type number: each component is read for its name (its id stands in when that fails), and the type is
// named by the model of the source's workspace.
func (n Names) Reference(source, target string, typ int64) string {
	typeName := fmt.Sprintf("type %d", typ)
	name := func(id string) string {
		if n.cc == nil {
			return id
		}
		c, err := n.cc.client.GetComponent(n.ctx, id)
		if err != nil {
			return id
		}
		if id == source {
			typeName = n.ReferenceType(typ, c.RootWorkspace)
		}
		return c.Name
	}
	from, to := name(source), name(target)
	return ReferenceLabel(from, to, typeName)
}

// ReferenceType is "Depends on", the name the workspace's model gives the reference type number, or
// "type 3" when the model does not have it or cannot be read.
func (n Names) ReferenceType(typ int64, workspace string) string {
	if n.cc != nil {
		if m, err := n.cc.Get(n.ctx, workspace); err == nil {
			for _, t := range m.ReferenceTypes {
				if t.Type == typ {
					return t.Name
				}
			}
		}
	}
	return fmt.Sprintf("type %d", typ)
}

func (n Names) componentType(typeID, workspace string) string {
	if n.cc != nil {
		if m, err := n.cc.Get(n.ctx, workspace); err == nil {
			for _, t := range m.ComponentTypes {
				if t.TypeID == typeID {
					return fmt.Sprintf("%q", t.Name)
				}
			}
		}
	}
	return typeID
}

// ReferenceLabel names a reference the way messages do: "Payments → Orders DB (Depends on)". typeName is
// the reference type's name; an empty one is left out.
func ReferenceLabel(source, target, typeName string) string {
	label := source + " → " + target
	if typeName != "" {
		label += " (" + typeName + ")"
	}
	return label
}
