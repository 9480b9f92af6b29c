package model

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func parseSample(t *testing.T) *File {
	t.Helper()
	src, err := os.ReadFile("testdata/sample.aug")
	if err != nil {
		t.Fatal(err)
	}
	f, diags := Parse("sample.aug", src)
	if len(diags) > 0 {
		t.Fatalf("sample does not parse:\n%v", diags)
	}
	return f
}

func wantPos(t *testing.T, what string, got Pos, line, col int32) {
	t.Helper()
	if got != (Pos{line, col}) {
		t.Errorf("%s at %v, want %d:%d", what, got, line, col)
	}
}

func TestParseSample(t *testing.T) {
	f := parseSample(t)
	if f.Name != "sample" || f.Filename != "sample.aug" {
		t.Errorf("model %q in %q", f.Name, f.Filename)
	}
	wantPos(t, "model name", f.NamePos, 1, 7)
	if len(f.Decls) != 9 {
		t.Fatalf("%d declarations, want 9", len(f.Decls))
	}

	gv := f.Decls[0].(*VarDecl)
	if gv.Kind != Global || gv.Name.Name != "GV" || gv.Value.(*Number).Value != 0 {
		t.Errorf("decl 0: %s %s = %v", gv.Kind, gv.Name.Name, gv.Value)
	}
	wantPos(t, "global GV", gv.Pos, 3, 1)
	wantPos(t, "name GV", gv.Name.Pos, 3, 8)
	if p := f.Decls[1].(*VarDecl); p.Name.Name != "P" || p.Value.(*Number).Text != "0.0" {
		t.Errorf("decl 1: %s = %q", p.Name.Name, p.Value.(*Number).Text)
	}

	fa1 := f.Decls[2].(*CostDecl)
	if fa1.Name.Name != "FA1" || len(fa1.Params) != 0 {
		t.Errorf("FA1: %s with %d params", fa1.Name.Name, len(fa1.Params))
	}
	div := fa1.Body.(*Binary)
	if div.Op != "/" || div.X.(*Number).Value != 121 || div.Y.(*Ident).Name != "P" {
		t.Errorf("FA1 body: %s", exprString(fa1.Body))
	}
	fa4 := f.Decls[4].(*CostDecl)
	if len(fa4.Params) != 1 || fa4.Params[0].Name != "p" {
		t.Errorf("FA4 params: %v", fa4.Params)
	}
	// 3.14 + 2.71 * p: the product binds tighter.
	sum := fa4.Body.(*Binary)
	if sum.Op != "+" || sum.Y.(*Binary).Op != "*" {
		t.Errorf("FA4 body grouped as %s", sexpr(fa4.Body))
	}
	fsa2 := f.Decls[6].(*CostDecl)
	q := fsa2.Body.(*Binary)
	wantPos(t, "FSA2 operator /", q.OpPos, 10, 20)
	paren := q.Y.(*Paren)
	wantPos(t, "FSA2 paren", paren.Pos, 10, 22)
	if inner := paren.X.(*Binary); inner.Op != "+" || inner.X.(*Ident).Name != "id" {
		t.Errorf("FSA2 paren holds %s", sexpr(paren.X))
	}

	main := f.Decls[7].(*ActivityDecl)
	if main.Name.Name != "main" || len(main.Body.Stmts) != 3 {
		t.Fatalf("main: %s with %d statements", main.Name.Name, len(main.Body.Stmts))
	}
	wantPos(t, "activity main", main.Pos, 12, 1)
	wantPos(t, "main {", main.Body.Lbrace, 12, 15)
	wantPos(t, "main }", main.Body.Rbrace, 20, 1)

	a1 := main.Body.Stmts[0].(*Action)
	wantPos(t, "action A1", a1.Pos, 13, 3)
	if a1.Name.Name != "A1" || !a1.HasCode || len(a1.Code) != 2 {
		t.Fatalf("A1: %+v", a1)
	}
	if c := a1.Cost.(*CallExpr); c.Fun.Name != "FA1" || len(c.Args) != 0 {
		t.Errorf("A1 cost: %s", exprString(a1.Cost))
	} else {
		wantPos(t, "FA1 )", c.Rparen, 13, 22)
	}
	if a := a1.Code[1]; a.Name.Name != "P" || a.Value.(*Number).Value != 3.14 {
		t.Errorf("A1 code[1]: %s = %s", a.Name.Name, exprString(a.Value))
	} else {
		wantPos(t, "P in code", a.Name.Pos, 13, 34)
	}

	ifs := main.Body.Stmts[1].(*If)
	wantPos(t, "if", ifs.Pos, 14, 3)
	if len(ifs.Conds) != 2 || len(ifs.Thens) != 2 || ifs.Else != nil {
		t.Fatalf("if: %d conds, %d thens, else %v", len(ifs.Conds), len(ifs.Thens), ifs.Else)
	}
	if c := ifs.Conds[1].(*Binary); c.Op != "==" || c.Y.(*Number).Value != 0 {
		t.Errorf("else-if condition: %s", exprString(ifs.Conds[1]))
	}
	call := ifs.Thens[0].Stmts[0].(*Call)
	if call.Name.Name != "SA" {
		t.Errorf("call %s", call.Name.Name)
	}
	wantPos(t, "call SA", call.Pos, 15, 5)
	if a2 := ifs.Thens[1].Stmts[0].(*Action); a2.Name.Name != "A2" || a2.HasCode || a2.Code != nil {
		t.Errorf("A2: %+v", a2)
	}

	sa := f.Decls[8].(*ActivityDecl)
	ar := sa.Body.Stmts[1].(*Comm)
	wantPos(t, "allreduce", ar.Pos, 24, 3)
	if ar.Kind != AllreduceComm || ar.Name.Name != "SA2" || ar.Size.(*Number).Value != 8 ||
		ar.Peer != nil || ar.Root != nil || ar.Algo != nil {
		t.Errorf("SA2: %+v", ar)
	}
	if c := ar.Cost.(*CallExpr); c.Fun.Name != "FSA2" || c.Args[0].(*Ident).Name != "pid" {
		t.Errorf("SA2 cost: %s", exprString(ar.Cost))
	}

	if len(f.Comments) != 1 || f.Comments[0].Text != "// code fragment, runs before the cost" {
		t.Fatalf("comments: %+v", f.Comments)
	}
	wantPos(t, "comment", f.Comments[0].Pos, 13, 47)
}

