package tfwire_test

import (
	"encoding/binary"
	"math"
	"math/big"
	"strconv"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// batchType has the shape of ardoq_batch's value (internal/provider/batch/schema.go): items in dynamic
// attributes, what Ardoq assigned in maps of objects. tfwire knows nothing of the provider, so the shape is
// written out here.
var batchType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{
	"id":                  tftypes.String,
	"adopt_components_by": tftypes.List{ElementType: tftypes.String},
	"adopt_references_by": tftypes.List{ElementType: tftypes.String},
	"components":          tftypes.DynamicPseudoType,
	"references":          tftypes.DynamicPseudoType,
	"computed_components": tftypes.Map{ElementType: tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"id": tftypes.String, "version": tftypes.Number, "component_key": tftypes.String}}},
	"computed_references": tftypes.Map{ElementType: tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"id": tftypes.String, "version": tftypes.Number, "root_workspace": tftypes.String, "target_workspace": tftypes.String}}},
}}

// valueGen builds types and values from fuzz input, deterministically: every choice takes the next byte
// (0 once the input is used up), so every input is some value, and a longer input a bigger one.
type valueGen struct{ data []byte }

const maxDepth = 4

func (g *valueGen) byte() byte {
	if len(g.data) == 0 {
		return 0
	}
	b := g.data[0]
	g.data = g.data[1:]
	return b
}

func (g *valueGen) intn(n int) int { return int(g.byte()) % n }

func (g *valueGen) bytes(n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = g.byte()
	}
	return out
}

// names are attribute names and map keys: ardoq_batch's, and some JSON must escape.
var names = []string{"", "a", "b", "name", "type_id", "parent", "custom_fields", "source", "target", "id",
	`we"ird\key ✓`, "é", "tab\there", "<&>", "\u2028", "\x00", "components"}

func (g *valueGen) name() string {
	if i := g.intn(len(names) + 1); i < len(names) {
		return names[i]
	}
	return "k" + strconv.Itoa(g.intn(256))
}

// batch is a value of batchType: the resource null or unknown now and then, items mostly objects of
// strings and numbers with nested custom fields.
func (g *valueGen) batch() tftypes.Value {
	switch g.intn(16) {
	case 0:
		return tftypes.NewValue(batchType, nil)
	case 1:
		return tftypes.NewValue(batchType, tftypes.UnknownValue)
	}
	attrs := map[string]tftypes.Value{}
	for name, typ := range batchType.AttributeTypes {
		attrs[name] = tftypes.NewValue(typ, nil)
	}
	// the names in order, for determinism
	attrs["id"] = g.value(tftypes.String, 1)
	attrs["adopt_components_by"] = g.value(batchType.AttributeTypes["adopt_components_by"], 1)
	attrs["adopt_references_by"] = g.value(batchType.AttributeTypes["adopt_references_by"], 1)
	attrs["components"] = g.items()
	attrs["references"] = g.items()
	attrs["computed_components"] = g.value(batchType.AttributeTypes["computed_components"], 1)
	attrs["computed_references"] = g.value(batchType.AttributeTypes["computed_references"], 1)
	return tftypes.NewValue(batchType, attrs)
}

// items is a dynamic attribute's value: an object of items (each its own type), a map of items of one
// type, or anything.
func (g *valueGen) items() tftypes.Value {
	switch g.intn(8) {
	case 0:
		return tftypes.NewValue(tftypes.DynamicPseudoType, nil)
	case 1:
		return tftypes.NewValue(tftypes.DynamicPseudoType, tftypes.UnknownValue)
	case 2:
		return g.value(tftypes.DynamicPseudoType, 0)
	case 3:
		item := g.itemType()
		elems := map[string]tftypes.Value{}
		for range g.intn(6) {
			elems[g.name()] = g.value(item, 2)
		}
		return tftypes.NewValue(tftypes.Map{ElementType: item}, elems)
	}
	types, elems := map[string]tftypes.Type{}, map[string]tftypes.Value{}
	for range g.intn(6) {
		key := g.name()
		types[key] = g.itemType()
		elems[key] = g.value(types[key], 2)
	}
	return tftypes.NewValue(tftypes.Object{AttributeTypes: types}, elems)
}

func (g *valueGen) itemType() tftypes.Object {
	attrs := map[string]tftypes.Type{}
	for _, name := range []string{"name", "type_id", "parent", "description", "source", "target"} {
		switch g.intn(4) {
		case 1, 2:
			attrs[name] = tftypes.String
		case 3:
			attrs[name] = tftypes.Number
		}
	}
	if g.intn(2) == 1 {
		attrs["custom_fields"] = g.typ(2)
	}
	return tftypes.Object{AttributeTypes: attrs}
}

