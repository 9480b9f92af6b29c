package model

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the formatter's output")

// TestFormatTestdata formats every model in testdata: the output must match
// its golden file, reparse to the same tree, be a fixed point and keep every
// comment.
func TestFormatTestdata(t *testing.T) {
	files, err := filepath.Glob("testdata/*.aug")
	if err != nil || len(files) < 5 {
		t.Fatalf("testdata models: %v %v", files, err)
	}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			out, err := FormatSource(name, src)
			if err != nil {
				t.Fatal(err)
			}
			golden := strings.TrimSuffix(name, ".aug") + ".golden"
			if *update {
				if err := os.WriteFile(golden, out, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, want) {
				t.Errorf("Format differs from %s:\n%s", golden, out)
			}
			again, err := FormatSource("again.aug", out)
			if err != nil {
				t.Fatalf("output does not parse: %v", err)
			}
			if !bytes.Equal(again, out) {
				t.Errorf("not idempotent; second pass:\n%s", again)
			}
			checkRoundTrip(t, src)
			f, _ := Parse(name, src)
			for _, c := range f.Comments {
				if !bytes.Contains(out, []byte(c.Text)) {
					t.Errorf("comment %q lost", c.Text)
				}
			}
		})
	}
}

// TestFormatSampleIsCanonical: the sample model of the project's design notes (testdata/sample.aug) is canonical
// except for the spaces before its trailing comment.
func TestFormatSampleIsCanonical(t *testing.T) {
	src, err := os.ReadFile("testdata/sample.aug")
	if err != nil {
		t.Fatal(err)
	}
	out, err := FormatSource("sample.aug", src)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(string(src), "}   // code", "} // code", 1)
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func TestFormatLayout(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"one line", "model m;param a=1;param b=2;global g=a*(b+1);local l=-a;cost F(x,y)=x/y;cost G()=1;activity main{x=1;call b}activity b{}",
			`model m

param a = 1
param b = 2

global g = a * (b + 1)

local l = -a

cost F(x, y) = x / y
cost G() = 1

activity main {
  x = 1
  call b
}

activity b {}
`},
		{"kinds interleaved", "model m param a = 1 cost F() = 2 param b = 3 param c = 4",
			"model m\n\nparam a = 1\n\ncost F() = 2\n\nparam b = 3\nparam c = 4\n"},
		{"empty model", "model m", "model m\n"},
		{"clauses canonical", "model m activity main { send S cost 1 tag 2 size 3 to 4 bcast B algorithm x cost 1 size 2 root 3 barrier C cost 1 threads }",
			`model m

activity main {
  send S to 4 size 3 tag 2 cost 1
  bcast B root 3 size 2 cost 1 algorithm x
  barrier C threads cost 1
}
`},
		{"code fragments", "model m activity main { action A { } action B cost 1 {x=1\ny=2;} }",
			"model m\n\nactivity main {\n  action A {}\n  action B cost 1 { x = 1; y = 2 }\n}\n"},
		{"else chain", "model m activity main { if a {} else if b { call x } else {} }",
			"model m\n\nactivity main {\n  if a {} else if b {\n    call x\n  } else {}\n}\n"},
		{"schedule", "model m activity main { pfor P i in 0..n schedule static { } pfor Q i in 0..n chunk 2 schedule static threads 3 { } }",
			"model m\n\nactivity main {\n  pfor P i in 0 .. n {}\n  pfor Q i in 0 .. n threads 3 schedule static chunk 2 {}\n}\n"},
		{"parens and units kept", "model m param x = ((1ms+2.50us))*-(3KiB)", "model m\n\nparam x = ((1ms + 2.50us)) * -(3KiB)\n"},
		{"comment moves out of expression", "model m\nparam x = 1 + /* one */ 2\n", "model m\n\nparam x = 1 + 2 /* one */\n"},
		{"line comments in a split statement", "model m\nactivity main {\n  send S // a\n  to 1 /* b */ size 2 // c\n  call X\n}\n",
			"model m\n\nactivity main {\n  send S to 1 size 2 // a\n  /* b */\n  // c\n  call X\n}\n"},
		{"two statements on a line", "model m\nactivity main { x = 1; y = 2 // on y\n}\n",
			"model m\n\nactivity main {\n  x = 1\n  y = 2 // on y\n}\n"},
		{"comments only", "// a\nmodel m\n// b\n", "// a\nmodel m\n\n// b\n"},
		{"argument bindings", "model m\nparam n=1000   arg 2 // argv[2]\nparam k = 0 arg\ncount\nparam peer=( pid+1 )%procs",
			"model m\n\nparam n = 1000 arg 2 // argv[2]\nparam k = 0 arg count\nparam peer = (pid + 1) % procs\n"},
	}
	for _, tt := range tests {
		out, err := FormatSource("t.aug", []byte(tt.src))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if string(out) != tt.want {
			t.Errorf("%s:\n got:\n%s\nwant:\n%s", tt.name, out, tt.want)
		}
		checkRoundTrip(t, []byte(tt.src))
	}
}

