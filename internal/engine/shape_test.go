package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestShape keeps the engine a newcomer can change (docs/contributing.md):
// no type of the engine or its internal packages has more than 40
// methods (a part that grows past it is two parts), and no function is
// longer than 80 lines.
func TestShape(t *testing.T) {
	const maxMethods, maxLines = 40, 80
	fset := token.NewFileSet()
	methods := map[string]int{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			name := fn.Name.Name
			if fn.Recv != nil {
				typ := fn.Recv.List[0].Type
				if star, ok := typ.(*ast.StarExpr); ok {
					typ = star.X
				}
				if id, ok := typ.(*ast.Ident); ok {
					name = id.Name + "." + name
					methods[filepath.Dir(path)+": "+id.Name]++
				}
			}
			if n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1; n > maxLines {
				t.Errorf("%s: %s is %d lines long (at most %d)", path, name, n, maxLines)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for typ, n := range methods {
		if n > maxMethods {
			t.Errorf("%s has %d methods (at most %d)", typ, n, maxMethods)
		}
	}
	if methods[".: engine"] == 0 {
		t.Error("found no method of engine: the test reads the wrong files")
	}
}
