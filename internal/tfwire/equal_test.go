package tfwire_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
)

// FuzzEqual: tfwire.Equal agrees with tftypes.Value.Equal on two values built from nearly the same input
// (one byte changed, or none), and on a value and its decoded copy. The one difference is deliberate:
// tftypes compares only the roots' types, so values whose text (which names every type) differs may be
// equal to it, never to tfwire.
func FuzzEqual(f *testing.F) {
	for _, seed := range [][]byte{nil, {2}, {0, 0, 5}, bytes.Repeat([]byte{7}, 64), bytes.Repeat([]byte{3, 4, 250, 9}, 40)} {
		f.Add(seed, uint16(0), byte(0))
		f.Add(seed, uint16(3), byte(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, at uint16, flip byte) {
		_, a := valueOf(data)
		changed := bytes.Clone(data)
		if len(changed) > 0 {
			changed[int(at)%len(changed)] ^= flip
		}
		_, b := valueOf(changed)
		checkEqual(t, a, b)
		dv, err := tfprotov6.NewDynamicValue(a.Type(), a)
		if err != nil {
			t.Fatal(err)
		}
		if decoded, err := tfwire.Decode(dv.MsgPack, a.Type()); err == nil {
			checkEqual(t, a, decoded)
		}
	})
}

func checkEqual(t *testing.T, a, b tftypes.Value) {
	t.Helper()
	got, want := tfwire.Equal(a, b), tftypesEqual(a, b)
	if got != tfwire.Equal(b, a) {
		t.Fatalf("tfwire.Equal of %s and %s is %v, the other way round %v", a, b, got, !got)
	}
	switch {
	case got && !want && tftypesEqual(a, a):
		t.Fatalf("tfwire finds %s equal to %s, tftypes does not", a, b)
	case !got && want && a.String() == b.String():
		t.Fatalf("tftypes finds %s equal to %s, tfwire does not", a, b)
	}
	if !tfwire.Equal(a, a) {
		t.Fatalf("tfwire does not find %s equal to itself", a)
	}
}

// The cases the fuzzer reaches rarely: a set in another order, a list against a tuple of the same elements
// in a dynamic attribute (equal to tftypes, not here), unknown against null, and unknowns of other types.
func TestEqual_cases(t *testing.T) {
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	set := func(elems ...tftypes.Value) tftypes.Value {
		return tftypes.NewValue(tftypes.Set{ElementType: tftypes.String}, elems)
	}
	dynamic := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"d": tftypes.DynamicPseudoType}}
	holding := func(v tftypes.Value) tftypes.Value {
		return tftypes.NewValue(dynamic, map[string]tftypes.Value{"d": v})
	}
	list := tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, []tftypes.Value{str("a")})
	tuple := tftypes.NewValue(tftypes.Tuple{ElementTypes: []tftypes.Type{tftypes.String}}, []tftypes.Value{str("a")})
	for _, tc := range []struct {
		name  string
		a, b  tftypes.Value
		equal bool
	}{
		{"a set in another order", set(str("a"), str("b")), set(str("b"), str("a")), true},
		{"sets of other elements", set(str("a"), str("b")), set(str("a"), str("c")), false},
		{"a list and a tuple in a dynamic attribute", holding(list), holding(tuple), false},
		{"unknown and null", tftypes.NewValue(tftypes.String, tftypes.UnknownValue), tftypes.NewValue(tftypes.String, nil), false},
		{"unknowns of other types in a dynamic attribute", holding(tftypes.NewValue(tftypes.String, tftypes.UnknownValue)),
			holding(tftypes.NewValue(tftypes.Number, tftypes.UnknownValue)), false},
		{"numbers written apart", tftypes.NewValue(tftypes.Number, 2), tftypes.NewValue(tftypes.Number, 2.0), true},
	} {
		if got := tfwire.Equal(tc.a, tc.b); got != tc.equal || tfwire.Equal(tc.b, tc.a) != got {
			t.Errorf("%s: Equal is %v, want %v", tc.name, got, tc.equal)
		}
	}
}

// tftypesEqual is tftypes.Value.Equal, a panic made false.
func tftypesEqual(a, b tftypes.Value) (equal bool) {
	defer func() {
		if recover() != nil {
			equal = false
		}
	}()
	return a.Equal(b)
}

// Canary of tfwire.Equal: tftypes.Value.Equal (terraform-plugin-go v0.31.0, tftypes/value_equal.go
// deepEqual) still allocates for every node it compares, here at least once per item of a batch-shaped
// value where tfwire.Equal allocates a few times in all. When this fails, use tftypes.Value.Equal in
// ardoq_batch and remove equal.go.
func TestCanary_tftypesEqualAllocatesPerNode(t *testing.T) {
	const n = 500
	item := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String, "version": tftypes.Number,
		"name": tftypes.String}}
	build := func() tftypes.Value {
		items := map[string]tftypes.Value{}
		for i := range n {
			key := fmt.Sprintf("item%d", i)
			items[key] = tftypes.NewValue(item, map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, key),
				"version": tftypes.NewValue(tftypes.Number, i), "name": tftypes.NewValue(tftypes.String, "n")})
		}
		return tftypes.NewValue(tftypes.Map{ElementType: item}, items)
	}
	a, b := build(), build()
	var upstream, here bool
	byTftypes := testing.AllocsPerRun(3, func() { upstream = a.Equal(b) })
	byTfwire := testing.AllocsPerRun(3, func() { here = tfwire.Equal(a, b) })
	if !upstream || !here {
		t.Fatalf("equal values compared unequal: tftypes %v, tfwire %v", upstream, here)
	}
	if byTfwire > 10 {
		t.Fatalf("tfwire.Equal allocates %v times for %d items: it should not allocate per item", byTfwire, n)
	}
	if byTftypes < n {
		t.Fatalf("tftypes.Value.Equal allocates %v times for %d items, less than once per item: use it in ardoq_batch and "+
			"remove internal/tfwire/equal.go", byTftypes, n)
	}
}
