package providertest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// UpstreamPackage parses the non-test Go files of one package of a module this one requires, from the
// module cache (go list -m), for the canary tests that watch what a workaround works around. It skips the
// test when the go command or the module's source is not there.
func UpstreamPackage(t testing.TB, module, pkg string) []*ast.File {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", module).Output()
	dir := strings.TrimSpace(string(out))
	if err != nil || dir == "" {
		t.Skipf("the source of %s is not available (go list -m: %v)", module, err)
	}
	dir = filepath.Join(dir, pkg)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("the source of %s is not available: %v", module, err)
	}
	var files []*ast.File
	fset := token.NewFileSet()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		t.Skipf("no Go source in %s", dir)
	}
	return files
}

// ExportedTypes are the names of the package's exported types whose definition satisfies keep.
func ExportedTypes(files []*ast.File, keep func(ast.Expr) bool) []string {
	var names []string
	for _, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, s := range g.Specs {
				if ts := s.(*ast.TypeSpec); ts.Name.IsExported() && keep(ts.Type) {
					names = append(names, ts.Name.Name)
				}
			}
		}
	}
	return names
}