// sexpr prints e fully parenthesized, with [ ] for the user's own parens.
func sexpr(e Expr) string {
	switch e := e.(type) {
	case *Ident:
		return e.Name
	case *Number:
		return e.Text
	case *Bool:
		return fmt.Sprint(e.Value)
	case *Unary:
		return "(" + e.Op + sexpr(e.X) + ")"
	case *Binary:
		return "(" + sexpr(e.X) + " " + e.Op + " " + sexpr(e.Y) + ")"
	case *Cond:
		return "(" + sexpr(e.C) + " ? " + sexpr(e.A) + " : " + sexpr(e.B) + ")"
	case *Paren:
		return "[" + sexpr(e.X) + "]"
	case *CallExpr:
		args := make([]string, len(e.Args))
		for i, a := range e.Args {
			args[i] = sexpr(a)
		}
		return e.Fun.Name + "(" + strings.Join(args, ", ") + ")"
	}
	return fmt.Sprintf("?%T", e)
}

func TestParseExprPrecedence(t *testing.T) {
	tests := []struct{ src, want string }{
		{"1 + 2 * 3", "(1 + (2 * 3))"},
		{"1 * 2 + 3", "((1 * 2) + 3)"},
		{"a - b - c", "((a - b) - c)"},
		{"a / b % c", "((a / b) % c)"},
		{"a || b && c", "(a || (b && c))"},
		{"a && b || c && d", "((a && b) || (c && d))"},
		{"a + 1 < b * 2 && c != d", "(((a + 1) < (b * 2)) && (c != d))"},
		{"a ? b : c ? d : e", "(a ? b : (c ? d : e))"},
		{"a ? b ? c : d : e", "(a ? (b ? c : d) : e)"},
		{"a || b ? 1 : 2", "((a || b) ? 1 : 2)"},
		{"-a * b", "((-a) * b)"},
		{"--a", "(-(-a))"},
		{"!a == b", "((!a) == b)"},
		{"!(a == b)", "(![(a == b)])"},
		{"(a + b) * c", "([(a + b)] * c)"},
		{"f()", "f()"},
		{"max(a, b + 1, g(c))", "max(a, (b + 1), g(c))"},
		{"true && !false", "(true && (!false))"},
		{"0.5 >= x", "(0.5 >= x)"},
		{"threads * nthreads", "(threads * nthreads)"},
	}
	for _, tt := range tests {
		e, err := ParseExpr(tt.src)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", tt.src, err)
			continue
		}
		if got := sexpr(e); got != tt.want {
			t.Errorf("ParseExpr(%q) = %s, want %s", tt.src, got, tt.want)
		}
	}
}

