package tfwire_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/vmihailenco/msgpack/v5"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire/tfwiretest"
)

// The fuzz tests hold tfwire to terraform-plugin-go's tftypes, which is what Terraform's values would go
// through without it. Their seeds (f.Add and testdata/fuzz) run as unit tests in go test; make fuzz runs
// each briefly on new inputs. The one place tfwire deliberately differs: tftypes reads a JSON null where
// the type notation has an object of attributes, a list of element types or of optional attribute names,
// or an optional attribute's name, as none (or ""); Terraform writes no such type, and tfwire rejects it
// (tfwire.ErrNullInType).

// FuzzRoundTrip: for values of ardoq_batch's type (and of any type), built from the input, tfwire decodes
// tftypes' encoding and tftypes decodes tfwire's to what tftypes decodes from its own, which is the value
// itself unless a collection of dynamic elements took its elements' type.
func FuzzRoundTrip(f *testing.F) {
	for _, seed := range [][]byte{nil, {2}, {0, 0, 5}, bytes.Repeat([]byte{7}, 64), bytes.Repeat([]byte{3, 4, 250, 9}, 40)} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		typ, v := valueOf(data)
		dv, err := tfprotov6.NewDynamicValue(typ, v)
		if err != nil {
			t.Fatalf("tftypes cannot encode %s: %v", v, err)
		}
		encoded, err := tfwire.Encode(v, typ)
		if err != nil {
			t.Fatalf("tfwire cannot encode %s: %v", v, err)
		}
		if sized, err := tfwire.EncodeSized(v, typ, len(data)); err != nil || !bytes.Equal(sized, encoded) {
			t.Fatalf("tfwire encodes %s sized for %d bytes as %x (%v), unsized as %x", v, len(data), sized, err, encoded)
		}
		want, err := tftypesDecode(dv.MsgPack, typ)
		if err != nil {
			// A collection of collections of dynamic elements whose elements differ in type: tftypes cannot
			// read its own encoding (the outer collection's elements differ in type). Neither may tfwire.
			for _, b := range [][]byte{dv.MsgPack, encoded} {
				if got, err := tfwire.Decode(b, typ); err == nil {
					t.Fatalf("tftypes cannot read %s (%v), tfwire reads %s", v, err, got)
				}
			}
			return
		}
		if keepsItsType(v) && !want.Equal(v) {
			t.Fatalf("tftypes reads %s as %s: %s", v, want, tfwiretest.Differences(want, v))
		}
		for name, b := range map[string][]byte{"tftypes'": dv.MsgPack, "tfwire's": encoded} {
			if got, err := tfwire.Decode(b, typ); err != nil || !same(got, want) {
				t.Fatalf("tfwire reads %s encoding of %s as %s (%v), tftypes as %s", name, v, got, err, want)
			}
		}
		if back, err := tftypesDecode(encoded, typ); err != nil || !same(back, want) {
			t.Fatalf("tftypes reads tfwire's encoding of %s as %s (%v), its own as %s", v, back, err, want)
		}
		shared := tfwire.NewValues(true)
		for _, b := range [][]byte{encoded, dv.MsgPack, encoded} {
			if got, err := shared.Decode(b, typ); err != nil || !same(got, want) {
				t.Fatalf("tfwire reads %s with others as %s (%v), tftypes as %s", v, got, err, want)
			}
		}
		for _, vt := range []tftypes.Type{typ, v.Type()} {
			var typeJSON bytes.Buffer
			if err := tfwire.WriteTypeJSON(&typeJSON, vt); err != nil {
				t.Fatal(err)
			}
			if parsed, err := tftypes.ParseJSONType(typeJSON.Bytes()); err != nil || !parsed.Equal(vt) { //nolint:staticcheck // what Terraform's types go through
				t.Fatalf("tfwire writes %s as %s, which tftypes reads as %v (%v)", vt, typeJSON.Bytes(), parsed, err)
			}
		}
		if !tfwire.SameMsgPack(&dv, &dv) || tfwire.SameMsgPack(&dv, nil) || tfwire.SameMsgPack(nil, &dv) {
			t.Fatal("SameMsgPack does not find a value the same as itself, or finds nil the same")
		}
	})
}

