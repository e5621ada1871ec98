package main

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// Canary of main.go's plugin.Serve: terraform-plugin-go's tf6server (v0.31.0, tfprotov6/tf6server/server.go,
// Serve) builds its gRPC server itself and no ServeOpt passes it an option, so main.go copies Serve's
// go-plugin configuration to add its stats handler. This fails once an exported function of tf6server
// returning a ServeOpt takes a gRPC type or is named for gRPC: serve through tf6server.Serve with it then,
// and remove main.go's copy. It also fails when tf6server's handshake no longer has the magic cookie
// main.go copies.
func TestCanary_tf6serverTakesNoGRPCServerOption(t *testing.T) {
	files := providertest.UpstreamPackage(t, "github.com/hashicorp/terraform-plugin-go", "tfprotov6/tf6server")
	cookie := false
	for _, f := range files {
		grpcNames := map[string]bool{}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(path, "google.golang.org/grpc") {
				name := path[strings.LastIndex(path, "/")+1:]
				if imp.Name != nil {
					name = imp.Name.Name
				}
				grpcNames[name] = true
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.Contains(lit.Value, magicCookie) {
				cookie = true
			}
			fn, ok := n.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !fn.Name.IsExported() || !returnsServeOpt(fn) {
				return true
			}
			if strings.Contains(strings.ToLower(fn.Name.Name), "grpc") || mentions(fn.Type.Params, grpcNames) {
				t.Errorf("tf6server.%s looks like a gRPC server option: serve with tf6server.Serve and it, "+
					"and remove main.go's copy of Serve's go-plugin configuration (plugin.Serve)", fn.Name.Name)
			}
			return true
		})
	}
	if !cookie {
		t.Error("tf6server's source no longer has the magic cookie main.go copies: check main.go's plugin.Serve against tf6server.Serve")
	}
}

func returnsServeOpt(fn *ast.FuncDecl) bool {
	if fn.Type.Results == nil {
		return false
	}
	for _, r := range fn.Type.Results.List {
		if id, ok := r.Type.(*ast.Ident); ok && id.Name == "ServeOpt" {
			return true
		}
	}
	return false
}

// mentions reports whether an identifier of one of the packages named appears in n.
func mentions(n ast.Node, packages map[string]bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && packages[id.Name] {
				found = true
			}
		}
		return !found
	})
	return found
}
