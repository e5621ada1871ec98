package providertest

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/zclconf/go-cty/cty"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// The examples, the guides and the demo are written for the emulator's org (make demo, the docs), and run
// against whatever org the tests use:
//   - workspace, type and reference type names are variables of the examples, which the tests set to the
//     org's (exampleVariables);
//   - the custom fields they set are the emulator's: each is replaced by a field of the org with the same
//     Ardoq type, allowed on the types that stand in for the ones the example uses, and each option value
//     by the option at the same place (ExampleTranslation); an example whose field the org cannot stand
//     in for is skipped, saying which;
//   - what they look up (a component by name or key, a report, an attachment) is replaced by what the test
//     made or found in the org.

// exampleTypeRoles are the component type names the examples use (their variables' defaults, and the
// capabilities the data-source examples read) and which of the org's types stands in for each.
func (e *Env) ExampleTypeRoles() map[string]client.ComponentType {
	server, database := e.App, e.App
	if len(e.Others) > 0 {
		server, database = e.Others[0], e.Others[0]
	}
	if len(e.Others) > 1 {
		database = e.Others[1]
	}
	return map[string]client.ComponentType{"Application": e.App, "Application Module": e.Child, "Server": server, "Database": database,
		"Capability": e.App}
}

// exampleRefRoles is exampleTypeRoles for reference types.
func (e *Env) ExampleRefRoles() map[string]client.ReferenceType {
	return map[string]client.ReferenceType{"Depends on": e.Ref, "Runs on": e.Ref2, "Stores data in": e.Ref3, "Realized by": e.Ref}
}

// exampleVariables are the values of the variables the examples take: the org's workspace and type names.
func (e *Env) ExampleVariables() map[string]string {
	types, refs := e.ExampleTypeRoles(), e.ExampleRefRoles()
	return map[string]string{
		"workspace": e.Workspace.Name, "infrastructure_workspace": e.Workspace2.Name,
		"application_type": types["Application"].Name, "module_type": types["Application Module"].Name,
		"server_type": types["Server"].Name, "database_type": types["Database"].Name,
		"depends_on_type": refs["Depends on"].Name, "runs_on_type": refs["Runs on"].Name, "stores_data_in_type": refs["Stores data in"].Name,
	}
}

// exampleConfigVariables are exampleVariables for a test step (those an example does not declare only
// draw a warning).
func (e *Env) ExampleConfigVariables() config.Variables {
	out := config.Variables{}
	for k, v := range e.ExampleVariables() {
		out[k] = config.StringVariable(v)
	}
	return out
}