func TestParseExprNumbers(t *testing.T) {
	tests := []struct {
		src  string
		want float64
	}{
		{"12ms", 0.012},
		{"8KiB", 8192},
		{"1e-6us", 1e-12},
		{"2.5E3", 2500},
		{"3.14", 3.14},
		{"0", 0},
		{"007", 7},
		{"1s", 1},
		{"250us", 250e-6},
		{"3ns", 3e-9},
		{"10B", 10},
		{"4KB", 4000},
		{"1.5MB", 1.5e6},
		{"2GB", 2e9},
		{"3MiB", 3 << 20},
		{"1GiB", 1 << 30},
		{"1e+3KB", 1e6},
		{"0.1ms", 1e-4},
	}
	for _, tt := range tests {
		e, err := ParseExpr(tt.src)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", tt.src, err)
			continue
		}
		n, ok := e.(*Number)
		if !ok {
			t.Errorf("ParseExpr(%q) = %T, want *Number", tt.src, e)
			continue
		}
		if n.Value != tt.want || n.Text != tt.src {
			t.Errorf("ParseExpr(%q) = %v (text %q), want %v", tt.src, n.Value, n.Text, tt.want)
		}
	}
}

func TestParseExprErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"1 +", "<expr>:1:4: expected expression, found end of file"},
		{"1 2", `<expr>:1:3: expected end of expression, found "2"`},
		{"", "<expr>:1:1: expected expression, found end of file"},
		{"f(1", `<expr>:1:4: expected ")" after arguments of f, found end of file`},
		{"3kb", `<expr>:1:1: unknown unit "kb" (time: s ms us ns; size: B KB KiB MB MiB GB GiB)`},
	}
	for _, tt := range tests {
		e, err := ParseExpr(tt.src)
		if err == nil {
			t.Errorf("ParseExpr(%q) = %s, want error", tt.src, sexpr(e))
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("ParseExpr(%q) error\n got %s\nwant %s", tt.src, err, tt.want)
		}
	}
}

