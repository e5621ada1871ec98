package providertest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/zclconf/go-cty/cty"
)

// The examples and configurations the tests read are read as HCL (hashicorp/hcl/v2): hclsyntax to look
// at them, hclwrite to rewrite them (examples.go).

// ParseHCL reads text as HCL for rewriting, failing the test when it is not.
func ParseHCL(t testing.TB, text string) *hclwrite.File {
	t.Helper()
	f, diags := hclwrite.ParseConfig([]byte(text), "example.tf", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("not HCL: %s\n%s", diags.Error(), text)
	}
	return f
}

// parseSyntax reads src as HCL, failing the test when it is not.
func parseSyntax(t testing.TB, src []byte, name string) *hclsyntax.Body {
	t.Helper()
	f, diags := hclsyntax.ParseConfig(src, name, hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("%s is not HCL: %s", name, diags.Error())
	}
	body, ok := f.Body.(*hclsyntax.Body)
	if !ok {
		t.Fatalf("%s: not a native HCL body", name)
	}
	return body
}

// DeclaredVariables are the names of the variable blocks of a configuration, in order.
func DeclaredVariables(t testing.TB, text string) []string {
	t.Helper()
	var out []string
	for _, b := range parseSyntax(t, []byte(text), "configuration.tf").Blocks {
		if b.Type == "variable" && len(b.Labels) == 1 {
			out = append(out, b.Labels[0])
		}
	}
	return out
}

// ExampleBlock is one top-level block of an example file: its literal attributes (and references, as
// written), its import identity, and the literals of its nested config block.
type ExampleBlock struct {
	Kind, Labels string            // `list`, `"ardoq_component" "apps"`
	Attrs        map[string]string // top-level literals (a string's value, a number's or bool's text) and references (`ardoq`)
	Config       map[string]tftypes.Value
	Identity     string
}

// ReadExampleBlocks reads the blocks of an example file under examples/.
func ReadExampleBlocks(t *testing.T, parts ...string) []ExampleBlock {
	t.Helper()
	name := filepath.Join(parts...)
	src, err := os.ReadFile(RepoPath(t, append([]string{"examples"}, parts...)...))
	if err != nil {
		t.Fatal(err)
	}
	unreadable := func(a *hclsyntax.Attribute) {
		t.Helper()
		t.Fatalf("%s line %d: the example test cannot read %s = %s; keep examples to literal values", name, a.SrcRange.Start.Line, a.Name,
			a.Expr.Range().SliceBytes(src))
	}
	var blocks []ExampleBlock
	for _, b := range parseSyntax(t, src, name).Blocks {
		labels := make([]string, len(b.Labels))
		for i, l := range b.Labels {
			labels[i] = strconv.Quote(l)
		}
		block := ExampleBlock{Kind: b.Type, Labels: strings.Join(labels, " "), Attrs: map[string]string{}, Config: map[string]tftypes.Value{}}
		for _, a := range b.Body.Attributes {
			v, diags := a.Expr.Value(nil)
			switch {
			case a.Name == "identity" && !diags.HasErrors() && v.Type().IsObjectType() && v.Type().HasAttribute("id"):
				block.Identity = v.GetAttr("id").AsString()
			case !diags.HasErrors() && v.Type() == cty.String:
				block.Attrs[a.Name] = v.AsString()
			case !diags.HasErrors() && v.Type() == cty.Number:
				block.Attrs[a.Name] = v.AsBigFloat().Text('f', -1)
			case !diags.HasErrors() && v.Type() == cty.Bool:
				block.Attrs[a.Name] = strconv.FormatBool(v.True())
			default:
				if _, isRef := hcl.AbsTraversalForExpr(a.Expr); !isRef.HasErrors() {
					block.Attrs[a.Name] = string(a.Expr.Range().SliceBytes(src))
					continue
				}
				unreadable(a)
			}
		}
		for _, nested := range b.Body.Blocks {
			if nested.Type != "config" {
				continue
			}
			for _, a := range nested.Body.Attributes {
				v, diags := a.Expr.Value(nil)
				switch {
				case !diags.HasErrors() && v.Type() == cty.String:
					block.Config[a.Name] = TFStr(v.AsString())
				case !diags.HasErrors() && v.Type() == cty.Number && v.AsBigFloat().IsInt():
					i, _ := v.AsBigFloat().Int64()
					block.Config[a.Name] = TFNum(i)
				default:
					unreadable(a)
				}
			}
		}
		blocks = append(blocks, block)
	}
	return blocks
}