// FuzzDecode: any bytes, as ardoq_batch's value or as a dynamic value, decode with tfwire as with
// tftypes: the same value, or an error where tftypes has one (or panics), alone or among other values.
func FuzzDecode(f *testing.F) {
	for _, seed := range [][]byte{nil, {0xc0}, {0xd4, 0, 0}, {0x92, 0xa8, '"', 's', 't', 'r', 'i', 'n', 'g', '"', 0xa1, 'x'}} {
		f.Add(seed, true)
	}
	for _, seed := range [][]byte{{1}, {0, 0, 5}, bytes.Repeat([]byte{7}, 64), bytes.Repeat([]byte{3, 4, 250, 9}, 40)} {
		typ, v := valueOf(seed)
		dv, err := tfprotov6.NewDynamicValue(typ, v)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(dv.MsgPack, !typ.Equal(batchType))
	}
	f.Fuzz(func(t *testing.T, data []byte, dynamic bool) {
		typ := tftypes.Type(batchType)
		if dynamic {
			typ = tftypes.DynamicPseudoType
		}
		checkDecode(t, data, typ)
		if !dynamic {
			checkPartialReads(t, data)
		}
		dv := &tfprotov6.DynamicValue{MsgPack: data}
		if tfwire.SameMsgPack(dv, dv) != (len(data) > 0) {
			t.Fatalf("SameMsgPack of %d bytes with themselves is %v", len(data), len(data) == 0)
		}
	})
}

// FuzzTypeJSON: a dynamic value's type, any JSON, reads with tfwire as with tftypes.
func FuzzTypeJSON(f *testing.F) {
	for _, seed := range []string{`"string"`, `"number"`, `"bool"`, `"dynamic"`, `["list","string"]`, `["set",["map","number"]]`,
		`["tuple",[]]`, `["tuple",["bool","dynamic"]]`, `["object",{}]`, `["object",{"a":"string","b\"\\\u00e9":["list","dynamic"]},["a"]]`,
		` [ "object" , { "x" : "number" } , [ ] ] `, `["object",null]`, `["object",{"a":"string"},[null]]`, `"str\u0069ng"`, "\"a\xffb\"",
		"[\"object\",{\"a\xff\":\"string\"}]", "[\"object\",{\"a\tb\":\"string\"}]"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, typeJSON []byte) {
		var buf bytes.Buffer
		enc := msgpack.NewEncoder(&buf)
		if enc.EncodeArrayLen(2) != nil || enc.EncodeBytes(typeJSON) != nil || enc.EncodeNil() != nil {
			t.Fatal("cannot encode")
		}
		checkDecode(t, buf.Bytes(), tftypes.DynamicPseudoType)
	})
}