// TestParseErrors checks the exact text of syntax errors: position and
// message. Each source yields exactly the listed diagnostics.
func TestParseErrors(t *testing.T) {
	const m = "model m\n"
	tests := []struct {
		src  string
		want []string
	}{
		{m + "activity main cost { }", []string{`2:15: expected "{" after activity name, found "cost"`}},
		{m + "param x = 1\n/* open", []string{`3:1: unterminated block comment`}},
		{m + "param x = 1.2.3", []string{`2:11: invalid number "1.2.3"`}},
		{m + "param x = 4kb", []string{`2:11: unknown unit "kb" (time: s ms us ns; size: B KB KiB MB MiB GB GiB)`}},
		{m + "param x = 1e", []string{`2:11: invalid number "1e"`}},
		{m + "param x = .5", []string{`2:11: invalid number ".5"`}},
		{m + "param x = 5.", []string{`2:11: invalid number "5."`}},
		{m + "param x = 1e999", []string{`2:11: number "1e999" out of range`}},
		{m + "activity main {\n  send S size 8\n}", []string{`3:3: send S is missing the "to" clause`}},
		{m + "activity main {\n  isend S tag 1\n}", []string{`3:3: isend S is missing the "to" and "size" clauses`}},
		{m + "activity main {\n  recv R size 8\n}", []string{`3:3: recv R is missing the "from" clause`}},
		{m + "activity main {\n  bcast B size 8\n}", []string{`3:3: bcast B is missing the "root" clause`}},
		{m + "activity main {\n  allreduce A cost 1\n}", []string{`3:3: allreduce A is missing the "size" clause`}},
		{m + "activity main {\n  send S to 1 size 8 size 9\n}", []string{`3:22: duplicate "size" clause in send`}},
		{m + "activity main {\n  barrier B threads threads\n}", []string{`3:21: duplicate "threads" clause in barrier`}},
		{m + "activity main {\n  recv R from 1 root 0\n}", []string{`3:17: "root" is not a clause of recv`}},
		{m + "activity main {\n  send S to 1 size 8 tag any\n}", []string{`3:26: expected expression, found "any"`}},
		{m + "activity main {\n  send S to 1 sise 8\n}", []string{`3:15: unknown clause "sise" in send`}},
		{m + "activity main {\n  action A cost\n}", []string{`4:1: expected expression, found "}"`}},
		{m + "param x = (1 + 2", []string{`2:17: expected ")" to match "(" at 2:11, found end of file`}},
		{m + "param x = 1 < 2 < 3", []string{`2:17: comparison operators do not chain: use parentheses or &&`}},
		{m + "param x = 1 # 2", []string{`2:13: unexpected character '#'`}},
		{m + "param x = a & b", []string{`2:13: unexpected "&" (did you mean "&&"?)`}},
		{m + "param x = 1 ? 2", []string{`2:16: expected ":" in conditional expression (c ? a : b), found end of file`}},
		{"param x = 1", []string{`1:1: expected "model NAME" at the start of the file, found "param"`}},
		{m + "param if = 1", []string{`2:7: expected name after "param", found keyword "if"`}},
		{m + "param x 1", []string{`2:9: expected "=" after param name, found "1"`}},
		{m + "cost F(a b) = 1", []string{`2:10: expected ")" after cost function parameters, found "b"`}},
		{m + "action A", []string{`2:1: statement outside an activity: expected declaration (param, global, local, cost or activity), found "action"`}},
		{m + "activity main {\n  x 3\n}", []string{`3:5: expected "=" after "x", found "3"`}},
		{m + "activity main {\n  action A\n", []string{`4:1: expected "}" to close the block opened at 2:15, found end of file`}},
		{m + "activity main {\n  action A\nactivity b {}", []string{`4:1: expected "}" to close the block opened at 2:15, found "activity"`}},
		{m + "activity main {\n  choose { }\n}", []string{`3:12: choose needs at least one alternative: PROBABILITY { ... }`}},
		{m + "activity main {\n  choose { else { } }\n}", []string{`3:12: choose needs at least one alternative before else`}},
		{m + "activity main {\n  pfor P i in 0 .. 4 schedule fast { }\n}", []string{`3:31: expected "static", "dynamic" or "guided" after "schedule", found "fast"`}},
		{m + "activity main {\n  pfor P i in 0 .. 4 chunk 2 { }\n}", []string{`3:3: "chunk" needs a "schedule static|dynamic|guided" clause in pfor`}},
		{m + "activity main {\n  for i in 0 ... 4 { }\n}", []string{`3:16: unexpected "." (ranges are written FROM .. TO)`}},
		{m + "activity main {\n  for i 0 .. 4 { }\n}", []string{`3:9: expected "in" after for variable, found "0"`}},
		{m + "activity main {\n  action A { call X }\n}", []string{`3:14: expected assignment in code fragment, found "call"`}},
		{m + "activity main {\n  delay D 5\n}", []string{`3:11: expected "cost" after delay name, found "5"`}},
		{m + "activity main {\n  wait W on\n}", []string{`4:1: expected element name after "on", found "}"`}},
		{m + "activity main {\n  call\n}", []string{`4:1: expected activity name after "call", found "}"`}},
		{m + "activity main {\n  if x { } else y { }\n}", []string{`3:17: expected "{" after "else", found "y"`}},
		{m + "activity main {\n  parallel P threads { }\n}", []string{`3:22: expected expression, found "{"`}},
		{m + "param x = 1 arg", []string{`2:16: expected an argument's position (arg 1 for the program's first argument, C's argv[1]), an option (arg -x) or "count" after "arg", found end of file`}},
		{m + "param x = 1 arg 0", []string{`2:17: arg 0: an argument's position is a whole number from 1 (the first argument after the program's name, C's argv[1]) to 1048576`}},
		{m + "param x = 1 arg 2.5\nparam y = 1 arg 2ms", []string{`2:17: arg 2.5: an argument's position is a whole number from 1 (the first argument after the program's name, C's argv[1]) to 1048576`,
			`3:17: arg 2ms: an argument's position is a whole number from 1 (the first argument after the program's name, C's argv[1]) to 1048576`}},
		{m + "param x = 1 arg all", []string{`2:17: expected an argument's position (arg 1 for the program's first argument, C's argv[1]), an option (arg -x) or "count" after "arg", found "all"`}},
		{m + "param x = é", []string{`2:11: unexpected character 'é'`}},
		{m + "param x = \xff", []string{`2:11: invalid UTF-8 byte 0xff`}},
	}
	for _, tt := range tests {
		_, diags := Parse("t.aug", []byte(tt.src))
		var got []string
		for _, d := range diags {
			got = append(got, d.Error())
		}
		var want []string
		for _, w := range tt.want {
			// Every message is "file:line:col: text".
			pos, msg, _ := strings.Cut(w, ": ")
			want = append(want, "t.aug:"+pos+": "+msg)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("Parse(%q):\n got %s\nwant %s", tt.src, strings.Join(got, "\n     "), strings.Join(want, "\n     "))
		}
	}
}

