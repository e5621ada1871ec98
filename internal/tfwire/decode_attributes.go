package tfwire

import (
	"bytes"
	"fmt"
	"io"
	"slices"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// DecodeAttributes reads the named attributes of an object value Terraform sent as msgpack, as Decode
// reads them, and skips the others without building them: it stops once it has read all of them, so a
// few small attributes of a large value cost little. A null or unknown value has none (a nil map).
func DecodeAttributes(data []byte, typ tftypes.Object, names ...string) (map[string]tftypes.Value, error) {
	d, n, err := attributesOf(data, typ)
	if err != nil || n < 0 {
		return nil, err
	}
	attrs := make(map[string]tftypes.Value, len(names))
	for i := 0; i < n && len(attrs) < len(names); i++ {
		name, at, err := d.attribute(typ)
		switch {
		case err != nil:
		case !slices.Contains(names, name):
			err = d.skip()
		default:
			attrs[name], err = d.value(at)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return attrs, nil
}

// ElementStrings reads, from an attribute of an object value that is a map of objects, each element's
// string attribute field by the element's key, building no value: the ids of thousands of items cost
// little more than their strings. An element whose field is null or unknown is left out, and a null or
// unknown value or attribute has none (a nil map).
func ElementStrings(data []byte, typ tftypes.Object, attribute, field string) (map[string]string, error) {
	m, isMap := typ.AttributeTypes[attribute].(tftypes.Map)
	elem, isObject := m.ElementType.(tftypes.Object)
	if !isMap || !isObject || !tftypes.String.Is(elem.AttributeTypes[field]) {
		return nil, fmt.Errorf("%s is not a map of objects with the string attribute %q", attribute, field)
	}
	d, n, err := attributesOf(data, typ)
	if err != nil || n < 0 {
		return nil, err
	}
	for range n {
		name, _, err := d.attribute(typ)
		if err != nil {
			return nil, err
		}
		if name != attribute {
			if err := d.skip(); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			continue
		}
		out, err := d.elementStrings(field)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return out, nil
	}
	return nil, nil
}

// attributesOf starts reading an object value: n is its number of attributes, -1 when it is null or unknown.
func attributesOf(data []byte, typ tftypes.Object) (d *msgpackDecoder, n int, err error) {
	r := bytes.NewReader(data)
	d = &msgpackDecoder{dec: msgpack.NewDecoder(r), data: data, r: r, types: map[string]tftypes.Type{}}
	if d.absent() {
		return d, -1, nil
	}
	if n, err = d.mapLen(); err == nil && n != len(typ.AttributeTypes) {
		err = fmt.Errorf("expected %d attributes, got %d", len(typ.AttributeTypes), n)
	}
	return d, n, err
}

// attribute reads the name of an object's next attribute, and its type.
func (d *msgpackDecoder) attribute(typ tftypes.Object) (string, tftypes.Type, error) {
	name, err := d.str()
	if err != nil {
		return "", nil, err
	}
	at, ok := typ.AttributeTypes[name]
	if !ok {
		return name, nil, fmt.Errorf("unknown attribute %q", name)
	}
	return name, at, nil
}

// absent reports whether the value at the reader is null or unknown; then it is skipped.
func (d *msgpackDecoder) absent() bool {
	code, err := d.dec.PeekCode()
	if err != nil || code != msgpcode.Nil && !msgpcode.IsExt(code) {
		return false // the next read reports an error
	}
	return d.dec.Skip() == nil
}

// elementStrings reads a map of objects: each object's string attribute field, by key.
func (d *msgpackDecoder) elementStrings(field string) (map[string]string, error) {
	if d.absent() {
		return nil, nil
	}
	n, err := d.mapLen()
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, n)
	for range n {
		key, err := d.str()
		if err != nil {
			return nil, err
		}
		if d.absent() {
			continue
		}
		attrs, err := d.mapLen()
		if err != nil {
			return nil, fmt.Errorf("[%q]: %w", key, err)
		}
		for range attrs {
			name, err := d.str()
			switch {
			case err != nil:
			case name != field:
				err = d.skip()
			case d.absent(): // skipped
			default:
				out[key], err = d.str()
			}
			if err != nil {
				return nil, fmt.Errorf("[%q]: %w", key, err)
			}
		}
	}
	return out, nil
}

// skip passes over the value at the reader. Its strings are passed by their length, unread (msgpack's
// Skip reads them into a buffer): skipping a large value costs a walk of its headers.
func (d *msgpackDecoder) skip() error {
	code, err := d.dec.PeekCode()
	if err != nil {
		return err
	}
	n := 0
	switch {
	case msgpcode.IsString(code) || msgpcode.IsBin(code):
		if err := d.checkBytesLen(); err != nil {
			return err
		}
		if n, err = d.dec.DecodeBytesLen(); err == nil {
			_, err = d.r.Seek(int64(n), io.SeekCurrent)
		}
		return err
	case msgpcode.IsFixedArray(code) || code == msgpcode.Array16 || code == msgpcode.Array32:
		n, err = d.arrayLen()
	case msgpcode.IsFixedMap(code) || code == msgpcode.Map16 || code == msgpcode.Map32:
		n, err = d.mapLen()
		n *= 2
	default:
		return d.dec.Skip()
	}
	for i := 0; i < n && err == nil; i++ {
		err = d.skip()
	}
	return err
}
