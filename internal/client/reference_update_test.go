package client_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Ardoq's update schemas leave a reference's type out. The emulator accepts the type a reference already
// has in an update (production clients send it) and refuses another, but nothing says what Ardoq does
// with it, so the client cannot send it: a new type replaces the reference.
func TestReferenceUpdateNeverCarriesType(t *testing.T) {
	full := client.ReferenceUpdate{Source: client.Set("s"), Target: client.Set("t"), DisplayText: client.Set("d"),
		Description: client.Set("x"), CustomFields: client.CustomFields{"cost": 1}}
	for name, v := range map[string]any{"PATCH body": full, "batch update": client.ReferenceUpdateOp{ID: "r", IfVersionMatch: 1, Body: full}} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		if body, ok := m["body"].(map[string]any); ok {
			m = body
		}
		if _, ok := m["type"]; ok {
			t.Errorf("%s carries type: %s", name, b)
		}
	}
	if _, ok := reflect.TypeFor[client.ReferenceUpdate]().FieldByName("Type"); ok {
		t.Error("ReferenceUpdate has a Type field")
	}
}
