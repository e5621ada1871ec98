package export

import (
	"encoding/json"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/fields"
)

// ref is an expression such as data.ardoq_workspace.apps.id: a dotted path whose parts are names.
func ref(dotted string) hclwrite.Tokens {
	parts := strings.Split(dotted, ".")
	t := hcl.Traversal{hcl.TraverseRoot{Name: parts[0]}}
	for _, p := range parts[1:] {
		t = append(t, hcl.TraverseAttr{Name: p})
	}
	return hclwrite.TokensForTraversal(t)
}

// localID is `local.<name>["<key>"]`: a component's id from a map of ids by item key.
func localID(name, key string) hclwrite.Tokens {
	return hclwrite.TokensForTraversal(hcl.Traversal{hcl.TraverseRoot{Name: "local"}, hcl.TraverseAttr{Name: name},
		hcl.TraverseIndex{Key: cty.StringVal(key)}})
}

// expression is the tokens of an HCL expression written as text: the callers' fixed shapes around
// identifiers, which always parse (the export tests apply what they write).
func expression(src string) hclwrite.Tokens {
	f, _ := hclwrite.ParseConfig([]byte("v = "+src+"\n"), "", hcl.InitialPos)
	return f.Body().GetAttribute("v").Expr().BuildTokens(nil)
}

func text(s string) hclwrite.Tokens { return hclwrite.TokensForValue(cty.StringVal(s)) }

// attr is one attribute of an item or a block, in the order written.
type attr struct {
	name  string
	value hclwrite.Tokens
}

// optional appends the attribute for a text Ardoq holds; none, or empty, is left out (Ardoq does not
// tell an empty text from none, and neither does the provider).
func optional(attrs []attr, name string, s *string) []attr {
	if s == nil || *s == "" {
		return attrs
	}
	return append(attrs, attr{name, text(*s)})
}

// customFields appends custom_fields: the values, in their natural types, of the fields a configuration
// can set, as the provider's import records them (fields.Settable).
func customFields(attrs []attr, values map[string]fields.Value) []attr {
	if len(values) == 0 {
		return attrs
	}
	obj := map[string]cty.Value{}
	for k, v := range values {
		obj[k] = fieldValue(v)
	}
	return append(attrs, attr{"custom_fields", hclwrite.TokensForValue(cty.ObjectVal(obj))})
}

func fieldValue(v fields.Value) cty.Value {
	switch v.Kind {
	case fields.NumberField:
		if n, err := cty.ParseNumberVal(v.Text); err == nil {
			return n
		}
	case fields.BoolField:
		return cty.BoolVal(v.Text == "true")
	case fields.ListField:
		var list []string
		_ = json.Unmarshal([]byte(v.Text), &list)
		elems := make([]cty.Value, len(list))
		for i, s := range list {
			elems[i] = cty.StringVal(s)
		}
		return cty.TupleVal(elems)
	}
	return cty.StringVal(v.Text)
}

// object is an object constructor of attrs, one per line.
func object(attrs []attr) hclwrite.Tokens {
	items := make([]hclwrite.ObjectAttrTokens, len(attrs))
	for i, a := range attrs {
		items[i] = hclwrite.ObjectAttrTokens{Name: hclwrite.TokensForIdentifier(a.name), Value: a.value}
	}
	return hclwrite.TokensForObject(items)
}

// keyedObject is an object constructor whose keys are quoted strings (item keys such as "APP-12").
func keyedObject(keys []string, values []hclwrite.Tokens) hclwrite.Tokens {
	items := make([]hclwrite.ObjectAttrTokens, len(keys))
	for i, k := range keys {
		items[i] = hclwrite.ObjectAttrTokens{Name: text(k), Value: values[i]}
	}
	return hclwrite.TokensForObject(items)
}

// setAttrs sets attrs on a block's body, in order.
func setAttrs(body *hclwrite.Body, attrs []attr) {
	for _, a := range attrs {
		body.SetAttributeRaw(a.name, a.value)
	}
}

// comment is a comment line (or lines) in a body.
func comment(body *hclwrite.Body, lines ...string) {
	for _, l := range lines {
		body.AppendUnstructuredTokens(hclwrite.Tokens{{Type: hclsyntax.TokenComment, Bytes: []byte("# " + l + "\n")}})
	}
}