func TestFormatSourceError(t *testing.T) {
	out, err := FormatSource("bad.aug", []byte("model m\nparam x = \n"))
	if err == nil || out != nil {
		t.Fatalf("got %q, %v", out, err)
	}
	if err.Error() != "bad.aug:3:1: expected expression, found end of file" {
		t.Errorf("error %q", err)
	}
}

// TestFormatHandBuilt: trees made by code rather than the parser get the
// parentheses their structure needs, and missing parts never crash.
func TestFormatHandBuilt(t *testing.T) {
	id := func(s string) *Ident { return &Ident{Name: s} }
	num := func(v float64) *Number { return &Number{Value: v} }
	sum := &Binary{X: id("a"), Op: "+", Y: id("b")}
	f := &File{
		Name: "hand",
		Decls: []Decl{
			&VarDecl{Kind: Param, Name: id("x"), Value: &Binary{X: sum, Op: "*", Y: id("c")}},
			&VarDecl{Kind: Param, Name: id("y"), Value: &Binary{X: id("a"), Op: "-", Y: sum}},
			&VarDecl{Kind: Param, Name: id("z"), Value: &Unary{Op: "-", X: sum}},
			&VarDecl{Kind: Param, Name: id("w"), Value: &Cond{C: &Cond{C: id("a"), A: num(1), B: num(2)}, A: num(-0.5), B: num(1e21)}},
			&VarDecl{Kind: Param, Name: id("v"), Value: &Binary{X: num(-2), Op: "*", Y: num(3)}},
			&VarDecl{Kind: Global, Name: nil, Value: nil},
			&ActivityDecl{Name: id("main"), Body: &Block{Stmts: []Stmt{
				&Comm{Kind: RecvComm, Name: id("r"), AnyPeer: true, AnyTag: true},
				&If{Conds: []Expr{&Bool{Value: true}}, Thens: []*Block{nil}},
				&Choose{Probs: []Expr{num(0.5)}, Alts: []*Block{{}}},
			}}},
		},
		Comments: []*Comment{{Text: "// unplaced"}},
	}
	want := `model hand

param x = (a + b) * c
param y = a - (a + b)
param z = -(a + b)
param w = (a ? 1 : 2) ? -0.5 : 1e+21
param v = -2 * 3

global _ = _

activity main {
  recv r from any tag any
  if true {}
  choose {
    0.5 {}
  }
}

// unplaced
`
	out := Format(f)
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// TestFormatCommentsAnywhere inserts a comment at every blank of every
// testdata model and checks that formatting keeps it, stays idempotent and
// does not change the tree: comment placement is where formatters break.
func TestFormatCommentsAnywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	files, _ := filepath.Glob("testdata/*.aug")
	inserts := []string{" /* c */ ", " // c\n", "\n/* c\n d */\n", " /*a*/ // b\n", "/*x*/"}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range src {
			for j, ins := range inserts {
				// Glued comments everywhere (they may split a token: then
				// the source simply does not parse); the others at blanks.
				if j != len(inserts)-1 && c != ' ' && c != '\n' {
					continue
				}
				mod := append(append(append([]byte{}, src[:i]...), ins...), src[i:]...)
				checkRoundTrip(t, mod)
				if t.Failed() {
					t.Fatalf("%s with %q inserted at offset %d", name, ins, i)
				}
			}
		}
	}
}
