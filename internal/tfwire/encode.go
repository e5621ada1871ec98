package tfwire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/vmihailenco/msgpack/v5"
)

// Encode writes a value as msgpack for Terraform, as tftypes does (the same encodings for every
// kind of value: TestMsgPack_sameAsTftypes), with map keys in order and without the attribute
// path tftypes builds for every value in case of an error (BenchmarkBatchStages/state-encode measures
// the difference).
func Encode(v tftypes.Value, typ tftypes.Type) ([]byte, error) {
	return EncodeSized(v, typ, 0)
}

// EncodeSized is Encode into a buffer made for size bytes at first (the length of a value like it, such
// as the prior state's), so that a large value's encoding is not grown by doubling, with copies.
func EncodeSized(v tftypes.Value, typ tftypes.Type, size int) ([]byte, error) {
	buf := bytes.NewBuffer(make([]byte, 0, size))
	e := msgpackEncoder{enc: msgpack.NewEncoder(buf)}
	if err := e.value(v, typ); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

type msgpackEncoder struct{ enc *msgpack.Encoder }

// unknownMsgPack is how Terraform's msgpack marks an unknown value: an extension of type 0.
var unknownMsgPack = []byte{0xd4, 0, 0}

func (e msgpackEncoder) value(v tftypes.Value, typ tftypes.Type) error {
	if tftypes.DynamicPseudoType.Is(typ) && !tftypes.DynamicPseudoType.Is(v.Type()) {
		var typeJSON bytes.Buffer
		if err := WriteTypeJSON(&typeJSON, v.Type()); err != nil {
			return err
		}
		if err := e.enc.EncodeArrayLen(2); err != nil {
			return err
		}
		if err := e.enc.EncodeBytes(typeJSON.Bytes()); err != nil {
			return err
		}
		return e.value(v, v.Type())
	}
	switch {
	case !v.IsKnown():
		_, err := e.enc.Writer().Write(unknownMsgPack)
		return err
	case v.IsNull():
		return e.enc.EncodeNil()
	}
	switch t := typ.(type) {
	case tftypes.Object:
		return e.object(v, t)
	case tftypes.Map:
		return e.mapOf(v, t)
	case tftypes.List:
		return e.sequence(v, func(int) tftypes.Type { return t.ElementType })
	case tftypes.Set:
		return e.sequence(v, func(int) tftypes.Type { return t.ElementType })
	case tftypes.Tuple:
		return e.sequence(v, func(i int) tftypes.Type { return t.ElementTypes[i] })
	}
	switch {
	case tftypes.String.Is(typ):
		var s string
		if err := v.As(&s); err != nil {
			return err
		}
		return e.enc.EncodeString(s)
	case tftypes.Bool.Is(typ):
		var b bool
		if err := v.As(&b); err != nil {
			return err
		}
		return e.enc.EncodeBool(b)
	case tftypes.Number.Is(typ):
		n := new(big.Float)
		if err := v.As(&n); err != nil {
			return err
		}
		return e.number(n)
	}
	return fmt.Errorf("unsupported type %s", typ)
}

// number writes an integer as one, a float that is exactly a float64 as one, anything else as text.
func (e msgpackEncoder) number(n *big.Float) error {
	if n.IsInf() {
		return e.enc.EncodeFloat64(math.Inf(n.Sign()))
	}
	if i, acc := n.Int64(); acc == big.Exact {
		return e.enc.EncodeInt(i)
	}
	if f, acc := n.Float64(); acc == big.Exact && !n.IsInt() {
		return e.enc.EncodeFloat64(f)
	}
	return e.enc.EncodeString(n.Text('f', -1))
}

func (e msgpackEncoder) object(v tftypes.Value, t tftypes.Object) error {
	var attrs map[string]tftypes.Value
	if err := v.As(&attrs); err != nil {
		return err
	}
	names := make([]string, 0, len(t.AttributeTypes))
	for name := range t.AttributeTypes {
		names = append(names, name)
	}
	slices.Sort(names)
	if err := e.enc.EncodeMapLen(len(names)); err != nil {
		return err
	}
	for _, name := range names {
		attr, ok := attrs[name]
		if !ok {
			return fmt.Errorf("%s: no value set", name)
		}
		if err := e.enc.EncodeString(name); err != nil {
			return err
		}
		if err := e.value(attr, t.AttributeTypes[name]); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}

func (e msgpackEncoder) mapOf(v tftypes.Value, t tftypes.Map) error {
	var elems map[string]tftypes.Value
	if err := v.As(&elems); err != nil {
		return err
	}
	if err := e.enc.EncodeMapLen(len(elems)); err != nil {
		return err
	}
	for _, key := range slices.Sorted(maps.Keys(elems)) {
		if err := e.enc.EncodeString(key); err != nil {
			return err
		}
		if err := e.value(elems[key], t.ElementType); err != nil {
			return fmt.Errorf("[%q]: %w", key, err)
		}
	}
	return nil
}

// sequence writes a list, set or tuple, element i of type typeAt(i).
func (e msgpackEncoder) sequence(v tftypes.Value, typeAt func(int) tftypes.Type) error {
	var elems []tftypes.Value
	if err := v.As(&elems); err != nil {
		return err
	}
	if err := e.enc.EncodeArrayLen(len(elems)); err != nil {
		return err
	}
	for i, elem := range elems {
		if err := e.value(elem, typeAt(i)); err != nil {
			return fmt.Errorf("[%d]: %w", i, err)
		}
	}
	return nil
}

// WriteTypeJSON writes a type in Terraform's JSON notation (what typeParser reads), object attributes
// in order.
func WriteTypeJSON(buf *bytes.Buffer, t tftypes.Type) error {
	switch t := t.(type) {
	case tftypes.Object:
		buf.WriteString(`["object",{`)
		for i, name := range slices.Sorted(maps.Keys(t.AttributeTypes)) {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := writeJSONString(buf, name); err != nil {
				return err
			}
			buf.WriteByte(':')
			if err := WriteTypeJSON(buf, t.AttributeTypes[name]); err != nil {
				return err
			}
		}
		buf.WriteByte('}')
		if len(t.OptionalAttributes) > 0 {
			names, err := json.Marshal(slices.Sorted(maps.Keys(t.OptionalAttributes)))
			if err != nil {
				return err
			}
			buf.WriteByte(',')
			buf.Write(names)
		}
		buf.WriteByte(']')
	case tftypes.List:
		return writeCollectionJSON(buf, "list", t.ElementType)
	case tftypes.Set:
		return writeCollectionJSON(buf, "set", t.ElementType)
	case tftypes.Map:
		return writeCollectionJSON(buf, "map", t.ElementType)
	case tftypes.Tuple:
		buf.WriteString(`["tuple",[`)
		for i, et := range t.ElementTypes {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := WriteTypeJSON(buf, et); err != nil {
				return err
			}
		}
		buf.WriteString(`]]`)
	default:
		switch {
		case tftypes.String.Is(t):
			buf.WriteString(`"string"`)
		case tftypes.Number.Is(t):
			buf.WriteString(`"number"`)
		case tftypes.Bool.Is(t):
			buf.WriteString(`"bool"`)
		case tftypes.DynamicPseudoType.Is(t):
			buf.WriteString(`"dynamic"`)
		default:
			return fmt.Errorf("unsupported type %s", t)
		}
	}
	return nil
}

func writeCollectionJSON(buf *bytes.Buffer, kind string, elem tftypes.Type) error {
	buf.WriteString(`["` + kind + `",`)
	if err := WriteTypeJSON(buf, elem); err != nil {
		return err
	}
	buf.WriteByte(']')
	return nil
}

// writeJSONString writes s as a JSON string; one that needs escaping goes through encoding/json.
func writeJSONString(buf *bytes.Buffer, s string) error {
	for i := range len(s) {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			quoted, err := json.Marshal(s)
			buf.Write(quoted)
			return err
		}
	}
	buf.WriteByte('"')
	buf.WriteString(s)
	buf.WriteByte('"')
	return nil
}