// FuzzObjectKeys: ObjectKeys reads the names of a JSON object's members as encoding/json does, in order,
// and rejects what encoding/json does not read as an object.
func FuzzObjectKeys(f *testing.F) {
	for _, seed := range []string{`{}`, `{"a":1,"b":[true,{"c":null}],"a":"x"}`, ` { "e\u0301" : -1.5e3 } `, `[]`, `{"a":tru}`,
		`{"a":1}x`, `{"a" 1}`, "{\"\xff\":0}", `null`, `{"a":1,}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		got, err := tfwire.ObjectKeys(src)
		want, wantErr := jsonObjectKeys(src)
		switch {
		case (err != nil) != (wantErr != nil):
			t.Fatalf("ObjectKeys(%q) = %q, %v; encoding/json: %q, %v", src, got, err, want, wantErr)
		case err == nil && !slices.Equal(got, want):
			t.Fatalf("ObjectKeys(%q) = %q, encoding/json reads %q", src, got, want)
		}
	})
}

// checkDecode fails t unless tfwire reads data as tftypes does, alone and decoded twice among other values
// (the second time from memory).
func checkDecode(t *testing.T, data []byte, typ tftypes.Type) {
	t.Helper()
	alone, errAlone := tfwire.Decode(data, typ)
	if errors.Is(errAlone, tfwire.ErrBeyondInput) {
		// tftypes errors too, reading the same lengths in the same order, after allocating what the
		// length claims (gigabytes, for minutes): it is not asked.
		return
	}
	want, wantErr := tftypesDecode(data, typ)
	shared := tfwire.NewValues(true)
	for i := range 3 {
		got, err := alone, errAlone
		if i > 0 {
			got, err = shared.Decode(data, typ)
		}
		switch {
		case wantErr != nil && err == nil:
			t.Fatalf("tfwire reads %x as %s, tftypes: %v", data, got, wantErr)
		case wantErr == nil && err != nil && !errors.Is(err, tfwire.ErrNullInType):
			t.Fatalf("tfwire cannot read %x (%v), tftypes reads %s", data, err, want)
		case wantErr == nil && err == nil && !same(got, want):
			t.Fatalf("tfwire reads %x as %s, tftypes as %s: %s", data, got, want, tfwiretest.Differences(got, want))
		}
	}
}

// checkPartialReads: where Decode reads a value of batchType, DecodeAttributes reads each attribute as
// Decode does, and ElementStrings the ids of the computed maps.
func checkPartialReads(t *testing.T, data []byte) {
	t.Helper()
	whole, err := tfwire.Decode(data, batchType)
	if err != nil || !whole.IsKnown() {
		return
	}
	var attrs map[string]tftypes.Value
	if err := whole.As(&attrs); err != nil {
		t.Fatal(err)
	}
	for name := range batchType.AttributeTypes {
		got, err := tfwire.DecodeAttributes(data, batchType, name)
		if err != nil || whole.IsNull() != (got == nil) || !whole.IsNull() && !same(got[name], attrs[name]) {
			t.Fatalf("DecodeAttributes reads %s of %x as %v (%v), Decode as %s", name, data, got[name], err, attrs[name])
		}
	}
	for _, name := range []string{"computed_components", "computed_references"} {
		got, err := tfwire.ElementStrings(data, batchType, name, "id")
		if err != nil {
			t.Fatalf("ElementStrings cannot read %s of %x: %v", name, data, err)
		}
		want := map[string]string{}
		if v := attrs[name]; v.IsKnown() && !v.IsNull() {
			var elems map[string]tftypes.Value
			if err := v.As(&elems); err != nil {
				t.Fatal(err)
			}
			for key, e := range elems {
				var fields map[string]tftypes.Value
				if e.IsKnown() && !e.IsNull() && e.As(&fields) == nil && fields["id"].IsKnown() && !fields["id"].IsNull() {
					var s string
					_ = fields["id"].As(&s)
					want[key] = s
				}
			}
		}
		if len(got) != len(want) {
			t.Fatalf("ElementStrings reads %s of %x as %v, Decode as %v", name, data, got, want)
		}
		for key, id := range want {
			if got[key] != id {
				t.Fatalf("ElementStrings reads %s of %x as %v, Decode as %v", name, data, got, want)
			}
		}
	}
}

func valueOf(data []byte) (tftypes.Type, tftypes.Value) {
	g := &valueGen{data: data}
	if g.intn(4) == 0 {
		typ := g.typ(0)
		return typ, g.value(typ, 0)
	}
	return batchType, g.batch()
}

// tftypesDecode is tftypes' decoding, a panic (tftypes.NewValue's, on elements of a collection that differ
// in type or an object missing an attribute) made an error.
func tftypesDecode(data []byte, typ tftypes.Type) (v tftypes.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("tftypes panicked: %v", r)
		}
	}()
	return (&tfprotov6.DynamicValue{MsgPack: data}).Unmarshal(typ)
}

// same is whether two values are equal, by tftypes, and of equal types and text. tftypes cannot compare a
// set whose dynamic elements took types that differ within it (Diff fails, so such a value is not Equal
// even to itself): those are compared by type and text alone (testdata/fuzz/FuzzRoundTrip/3231e0192be06066).
func same(a, b tftypes.Value) bool {
	if !a.Type().Equal(b.Type()) || a.String() != b.String() {
		return false
	}
	return a.Equal(b) || !b.Equal(b)
}

// keepsItsType is whether v decodes to itself: no list, set or map in it has dynamic elements, whose type
// the decoded elements' replaces.
func keepsItsType(v tftypes.Value) bool {
	keeps := true
	err := tftypes.Walk(v, func(_ *tftypes.AttributePath, inner tftypes.Value) (bool, error) {
		keeps = keeps && typeKeepsItself(inner.Type())
		return keeps, nil
	})
	return keeps && err == nil
}

func typeKeepsItself(typ tftypes.Type) bool {
	switch t := typ.(type) {
	case tftypes.List:
		return !hasDynamic(t.ElementType)
	case tftypes.Set:
		return !hasDynamic(t.ElementType)
	case tftypes.Map:
		return !hasDynamic(t.ElementType)
	case tftypes.Tuple:
		return !slices.ContainsFunc(t.ElementTypes, func(et tftypes.Type) bool { return !typeKeepsItself(et) })
	case tftypes.Object:
		for _, at := range t.AttributeTypes {
			if !typeKeepsItself(at) {
				return false
			}
		}
	}
	return true
}

func hasDynamic(typ tftypes.Type) bool {
	switch t := typ.(type) {
	case tftypes.List:
		return hasDynamic(t.ElementType)
	case tftypes.Set:
		return hasDynamic(t.ElementType)
	case tftypes.Map:
		return hasDynamic(t.ElementType)
	case tftypes.Tuple:
		return slices.ContainsFunc(t.ElementTypes, hasDynamic)
	case tftypes.Object:
		for _, at := range t.AttributeTypes {
			if hasDynamic(at) {
				return true
			}
		}
		return false
	}
	return typ.Is(tftypes.DynamicPseudoType)
}

// jsonObjectKeys is the names of a JSON object's members as encoding/json reads them.
func jsonObjectKeys(src []byte) ([]string, error) {
	if !json.Valid(src) {
		return nil, errors.New("not JSON")
	}
	dec := json.NewDecoder(bytes.NewReader(src))
	if tok, _ := dec.Token(); tok != json.Delim('{') {
		return nil, errors.New("not an object")
	}
	var names []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		names = append(names, tok.(string))
		var member json.RawMessage
		if err := dec.Decode(&member); err != nil {
			return nil, err
		}
	}
	return names, nil
}

func sortedNames(m map[string]tftypes.Type) []string { return slices.Sorted(maps.Keys(m)) }
