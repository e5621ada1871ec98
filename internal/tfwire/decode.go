package tfwire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"reflect"
	"unsafe"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// Decode reads a value Terraform sent as msgpack, as tftypes.ValueFromMsgPack does and giving the
// same values (TestMsgPack_sameAsTftypes), faster for ardoq_batch's items. Their dynamic values
// carry their type as JSON, one object type per item; tftypes parses it with a json.Decoder per nested
// type, which took two thirds of decoding a state (BenchmarkBatchStages/state-decode). Here the type
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
	types map[string]tftypes.Type     // type JSON -> type, for the composite types met so far
	items map[itemBytes]tftypes.Value // nil: a value decoded alone shares nothing
}

// itemBytes identifies an item: its object type (by its attribute map, which the type parser makes once
// per type JSON) and its encoding.
type itemBytes struct {
	attributeTypes uintptr
	encoded        string
}

// itemDepth is the depth of the containers whose object elements are items: the resource's object is
// at depth 1, a top-level attribute's map or object (the items by key) at depth 2.
const itemDepth = 2

// NewValues is a decoder for the values of one request; share says whether its values share their items
// (worth it only for more than one value).
func NewValues(share bool) *Values {
	v := &Values{types: map[string]tftypes.Type{}}
	if share {
		v.items = map[itemBytes]tftypes.Value{}
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
	items  map[itemBytes]tftypes.Value
	lookUp bool // whether items may have been decoded before
}

// element reads an attribute's or element's value, taking an item decoded before from memory.
func (d *msgpackDecoder) element(typ tftypes.Type) (tftypes.Value, error) {
	obj, isObject := typ.(tftypes.Object)
	if d.items == nil || d.depth != itemDepth || !isObject {
		return d.value(typ)
	}
	start := len(d.data) - d.r.Len()
	if d.lookUp {
		if err := d.dec.Skip(); err != nil {
			return tftypes.Value{}, err
		}
		if v, ok := d.items[d.itemAt(obj, start)]; ok {
			return v, nil
		}
		if _, err := d.r.Seek(int64(start), io.SeekStart); err != nil {
			return tftypes.Value{}, err
		}
	}
	v, err := d.value(typ)
	if err == nil {
		d.items[d.itemAt(obj, start)] = v
	}
	return v, err
}

// itemAt is the key of the item of type obj encoded from start to where the reader is.
func (d *msgpackDecoder) itemAt(obj tftypes.Object, start int) itemBytes {
	end := len(d.data) - d.r.Len()
	return itemBytes{attributeTypes: reflect.ValueOf(obj.AttributeTypes).Pointer(), encoded: unsafe.String(unsafe.SliceData(d.data[start:end]), end-start)}
}

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
	if typ.Is(tftypes.DynamicPseudoType) {
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
	case typ.Is(tftypes.String):
		s, err := d.dec.DecodeString()
		return tftypes.NewValue(tftypes.String, s), err
	case typ.Is(tftypes.Bool):
		b, err := d.dec.DecodeBool()
		return tftypes.NewValue(tftypes.Bool, b), err
	case typ.Is(tftypes.Number):
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
	s, err := d.dec.DecodeString()
	if err != nil {
		return nil, err
	}
	f, _, err := big.ParseFloat(s, 10, 512, big.ToNearestEven)
	return f, err
}

func (d *msgpackDecoder) object(t tftypes.Object) (tftypes.Value, error) {
	n, err := d.dec.DecodeMapLen()
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
		name, err := d.dec.DecodeString()
		if err != nil {
			return tftypes.Value{}, err
		}
		at, ok := t.AttributeTypes[name]
		if !ok {
			return tftypes.Value{}, fmt.Errorf("unknown attribute %q", name)
		}
		if attrs[name], err = d.element(at); err != nil {
			return tftypes.Value{}, fmt.Errorf("%s: %w", name, err)
		}
	}
	return tftypes.NewValue(tftypes.Object{AttributeTypes: t.AttributeTypes}, attrs), nil
}

func (d *msgpackDecoder) mapOf(t tftypes.Map) (tftypes.Value, error) {
	n, err := d.dec.DecodeMapLen()
	if err != nil || n < 0 {
		return tftypes.NewValue(t, nil), err
	}
	elems := make(map[string]tftypes.Value, n)
	d.depth++
	defer func() { d.depth-- }()
	for range n {
		key, err := d.dec.DecodeString()
		if err != nil {
			return tftypes.Value{}, err
		}
		if elems[key], err = d.element(t.ElementType); err != nil {
			return tftypes.Value{}, fmt.Errorf("[%q]: %w", key, err)
		}
	}
	return tftypes.NewValue(t, elems), nil
}

// sequence reads a list or a set; with dynamic elements its type comes from the elements, as in tftypes
// (a list of none keeps the dynamic element type).
func (d *msgpackDecoder) sequence(typ, elem tftypes.Type, of func(tftypes.Type) tftypes.Type) (tftypes.Value, error) {
	n, err := d.dec.DecodeArrayLen()
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
	_, isSet := typ.(tftypes.Set)
	if isSet || elem.Is(tftypes.DynamicPseudoType) {
		if elem, err = tftypes.TypeFromElements(elems); err != nil {
			return tftypes.Value{}, err
		}
	}
	return tftypes.NewValue(of(elem), elems), nil
}

