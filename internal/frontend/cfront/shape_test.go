package cfront

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// scan runs shape over src and gives its problem as "line:col: message".
func scan(src string) string {
	s := newShape()
	s.Write([]byte(src))
	if s.problem == "" {
		return ""
	}
	return fmt.Sprintf("%d:%d: %s", s.at[0], s.at[1], s.problem)
}

const (
	tooDeep   = "brackets nest too deep (more than 1024 levels of blocks, parentheses or brackets)"
	tooLong   = "expression too long (more than 10000 operators)"
	tooMany   = "too many statements and declarations (more than 100000 in a block and those around it)"
	tooNested = "statements nest too deep (more than 64 levels of blocks and of if, else, for, while, do and switch bodies)"
	mainOpen  = "int main(void) {\n"
)

// The shapes that overflowed cc's parser or augur's passes over its tree
// (issue 33) stop at the first bracket, operator or statement too many;
// programs as large in other directions pass.
func TestShapeLimits(t *testing.T) {
	const n = 1000000
	tests := []struct {
		name, src, want string
	}{
		// Line 2 holds the braces; main's own is the first level.
		{"initializers", "int t[1] = " + strings.Repeat("{", n) + "0" + strings.Repeat("}", n) + ";", "1:1036: " + tooDeep},
		// Statements nest 64 deep at most (main's body is the first
		// level), braced or not: the 64th "{" or "if" is one too many.
		{"blocks", mainOpen + strings.Repeat("{", n) + strings.Repeat("}", n) + "}", "2:64: " + tooNested},
		{"ifs", mainOpen + strings.Repeat("if (x) ", n) + "x = 1;}", "2:" + strconv.Itoa(1+7*63) + ": " + tooNested},
		{"loops", mainOpen + strings.Repeat("for (i = 0; i < n; i++) {\n", 100) + strings.Repeat("}", 100) + "}", "65:1: " + tooNested},
		{"else", mainOpen + strings.Repeat("if (x) x = 1; else {\n", 100) + strings.Repeat("}", 100) + "}", "65:1: " + tooNested},
		{"parens", mainOpen + "return " + strings.Repeat("(", n) + "0" + strings.Repeat(")", n) + ";}", "2:1031: " + tooDeep},
		// " x = " then "1+": "=" is the first operator, the 10,000th "+" at 5+2·10000.
		{"sum", mainOpen + " int x;\n x = " + strings.Repeat("1+", n) + "1;}", "3:20005: " + tooLong},
		{"unary", mainOpen + "return " + strings.Repeat("- ", n) + "1;}", "2:20008: " + tooLong},    // "return " then "- ": the k-th "-" at 6+2k
		{"casts", mainOpen + "return " + strings.Repeat("(int)", n) + "1;}", "2:50008: " + tooLong}, // the k-th "(" at 8+5(k-1)
		{"subscripts", mainOpen + "return a" + strings.Repeat("[0]", n) + ";}", "2:30009: " + tooLong},
		// A compound literal or a statement expression does not start the count again.
		// Two operators a literal, "(" and "+": the 10,001st is the 5,001st "(".
		{"literals", mainOpen + "return " + strings.Repeat("(int){1}+", n) + "1;}", "2:" + strconv.Itoa(8+9*5000) + ": " + tooLong},
		// 32 operators a round ("=", 30 "+", "("): the 10,001st is the 16th "+" of the 313th.
		{"statement expressions", mainOpen + strings.Repeat("x = "+strings.Repeat("1+", 30)+"({", 1000) + "0" + strings.Repeat("});", 1000) + "}", "2:" + strconv.Itoa(66*312+36) + ": " + tooLong},
		{"statements", mainOpen + strings.Repeat(";", n) + "}", "2:100001: " + tooMany},
		{"nested statements", mainOpen + strings.Repeat("x=1;", 60000) + "{" + strings.Repeat("x=1;", 60000) + "}}", "2:" + strconv.Itoa(4*60000+1+4*40001) + ": " + tooMany},
		// Comments, strings, preprocessor lines and exponents hold no operators or brackets.
		{"not code", "/* " + strings.Repeat("{(", n) + " */\n// " + strings.Repeat("{(", n) + "\n#define X " + strings.Repeat("{(", n) + "\nconst char *s = \"" + strings.Repeat("{(+", n) + "\";\ndouble d = 1e+5;\n", ""},
		// A table of a million negative numbers, 50,000 blocks in a row.
		{"table", "int t[] = {" + strings.Repeat("-1,", n) + "};\n", ""},
		{"blocks in sequence", mainOpen + strings.Repeat("if (x+y) { a = b*c + d; b = -a; }\n", n/20) + "}", ""},
		{"functions", strings.Repeat("int f(int a) { return a + 1; }\n", 90000), ""},
		// An else-if chain, a do-while and a switch in a row never nest.
		{"else if", mainOpen + strings.Repeat("if (x) x = 1; else ", n/100) + "x = 2;}", ""},
		{"loops in sequence", mainOpen + strings.Repeat("do { for (;;) { while (x) if (y) switch (z) { case 1: x = 2; } } } while (x);\n", n/100) + "}", ""},
		{"63 levels", mainOpen + strings.Repeat("if (x) {\n", 63) + strings.Repeat("}", 63) + "}", ""},
		// 1,024 levels and 10,000 operators are fine.
		{"at the limits", mainOpen + strings.Repeat("(", 1023) + strings.Repeat("1+", 9999-1023) + "1" + strings.Repeat(")", 1023) + ";}", ""},
	}
	for _, tt := range tests {
		if got := scan(tt.src); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// Load refuses such a file with a positioned error instead of crashing,
// and a limit reached only once macros are expanded is the file's.
func TestLoadRefusesHostileShapes(t *testing.T) {
	needCC(t)
	dir := t.TempDir()
	files := map[string]string{
		"nest.c":  mainOpen + strings.Repeat("{", 1000000) + "\n" + strings.Repeat("}", 1000000) + "\nreturn 0;\n}\n",
		"sum.c":   mainOpen + " int x = 0;\n x = " + strings.Repeat("1+", 1000000) + "1;\nreturn x;\n}\n",
		"macro.c": "#define B {{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{\n#define E }}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}\n" + mainOpen + strings.Repeat("B ", 30) + "\n" + strings.Repeat("E ", 30) + "\nreturn 0;\n}\n",
	}
	want := map[string]string{
		"nest.c":  "nest.c:2:64: " + tooNested,
		"sum.c":   "sum.c:3:20005: " + tooLong,
		"macro.c": "macro.c: " + tooNested + ", once its macros and #include files are expanded",
	}
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := Load(context.Background(), []string{path}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Diags) != 1 || strings.TrimPrefix(p.Diags[0].Error(), dir+"/") != want[name] {
			t.Errorf("%s: %v, want %s", name, p.Diags, want[name])
		}
	}
}

// Malformed numbers and an input that ends inside an included file are
// errors at their place, in a C compiler's words (issue 33: "1e" gave no
// diagnostic at all, so augur analyze said "no main function"; an end in
// a header gave "file: -: unexpected EOF").
func TestLoadMessages(t *testing.T) {
	needCC(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "empty.h"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		src  string
		want []string
	}{
		{"int main(void) {\n  double x = 1e;\n  return (int)x;\n}\n", []string{"2:14: invalid floating constant 1e"}},
		// A valid 1e+5 before does not take the place of the bad 1e.
		{"double f(void) { return 1e+5; }\nint main(void) {\n  return (int)1e;\n}\n", []string{"3:15: invalid floating constant 1e"}},
		{"int main(void) {\n  double x = 1e99999;\n  return 0;\n}\n", []string{"2:14: floating constant 1e99999 is out of range"}},
		{"int main(void) {\n  int x = 08;\n  return x;\n}\n", []string{"2:11: invalid integer constant 08"}},
		{"int main(void) {\n  long x = 99999999999999999999999;\n  return 0;\n}\n", []string{"2:12: integer constant 99999999999999999999999 is too large"}},
		{"int main(void) {\n  if (1)\n#include \"empty.h\"\n", []string{`3:18: unexpected end of file: 1 bracket(s) still open (the innermost "{")`}},
		// A file cut in a parameter list: cc's parser looped for minutes
		// here (bench/mutate found it), refused before it now.
		{"int main(int argc, char **", []string{`1:26: unexpected end of file: 1 bracket(s) still open (the innermost "(")`}},
		// A "*" that nothing it could point to or multiply follows: cc's
		// parser read on past the end without end, its memory growing
		// (bench/mutate: a comment's "*/" left after its "/*" was cut).
		{"int main(void)\n * so augur it. */\n", []string{`2:17: unexpected end of file: nothing after this "*" is what it points to or multiplies`}},
		{"int main(void) ** {}\n", []string{`1:17: unexpected end of file: nothing after this "*" is what it points to or multiplies`}},
		{"int main(void)\n * so augur it. */\n/* unterminated\n{ return 0; }\n", []string{`2:17: unexpected end of file: nothing after this "*" is what it points to or multiplies`}},
		{"int *\n", []string{`1:5: unexpected end of file: nothing after this "*" is what it points to or multiplies`}},
		{"int main(void) *const\n", []string{`1:16: unexpected end of file: nothing after this "*" is what it points to or multiplies`}},
		// cc's preprocessor stops at an unterminated character constant;
		// its parser then read the unit cut after "*" for minutes, its
		// memory growing until the kernel killed it (bench/mutate). The
		// preprocessor's error is the answer now, without parsing.
		{"A00000(void)*\nTa*\xb2i\xb3'\xa7&\xd4BM int x = ;\nreturn 0\n", []string{"2:7: character constant not terminated"}},
		{"int main(void) {\n  char c = 'a;\n  return c;\n}\n", []string{"2:12: character constant not terminated"}},
		// cc's checker says "internal error: UnaryExpressionPlus" with no
		// place for an operand that is not an lvalue assigned to
		// (bench/mutate: a "+" inserted before "x *= 1.0001").
		{"int main(void)\n{\n    double x = -1, y = +2;\n    +x *= 2;\n    -x = 3;\n    return 0;\n}\n", []string{
			`4:5: the C front end cannot check unary "+" here: is it assigned to or incremented? It is not an lvalue`,
			`5:5: the C front end cannot check unary "-" here: is it assigned to or incremented? It is not an lvalue`}},
	}
	for i, tt := range tests {
		name := fmt.Sprintf("m%d.c", i)
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(tt.src), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := Load(context.Background(), []string{path}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range p.Diags {
			got = append(got, strings.TrimPrefix(d.Error(), path+":"))
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%q:\n got %q\nwant %q", tt.src, got, tt.want)
		}
	}
}