func TestParseReportsEveryError(t *testing.T) {
	src := `model m
param a = 1 +
param b = 2
cost F(x = x
activity main {
  action A cost 1 *
  send S to 1 size 8 root 3
  loop { }
  call Ok
  x = )
}
activity second {
  action B cost 4kb
}
`
	f, diags := Parse("m.aug", []byte(src))
	want := []string{
		`m.aug:3:1: expected expression, found "param"`,
		`m.aug:4:10: expected ")" after cost function parameters, found "="`,
		`m.aug:7:3: expected expression, found "send"`,
		`m.aug:7:22: "root" is not a clause of send`,
		`m.aug:8:8: expected expression, found "{"`,
		`m.aug:10:7: expected expression, found ")"`,
		`m.aug:13:17: unknown unit "kb" (time: s ms us ns; size: B KB KiB MB MiB GB GiB)`,
	}
	if diags.Error() != strings.Join(want, "\n") {
		t.Errorf("got\n%v\nwant\n%s", diags, strings.Join(want, "\n"))
	}
	// The partial tree still holds what parsed.
	var names []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *VarDecl:
			names = append(names, d.Name.Name)
		case *CostDecl:
			names = append(names, d.Name.Name)
		case *ActivityDecl:
			names = append(names, d.Name.Name)
		}
	}
	if got := strings.Join(names, " "); got != "a b F main second" {
		t.Errorf("partial file declares %q", got)
	}
	main := f.Decls[3].(*ActivityDecl)
	var kinds []string
	for _, s := range main.Body.Stmts {
		kinds = append(kinds, fmt.Sprintf("%T", s))
	}
	if got := strings.Join(kinds, " "); got != "*model.Action *model.Comm *model.Loop *model.Call *model.Assign" {
		t.Errorf("partial main holds %s", got)
	}
}

