// Package wsmodel reads a workspace's model (its component and reference types) and finds the names
// closest to one that matches nothing, so that an error shows its own fix.
package wsmodel

import (
	"strconv"
	"strings"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// ComponentTypeOf finds the component type typeID in the workspace's model.
func ComponentTypeOf(wctx *client.WorkspaceContext, typeID string) (client.ComponentType, bool) {
	for _, t := range wctx.ComponentTypes {
		if t.TypeID == typeID {
			return t, true
		}
	}
	return client.ComponentType{}, false
}

// ReferenceTypeOf finds the reference type typ in the workspace's model.
func ReferenceTypeOf(wctx *client.WorkspaceContext, typ int64) (client.ReferenceType, bool) {
	for _, t := range wctx.ReferenceTypes {
		if t.Type == typ {
			return t, true
		}
	}
	return client.ReferenceType{}, false
}

// componentTypeList names the workspace's component types with their ids.
func componentTypeList(wctx *client.WorkspaceContext) string {
	parts := make([]string, 0, len(wctx.ComponentTypes))
	for _, t := range wctx.ComponentTypes {
		parts = append(parts, t.Name+" ("+t.TypeID+")")
	}
	return strings.Join(parts, ", ")
}

// ReferenceTypeList names the workspace's reference types with their numbers.
func ReferenceTypeList(wctx *client.WorkspaceContext) string {
	parts := make([]string, 0, len(wctx.ReferenceTypes))
	for _, t := range wctx.ReferenceTypes {
		parts = append(parts, t.Name+" ("+strconv.FormatInt(t.Type, 10)+")")
	}
	return strings.Join(parts, ", ")
}
