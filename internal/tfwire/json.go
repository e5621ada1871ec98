package tfwire

import (
	"encoding/json"
	"errors"
	"fmt"
)

// ObjectKeys returns the names of a JSON object's members, in order, without decoding their values: what
// encoding/json reads, and an error for what it does not read as an object.
func ObjectKeys(src []byte) ([]string, error) {
	if !json.Valid(src) {
		return nil, errors.New("not valid JSON")
	}
	p := typeParser{src: src}
	var names []string
	err := p.each('{', '}', func() error {
		p.space()
		name, err := p.str()
		if err != nil {
			return err
		}
		names = append(names, name)
		if err := p.expect(':'); err != nil {
			return err
		}
		p.space()
		p.pos, err = skipJSONValue(src, p.pos)
		return err
	})
	if p.space(); err == nil && p.pos != len(src) {
		err = fmt.Errorf("extra data at %d", p.pos)
	}
	return names, err
}

// skipJSONValue returns where the JSON value starting at i ends: a string, array or object as
// skipJSON finds it, or a number, true, false or null.
func skipJSONValue(src []byte, i int) (int, error) {
	if i < len(src) && (src[i] == '"' || src[i] == '[' || src[i] == '{') {
		return skipJSON(src, i)
	}
	j := i
	for j < len(src) && src[j] != ',' && src[j] != '}' && src[j] != ']' && src[j] != ' ' && src[j] != '\n' && src[j] != '\t' && src[j] != '\r' {
		j++
	}
	if j == i {
		return 0, fmt.Errorf("expected a value at %d", i)
	}
	return j, nil
}
