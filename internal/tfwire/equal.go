package tfwire

import (
	"math/big"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Equal reports whether a and b are the same value: of equal types at every level, unknown where the
// other is, null where the other is, and otherwise equal strings, numbers, bools and elements (a set's
// in any order). That is tftypes.Value.Equal, except that tftypes compares the types of the two roots
// only, so that a dynamic attribute holding a list equals one holding a tuple of the same elements;
// here they differ, as Terraform tells them apart.
//
// It stands in for github.com/hashicorp/terraform-plugin-go@v0.31.0's tftypes.Value.Equal
// (tftypes/value_equal.go deepEqual), which walks one value and looks up every node of it in the other
// from the root, allocating an attribute path for each (BenchmarkBatchRPC measures the difference in
// ardoq_batch's plans; no upstream issue found). Canary: TestCanary_tftypesEqualAllocatesPerNode fails
// once upstream compares without allocating per node; then use tftypes.Value.Equal, with a check of the
// types at every level where a dynamic value may hold other types, and remove this file.
func Equal(a, b tftypes.Value) bool {
	if a.Type() == nil || b.Type() == nil {
		return a.Type() == nil && b.Type() == nil && a.IsNull() && b.IsNull()
	}
	var e equaler
	return e.equal(a, b)
}

// equaler holds what values are read into (As takes a pointer, which would otherwise be allocated
// for every node): the collections are copied out before the next node is read.
type equaler struct {
	am, bm map[string]tftypes.Value
	as, bs []tftypes.Value
	s, t   string
	x, y   big.Float
	p, q   bool
}

func (e *equaler) equal(a, b tftypes.Value) bool {
	switch {
	case !a.Type().Equal(b.Type()):
		return false
	case !a.IsKnown() || !b.IsKnown():
		return a.IsKnown() == b.IsKnown()
	case a.IsNull() || b.IsNull():
		return a.IsNull() == b.IsNull()
	}
	switch a.Type().(type) {
	case tftypes.Object, tftypes.Map:
		if a.As(&e.am) != nil || b.As(&e.bm) != nil || len(e.am) != len(e.bm) {
			return false
		}
		am, bm := e.am, e.bm
		for k, av := range am {
			if bv, ok := bm[k]; !ok || !e.equal(av, bv) {
				return false
			}
		}
		return true
	case tftypes.List, tftypes.Tuple:
		if a.As(&e.as) != nil || b.As(&e.bs) != nil || len(e.as) != len(e.bs) {
			return false
		}
		as, bs := e.as, e.bs
		for i := range as {
			if !e.equal(as[i], bs[i]) {
				return false
			}
		}
		return true
	case tftypes.Set:
		return e.sameSet(a, b)
	}
	return e.primitive(a, b)
}

// sameSet is whether every element of each set has an equal one in the other (a set of n elements is
// compared in n² steps at most, as tftypes does).
func (e *equaler) sameSet(a, b tftypes.Value) bool {
	if a.As(&e.as) != nil || b.As(&e.bs) != nil || len(e.as) != len(e.bs) {
		return false
	}
	as, bs := e.as, e.bs
	contains := func(in []tftypes.Value, v tftypes.Value) bool {
		for _, w := range in {
			if e.equal(v, w) {
				return true
			}
		}
		return false
	}
	for _, v := range as {
		if !contains(bs, v) {
			return false
		}
	}
	for _, v := range bs {
		if !contains(as, v) {
			return false
		}
	}
	return true
}

// primitive compares two known, non-null values of one primitive type. (tftypes.String.Is(t), not
// t.Is(tftypes.String), which would allocate to make tftypes.String an interface.)
func (e *equaler) primitive(a, b tftypes.Value) bool {
	switch {
	case tftypes.String.Is(a.Type()):
		return a.As(&e.s) == nil && b.As(&e.t) == nil && e.s == e.t
	case tftypes.Number.Is(a.Type()):
		return a.As(&e.x) == nil && b.As(&e.y) == nil && e.x.Cmp(&e.y) == 0
	case tftypes.Bool.Is(a.Type()):
		return a.As(&e.p) == nil && b.As(&e.q) == nil && e.p == e.q
	}
	return false
}
