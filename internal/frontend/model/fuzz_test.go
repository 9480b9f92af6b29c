package model

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// FuzzParse feeds arbitrary bytes to the parser. It must never panic (the
// parser's last-resort recover turns a panic into an "internal error"
// diagnostic, which fails here), must report positioned errors, and every
// file that parses must format to a fixed point that means the same thing.
//
//	go test -fuzz=FuzzParse ./model
func FuzzParse(f *testing.F) {
	// The testdata models are seeds too, on top of testdata/fuzz/FuzzParse.
	files, _ := filepath.Glob("testdata/*.aug")
	for _, name := range files {
		if src, err := os.ReadFile(name); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkRoundTrip(t, src)
	})
}

// repoModels reads every model of the repository a user could start
// from: the .aug files under examples/ and under every testdata
// directory. It fails when it finds too few (a moved folder would
// otherwise leave a fuzz target seeded from nothing).
func repoModels(tb testing.TB) [][]byte {
	tb.Helper()
	root := filepath.Join("..", "..", "..")
	var out [][]byte
	sample := false
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if !strings.HasSuffix(rel, ".aug") || !strings.HasPrefix(rel, "examples/") && !strings.Contains("/"+rel, "/testdata/") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		sample = sample || rel == "examples/sample.aug"
		out = append(out, src)
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	if !sample || len(out) < 10 {
		tb.Fatalf("found %d models under examples/ and testdata/ (examples/sample.aug among them: %v), want at least 10", len(out), sample)
	}
	return out
}

// checkRoundTrip is the property FuzzParse checks, shared with the
// formatter tests.
func checkRoundTrip(t *testing.T, src []byte) {
	t.Helper()
	file, diags := Parse("fuzz.aug", src)
	if file == nil {
		t.Fatalf("Parse returned a nil File")
	}
	if len(diags) > maxSyntaxErrors+1 {
		t.Fatalf("%d diagnostics, want at most %d", len(diags), maxSyntaxErrors+1)
	}
	for _, d := range diags {
		if strings.Contains(d.Msg, "internal error") {
			t.Fatalf("parser panicked: %v\nsource:\n%s", d, src)
		}
		if d.Line < 1 || d.Col < 1 || d.Msg == "" {
			t.Fatalf("diagnostic without position or message: %q", d.Error())
		}
	}
	if diags.HasErrors() {
		return
	}
	out := Format(file)
	file2, diags2 := Parse("formatted.aug", out)
	if diags2.HasErrors() {
		t.Fatalf("formatted output does not parse: %v\nsource:\n%s\nformatted:\n%s", diags2, src, out)
	}
	out2 := Format(file2)
	if !bytes.Equal(out, out2) {
		t.Fatalf("Format is not idempotent\nsource:\n%s\nfirst:\n%s\nsecond:\n%s", src, out, out2)
	}
	if a, b := dumpTree(file.Decls), dumpTree(file2.Decls); a != b {
		t.Fatalf("formatting changed the meaning\nsource:\n%s\nformatted:\n%s\nbefore: %s\nafter:  %s", src, out, a, b)
	}
	if file.Name != file2.Name {
		t.Fatalf("model name %q became %q", file.Name, file2.Name)
	}
	if len(file.Comments) != len(file2.Comments) {
		t.Fatalf("%d comments became %d\nsource:\n%s\nformatted:\n%s", len(file.Comments), len(file2.Comments), src, out)
	}
	for i, c := range file.Comments {
		if file2.Comments[i].Text != c.Text {
			t.Fatalf("comment %q became %q\nformatted:\n%s", c.Text, file2.Comments[i].Text, out)
		}
	}
}

// dumpTree renders a syntax tree without positions, so that two parses of
// the same model in different layouts compare equal.
func dumpTree(v any) string {
	var sb strings.Builder
	dumpValue(&sb, reflect.ValueOf(v))
	return sb.String()
}

var posType = reflect.TypeOf(Pos{})

func dumpValue(sb *strings.Builder, v reflect.Value) {
	switch v.Kind() {
	case reflect.Invalid:
		sb.WriteString("nil")
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			sb.WriteString("nil")
			return
		}
		if v.Kind() == reflect.Pointer {
			sb.WriteString(v.Elem().Type().Name())
		}
		dumpValue(sb, v.Elem())
	case reflect.Struct:
		sb.WriteString("{")
		for i := range v.NumField() {
			if v.Field(i).Type() == posType {
				continue
			}
			sb.WriteString(v.Type().Field(i).Name + ":")
			dumpValue(sb, v.Field(i))
			sb.WriteString(" ")
		}
		sb.WriteString("}")
	case reflect.Slice:
		if v.IsNil() {
			sb.WriteString("nil")
			return
		}
		sb.WriteString("[")
		for i := range v.Len() {
			dumpValue(sb, v.Index(i))
			sb.WriteString(",")
		}
		sb.WriteString("]")
	default:
		fmt.Fprintf(sb, "%#v", v.Interface())
	}
}