// exampleTFVars is exampleVariables as a terraform.tfvars.json file, for the CLI runs.
func (e *Env) ExampleTFVars(t *testing.T) string {
	t.Helper()
	b, err := json.Marshal(e.ExampleVariables())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// requireUniqueWorkspaceNames skips a test running examples that look workspaces up by name when the
// test workspaces' names are not unique in the org.
func (e *Env) RequireUniqueWorkspaceNames(t *testing.T) {
	t.Helper()
	for _, ws := range []client.Workspace{e.Workspace, e.Workspace2} {
		same, err := e.Client.ListWorkspaces(context.Background(), client.WorkspaceFilter{Name: ws.Name})
		if err != nil {
			t.Fatal(err)
		}
		if len(same) != 1 {
			t.Skipf("%d workspaces are named %q: the examples look workspaces up by name", len(same), ws.Name)
		}
	}
}

// ExampleTranslation is how one example's text becomes one for the org under test. The text is read and
// rewritten as HCL (hclwrite): custom field keys where they are attribute or object keys and in
// custom_fields.<key> paths, string literals, and the attributes Set and ImportID name.
type ExampleTranslation struct {
	Keys   map[string]string // the emulator's custom field keys the example uses -> the org's
	Quoted map[string]string // string literals (field keys in lookups, option values, looked-up names) -> the org's
	sets   []attributeSet
	scoped []scopedLiteral
}

// attributeSet gives an attribute a new value: name, in the blocks of type block ("" for any) that in
// accepts (nil for all), where the present value is a literal that old accepts.
type attributeSet struct {
	block, name string
	in          func(*hclwrite.Body) bool
	old         func(string) bool
	value       cty.Value
}

// scopedLiteral is a string literal replaced only inside one top-level block (its type and labels).
type scopedLiteral struct {
	block    []string
	old, new string
}

// NewExampleTranslation is a translation that changes nothing yet.
func NewExampleTranslation() *ExampleTranslation {
	return &ExampleTranslation{Keys: map[string]string{}, Quoted: map[string]string{}}
}

// translation maps the custom fields the text uses to the org's, or skips the test saying which field
// the org cannot stand in for.
func (e *Env) Translation(t *testing.T, text string) *ExampleTranslation {
	t.Helper()
	seed, err := emulator.DefaultSeed()
	if err != nil {
		t.Fatal(err)
	}
	types, refs := e.ExampleTypeRoles(), e.ExampleRefRoles()
	tokens := ParseHCL(t, text).BuildTokens(nil)
	tr := NewExampleTranslation()
	used := map[string]bool{}
	seen := map[string]bool{}
	for _, m := range seed.Models {
		for _, f := range m.Fields {
			if seen[f.APIKey] || !usesField(tokens, f.APIKey) {
				continue
			}
			seen[f.APIKey] = true
			// the org's types standing in for the example's types that allow the field
			var onTypes []client.ComponentType
			var onRefs []client.ReferenceType
			for _, ct := range m.ComponentTypes {
				if org, ok := types[ct.Name]; ok && slices.Contains(ct.CustomFields, f.APIKey) {
					onTypes = append(onTypes, org)
				}
			}
			for _, rt := range m.ReferenceTypes {
				if org, ok := refs[rt.Name]; ok && slices.Contains(rt.CustomFields, f.APIKey) {
					onRefs = append(onRefs, org)
				}
			}
			fits := func(c client.Field) bool {
				if c.Type != f.Type || !Writable(c) || used[c.APIKey] || (len(f.Options) > 0 && len(c.Options) == 0) {
					return false
				}
				for _, ct := range onTypes {
					if !slices.Contains(ct.CustomFields, c.APIKey) {
						return false
					}
				}
				for _, rt := range onRefs {
					if !slices.Contains(rt.CustomFields, c.APIKey) {
						return false
					}
				}
				return true
			}
			var pick *client.Field
			for _, c := range e.Wctx.CustomFields {
				if fits(c) && (pick == nil || c.APIKey == f.APIKey) {
					pick = &c
				}
			}
			if pick == nil {
				names := make([]string, 0, len(onTypes)+len(onRefs))
				for _, ct := range onTypes {
					names = append(names, strconv.Quote(ct.Name))
				}
				for _, rt := range onRefs {
					names = append(names, strconv.Quote(rt.Name))
				}
				t.Skipf("the example sets the %s field %q; the org has no %s field allowed on %s to stand in for it", f.Type, f.APIKey, f.Type,
					strings.Join(names, ", "))
			}
			used[pick.APIKey] = true
			tr.Keys[f.APIKey], tr.Quoted[f.APIKey] = pick.APIKey, pick.APIKey
			for i, opt := range f.Options {
				tr.Quoted[opt] = pick.Options[i%len(pick.Options)]
			}
		}
	}
	return tr
}

// usesField reports whether the example sets or reads the custom field: as an attribute or object key
// (key = ...), a path (custom_fields.key, customFields.key) or a string ("key").
func usesField(tokens hclwrite.Tokens, key string) bool {
	for i := range tokens {
		if _, renamed := keyAt(tokens, i, map[string]string{key: key}); renamed {
			return true
		}
		if lit, ok := quotedAt(tokens, i); ok && string(lit.Bytes) == key {
			return true
		}
	}
	return false
}

// keyAt reports whether tokens[i] is one of keys where a custom field key stands: an attribute or object
// key (followed by =) or the step after custom_fields. (or customFields.); and what it becomes.
func keyAt(tokens hclwrite.Tokens, i int, keys map[string]string) (string, bool) {
	if tokens[i].Type != hclsyntax.TokenIdent {
		return "", false
	}
	to, known := keys[string(tokens[i].Bytes)]
	if !known {
		return "", false
	}
	if i+1 < len(tokens) && tokens[i+1].Type == hclsyntax.TokenEqual {
		return to, true
	}
	if i >= 2 && tokens[i-1].Type == hclsyntax.TokenDot && tokens[i-2].Type == hclsyntax.TokenIdent {
		if parent := string(tokens[i-2].Bytes); parent == "custom_fields" || parent == "customFields" {
			return to, true
		}
	}
	return "", false
}

// quotedAt returns the literal of a string that is tokens[i-1:i+2] whole ("text", no interpolation).
func quotedAt(tokens hclwrite.Tokens, i int) (*hclwrite.Token, bool) {
	if i < 1 || i+1 >= len(tokens) || tokens[i].Type != hclsyntax.TokenQuotedLit || tokens[i-1].Type != hclsyntax.TokenOQuote ||
		tokens[i+1].Type != hclsyntax.TokenCQuote {
		return nil, false
	}
	return tokens[i], true
}

// Literal replaces the string literal old with replacement.
func (tr *ExampleTranslation) Literal(old, replacement string) *ExampleTranslation {
	tr.Quoted[old] = replacement
	return tr
}

// LiteralIn replaces the string literal old with replacement inside the top-level block of the given
// type and labels only (resource "ardoq_component" "payments": "resource", "ardoq_component", "payments").
func (tr *ExampleTranslation) LiteralIn(block []string, old, replacement string) *ExampleTranslation {
	tr.scoped = append(tr.scoped, scopedLiteral{block: block, old: old, new: replacement})
	return tr
}

// Set gives attribute name of the blocks of type block ("" for any, at any depth) the value v (a string
// or an int) where its value is a string or number literal that old accepts (its text).
func (tr *ExampleTranslation) Set(block, name string, old func(string) bool, v any) *ExampleTranslation {
	tr.sets = append(tr.sets, attributeSet{block: block, name: name, old: old, value: ctyOf(v)})
	return tr
}

// ImportID points the import block whose to is addr at id.
func (tr *ExampleTranslation) ImportID(addr, id string) *ExampleTranslation {
	tr.sets = append(tr.sets, attributeSet{block: "import", name: "id", old: func(string) bool { return true }, value: cty.StringVal(id),
		in: func(b *hclwrite.Body) bool {
			to := b.GetAttribute("to")
			return to != nil && strings.TrimSpace(string(to.Expr().BuildTokens(nil).Bytes())) == addr
		}})
	return tr
}

func ctyOf(v any) cty.Value {
	switch v := v.(type) {
	case string:
		return cty.StringVal(v)
	case int:
		return cty.NumberIntVal(int64(v))
	case int64:
		return cty.NumberIntVal(v)
	}
	panic(fmt.Sprintf("providertest: no HCL literal for %T", v))
}

// Apply rewrites the text, every replacement once: what one replacement wrote no other rewrites.
func (tr *ExampleTranslation) Apply(t testing.TB, text string) string {
	t.Helper()
	f := ParseHCL(t, text)
	done := map[*hclwrite.Token]bool{}
	var walk func(body *hclwrite.Body, blockType string)
	walk = func(body *hclwrite.Body, blockType string) {
		for _, s := range tr.sets {
			attr := body.GetAttribute(s.name)
			if attr == nil || (s.block != "" && s.block != blockType) || (s.in != nil && !s.in(body)) {
				continue
			}
			old := attr.Expr().BuildTokens(nil)
			if lit, ok := literalText(old); !ok || !s.old(lit) {
				continue
			}
			value := hclwrite.TokensForValue(s.value)
			value[0].SpacesBefore = old[0].SpacesBefore
			for _, tok := range body.SetAttributeRaw(s.name, value).Expr().BuildTokens(nil) {
				done[tok] = true
			}
		}
		for _, b := range body.Blocks() {
			walk(b.Body(), b.Type())
		}
	}
	walk(f.Body(), "")
	for _, b := range f.Body().Blocks() {
		for _, s := range tr.scoped {
			if !slices.Equal(append([]string{b.Type()}, b.Labels()...), s.block) {
				continue
			}
			tokens := b.BuildTokens(nil)
			for i := range tokens {
				if lit, ok := quotedAt(tokens, i); ok && !done[lit] && string(lit.Bytes) == s.old {
					lit.Bytes, done[lit] = quotedBytes(s.new), true
				}
			}
		}
	}
	tokens := f.BuildTokens(nil)
	for i, tok := range tokens {
		if done[tok] {
			continue
		}
		if to, ok := keyAt(tokens, i, tr.Keys); ok {
			tok.Bytes, done[tok] = []byte(to), true
		} else if lit, ok := quotedAt(tokens, i); ok {
			if to, known := tr.Quoted[string(lit.Bytes)]; known {
				lit.Bytes, done[lit] = quotedBytes(to), true
			}
		}
	}
	return string(f.Bytes())
}

// literalText is the text of a string or number literal expression.
func literalText(tokens hclwrite.Tokens) (string, bool) {
	switch {
	case len(tokens) == 1 && tokens[0].Type == hclsyntax.TokenNumberLit:
		return string(tokens[0].Bytes), true
	case len(tokens) == 2 && tokens[0].Type == hclsyntax.TokenOQuote && tokens[1].Type == hclsyntax.TokenCQuote:
		return "", true
	case len(tokens) == 3:
		if lit, ok := quotedAt(tokens, 1); ok {
			return string(lit.Bytes), true
		}
	}
	return "", false
}

// quotedBytes is s as the inside of an HCL string literal, escaped.
func quotedBytes(s string) []byte {
	var out []byte
	for _, tok := range hclwrite.TokensForValue(cty.StringVal(s)) {
		if tok.Type == hclsyntax.TokenQuotedLit {
			out = append(out, tok.Bytes...)
		}
	}
	return out
}

// translatedExample reads an example and translates it for the org (without looked-up names: add those
// with literal before apply).
func (e *Env) TranslatedExample(t *testing.T, parts ...string) (string, *ExampleTranslation) {
	t.Helper()
	text := ReadExample(t, parts...)
	return text, e.Translation(t, text)
}

// reportWithColumns returns a report of the org with a unique name and columns keyed as given, skipping
// the test when there is none.
func (e *Env) ReportWithColumns(t *testing.T, keys ...string) client.Report {
	t.Helper()
	for _, r := range e.RequireReports(t) {
		if r.Name == nil || slices.ContainsFunc(keys, func(k string) bool {
			return !slices.ContainsFunc(r.Columns, func(c client.Column) bool { return c.Key == k })
		}) {
			continue
		}
		if same, err := e.Client.ListReports(context.Background(), *r.Name); err == nil && len(same) == 1 {
			return r
		}
	}
	t.Skipf("no report of the org has a unique name and columns keyed %q", keys)
	return client.Report{}
}

// WithFields is a component create with custom fields, leaving out those the translation has no key for.
func WithFields(tr *ExampleTranslation, values map[string]any) client.CustomFields {
	out := client.CustomFields{}
	for k, v := range values {
		if key, ok := tr.Keys[k]; ok {
			out[key] = v
		}
	}
	return out
}

// String says which fields an example was run with, for the test log.
func (tr *ExampleTranslation) String() string {
	var parts []string
	for k, v := range tr.Keys {
		if k != v {
			parts = append(parts, k+"->"+v)
		}
	}
	sort.Strings(parts)
	return fmt.Sprintf("fields %s", strings.Join(parts, ", "))
}

// RequireReports returns the org's report definitions, skipping the test when it has none.
func (e *Env) RequireReports(t *testing.T) []client.Report {
	t.Helper()
	all, err := e.Client.ListReports(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(all) == 0 {
		t.Skip("the org has no reports (the API cannot create them)")
	}
	return all
}

// HCLValue writes a custom field value as HCL (JSON's strings, numbers, booleans and lists are HCL's).
func HCLValue(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// RequireAttachments returns the org's attachments, skipping the test when it has none.
func (e *Env) RequireAttachments(t *testing.T) []client.Attachment {
	t.Helper()
	all, err := e.Client.ListAttachments(context.Background(), client.AttachmentFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) == 0 {
		t.Skip("the org has no attachments (the API cannot upload them)")
	}
	return all
}

// ImportedID points the import blocks of an import-by-string-id example (by an id) at an entity the test made.
func ImportedID(tr *ExampleTranslation, id string) *ExampleTranslation {
	return tr.Set("import", "id", entity.OIDPattern.MatchString, id)
}
