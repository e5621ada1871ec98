package providertest

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/config"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
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

// ExampleTranslation is how one example's text becomes one for the org under test.
type ExampleTranslation struct {
	Keys   map[string]string // the emulator's custom field keys the example uses -> the org's
	Quoted map[string]string // string literals (field keys in lookups, option values, looked-up names) -> the org's
	raw    []rawReplacement
}

type rawReplacement struct {
	re   *regexp.Regexp
	with string
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
	tr := &ExampleTranslation{Keys: map[string]string{}, Quoted: map[string]string{}}
	used := map[string]bool{}
	seen := map[string]bool{}
	for _, m := range seed.Models {
		for _, f := range m.Fields {
			if seen[f.APIKey] || !UsesField(text, f.APIKey) {
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

// UsesField reports whether the text sets or reads the custom field: as an attribute (key = ...), a path
// (custom_fields.key, customFields.key) or a string ("key").
func UsesField(text, key string) bool {
	k := regexp.QuoteMeta(key)
	return regexp.MustCompile(`\b` + k + `\s*=[^=>]|\b(customFields|custom_fields)\.` + k + `\b|"` + k + `"`).MatchString(text)
}

// literal replaces the string literal old with replacement.
func (tr *ExampleTranslation) Literal(old, replacement string) *ExampleTranslation {
	tr.Quoted[old] = replacement
	return tr
}

// replace replaces what matches the pattern (a regexp.ReplaceAllString replacement).
func (tr *ExampleTranslation) Replace(pattern, with string) *ExampleTranslation {
	tr.raw = append(tr.raw, rawReplacement{regexp.MustCompile(pattern), with})
	return tr
}

// apply rewrites the text, every replacement in one pass so that none applies to another's result.
func (tr *ExampleTranslation) Apply(text string) string {
	for _, r := range tr.raw {
		text = r.re.ReplaceAllString(text, r.with)
	}
	alternatives := func(m map[string]string) string {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, regexp.QuoteMeta(k))
		}
		sort.Slice(keys, func(i, j int) bool { return len(keys[i]) > len(keys[j]) })
		return strings.Join(keys, "|")
	}
	if len(tr.Keys) > 0 {
		assign := regexp.MustCompile(`\b(` + alternatives(tr.Keys) + `)(\s*=[^=>])`)
		text = assign.ReplaceAllStringFunc(text, func(s string) string {
			m := assign.FindStringSubmatch(s)
			return tr.Keys[m[1]] + m[2]
		})
		path := regexp.MustCompile(`\b(customFields|custom_fields)\.(` + alternatives(tr.Keys) + `)\b`)
		text = path.ReplaceAllStringFunc(text, func(s string) string {
			m := path.FindStringSubmatch(s)
			return m[1] + "." + tr.Keys[m[2]]
		})
	}
	if len(tr.Quoted) > 0 {
		quoted := regexp.MustCompile(`"(` + alternatives(tr.Quoted) + `)"`)
		text = quoted.ReplaceAllStringFunc(text, func(s string) string {
			return strconv.Quote(tr.Quoted[s[1:len(s)-1]])
		})
	}
	return text
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

// ImportedID points an import-by-string-id example at an entity the test made.
func ImportedID(tr *ExampleTranslation, id string) *ExampleTranslation {
	return tr.Replace(`(\bid\s*=\s*)"[0-9a-f]{24}"`, `${1}"`+id+`"`)
}
