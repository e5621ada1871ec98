package provider

import (
	"strings"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
)

func componentTypeOf(wctx *client.WorkspaceContext, typeID string) (client.ComponentType, bool) {
	for _, t := range wctx.ComponentTypes {
		if t.TypeID == typeID {
			return t, true
		}
	}
	return client.ComponentType{}, false
}

func referenceTypeOf(wctx *client.WorkspaceContext, typ int64) (client.ReferenceType, bool) {
	for _, t := range wctx.ReferenceTypes {
		if t.Type == typ {
			return t, true
		}
	}
	return client.ReferenceType{}, false
}

func componentTypeList(wctx *client.WorkspaceContext) string {
	parts := make([]string, 0, len(wctx.ComponentTypes))
	for _, t := range wctx.ComponentTypes {
		parts = append(parts, t.Name+" ("+t.TypeID+")")
	}
	return strings.Join(parts, ", ")
}

func referenceTypeList(wctx *client.WorkspaceContext) string {
	parts := make([]string, 0, len(wctx.ReferenceTypes))
	for _, t := range wctx.ReferenceTypes {
		parts = append(parts, t.Name+" ("+convert.Itoa(t.Type)+")")
	}
	return strings.Join(parts, ", ")
}