func TestParseNestingLimit(t *testing.T) {
	tests := []struct {
		name string
		src  string
	}{
		{"parens", "model m\nparam x = " + strings.Repeat("(", 10000) + "1" + strings.Repeat(")", 10000)},
		{"unary", "model m\nparam x = " + strings.Repeat("-", 100000) + "1"},
		{"blocks", "model m\nactivity main {" + strings.Repeat("loop 2 {", 5000) + strings.Repeat("}", 5001)},
		{"conds", "model m\nparam x = " + strings.Repeat("a ? b : ", 5000) + "c"},
		{"calls", "model m\nparam x = " + strings.Repeat("f(", 5000) + "1" + strings.Repeat(")", 5000)},
	}
	for _, tt := range tests {
		_, diags := Parse("deep.aug", []byte(tt.src))
		if len(diags) != 1 || !strings.Contains(diags[0].Msg, "nesting too deep (more than 200 levels") {
			t.Errorf("%s: got %v", tt.name, diags)
		}
	}
	// 200 levels are fine.
	ok := "model m\nparam x = " + strings.Repeat("(", 199) + "1" + strings.Repeat(")", 199)
	if _, diags := Parse("ok.aug", []byte(ok)); len(diags) != 0 {
		t.Errorf("199 parentheses: %v", diags)
	}
}

// A flat chain of operators is parsed in a loop, but its tree is as deep
// as the chain is long and every later pass walks it recursively: a
// 3.8 MB model of 1.5 million additions overflowed the checker's stack
// (issue 33). Past maxExprOps operators the chain is an error at the
// first operator too many.
func TestParseLongChain(t *testing.T) {
	tests := []struct {
		name string
		src  string
		col  int
	}{
		// "param x = 1" is 11 bytes; the k-th " + 1" puts its "+" at 13+4(k-1).
		{"flat", "model m\nparam x = 1" + strings.Repeat(" + 1", 1500000), 13 + 4*maxExprOps},
		// Operators inside parentheses count towards the whole expression.
		{"parens", "model m\nparam x = 1" + strings.Repeat(" + (1 * 1)", 3000) + strings.Repeat(" - 1", 5000), 13 + 10*3000 + 4*(maxExprOps-6000)},
	}
	for _, tt := range tests {
		_, diags := Parse("long.aug", []byte(tt.src))
		if len(diags) != 1 {
			t.Fatalf("%s: %d diagnostics, want 1: %.300v", tt.name, len(diags), diags)
		}
		want := fmt.Sprintf("long.aug:2:%d: expression too long (more than 10000 operators): split it, e.g. into locals or cost functions", tt.col)
		if got := diags[0].Error(); got != want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, want)
		}
		if !diags.HasLimit() {
			t.Errorf("%s: the error is not marked as past a bound (diag.Error.Limit)", tt.name)
		}
	}
	// maxExprOps operators are fine, and so is the same number again in
	// the next expression: the count is per expression.
	ok := "model m\nparam x = 1" + strings.Repeat(" + 1", maxExprOps) + "\nparam y = 1" + strings.Repeat(" * 1", maxExprOps) + "\nactivity main { action A cost x + y }"
	file, diags := Parse("ok.aug", []byte(ok))
	if len(diags) != 0 {
		t.Fatalf("%d operators: %.300v", maxExprOps, diags)
	}
	if diags := Check(file, CheckOptions{}); diags.HasErrors() {
		t.Errorf("check: %.300v", diags)
	}
}

