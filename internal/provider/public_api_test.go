package provider

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// The provider's code (every non-test file under internal/, and main.go) looks into no framework value by
// reflection: it uses the plugin libraries through what they document only. (No linter checks this;
// depguard in .golangci.yml keeps unsafe out.)
func TestPublicAPIsOnly(t *testing.T) {
	files := 0
	for name, problems := range scanPublicAPIs(t, nil, "./internal/...", ".") {
		files++
		for _, problem := range problems {
			t.Errorf("%s: %s", name, problem)
		}
	}
	if files < 50 {
		t.Fatalf("only %d files checked: the scan misses the provider's code", files)
	}
}

// The scan finds reflection into a framework value, planted in a package of its own (which exists only in
// the scan's overlay).
func TestPublicAPIsOnly_findsPlanted(t *testing.T) {
	planted, err := filepath.Abs(filepath.Join("planted", "planted.go"))
	if err != nil {
		t.Fatal(err)
	}
	src := `package planted

import (
	"fmt"
	"reflect"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
)

func planted(a schema.Attribute) string {
	modifiers := reflect.ValueOf(a).FieldByName("PlanModifiers")
	return fmt.Sprintf("%T", modifiers.Index(0).Interface())
}
`
	found := scanPublicAPIs(t, map[string][]byte{planted: []byte(src)}, "./internal/provider/planted")[planted]
	if want := "reflect looks into a github.com/hashicorp/terraform-plugin-framework/resource/schema.Attribute"; !strings.Contains(strings.Join(found, "\n"), want) {
		t.Errorf("the scan misses %s; it found %q", want, found)
	}
}

// scanPublicAPIs type-checks the packages (with overlay's files added) and returns each non-test file's
// problems (reflectionProblems).
func scanPublicAPIs(t *testing.T, overlay map[string][]byte, patterns ...string) map[string][]string {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
		packages.NeedTypes | packages.NeedTypesInfo, Dir: filepath.Join("..", ".."), Overlay: overlay}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, pkg := range pkgs {
		for _, e := range pkg.Errors {
			t.Errorf("%s: %v", pkg.PkgPath, e)
		}
		for _, f := range pkg.Syntax {
			name := pkg.Fset.File(f.Pos()).Name()
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			out[name] = reflectionProblems(pkg.Fset, f, pkg.TypesInfo)
		}
	}
	return out
}

// reflectionProblems lists where one file uses reflect to look into a value of a framework type
// (reflect.ValueOf(v).Set(...) of a model field, which stores a value without looking into it, is not).
func reflectionProblems(fset *token.FileSet, f *ast.File, info *types.Info) []string {
	var out []string
	stored := map[ast.Expr]bool{} // reflect.ValueOf(v) handed to Set
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Set" && len(call.Args) == 1 {
			stored[call.Args[0]] = true
		}
		if stored[call] || !isReflectCall(call, info) {
			return true
		}
		for _, arg := range call.Args {
			if framework := frameworkType(info.TypeOf(arg)); framework != "" {
				out = append(out, fset.Position(call.Pos()).String()+": reflect looks into a "+framework)
			}
		}
		return true
	})
	return out
}

func isReflectCall(call *ast.CallExpr, info *types.Info) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == "reflect"
}

// frameworkType is the name of t when it is, holds or points to a terraform-plugin-framework type.
func frameworkType(t types.Type) string {
	for t != nil {
		switch u := t.(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		case *types.Named:
			if obj := u.Obj(); obj.Pkg() != nil && strings.HasPrefix(obj.Pkg().Path(), "github.com/hashicorp/terraform-plugin-framework") {
				return obj.Pkg().Path() + "." + obj.Name()
			}
			return ""
		default:
			return ""
		}
	}
	return ""
}