// typ is any type, of at most maxDepth levels below depth.
func (g *valueGen) typ(depth int) tftypes.Type {
	kinds := 9
	if depth >= maxDepth {
		kinds = 4
	}
	switch g.intn(kinds) {
	case 0:
		return tftypes.String
	case 1:
		return tftypes.Number
	case 2:
		return tftypes.Bool
	case 3:
		return tftypes.DynamicPseudoType
	case 4:
		return tftypes.List{ElementType: g.typ(depth + 1)}
	case 5:
		return tftypes.Set{ElementType: g.typ(depth + 1)}
	case 6:
		return tftypes.Map{ElementType: g.typ(depth + 1)}
	case 7:
		elems := []tftypes.Type{}
		for range g.intn(4) {
			elems = append(elems, g.typ(depth+1))
		}
		return tftypes.Tuple{ElementTypes: elems}
	}
	attrs := map[string]tftypes.Type{}
	for range g.intn(4) {
		attrs[g.name()] = g.typ(depth + 1)
	}
	return tftypes.Object{AttributeTypes: attrs}
}

// value is a value of typ: null or unknown now and then, in a dynamic position a value of any type.
func (g *valueGen) value(typ tftypes.Type, depth int) tftypes.Value {
	switch g.intn(12) {
	case 0:
		return tftypes.NewValue(typ, nil)
	case 1:
		return tftypes.NewValue(typ, tftypes.UnknownValue)
	}
	switch t := typ.(type) {
	case tftypes.List:
		return tftypes.NewValue(tftypes.List{ElementType: t.ElementType}, g.elements(t.ElementType, depth))
	case tftypes.Set:
		return tftypes.NewValue(tftypes.Set{ElementType: t.ElementType}, g.elements(t.ElementType, depth))
	case tftypes.Map:
		elems := map[string]tftypes.Value{}
		var first tftypes.Type
		for range g.intn(4) {
			v := g.value(t.ElementType, depth+1)
			if first == nil {
				first = v.Type()
			}
			if v.Type().Equal(first) {
				elems[g.name()] = v
			}
		}
		return tftypes.NewValue(t, elems)
	case tftypes.Tuple:
		elems := make([]tftypes.Value, len(t.ElementTypes))
		for i, et := range t.ElementTypes {
			elems[i] = g.value(et, depth+1)
		}
		return tftypes.NewValue(t, elems)
	case tftypes.Object:
		attrs := map[string]tftypes.Value{}
		for _, name := range sortedNames(t.AttributeTypes) {
			attrs[name] = g.value(t.AttributeTypes[name], depth+1)
		}
		return tftypes.NewValue(t, attrs)
	}
	switch {
	case typ.Is(tftypes.DynamicPseudoType):
		concrete := g.typ(depth)
		if concrete.Is(tftypes.DynamicPseudoType) {
			return tftypes.NewValue(tftypes.DynamicPseudoType, nil)
		}
		return g.value(concrete, depth)
	case typ.Is(tftypes.String):
		return tftypes.NewValue(tftypes.String, string(g.bytes(g.intn(8))))
	case typ.Is(tftypes.Bool):
		return tftypes.NewValue(tftypes.Bool, g.intn(2) == 1)
	}
	return tftypes.NewValue(tftypes.Number, g.number())
}

// elements are a list's or set's: of one type, as tftypes requires (elements of another type than the
// first's are left out).
func (g *valueGen) elements(elem tftypes.Type, depth int) []tftypes.Value {
	elems := []tftypes.Value{}
	for range g.intn(4) {
		v := g.value(elem, depth+1)
		if len(elems) == 0 || v.Type().Equal(elems[0].Type()) {
			elems = append(elems, v)
		}
	}
	return elems
}

// number is a number in each of msgpack's encodings of one: small and large integers, unsigned ones
// beyond int64, floats (infinities too), and decimals only text holds exactly.
func (g *valueGen) number() *big.Float {
	switch g.intn(6) {
	case 0:
		return new(big.Float).SetInt64(int64(int8(g.byte())))
	case 1:
		return new(big.Float).SetInt64(int64(binary.BigEndian.Uint64(g.bytes(8))))
	case 2:
		return new(big.Float).SetUint64(binary.BigEndian.Uint64(g.bytes(8)) | 1<<63)
	case 3:
		f := math.Float64frombits(binary.BigEndian.Uint64(g.bytes(8)))
		if math.IsNaN(f) {
			f = 0.5
		}
		if math.Abs(f) >= 1<<63 && !math.IsInf(f, 0) {
			// tftypes (as tfwire) writes an integer beyond int64 as text, and math/big's shortest text of
			// some of them reads back as another number: its fraction stands in for it
			f, _ = math.Frexp(f)
		}
		return big.NewFloat(f)
	case 4:
		return big.NewFloat(math.Inf(1 - 2*g.intn(2)))
	}
	text := strconv.FormatUint(binary.BigEndian.Uint64(g.bytes(8)), 10) + "." + strconv.Itoa(g.intn(256)) + "e" + strconv.Itoa(g.intn(80)-40)
	f, _, err := big.ParseFloat(text, 10, 512, big.ToNearestEven)
	if err != nil {
		panic(err)
	}
	return f
}
