package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
)

var errorChecks = []check{
	{name: "error-body-404", section: "errors", assumption: `an unknown id is 404 with a JSON body {"message", "status", "code"}`, run: checkErrorBody404},
	{name: "error-body-400", section: "errors",
		assumption: `an invalid request is 400 (not 422) with a JSON body {"message", "status", "code"}`, run: checkErrorBody400},
}

// unusedID is an id no entity has: well-formed, so the answer is about the entity, not the id's form.
const unusedID = "ffffffffffffffffffffffff"

func checkErrorBody404(ctx context.Context, p *probe) result {
	a, err := p.raw.do(ctx, http.MethodGet, "/components/"+unusedID, nil)
	if err != nil {
		return failed(err)
	}
	return errorBodyIs(a, http.StatusNotFound)
}

// checkErrorBody400 sends /batch/expand (which executes nothing) a component create without its
// required members.
func checkErrorBody400(ctx context.Context, p *probe) result {
	body := map[string]any{"components": map[string]any{"create": []any{map[string]any{"body": map[string]any{}}}}}
	a, err := p.raw.do(ctx, http.MethodPost, "/batch/expand", body)
	if err != nil {
		return failed(err)
	}
	return errorBodyIs(a, http.StatusBadRequest)
}

// errorBodyIs says whether an answer is the status with the body the emulator answers.
func errorBodyIs(a *answer, status int) result {
	if a.status != status {
		return differed("%s", a)
	}
	shape, ok := errorShape(a, status)
	if !ok {
		if ct := a.header.Get("Content-Type"); ct != "" {
			return differed("HTTP %d, body %s (Content-Type %s)", a.status, shape, ct)
		}
		return differed("HTTP %d, body %s", a.status, shape)
	}
	return held("HTTP %d, body %s", a.status, shape)
}

// errorShape describes an error body's members and types, and says whether it is {"message": a string,
// "status": the HTTP status, "code": a string} (other members allowed).
func errorShape(a *answer, status int) (string, bool) {
	obj, err := a.object()
	if err != nil {
		return excerpt(a.body), false
	}
	var members []string
	for name, v := range obj {
		members = append(members, fmt.Sprintf("%s: %s", name, jsonKind(v)))
	}
	sort.Strings(members)
	shape := "{" + strings.Join(members, ", ") + "}"
	message, _ := obj["message"].(string)
	code, _ := obj["code"].(string)
	number, _ := obj["status"].(json.Number)
	return shape, message != "" && code != "" && number.String() == fmt.Sprint(status)
}

// jsonKind names a decoded JSON value's type.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case json.Number:
		return "number"
	case bool:
		return "boolean"
	case []any:
		return "array"
	}
	return "object"
}
