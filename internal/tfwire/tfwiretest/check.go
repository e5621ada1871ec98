// Package tfwiretest checks tfwire's encodings against terraform-plugin-go's own, for the tests of tfwire
// and of the code that serves values through it.
package tfwiretest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

// SameAsTftypes fails t unless tfwire.Decode reads value's msgpack as tftypes does, tfwire.Encode writes
// bytes tftypes reads as value, and every truncation of the bytes is an error, never a panic.
func SameAsTftypes(t *testing.T, typ tftypes.Type, value tftypes.Value) {
	t.Helper()
	dv, err := tfprotov6.NewDynamicValue(typ, value)
	if err != nil {
		t.Fatal(err)
	}
	want, err := dv.Unmarshal(typ)
	if err != nil {
		t.Fatal(err)
	}
	got, err := tfwire.Decode(dv.MsgPack, typ)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Equal(want) || got.String() != want.String() || !got.Type().Equal(want.Type()) {
		t.Fatalf("decoded differently: %s", Differences(got, want))
	}
	encoded, err := tfwire.Encode(value, typ)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := (&tfprotov6.DynamicValue{MsgPack: encoded}).Unmarshal(typ); err != nil || !back.Equal(want) || back.String() != want.String() {
		t.Fatalf("encoded differently (%v): %s", err, Differences(back, want))
	}
	for cut := 0; cut < len(dv.MsgPack); cut += 1 + len(dv.MsgPack)/500 {
		if _, err := tfwire.Decode(dv.MsgPack[:cut], typ); err == nil {
			t.Fatalf("%d of %d bytes decoded without an error", cut, len(dv.MsgPack))
		}
	}
}

// Differences lists the paths where two values differ, or says they differ in type.
func Differences(got, want tftypes.Value) string {
	diffs, err := got.Diff(want)
	if err != nil {
		return err.Error()
	}
	var out []string
	for _, d := range diffs {
		out = append(out, fmt.Sprintf("%s: %v, want %v", d.Path, d.Value1, d.Value2))
	}
	return strings.Join(out, "; ")
}
