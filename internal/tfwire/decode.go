package tfwire

import (
	"bytes"
	"fmt"
	"io"
	"math/big"
	"reflect"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// Decode reads a value Terraform sent as msgpack, as tftypes.ValueFromMsgPack does and giving the
// same values (TestMsgPack_sameAsTftypes), faster for ardoq_batch's items. Their dynamic values
// carry their type as JSON, one object type per item; tftypes parses it with a json.Decoder per nested
// type, once per item (BenchmarkBatchStages/state-decode measures it). Here the type
// JSON is scanned once, and an item type seen before is taken from memory instead of parsed again.
func Decode(data []byte, typ tftypes.Type) (tftypes.Value, error) {
	return NewValues(false).Decode(data, typ)
}

// Values decodes the values of one request (a plan's prior state, proposed state and
// configuration): an item (an object element of a top-level attribute's map or object) with the same
// type and bytes as one decoded before is that value, shared (tftypes values are immutable). A plan
// of a large batch changes few items, so its three values hold about one copy of the items instead of
// three.
type Values struct {
	types map[string]tftypes.Type // type JSON -> type, for the composite types met so far
	items map[uintptr]itemsOfType // nil: a value decoded alone shares nothing
}

// itemsOfType are the items of one object type by their encoding. The type is known by its attribute
// map (which the type parser makes once per type JSON), whose address stays the type's while the items,
// whose type holds the map, are kept.
type itemsOfType map[string]tftypes.Value

// itemDepth is the depth of the containers whose object elements are items: the resource's object is
// at depth 1, a top-level attribute's map or object (the items by key) at depth 2.
const itemDepth = 2

// NewValues is a decoder for the values of one request; share says whether its values share their items
// (worth it only for more than one value).
func NewValues(share bool) *Values {
	v := &Values{types: map[string]tftypes.Type{}}
	if share {
		v.items = map[uintptr]itemsOfType{}
	}
	return v
}

// Decode reads one value of the request.
func (m *Values) Decode(data []byte, typ tftypes.Type) (tftypes.Value, error) {
	r := bytes.NewReader(data)
	// Until some value has recorded items (the first, or a null prior state before a planned value),
	// looking each one up would only cost a skip and a seek.
	d := &msgpackDecoder{dec: msgpack.NewDecoder(r), data: data, r: r, types: m.types, items: m.items, lookUp: len(m.items) > 0}
	return d.value(typ)
}

type msgpackDecoder struct {
	dec    *msgpack.Decoder // reads r directly (a bytes.Reader is an io.ByteScanner): no buffering
	data   []byte
	r      *bytes.Reader
	depth  int // of the object or map being read
	types  map[string]tftypes.Type
	items  map[uintptr]itemsOfType
	lookUp bool // whether items may have been decoded before
}

// element reads an attribute's or element's value, taking an item decoded before from memory.
func (d *msgpackDecoder) element(typ tftypes.Type) (tftypes.Value, error) {
	obj, isObject := typ.(tftypes.Object)
	if d.items == nil || d.depth != itemDepth || !isObject {
		return d.value(typ)
	}
	typeKey := reflect.ValueOf(obj.AttributeTypes).Pointer()
	start := d.offset()
	if d.lookUp {
		if err := d.dec.Skip(); err != nil {
			return tftypes.Value{}, err
		}
		// string(...) in a map index does not copy the bytes
		if v, ok := d.items[typeKey][string(d.data[start:d.offset()])]; ok {
			return v, nil
		}
		if _, err := d.r.Seek(int64(start), io.SeekStart); err != nil {
			return tftypes.Value{}, err
		}
	}
	v, err := d.value(typ)
	if err == nil {
		if d.items[typeKey] == nil {
			d.items[typeKey] = itemsOfType{}
		}
		d.items[typeKey][string(d.data[start:d.offset()])] = v
	}
	return v, err
}

// offset is where the reader is in the value's bytes.
func (d *msgpackDecoder) offset() int { return len(d.data) - d.r.Len() }

func (d *msgpackDecoder) value(typ tftypes.Type) (tftypes.Value, error) {
	code, err := d.dec.PeekCode()
	if err != nil {
		return tftypes.Value{}, err
	}
	if msgpcode.IsExt(code) { // Terraform's unknown value
		if err := d.dec.Skip(); err != nil {
			return tftypes.Value{}, err
		}
		return tftypes.NewValue(typ, tftypes.UnknownValue), nil
	}
	if tftypes.DynamicPseudoType.Is(typ) {
		return d.dynamic()
	}
	if code == msgpcode.Nil {
		if err := d.dec.Skip(); err != nil {
			return tftypes.Value{}, err
		}
		return tftypes.NewValue(typ, nil), nil
	}
	switch t := typ.(type) {
	case tftypes.Object:
		return d.object(t)
	case tftypes.Map:
		return d.mapOf(t)
	case tftypes.List:
		return d.sequence(typ, t.ElementType, func(elem tftypes.Type) tftypes.Type { return tftypes.List{ElementType: elem} })
	case tftypes.Set:
		return d.sequence(typ, t.ElementType, func(elem tftypes.Type) tftypes.Type { return tftypes.Set{ElementType: elem} })
	case tftypes.Tuple:
		return d.tuple(t)
	}
	switch {
	case tftypes.String.Is(typ):
		s, err := d.str()
		return tftypes.NewValue(tftypes.String, s), err
	case tftypes.Bool.Is(typ):
		b, err := d.dec.DecodeBool()
		return tftypes.NewValue(tftypes.Bool, b), err
	case tftypes.Number.Is(typ):
		n, err := d.number(code)
		return tftypes.NewValue(tftypes.Number, n), err
	}
	return tftypes.Value{}, fmt.Errorf("unsupported type %s", typ)
}

// number reads any of msgpack's encodings of a number, as tftypes does.
func (d *msgpackDecoder) number(code byte) (*big.Float, error) {
	switch {
	case msgpcode.IsFixedNum(code), code == msgpcode.Int8, code == msgpcode.Int16, code == msgpcode.Int32, code == msgpcode.Int64:
		n, err := d.dec.DecodeInt64()
		return new(big.Float).SetInt64(n), err
	case code == msgpcode.Uint8, code == msgpcode.Uint16, code == msgpcode.Uint32, code == msgpcode.Uint64:
		n, err := d.dec.DecodeUint64()
		return new(big.Float).SetUint64(n), err
	case code == msgpcode.Float, code == msgpcode.Double:
		f, err := d.dec.DecodeFloat64()
		return big.NewFloat(f), err
	}
	s, err := d.str()
	if err != nil {
		return nil, err
	}
	f, _, err := big.ParseFloat(s, 10, 512, big.ToNearestEven)
	return f, err
}

func (d *msgpackDecoder) object(t tftypes.Object) (tftypes.Value, error) {
	n, err := d.mapLen()
	if err != nil || n < 0 {
		return tftypes.NewValue(tftypes.Object{AttributeTypes: t.AttributeTypes}, nil), err
	}
	if n != len(t.AttributeTypes) {
		return tftypes.Value{}, fmt.Errorf("expected %d attributes, got %d", len(t.AttributeTypes), n)
	}
	attrs := make(map[string]tftypes.Value, n)
	d.depth++
	defer func() { d.depth-- }()
	for range n {
		name, err := d.str()
		if err != nil {
			return tftypes.Value{}, err
		}
		at, ok := t.AttributeTypes[name]
		if !ok {
			return tftypes.Value{}, fmt.Errorf("unknown attribute %q", name)
		}
		if _, twice := attrs[name]; twice {
			// then another is missing, and tftypes.NewValue would panic
			return tftypes.Value{}, fmt.Errorf("attribute %q twice", name)
		}
		if attrs[name], err = d.element(at); err != nil {
			return tftypes.Value{}, fmt.Errorf("%s: %w", name, err)
		}
	}
	return tftypes.NewValue(tftypes.Object{AttributeTypes: t.AttributeTypes}, attrs), nil
}

// mapOf reads a map. Elements of a type with dynamic parts may differ in type, which tftypes.NewValue does
// not allow (it panics): that is an error.
func (d *msgpackDecoder) mapOf(t tftypes.Map) (tftypes.Value, error) {
	n, err := d.mapLen()
	if err != nil || n < 0 {
		return tftypes.NewValue(t, nil), err
	}
	elems := make(map[string]tftypes.Value, n)
	d.depth++
	defer func() { d.depth-- }()
	for range n {
		key, err := d.str()
		if err != nil {
			return tftypes.Value{}, err
		}
		if elems[key], err = d.element(t.ElementType); err != nil {
			return tftypes.Value{}, fmt.Errorf("[%q]: %w", key, err)
		}
	}
	if hasDynamic(t.ElementType) {
		var first tftypes.Type
		for _, elem := range elems {
			if first == nil {
				first = elem.Type()
			}
			if !elem.Type().Equal(first) {
				return tftypes.Value{}, errMixedElements
			}
		}
	}
	return tftypes.NewValue(t, elems), nil
}

// sequence reads a list or a set; with dynamic elements its type comes from the elements, as in tftypes
// (a list of none keeps the dynamic element type). Elements of a type with dynamic parts may differ in
// type, which tftypes.NewValue does not allow (it panics): that is an error.
func (d *msgpackDecoder) sequence(typ, elem tftypes.Type, of func(tftypes.Type) tftypes.Type) (tftypes.Value, error) {
	n, err := d.arrayLen()
	if err != nil || n < 0 {
		return tftypes.NewValue(typ, nil), err
	}
	if n == 0 {
		return tftypes.NewValue(typ, []tftypes.Value{}), nil
	}
	elems := make([]tftypes.Value, n)
	for i := range elems {
		if elems[i], err = d.value(elem); err != nil {
			return tftypes.Value{}, fmt.Errorf("[%d]: %w", i, err)
		}
	}
	if _, isSet := typ.(tftypes.Set); isSet || hasDynamic(elem) {
		found, err := tftypes.TypeFromElements(elems)
		if err != nil {
			return tftypes.Value{}, errMixedElements
		}
		if isSet || tftypes.DynamicPseudoType.Is(elem) {
			elem = found
		}
	}
	return tftypes.NewValue(of(elem), elems), nil
}

func (d *msgpackDecoder) tuple(t tftypes.Tuple) (tftypes.Value, error) {
	n, err := d.arrayLen()
	if err != nil || n < 0 {
		return tftypes.NewValue(t, nil), err
	}
	if n != len(t.ElementTypes) {
		return tftypes.Value{}, fmt.Errorf("expected %d tuple elements, got %d", len(t.ElementTypes), n)
	}
	elems := make([]tftypes.Value, n)
	for i, et := range t.ElementTypes {
		if elems[i], err = d.value(et); err != nil {
			return tftypes.Value{}, fmt.Errorf("[%d]: %w", i, err)
		}
	}
	return tftypes.NewValue(t, elems), nil
}

// dynamic reads a dynamic value: its type as JSON, then the value of that type.
func (d *msgpackDecoder) dynamic() (tftypes.Value, error) {
	n, err := d.arrayLen()
	switch {
	case err != nil:
		return tftypes.Value{}, err
	case n < 0:
		return tftypes.NewValue(tftypes.DynamicPseudoType, nil), nil
	case n != 2:
		return tftypes.Value{}, fmt.Errorf("expected a type and a value in a dynamic value, got %d elements", n)
	}
	typeJSON, err := d.bytes()
	if err != nil {
		return tftypes.Value{}, err
	}
	p := typeParser{src: typeJSON, known: d.types}
	typ, err := p.parse()
	if err != nil {
		return tftypes.Value{}, fmt.Errorf("a dynamic value's type (%d bytes of JSON): %w", len(typeJSON), err)
	}
	return d.value(typ)
}
