package tfwire

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// DecodeAttributes reads the named attributes of an object value Terraform sent as msgpack, as Decode
// reads them, and skips the others without building them: it stops once it has read all of them, so a
// few small attributes of a large value cost little. A null or unknown value has none (a nil map).
func DecodeAttributes(data []byte, typ tftypes.Object, names ...string) (map[string]tftypes.Value, error) {
	r := bytes.NewReader(data)
	d := &msgpackDecoder{dec: msgpack.NewDecoder(r), data: data, r: r, types: map[string]tftypes.Type{}}
	code, err := d.dec.PeekCode()
	if err != nil || code == msgpcode.Nil || msgpcode.IsExt(code) {
		return nil, err
	}
	n, err := d.mapLen()
	if err != nil {
		return nil, err
	}
	if n != len(typ.AttributeTypes) {
		return nil, fmt.Errorf("expected %d attributes, got %d", len(typ.AttributeTypes), n)
	}
	attrs := make(map[string]tftypes.Value, len(names))
	for i := 0; i < n && len(attrs) < len(names); i++ {
		name, err := d.str()
		if err != nil {
			return nil, err
		}
		at, ok := typ.AttributeTypes[name]
		switch {
		case !ok:
			return nil, fmt.Errorf("unknown attribute %q", name)
		case !slices.Contains(names, name):
			err = d.dec.Skip()
		default:
			attrs[name], err = d.value(at)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return attrs, nil
}