func TestParseTooManyErrors(t *testing.T) {
	src := "model m\n" + strings.Repeat("param x = 1kb\n", 500)
	_, diags := Parse("many.aug", []byte(src))
	if len(diags) != maxSyntaxErrors+1 {
		t.Fatalf("%d diagnostics, want %d", len(diags), maxSyntaxErrors+1)
	}
	if last := diags[len(diags)-1]; last.Msg != "too many errors" || last.Line != 52 {
		t.Errorf("last diagnostic: %v", last)
	}
	// Garbage everywhere also stops.
	_, diags = Parse("junk.aug", []byte(strings.Repeat("#$ } ) {", 1000)))
	if n := len(diags); n != maxSyntaxErrors+1 || diags[n-1].Msg != "too many errors" {
		t.Errorf("junk: %d diagnostics, last %v", n, diags[n-1])
	}
}

func TestParseCommClauses(t *testing.T) {
	src := `model m
activity main {
  recv R cost 1 tag any from any size 4
  irecv I from pid - 1 tag 2
  wait W on I, R
  barrier B cost 2 threads
  reduce X algorithm tree size 8 root 0 in_place
  threads = 3
  barrier C
  threads = 4
}`
	f, diags := Parse("c.aug", []byte(src))
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	st := f.Decls[0].(*ActivityDecl).Body.Stmts
	if len(st) != 8 {
		t.Fatalf("%d statements, want 8", len(st))
	}
	r := st[0].(*Comm)
	if r.Kind != RecvComm || !r.AnyPeer || r.Peer != nil || !r.AnyTag || r.Tag != nil || r.Size.(*Number).Value != 4 || r.Cost == nil {
		t.Errorf("recv: %+v", r)
	}
	i := st[1].(*Comm)
	if i.Kind != IrecvComm || i.AnyPeer || sexpr(i.Peer) != "(pid - 1)" || i.AnyTag || sexpr(i.Tag) != "2" {
		t.Errorf("irecv: %+v", i)
	}
	w := st[2].(*Comm)
	if w.Kind != WaitComm || len(w.On) != 2 || w.On[0].Name != "I" || w.On[1].Name != "R" {
		t.Errorf("wait: %+v", w)
	}
	b := st[3].(*Comm)
	if b.Kind != BarrierComm || !b.Threads || sexpr(b.Cost) != "2" {
		t.Errorf("barrier: %+v", b)
	}
	x := st[4].(*Comm)
	if x.Kind != ReduceComm || x.Algo.Name != "tree" || sexpr(x.Root) != "0" || sexpr(x.Size) != "8" || !x.InPlace {
		t.Errorf("reduce: %+v", x)
	}
	if got := commString(x); got != "reduce X root 0 size 8 in_place algorithm tree" {
		t.Errorf("reduce formatted as %q", got)
	}
	for _, bad := range []string{"barrier B in_place", "bcast B root 0 size 8 in_place"} {
		_, d := Parse("b.aug", []byte("model m\nactivity main {\n  "+bad+"\n}\n"))
		if len(d) == 0 || !strings.Contains(d.Error(), `"in_place" is not a clause of`) {
			t.Errorf("%s: %v, want in_place refused", bad, d)
		}
	}
	// `threads =` after a barrier is an assignment, not the clause.
	if a, ok := st[5].(*Assign); !ok || a.Name.Name != "threads" {
		t.Errorf("statement 5 is %T", st[5])
	}
	if c := st[6].(*Comm); c.Threads {
		t.Errorf("barrier C took the threads of the next line")
	}
}

