package tfwire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// errNullInType: a null in a type's JSON where an object of attributes, a list of types or names, or a
// name belongs. tftypes reads it as none (or as ""); Terraform writes no such type.
var errNullInType = errors.New("a null in a type's JSON, where Terraform writes an object, a list or a name")

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
	if p.null() {
		return fmt.Errorf("%w at %d", errNullInType, p.pos)
	}
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

// null reports whether a JSON null is at pos.
func (p *typeParser) null() bool {
	p.space()
	return bytes.HasPrefix(p.src[p.pos:], []byte("null"))
}

// str reads a JSON string. One with escapes, control characters (not allowed unescaped) or bytes beyond
// ASCII (where encoding/json makes invalid UTF-8 U+FFFD) goes through encoding/json.
func (p *typeParser) str() (string, error) {
	if p.null() {
		return "", fmt.Errorf("%w at %d", errNullInType, p.pos)
	}
	end, err := skipJSON(p.src, p.pos)
	if err != nil || p.src[p.pos] != '"' {
		return "", fmt.Errorf("expected a string at %d", p.pos)
	}
	raw := p.src[p.pos:end]
	p.pos = end
	if plainASCII(raw) {
		return string(raw[1 : len(raw)-1]), nil
	}
	var s string
	err = json.Unmarshal(raw, &s)
	return s, err
}

// plainASCII reports whether a JSON string is its characters as they are.
func plainASCII(raw []byte) bool {
	for _, c := range raw {
		if c < 0x20 || c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
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
