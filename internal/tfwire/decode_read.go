package tfwire

import (
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

var (
	// errBeyondInput: a string, bytes, list or map claims more than is left of the input. msgpack would
	// allocate a string's length, and tftypes a list's, before finding the input short (gigabytes for a
	// few bytes claiming 2³²).
	errBeyondInput = errors.New("a length beyond the end of the value's bytes")
	// errMixedElements: elements of one list, set or map of different types.
	errMixedElements = errors.New("elements do not all have the same type")
)

// str reads a string (or bytes) as msgpack does, its length checked first.
func (d *msgpackDecoder) str() (string, error) {
	if err := d.checkBytesLen(); err != nil {
		return "", err
	}
	return d.dec.DecodeString()
}

// bytes reads bytes (or a string) as msgpack does, its length checked first.
func (d *msgpackDecoder) bytes() ([]byte, error) {
	if err := d.checkBytesLen(); err != nil {
		return nil, err
	}
	return d.dec.DecodeBytes()
}

// checkBytesLen errors when the string or bytes at the reader claim more bytes than are left (a fixed
// string's length is in its first byte, at most 31).
func (d *msgpackDecoder) checkBytesLen() error {
	rest := d.data[d.offset():]
	if len(rest) == 0 {
		return nil // the decoder reports the end of the input
	}
	var size int
	switch rest[0] {
	case msgpcode.Str8, msgpcode.Bin8:
		size = 1
	case msgpcode.Str16, msgpcode.Bin16:
		size = 2
	case msgpcode.Str32, msgpcode.Bin32:
		size = 4
	default:
		return nil
	}
	if len(rest) <= size {
		return nil // the decoder reports the end of the input
	}
	n := 0
	for _, b := range rest[1 : 1+size] {
		n = n<<8 | int(b)
	}
	if n > len(rest)-1-size {
		return fmt.Errorf("%w: %d bytes claimed, %d left", errBeyondInput, n, len(rest)-1-size)
	}
	return nil
}

// arrayLen reads an array's length: each element takes a byte at least.
func (d *msgpackDecoder) arrayLen() (int, error) {
	n, err := d.dec.DecodeArrayLen()
	if err == nil && n > d.r.Len() {
		return 0, fmt.Errorf("%w: %d elements claimed, %d bytes left", errBeyondInput, n, d.r.Len())
	}
	return n, err
}

// mapLen reads a map's length: each key and each value takes a byte at least.
func (d *msgpackDecoder) mapLen() (int, error) {
	n, err := d.dec.DecodeMapLen()
	if err == nil && n > d.r.Len()/2 {
		return 0, fmt.Errorf("%w: %d entries claimed, %d bytes left", errBeyondInput, n, d.r.Len())
	}
	return n, err
}

// hasDynamic reports whether typ is dynamic or holds a dynamic type.
func hasDynamic(typ tftypes.Type) bool {
	switch t := typ.(type) {
	case tftypes.List:
		return hasDynamic(t.ElementType)
	case tftypes.Set:
		return hasDynamic(t.ElementType)
	case tftypes.Map:
		return hasDynamic(t.ElementType)
	case tftypes.Tuple:
		for _, et := range t.ElementTypes {
			if hasDynamic(et) {
				return true
			}
		}
		return false
	case tftypes.Object:
		for _, at := range t.AttributeTypes {
			if hasDynamic(at) {
				return true
			}
		}
		return false
	}
	return tftypes.DynamicPseudoType.Is(typ)
}