func TestParseParallel(t *testing.T) {
	src := `model m
activity main {
  parallel P threads 2 * threads { critical C { x = 1 } }
  pfor L i in 0 .. n schedule dynamic chunk 4 threads 8 { }
  pfor M j in a .. threads { }
  for k in 10 .. 0 step -2 { }
}`
	f, diags := Parse("p.aug", []byte(src))
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	st := f.Decls[0].(*ActivityDecl).Body.Stmts
	p := st[0].(*Parallel)
	if p.Name.Name != "P" || sexpr(p.Threads) != "(2 * threads)" || len(p.Body.Stmts) != 1 {
		t.Errorf("parallel: %+v", p)
	}
	if c := p.Body.Stmts[0].(*Critical); c.Name.Name != "C" || len(c.Body.Stmts) != 1 {
		t.Errorf("critical: %+v", c)
	}
	l := st[1].(*ParallelFor)
	if l.Name.Name != "L" || l.Var.Name != "i" || l.Schedule != Dynamic || sexpr(l.Chunk) != "4" || sexpr(l.Threads) != "8" || sexpr(l.To) != "n" {
		t.Errorf("pfor L: %+v", l)
	}
	mm := st[2].(*ParallelFor)
	if mm.Threads != nil || mm.Schedule != Static || mm.Chunk != nil || sexpr(mm.To) != "threads" {
		t.Errorf("pfor M: %+v", mm)
	}
	fo := st[3].(*For)
	if fo.Var.Name != "k" || sexpr(fo.Step) != "(-2)" {
		t.Errorf("for: %+v", fo)
	}
}

func TestParseChoose(t *testing.T) {
	src := "model m\nactivity main { choose { 0.25 { call A } p * 2 { } else { call C } } }"
	f, diags := Parse("c.aug", []byte(src))
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	c := f.Decls[0].(*ActivityDecl).Body.Stmts[0].(*Choose)
	if len(c.Probs) != 2 || len(c.Alts) != 2 || c.Else == nil {
		t.Fatalf("choose: %+v", c)
	}
	if c.Probs[0].(*Number).Value != 0.25 || sexpr(c.Probs[1]) != "(p * 2)" || len(c.Alts[1].Stmts) != 0 {
		t.Errorf("choose alternatives: %s %s", sexpr(c.Probs[0]), sexpr(c.Probs[1]))
	}
	wantPos(t, "choose", c.Pos, 2, 17)
}

func TestParseNeverPanicsOnPrefixes(t *testing.T) {
	// Every prefix of every testdata model: truncated input is the most
	// common broken input, and each must end with a clean report.
	for _, name := range []string{"sample", "comm", "control", "parallel", "comments"} {
		src, err := os.ReadFile("testdata/" + name + ".aug")
		if err != nil {
			t.Fatal(err)
		}
		for i := range src {
			_, diags := Parse(name, src[:i])
			for _, d := range diags {
				if strings.Contains(d.Msg, "internal error") || d.Line < 1 {
					t.Fatalf("%s[:%d]: %v", name, i, d)
				}
			}
		}
	}
}

// A param bound to an argument of the program: arg K and arg count, and
// "arg" and "count" still names elsewhere.
func TestParseArgBinding(t *testing.T) {
	f, diags := Parse("t.aug", []byte("model m\nparam n = 1000 arg 2\nparam k = 0 arg count\nparam arg = count arg 1\nparam count = 2\n"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := []string{"arg 2", "arg count", "arg 1", ""}
	for i, d := range f.Decls {
		v := d.(*VarDecl)
		got := ""
		if v.Arg != nil {
			got = v.Arg.String()
		}
		if got != want[i] {
			t.Errorf("decl %d: binding %q, want %q", i, got, want[i])
		}
	}
	if b := f.Decls[0].(*VarDecl).Arg; b.Index != 2 || b.Pos != (Pos{2, 16}) {
		t.Errorf("binding %+v", b)
	}
	if id, ok := f.Decls[2].(*VarDecl).Value.(*Ident); !ok || id.Name != "count" {
		t.Errorf("param arg = count: value %#v", f.Decls[2].(*VarDecl).Value)
	}
}