func (d *msgpackDecoder) tuple(t tftypes.Tuple) (tftypes.Value, error) {
	n, err := d.dec.DecodeArrayLen()
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
	n, err := d.dec.DecodeArrayLen()
	switch {
	case err != nil:
		return tftypes.Value{}, err
	case n < 0:
		return tftypes.NewValue(tftypes.DynamicPseudoType, nil), nil
	case n != 2:
		return tftypes.Value{}, fmt.Errorf("expected a type and a value in a dynamic value, got %d elements", n)
	}
	typeJSON, err := d.dec.DecodeBytes()
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

// typeParser reads Terraform's JSON type notation: "string", "number", "bool", "dynamic",
// ["list", T], ["set", T], ["map", T], ["tuple", [T...]], ["object", {"name": T...}] with an optional
// list of optional attribute names.
type typeParser struct {
	src   []byte
	pos   int
	known map[string]tftypes.Type
}

func (p *typeParser) parse() (tftypes.Type, error) {
	t, err := p.typ()
	if err != nil {
		return nil, err
	}
	if p.space(); p.pos != len(p.src) {
		return nil, fmt.Errorf("extra data at %d", p.pos)
	}
	return t, nil
}

func (p *typeParser) typ() (tftypes.Type, error) {
	p.space()
	if p.pos < len(p.src) && p.src[p.pos] == '"' {
		name, err := p.str()
		if err != nil {
			return nil, err
		}
		switch name {
		case "string":
			return tftypes.String, nil
		case "number":
			return tftypes.Number, nil
		case "bool":
			return tftypes.Bool, nil
		case "dynamic":
			return tftypes.DynamicPseudoType, nil
		}
		return nil, fmt.Errorf("invalid primitive type name %q", name)
	}
	start := p.pos
	end, err := skipJSON(p.src, start)
	if err != nil {
		return nil, err
	}
	if t, ok := p.known[string(p.src[start:end])]; ok {
		p.pos = end
		return t, nil
	}
	t, err := p.composite()
	if err != nil {
		return nil, err
	}
	p.known[string(p.src[start:end])] = t
	return t, nil
}

func (p *typeParser) composite() (tftypes.Type, error) {
	if err := p.expect('['); err != nil {
		return nil, err
	}
	p.space()
	kind, err := p.str()
	if err != nil {
		return nil, err
	}
	if err := p.expect(','); err != nil {
		return nil, err
	}
	var t tftypes.Type
	switch kind {
	case "list", "set", "map":
		elem, err := p.typ()
		if err != nil {
			return nil, err
		}
		switch kind {
		case "list":
			t = tftypes.List{ElementType: elem}
		case "set":
			t = tftypes.Set{ElementType: elem}
		default:
			t = tftypes.Map{ElementType: elem}
		}
	case "tuple":
		elems := []tftypes.Type{}
		err = p.each('[', ']', func() error {
			et, err := p.typ()
			elems = append(elems, et)
			return err
		})
		t = tftypes.Tuple{ElementTypes: elems}
	case "object":
		t, err = p.object()
	default:
		return nil, fmt.Errorf("invalid complex type kind %q", kind)
	}
	if err != nil {
		return nil, err
	}
	return t, p.expect(']')
}

func (p *typeParser) object() (tftypes.Type, error) {
	o := tftypes.Object{AttributeTypes: map[string]tftypes.Type{}, OptionalAttributes: map[string]struct{}{}}
	err := p.each('{', '}', func() error {
		p.space()
		name, err := p.str()
		if err != nil {
			return err
		}
		if err := p.expect(':'); err != nil {
			return err
		}
		o.AttributeTypes[name], err = p.typ()
		return err
	})
	if err != nil {
		return nil, err
	}
	if p.space(); p.pos < len(p.src) && p.src[p.pos] == ',' {
		p.pos++
		err = p.each('[', ']', func() error {
			p.space()
			name, err := p.str()
			o.OptionalAttributes[name] = struct{}{}
			return err
		})
	}
	return o, err
}

// each reads a JSON array or object between open and close, calling item for each element.
func (p *typeParser) each(open, closing byte, item func() error) error {
	if err := p.expect(open); err != nil {
		return err
	}
	if p.space(); p.pos < len(p.src) && p.src[p.pos] == closing {
		p.pos++
		return nil
	}
	for {
		if err := item(); err != nil {
			return err
		}
		p.space()
		if p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		return p.expect(closing)
	}
}

func (p *typeParser) expect(c byte) error {
	if p.space(); p.pos >= len(p.src) || p.src[p.pos] != c {
		return fmt.Errorf("expected %q at %d", c, p.pos)
	}
	p.pos++
	return nil
}

func (p *typeParser) space() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t' || p.src[p.pos] == '\n' || p.src[p.pos] == '\r') {
		p.pos++
	}
}

// str reads a JSON string; one with escapes goes through encoding/json.
func (p *typeParser) str() (string, error) {
	end, err := skipJSON(p.src, p.pos)
	if err != nil || p.src[p.pos] != '"' {
		return "", fmt.Errorf("expected a string at %d", p.pos)
	}
	raw := p.src[p.pos:end]
	p.pos = end
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1]), nil
	}
	var s string
	err = json.Unmarshal(raw, &s)
	return s, err
}

// skipJSON returns where the JSON string, array or object starting at i ends.
func skipJSON(src []byte, i int) (int, error) {
	depth := 0
	for j := i; j < len(src); j++ {
		switch src[j] {
		case '"':
			for j++; j < len(src) && src[j] != '"'; j++ {
				if src[j] == '\\' {
					j++
				}
			}
			if j >= len(src) {
				return 0, fmt.Errorf("unterminated string at %d", i)
			}
			if depth == 0 {
				return j + 1, nil
			}
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth == 0 {
				return j + 1, nil
			}
			if depth < 0 {
				return 0, fmt.Errorf("unbalanced %q at %d", src[j], j)
			}
		}
	}
	return 0, fmt.Errorf("unterminated type at %d", i)
}
